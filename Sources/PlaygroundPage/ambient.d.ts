// What the type check's libraries (Debian's TypeScript 4.8: lib.dom) lack and the page uses, declared for the check
// alone (jsconfig.json; nothing loads this file): Node's file reading, which mailsim.mjs imports only in Node (a
// file: URL); OffscreenCanvas (record.js, grade-worker.js) and ImageDecoder (grade-worker.js), as far as the page
// uses them. A newer TypeScript declares the last two itself: then these go.

declare module "node:fs/promises" {
  export function readFile(path: URL): Promise<Uint8Array>;
}

declare class OffscreenCanvas {
  constructor(width: number, height: number);
  width: number;
  height: number;
  getContext(kind: "2d", options?: object): CanvasRenderingContext2D;
}

interface ImageDecoderFrame {
  image: CanvasImageSource & { duration: number | null; close(): void; displayWidth: number; displayHeight: number };
}

declare class ImageDecoder {
  constructor(init: { data: BufferSource | ReadableStream; type: string; colorSpaceConversion?: string });
  readonly tracks: { ready: Promise<void>; selectedTrack: { frameCount: number } | null };
  readonly completed: Promise<void>;
  decode(options: { frameIndex: number; completeFramesOnly?: boolean }): Promise<ImageDecoderFrame>;
  close(): void;
}

// Grade, off the main thread: a dedicated module worker reads a walkthrough GIF's frames with the browser's own
// decoder (ImageDecoder, which composes each frame whole), draws each on an opaque white canvas and hands its
// pixels and delay to its own instance of the simulation (mailsim.mjs), which grades them as `mailsim grade` does.
// Then the frames the evidence page shows are decoded again and added, and the page is made. The page cancels by
// terminating this worker: nothing here outlives it. docs/grade.md, "In the page".
import { Grading } from "./mailsim.mjs";

// Progress is posted every this many frames (and after the last).
const PROGRESS_EVERY = 10;

self.onmessage = function (event) {
  const m = event.data;
  if (m.type === "grade") grade(m).catch(fail);
};

// A refusal in the simulation's words (status 2), or what the browser said.
function fail(error) {
  self.postMessage({
    type: "error", message: String((error && error.message) || error), refused: !!(error && error.status === 2),
  });
}

async function grade(m) {
  const bytes = new Uint8Array(m.bytes);
  const picture = await Grading.check(bytes.subarray(0, 16), bytes.length, { wasm: m.module });
  if (typeof ImageDecoder !== "function") {
    throw new Error("this browser cannot read a GIF's frames (it has no ImageDecoder; Chrome, Edge and Firefox " +
      "133 or later have it): grade it with `mailsim grade " + m.name + "`");
  }
  const decoder = new ImageDecoder({ data: bytes, type: "image/gif", colorSpaceConversion: "none" });
  let grading = null;
  try {
    await decoder.tracks.ready;
    const track = decoder.tracks.selectedTrack;
    if (!track) throw new Error("the browser found no picture in the GIF");
    await decoder.completed;
    grading = await Grading.create({
      width: picture.width, height: picture.height, frames: track.frameCount, wasm: m.module,
    });
    self.postMessage({ type: "started", frames: track.frameCount, width: picture.width, height: picture.height });
    const draw = canvas(picture.width, picture.height);
    for (let frame = 0; frame < track.frameCount; frame++) {
      const { rgba, centiseconds } = await decode(decoder, draw, frame, picture);
      grading.add(rgba, centiseconds);
      if ((frame + 1) % PROGRESS_EVERY === 0 || frame + 1 === track.frameCount) {
        self.postMessage({ type: "progress", frame: frame + 1 });
      }
    }
    const { report, frames } = grading.report(m.name, m.readme);
    self.postMessage({ type: "report", report: report });
    for (const frame of frames) grading.picture(frame, (await decode(decoder, draw, frame, picture)).rgba);
    self.postMessage({ type: "done", report: report, page: grading.page(m.name) });
  } finally {
    decoder.close();
    if (grading) grading.close();
  }
}

// Frame `frame` as the browser composes it, drawn on the opaque canvas: its RGBA pixels and its delay in
// centiseconds (ImageDecoder's duration is in microseconds).
async function decode(decoder, draw, frame, picture) {
  let image;
  try {
    image = (await decoder.decode({ frameIndex: frame, completeFramesOnly: true })).image;
  } catch (error) {
    throw new Error("the browser could not read frame " + (frame + 1) + " of the GIF (" +
      ((error && error.message) || error) + ")");
  }
  try {
    const centiseconds = (image.duration || 0) / 10000;
    draw.fillStyle = "#ffffff";
    draw.fillRect(0, 0, picture.width, picture.height);
    draw.drawImage(image, 0, 0, picture.width, picture.height);
    return { rgba: draw.getImageData(0, 0, picture.width, picture.height).data, centiseconds: centiseconds };
  } finally {
    image.close();
  }
}

function canvas(width, height) {
  return new OffscreenCanvas(width, height).getContext("2d", { willReadFrequently: true, alpha: false });
}

import CAV

/// A decoded video picture (Y'CbCr) turned into 0xRRGGBB pixels, mailsim's own arithmetic rather than libswscale:
/// the matrix the stream is tagged with (BT.709; BT.2020; otherwise BT.601, swscale's default for an untagged
/// stream), limited (16–235) or full range as tagged (the `yuvj` formats are full), and each chroma sample used for
/// the pixels it covers (no interpolation: the grader reads flat colours, where it makes no difference).
struct YUVConversion {
    /// How the samples are laid out: planar 8-bit with chroma subsampled by 2^shiftX × 2^shiftY, NV12 (a Y plane and
    /// one plane of interleaved Cb Cr), or planar 10-bit in 16-bit little-endian words.
    enum Layout { case planar, nv12, planar10 }

    let layout: Layout
    let shiftX: Int
    let shiftY: Int
    /// Fixed-point (16 fractional bits) coefficients: luma offset and scale, and the chroma's share of R, G, B.
    let yOffset: Int
    let yScale: Int
    let crToR: Int, cbToG: Int, crToG: Int, cbToB: Int

    /// The conversion of pictures in `format`, tagged with `space` and `range`; nil for a format it does not read.
    init?(format: AVPixelFormat, space: AVColorSpace, range: AVColorRange) {
        var full = range == AVCOL_RANGE_JPEG
        switch format {
        case AV_PIX_FMT_YUV420P: (layout, shiftX, shiftY) = (.planar, 1, 1)
        case AV_PIX_FMT_YUVJ420P: (layout, shiftX, shiftY, full) = (.planar, 1, 1, true)
        case AV_PIX_FMT_YUV422P: (layout, shiftX, shiftY) = (.planar, 1, 0)
        case AV_PIX_FMT_YUVJ422P: (layout, shiftX, shiftY, full) = (.planar, 1, 0, true)
        case AV_PIX_FMT_YUV444P: (layout, shiftX, shiftY) = (.planar, 0, 0)
        case AV_PIX_FMT_YUVJ444P: (layout, shiftX, shiftY, full) = (.planar, 0, 0, true)
        case AV_PIX_FMT_NV12: (layout, shiftX, shiftY) = (.nv12, 1, 1)
        case AV_PIX_FMT_YUV420P10LE: (layout, shiftX, shiftY) = (.planar10, 1, 1)
        default: return nil
        }
        let (kr, kb): (Double, Double)
        switch space {
        case AVCOL_SPC_BT709: (kr, kb) = (0.2126, 0.0722)
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: (kr, kb) = (0.2627, 0.0593)
        default: (kr, kb) = (0.299, 0.114)
        }
        let kg = 1 - kr - kb
        let chroma = full ? 1.0 : 255.0 / 224
        yOffset = full ? 0 : 16
        yScale = Self.fixed(full ? 1 : 255.0 / 219)
        crToR = Self.fixed(2 * (1 - kr) * chroma)
        cbToB = Self.fixed(2 * (1 - kb) * chroma)
        cbToG = Self.fixed(2 * kb * (1 - kb) / kg * chroma)
        crToG = Self.fixed(2 * kr * (1 - kr) / kg * chroma)
    }

    private static func fixed(_ value: Double) -> Int { Int((value * 65_536).rounded()) }

    /// Converts `frame` (width × height) into `pixels`, which holds width × height of them.
    func convert(_ frame: UnsafePointer<AVFrame>, width: Int, height: Int, into pixels: inout [UInt32]) {
        let planes = [frame.pointee.data.0, frame.pointee.data.1, frame.pointee.data.2]
        let strides = [Int(frame.pointee.linesize.0), Int(frame.pointee.linesize.1), Int(frame.pointee.linesize.2)]
        guard let yPlane = planes[0], let uPlane = planes[1] else { return }
        let vPlane = planes[2]
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let cy = y >> shiftY
                for x in 0..<width {
                    let cx = x >> shiftX
                    let luma: Int
                    let cb: Int
                    let cr: Int
                    switch layout {
                    case .planar:
                        luma = Int(yPlane[y * strides[0] + x])
                        cb = Int(uPlane[cy * strides[1] + cx])
                        cr = Int(vPlane.map { $0[cy * strides[2] + cx] } ?? 128)
                    case .nv12:
                        luma = Int(yPlane[y * strides[0] + x])
                        cb = Int(uPlane[cy * strides[1] + 2 * cx])
                        cr = Int(uPlane[cy * strides[1] + 2 * cx + 1])
                    case .planar10:
                        luma = Self.word(yPlane, y * strides[0] + 2 * x) >> 2
                        cb = Self.word(uPlane, cy * strides[1] + 2 * cx) >> 2
                        cr = vPlane.map { Self.word($0, cy * strides[2] + 2 * cx) >> 2 } ?? 128
                    }
                    let l = (luma - yOffset) * yScale + 32_768
                    let u = cb - 128
                    let v = cr - 128
                    let r = Self.clamp((l + crToR * v) >> 16)
                    let g = Self.clamp((l - cbToG * u - crToG * v) >> 16)
                    let b = Self.clamp((l + cbToB * u) >> 16)
                    out[y * width + x] = UInt32(r << 16 | g << 8 | b)
                }
            }
        }
    }

    private static func word(_ plane: UnsafeMutablePointer<UInt8>, _ offset: Int) -> Int {
        Int(plane[offset]) | Int(plane[offset + 1]) << 8
    }

    private static func clamp(_ value: Int) -> Int { min(255, max(0, value)) }
}

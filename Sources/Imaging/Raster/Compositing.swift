import CImaging

/// Compositing with one fixed integer formula, so output is bit-identical on every run,
/// process and thread (docs/drawing.md, Colours). The per-pixel work is CRasterKernels' C: a client's debug
/// build compiles this module without optimisation, where a Swift pixel loop pays for overflow checks,
/// retain/release and unspecialised generics on every pixel.

extension Color {
    /// The kernels' form of the colour (its stored, light-appearance channels).
    var kernelColor: lsr_rgba { lsr_rgba(r: red, g: green, b: blue, a: alpha) }
}

/// Composites `color` over the RGBA pixel at `p` with `coverage` (0…255) scaling its alpha: Porter–Duff
/// source-over on straight alpha, the one formula every drawing path uses.
@inline(__always)
func blendOver(_ p: UnsafeMutablePointer<UInt8>, _ color: Color, coverage: UInt8) {
    lsr_blend_pixel(p, color.kernelColor, coverage)
}

extension Bitmap {
    /// Composites `color` over pixel (`x`, `y`) with `coverage` (0…255) scaling its alpha:
    /// Porter–Duff source-over on straight alpha. Coordinates outside the bitmap are ignored (clipped).
    package mutating func blend(_ color: Color, coverage: UInt8, x: Int, y: Int) {
        guard x >= 0, x < width, y >= 0, y < height, coverage > 0 else { return }
        let i = (y * width + x) * 4
        pixels.withUnsafeMutableBufferPointer { blendOver($0.baseAddress! + i, color, coverage: coverage) }
    }

    /// The part of `rect` inside the bitmap and `clip`.
    private func visibleArea(_ rect: PixelRect, clip: PixelRect?) -> PixelRect {
        let all = PixelRect(x: 0, y: 0, width: width, height: height)
        return rect.intersection(with: (clip ?? all).intersection(with: all))
    }

    /// Composites a coverage mask (8-bit alpha, row-major, `maskWidth × maskHeight`, `pitch` bytes a row)
    /// tinted with `color`, its top-left at pixel (`originX`, `originY`). Parts outside `clip`
    /// (default: the whole bitmap) are dropped.
    package mutating func blendMask(_ mask: UnsafeBufferPointer<UInt8>, maskWidth: Int, maskHeight: Int, pitch: Int,
                                   color: Color, originX: Int, originY: Int, clip: PixelRect? = nil) {
        let area = visibleArea(PixelRect(x: originX, y: originY, width: maskWidth, height: maskHeight), clip: clip)
        guard !area.isEmpty, let mask = mask.baseAddress else { return }
        let stride = width * 4
        let tint = color.kernelColor
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            lsr_blend_mask(base + area.y * stride + area.x * 4, stride,
                           mask + (area.y - originY) * pitch + (area.x - originX), pitch,
                           area.width, area.height, tint)
        }
    }

    /// Composites a premultiplied BGRA image (FreeType's `FT_PIXEL_MODE_BGRA`, colour emoji) over the bitmap,
    /// its top-left at (`originX`, `originY`), clipped to `clip`.
    package mutating func blendPremultipliedBGRA(_ image: UnsafeBufferPointer<UInt8>, imageWidth: Int, imageHeight: Int,
                                                pitch: Int, originX: Int, originY: Int, clip: PixelRect? = nil) {
        let area = visibleArea(PixelRect(x: originX, y: originY, width: imageWidth, height: imageHeight), clip: clip)
        guard !area.isEmpty, let image = image.baseAddress else { return }
        let stride = width * 4
        pixels.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for y in area.y..<(area.y + area.height) {
                for x in area.x..<(area.x + area.width) {
                    let s = image + (y - originY) * pitch + (x - originX) * 4
                    let a = Int(s[3])
                    guard a > 0 else { continue }
                    // Un-premultiply, then composite as a straight-alpha colour at full coverage.
                    @inline(__always) func straight(_ v: UInt8) -> UInt8 { UInt8(min(255, (Int(v) * 255 + a / 2) / a)) }
                    let color = Color(red: straight(s[2]), green: straight(s[1]), blue: straight(s[0]), alpha: UInt8(a))
                    blendOver(base + y * stride + x * 4, color, coverage: 255)
                }
            }
        }
    }
}

extension Bitmap {
    /// Multiplies every pixel's alpha in `rows` by `opacity` (0…1, rounded to 1/65536; colours unchanged, as they are
    /// straight): a finished drawing composited at a group opacity (`UIView.alpha`), so overlapping parts of it do
    /// not add up. Rows outside the bitmap are ignored.
    package mutating func scaleAlpha(by opacity: Double, rows: Range<Int>) {
        let rows = rows.clamped(to: 0..<height)
        guard !rows.isEmpty, opacity < 1 else { return }
        let factor = UInt32((max(0, opacity) * 65536).rounded())
        let start = rows.lowerBound * width * 4, count = rows.count * width
        pixels.withUnsafeMutableBufferPointer { lsr_scale_alpha($0.baseAddress! + start, count, factor) }
    }
}

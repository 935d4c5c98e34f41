#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Compositing with one fixed integer formula, so output is bit-identical on every run,
/// process and thread (DESIGN.md §2, Colours).

/// `a·b/255` rounded to nearest, exact for all 8-bit inputs.
@inline(__always)
func mul255(_ a: Int, _ b: Int) -> Int {
    let t = a * b + 128
    return (t + (t >> 8)) >> 8
}

/// Writes `color` into `count` RGBA pixels from `p`: one pixel, then copies of what is written doubling in
/// length (log₂ count `memcpy` calls), fast in unoptimised builds too.
func fillPattern(_ p: UnsafeMutablePointer<UInt8>, color: Color, count: Int) {
    guard count > 0 else { return }
    p[0] = color.red; p[1] = color.green; p[2] = color.blue; p[3] = color.alpha
    var done = 1
    while done < count {
        let n = min(done, count - done)
        memcpy(p + done * 4, p, n * 4)
        done += n
    }
}

/// Composites `color` over the RGBA pixel at `p` with `coverage` (0…255) scaling its alpha: Porter–Duff
/// source-over on straight alpha, the one formula every drawing path uses.
@inline(__always)
func blendOver(_ p: UnsafeMutablePointer<UInt8>, _ color: Color, coverage: UInt8) {
    let sa = mul255(Int(color.alpha), Int(coverage))
    guard sa > 0 else { return }
    if sa == 255 {
        p[0] = color.red; p[1] = color.green; p[2] = color.blue; p[3] = 255
        return
    }
    let da = mul255(Int(p[3]), 255 - sa)
    let oa = sa + da
    // oa > 0 because sa > 0.
    let half = oa / 2
    p[0] = UInt8((Int(color.red) * sa + Int(p[0]) * da + half) / oa)
    p[1] = UInt8((Int(color.green) * sa + Int(p[1]) * da + half) / oa)
    p[2] = UInt8((Int(color.blue) * sa + Int(p[2]) * da + half) / oa)
    p[3] = UInt8(oa)
}

extension Bitmap {
    /// Composites `color` over pixel (`x`, `y`) with `coverage` (0…255) scaling its alpha:
    /// Porter–Duff source-over on straight alpha. Coordinates outside the bitmap are ignored (clipped).
    public mutating func blend(_ color: Color, coverage: UInt8, x: Int, y: Int) {
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
    public mutating func blendMask(_ mask: UnsafeBufferPointer<UInt8>, maskWidth: Int, maskHeight: Int, pitch: Int,
                                   color: Color, originX: Int, originY: Int, clip: PixelRect? = nil) {
        let area = visibleArea(PixelRect(x: originX, y: originY, width: maskWidth, height: maskHeight), clip: clip)
        guard !area.isEmpty, let mask = mask.baseAddress else { return }
        let stride = width * 4
        pixels.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let opaque = color.alpha == 255
            let r = Int(color.red), g = Int(color.green), b = Int(color.blue)
            // `while` loops, not ranges: an unoptimised build calls the range iterator for every pixel.
            var y = area.y
            let yEnd = area.y + area.height, xEnd = area.x + area.width
            while y < yEnd {
                let src = mask + (y - originY) * pitch - originX
                let dst = base + y * stride
                y += 1
                var x = area.x
                while x < xEnd {
                    // Eight uncovered mask bytes at a time (a glyph's box is mostly empty): one load and one
                    // compare instead of eight, which an unoptimised build pays for per byte.
                    if x + 8 <= xEnd, UnsafeRawPointer(src + x).loadUnaligned(as: UInt64.self) == 0 {
                        x += 8
                        continue
                    }
                    let i = x
                    x += 1
                    let cov = src[i]
                    if cov == 0 { continue }
                    guard opaque else { blendOver(dst + i * 4, color, coverage: cov); continue }
                    // blendOver with sa = coverage (an opaque colour), written out: no call per pixel.
                    let p = dst + i * 4
                    let sa = Int(cov)
                    if sa == 255 {
                        p[0] = color.red; p[1] = color.green; p[2] = color.blue; p[3] = 255
                        continue
                    }
                    if p[3] == 255 {
                        // Over an opaque pixel (a label's background) the general case below gives da = 255 − sa and
                        // oa = 255 for every sa (checked for all 254): the same values, divided by a constant.
                        let da = 255 - sa
                        p[0] = UInt8((r * sa + Int(p[0]) * da + 127) / 255)
                        p[1] = UInt8((g * sa + Int(p[1]) * da + 127) / 255)
                        p[2] = UInt8((b * sa + Int(p[2]) * da + 127) / 255)
                        continue
                    }
                    let t = Int(p[3]) * (255 - sa) + 128
                    let da = (t + (t >> 8)) >> 8
                    let oa = sa + da, half = oa / 2
                    p[0] = UInt8((r * sa + Int(p[0]) * da + half) / oa)
                    p[1] = UInt8((g * sa + Int(p[1]) * da + half) / oa)
                    p[2] = UInt8((b * sa + Int(p[2]) * da + half) / oa)
                    p[3] = UInt8(oa)
                }
            }
        }
    }

    /// Composites a premultiplied BGRA image (FreeType's `FT_PIXEL_MODE_BGRA`, colour emoji) over the bitmap,
    /// its top-left at (`originX`, `originY`), clipped to `clip`.
    public mutating func blendPremultipliedBGRA(_ image: UnsafeBufferPointer<UInt8>, imageWidth: Int, imageHeight: Int,
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

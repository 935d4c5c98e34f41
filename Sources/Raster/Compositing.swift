/// Compositing with one fixed integer formula, so output is bit-identical on every run,
/// process and thread (DESIGN.md §2, Colours).

/// `a·b/255` rounded to nearest, exact for all 8-bit inputs.
@inline(__always)
func mul255(_ a: Int, _ b: Int) -> Int {
    let t = a * b + 128
    return (t + (t >> 8)) >> 8
}

extension Bitmap {
    /// Composites `color` over pixel (`x`, `y`) with `coverage` (0…255) scaling its alpha:
    /// Porter–Duff source-over on straight alpha. Coordinates outside the bitmap are ignored (clipped).
    @inline(__always)
    public mutating func blend(_ color: Color, coverage: UInt8, x: Int, y: Int) {
        guard x >= 0, x < width, y >= 0, y < height, coverage > 0 else { return }
        let sa = mul255(Int(color.alpha), Int(coverage))
        guard sa > 0 else { return }
        let i = (y * width + x) * 4
        if sa == 255 {
            pixels[i] = color.red; pixels[i + 1] = color.green
            pixels[i + 2] = color.blue; pixels[i + 3] = 255
            return
        }
        let da = mul255(Int(pixels[i + 3]), 255 - sa)
        let oa = sa + da
        // oa > 0 because sa > 0.
        func channel(_ s: UInt8, _ d: UInt8) -> UInt8 {
            UInt8((Int(s) * sa + Int(d) * da + oa / 2) / oa)
        }
        pixels[i] = channel(color.red, pixels[i])
        pixels[i + 1] = channel(color.green, pixels[i + 1])
        pixels[i + 2] = channel(color.blue, pixels[i + 2])
        pixels[i + 3] = UInt8(oa)
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
        guard !area.isEmpty else { return }
        for y in area.y..<(area.y + area.height) {
            let row = (y - originY) * pitch
            for x in area.x..<(area.x + area.width) {
                let cov = mask[row + (x - originX)]
                if cov != 0 { blend(color, coverage: cov, x: x, y: y) }
            }
        }
    }

    /// Composites a premultiplied BGRA image (FreeType's `FT_PIXEL_MODE_BGRA`, colour emoji) over the bitmap,
    /// its top-left at (`originX`, `originY`), clipped to `clip`.
    public mutating func blendPremultipliedBGRA(_ image: UnsafeBufferPointer<UInt8>, imageWidth: Int, imageHeight: Int,
                                                pitch: Int, originX: Int, originY: Int, clip: PixelRect? = nil) {
        let area = visibleArea(PixelRect(x: originX, y: originY, width: imageWidth, height: imageHeight), clip: clip)
        guard !area.isEmpty else { return }
        for y in area.y..<(area.y + area.height) {
            for x in area.x..<(area.x + area.width) {
                let s = (y - originY) * pitch + (x - originX) * 4
                let a = Int(image[s + 3])
                guard a > 0 else { continue }
                // Un-premultiply, then composite as a straight-alpha colour at full coverage.
                func straight(_ v: UInt8) -> UInt8 { UInt8(min(255, (Int(v) * 255 + a / 2) / a)) }
                let color = Color(red: straight(image[s + 2]), green: straight(image[s + 1]),
                                  blue: straight(image[s]), alpha: UInt8(a))
                blend(color, coverage: 255, x: x, y: y)
            }
        }
    }
}

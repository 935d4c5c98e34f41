import Foundation
internal import Imaging

/// A layer's shadow as Core Animation draws it: the layer's alpha (or its `shadowPath`), offset, blurred by a
/// Gaussian whose standard deviation is `shadowRadius` (CSS's blur of 2 × shadowRadius; DESIGN.md "To check on a
/// device"), in the shadow colour at `shadowOpacity`, under the layer. Only what falls inside the bounds is drawn
/// (a snapshot is the view's bounds).
enum LayerShadow {
    static func under(_ layer: Bitmap, color: Color, opacity: Double, offset: (x: Double, y: Double), sigma: Double,
                      path: [CornerShape]?) throws -> Bitmap {
        let w = layer.width, h = layer.height
        var mask = [Double](repeating: 0, count: w * h)
        if let path {
            var shape = try Bitmap(width: w, height: h)
            for s in path { shape.fill(s, color: .black) }
            for i in 0..<(w * h) { mask[i] = Double(shape.pixels[i * 4 + 3]) / 255 }
        } else {
            for i in 0..<(w * h) { mask[i] = Double(layer.pixels[i * 4 + 3]) / 255 }
        }
        mask = shifted(mask, width: w, height: h, dx: Int(offset.x.rounded()), dy: Int(offset.y.rounded()))
        if sigma > 0 { mask = blurred(mask, width: w, height: h, sigma: sigma) }
        var result = try Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a = mask[y * w + x] * opacity * Double(color.alpha)
                guard a > 0 else { continue }
                var c = color
                c.alpha = UInt8(min(255, a.rounded()))
                result.blend(c, coverage: 255, x: x, y: y)
            }
        }
        result.composite(layer, x: 0, y: 0)
        return result
    }

    private static func shifted(_ m: [Double], width w: Int, height h: Int, dx: Int, dy: Int) -> [Double] {
        guard dx != 0 || dy != 0 else { return m }
        var out = [Double](repeating: 0, count: m.count)
        for y in 0..<h where y - dy >= 0 && y - dy < h {
            for x in 0..<w where x - dx >= 0 && x - dx < w { out[y * w + x] = m[(y - dy) * w + (x - dx)] }
        }
        return out
    }

    /// A separable Gaussian blur (kernel to 3σ), edges as transparent.
    private static func blurred(_ m: [Double], width w: Int, height h: Int, sigma: Double) -> [Double] {
        let r = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = kernel.reduce(0, +)
        kernel = kernel.map { $0 / sum }
        var pass = [Double](repeating: 0, count: m.count), out = pass
        for y in 0..<h {
            for x in 0..<w {
                var v = 0.0
                for k in -r...r where x + k >= 0 && x + k < w { v += m[y * w + x + k] * kernel[k + r] }
                pass[y * w + x] = v
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                var v = 0.0
                for k in -r...r where y + k >= 0 && y + k < h { v += pass[(y + k) * w + x] * kernel[k + r] }
                out[y * w + x] = v
            }
        }
        return out
    }
}

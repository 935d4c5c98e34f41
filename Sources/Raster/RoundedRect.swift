import Foundation

/// Anti-aliased filled and stroked rounded rectangles, for label backgrounds and borders.
/// Coverage is measured on a fixed 4×4 grid of samples per pixel: deterministic, no floating-point
/// accumulation that could differ between runs.
extension Bitmap {
    /// Fills the rounded rect (`x`, `y`, `w`, `h` in pixels, may be fractional; corner `radius` in pixels,
    /// clamped to half the shorter side) with `color`, composited source-over.
    public mutating func fillRoundedRect(x: Double, y: Double, width w: Double, height h: Double,
                                         radius: Double, color: Color) {
        let shape = RoundedRectShape(x: x, y: y, width: w, height: h, radius: radius)
        rasterize(bounds: shape, color: color, fullyInside: { px, py in shape.containsSquare(px, py) }) { px, py in
            shape.contains(px, py)
        }
    }

    /// Strokes a border of `lineWidth` pixels *inside* the rounded rect, as `CALayer.borderWidth` does.
    public mutating func strokeRoundedRect(x: Double, y: Double, width w: Double, height h: Double,
                                           radius: Double, lineWidth: Double, color: Color) {
        guard lineWidth > 0 else { return }
        let outer = RoundedRectShape(x: x, y: y, width: w, height: h, radius: radius)
        let inner = RoundedRectShape(x: x + lineWidth, y: y + lineWidth, width: w - 2 * lineWidth,
                                     height: h - 2 * lineWidth, radius: max(0, outer.radius - lineWidth))
        rasterize(bounds: outer, color: color) { px, py in outer.contains(px, py) && !inner.contains(px, py) }
    }

    /// - Parameter fullyInside: optional fast test that the pixel square at (x, y) lies wholly inside.
    private mutating func rasterize(bounds shape: RoundedRectShape, color: Color,
                                    fullyInside: ((Double, Double) -> Bool)? = nil,
                                    inside: (Double, Double) -> Bool) {
        guard shape.width > 0, shape.height > 0, shape.x.isFinite, shape.y.isFinite else { return }
        let x0 = max(0, Int(shape.x.rounded(.down))), y0 = max(0, Int(shape.y.rounded(.down)))
        let x1 = min(width, Int((shape.x + shape.width).rounded(.up)))
        let y1 = min(height, Int((shape.y + shape.height).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        for py in y0..<y1 {
            for px in x0..<x1 {
                // A pixel wholly inside the shape (all four corners inside) is covered: no sampling.
                if let solid = fullyInside, solid(Double(px), Double(py)) {
                    blend(color, coverage: 255, x: px, y: py)
                    continue
                }
                var hits = 0
                for sy in 0..<4 {
                    for sx in 0..<4 where inside(Double(px) + (Double(sx) + 0.5) / 4, Double(py) + (Double(sy) + 0.5) / 4) {
                        hits += 1
                    }
                }
                if hits > 0 { blend(color, coverage: UInt8(hits * 255 / 16), x: px, y: py) }
            }
        }
    }
}

struct RoundedRectShape {
    let x, y, width, height, radius: Double

    init(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
        self.radius = max(0, min(radius.isFinite ? radius : 0, min(self.width, self.height) / 2))
    }

    /// Whether the unit pixel square with top-left (`px`, `py`) lies wholly inside: the shape is convex,
    /// so its four corners being inside is enough (the right and bottom edges are exclusive).
    func containsSquare(_ px: Double, _ py: Double) -> Bool {
        contains(px, py) && contains(px + 0.999_999, py) && contains(px, py + 0.999_999) && contains(px + 0.999_999, py + 0.999_999)
    }

    func contains(_ px: Double, _ py: Double) -> Bool {
        guard px >= x, px < x + width, py >= y, py < y + height else { return false }
        guard radius > 0 else { return true }
        // Distance to the nearest corner centre, only in the corner squares.
        let cx = min(max(px, x + radius), x + width - radius)
        let cy = min(max(py, y + radius), y + height - radius)
        let dx = px - cx, dy = py - cy
        return dx * dx + dy * dy <= radius * radius
    }
}

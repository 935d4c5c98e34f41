/// Anti-aliased filled and stroked rounded rectangles, for label backgrounds and borders.
///
/// Coverage is measured on a fixed 4×4 grid of samples per pixel (sample (sx, sy) of pixel (px, py) at
/// (px + (sx + ½)/4, py + (sy + ½)/4)): deterministic, no floating-point accumulation that could differ
/// between runs. A pixel's coverage is `hits × 255 / 16`.
///
/// Cost: the shape is convex, so on each sample row the samples inside form one run. Each run's ends are
/// found with a handful of exact point tests near the analytic edge, and a pixel's hits are counted from
/// the runs of its four sample rows. Pixels every run covers (all of the interior) are written as whole
/// row spans; only the pixels on the edge and in the corners are counted one by one.
extension Bitmap {
    /// Fills the rounded rect (`x`, `y`, `w`, `h` in pixels, may be fractional; corner `radius` in pixels,
    /// clamped to half the shorter side) with `color`, composited source-over.
    public mutating func fillRoundedRect(x: Double, y: Double, width w: Double, height h: Double,
                                         radius: Double, color: Color) {
        let shape = RoundedRectShape(x: x, y: y, width: w, height: h, radius: radius)
        guard let rows = shape.pixelRows(bitmapWidth: width, bitmapHeight: height) else { return }
        let x0 = rows.x0, x1 = rows.x1
        // Rows whose four sample rows all lie between the corners have the same runs: found once.
        var straightRuns: SampleRuns?
        withPixelRows { row in
            for py in rows.y0..<rows.y1 {
                let straight = shape.isStraight(pixelRow: py)
                let runs = straight ? straightRuns ?? shape.sampleRuns(pixelRow: py, kMin: 4 * x0, kMax: 4 * x1)
                                    : shape.sampleRuns(pixelRow: py, kMin: 4 * x0, kMax: 4 * x1)
                if straight { straightRuns = runs }
                guard let any = runs.touchedPixels(x0, x1) else { continue }
                // Pixels covered by the runs of all four sample rows: one span, written whole.
                let full = runs.coveredPixels(within: any) ?? any.upperBound..<any.upperBound
                let p = row(py)
                for px in any.lowerBound..<full.lowerBound { blendPixel(p, px, color, hits: runs.hits(px)) }
                fillSpan(p, full.lowerBound, full.upperBound, color)
                for px in full.upperBound..<any.upperBound { blendPixel(p, px, color, hits: runs.hits(px)) }
            }
        }
    }

    /// Strokes a border of `lineWidth` pixels *inside* the rounded rect, as `CALayer.borderWidth` does:
    /// a sample is covered when it is inside the outer shape and not inside the inner one.
    public mutating func strokeRoundedRect(x: Double, y: Double, width w: Double, height h: Double,
                                           radius: Double, lineWidth: Double, color: Color) {
        guard lineWidth > 0 else { return }
        let outer = RoundedRectShape(x: x, y: y, width: w, height: h, radius: radius)
        let inner = RoundedRectShape(x: x + lineWidth, y: y + lineWidth, width: w - 2 * lineWidth,
                                     height: h - 2 * lineWidth, radius: max(0, outer.radius - lineWidth))
        guard let rows = outer.pixelRows(bitmapWidth: width, bitmapHeight: height) else { return }
        let x0 = rows.x0, x1 = rows.x1
        withPixelRows { row in
            for py in rows.y0..<rows.y1 {
                let o = outer.sampleRuns(pixelRow: py, kMin: 4 * x0, kMax: 4 * x1)
                guard let any = o.touchedPixels(x0, x1) else { continue }
                let i = inner.sampleRuns(pixelRow: py, kMin: 4 * x0, kMax: 4 * x1).clipped(to: o)
                // Pixels whose samples are all inside the inner shape get no hits: the hole is skipped.
                let hole = i.coveredPixels(within: any) ?? any.upperBound..<any.upperBound
                let p = row(py)
                for px in any.lowerBound..<hole.lowerBound { blendPixel(p, px, color, hits: o.hits(px) - i.hits(px)) }
                for px in hole.upperBound..<any.upperBound { blendPixel(p, px, color, hits: o.hits(px) - i.hits(px)) }
            }
        }
    }

    /// Runs `body` with a function giving the first byte of pixel row `y` (no bounds checks: callers stay
    /// inside the bitmap).
    private mutating func withPixelRows(_ body: ((Int) -> UnsafeMutablePointer<UInt8>) -> Void) {
        let stride = width * 4
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            body { y in base + y * stride }
        }
    }
}

/// Writes `color` over the pixels [x0, x1) of the row at `row`, as `blend` at full coverage does.
@inline(__always)
private func fillSpan(_ row: UnsafeMutablePointer<UInt8>, _ x0: Int, _ x1: Int, _ color: Color) {
    guard x0 < x1 else { return }
    if color.alpha == 255 {
        // One 32-bit pattern: the same bytes blend writes for an opaque colour at full coverage.
        fillPattern(row + x0 * 4, color: Color(red: color.red, green: color.green, blue: color.blue, alpha: 255), count: x1 - x0)
    } else {
        for px in x0..<x1 { blendPixel(row, px, color, hits: 16) }
    }
}

/// Composites `color` at coverage `hits × 255 / 16` over pixel `px` of the row at `row`.
@inline(__always)
private func blendPixel(_ row: UnsafeMutablePointer<UInt8>, _ px: Int, _ color: Color, hits: Int) {
    guard hits > 0 else { return }
    blendOver(row + px * 4, color, coverage: UInt8(hits * 255 / 16))
}

/// A pixel row's clip to the bitmap and the shape's bounding box.
struct PixelRows {
    let x0, x1, y0, y1: Int
}

/// The runs of inside samples on the four sample rows of one pixel row, in sample columns
/// (sample column k is pixel k / 4, sub-column k % 4); an empty run has start == end.
struct SampleRuns {
    var start: (Int, Int, Int, Int)
    var end: (Int, Int, Int, Int)

    /// The pixels in [x0, x1) that hold at least one inside sample's column; nil when no run has samples.
    @inline(__always)
    func touchedPixels(_ x0: Int, _ x1: Int) -> Range<Int>? {
        var lo = Int.max, hi = Int.min
        if start.0 < end.0 { lo = min(lo, start.0); hi = max(hi, end.0) }
        if start.1 < end.1 { lo = min(lo, start.1); hi = max(hi, end.1) }
        if start.2 < end.2 { lo = min(lo, start.2); hi = max(hi, end.2) }
        if start.3 < end.3 { lo = min(lo, start.3); hi = max(hi, end.3) }
        guard lo < hi else { return nil }
        let a = max(x0, lo >> 2), b = min(x1, (hi + 3) >> 2)
        return a < b ? a..<b : nil
    }

    /// The pixels within `pixels` whose 16 samples are all inside (every run covers all four columns);
    /// nil when there are none.
    @inline(__always)
    func coveredPixels(within pixels: Range<Int>) -> Range<Int>? {
        let lo = max(max(start.0, start.1), max(start.2, start.3))
        let hi = min(min(end.0, end.1), min(end.2, end.3))
        let a = max(pixels.lowerBound, (lo + 3) >> 2), b = min(pixels.upperBound, hi >> 2)
        return a < b ? a..<b : nil
    }

    /// Samples of pixel `px` inside the runs (0…16).
    @inline(__always)
    func hits(_ px: Int) -> Int {
        let a = px * 4, b = a + 4
        @inline(__always) func overlap(_ s: Int, _ e: Int) -> Int { max(0, min(e, b) - max(s, a)) }
        return overlap(start.0, end.0) + overlap(start.1, end.1) + overlap(start.2, end.2) + overlap(start.3, end.3)
    }

    /// Each run intersected with the corresponding run of `other`.
    func clipped(to other: SampleRuns) -> SampleRuns {
        func clip(_ s: Int, _ e: Int, _ os: Int, _ oe: Int) -> (Int, Int) {
            let a = max(s, os), b = min(e, oe)
            return a < b ? (a, b) : (a, a)
        }
        let r0 = clip(start.0, end.0, other.start.0, other.end.0), r1 = clip(start.1, end.1, other.start.1, other.end.1)
        let r2 = clip(start.2, end.2, other.start.2, other.end.2), r3 = clip(start.3, end.3, other.start.3, other.end.3)
        return SampleRuns(start: (r0.0, r1.0, r2.0, r3.0), end: (r0.1, r1.1, r2.1, r3.1))
    }
}

struct RoundedRectShape {
    let x, y, width, height, radius: Double

    init(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
        self.radius = max(0, min(radius.isFinite ? radius : 0, min(self.width, self.height) / 2))
    }

    /// The pixels that can hold samples of the shape, clipped to the bitmap; nil when none.
    func pixelRows(bitmapWidth: Int, bitmapHeight: Int) -> PixelRows? {
        guard width > 0, height > 0, x.isFinite, y.isFinite, (x + width).isFinite, (y + height).isFinite else { return nil }
        // Clamped before converting, so that no coordinate can trap.
        func clamp(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
        let x0 = clamp(x.rounded(.down), bitmapWidth), y0 = clamp(y.rounded(.down), bitmapHeight)
        let x1 = clamp((x + width).rounded(.up), bitmapWidth), y1 = clamp((y + height).rounded(.up), bitmapHeight)
        guard x0 < x1, y0 < y1 else { return nil }
        return PixelRows(x0: x0, x1: x1, y0: y0, y1: y1)
    }

    /// Whether all four sample rows of pixel row `py` cross the straight part of the sides (between the
    /// corners, inside the shape's height): there `run` and `contains` do not depend on the row (the corner
    /// test's `dy` is 0), so every such row has the same runs.
    func isStraight(pixelRow py: Int) -> Bool {
        Double(py) + 0.5 / 4 >= y + radius && Double(py) + 3.5 / 4 < y + height - radius
    }

    /// The sample point of sample column `k` (pixel k / 4, sub-column k % 4), for k ≥ 0.
    @inline(__always)
    static func sampleX(_ k: Int) -> Double { Double(k >> 2) + (Double(k & 3) + 0.5) / 4 }

    /// The runs of the four sample rows of pixel row `py`, within sample columns [kMin, kMax).
    func sampleRuns(pixelRow py: Int, kMin: Int, kMax: Int) -> SampleRuns {
        let r0 = run(atY: Double(py) + 0.5 / 4, kMin, kMax), r1 = run(atY: Double(py) + 1.5 / 4, kMin, kMax)
        let r2 = run(atY: Double(py) + 2.5 / 4, kMin, kMax), r3 = run(atY: Double(py) + 3.5 / 4, kMin, kMax)
        return SampleRuns(start: (r0.0, r1.0, r2.0, r3.0), end: (r0.1, r1.1, r2.1, r3.1))
    }

    /// The sample columns [start, end) inside the shape on the sample row at `sy`: the analytic edge,
    /// then settled by `contains` on the samples next to it (the exact test decides, as per sample).
    /// Samples more than two columns (½ px) from the analytic edge are decided by it alone: `contains`
    /// agrees with the exact geometry to within rounding (1e-9 px here), far less than that.
    func run(atY sy: Double, _ kMin: Int, _ kMax: Int) -> (Int, Int) {
        guard sy >= y, sy < y + height else { return (kMin, kMin) }
        var left = x, right = x + width
        if radius > 0 {
            let cy = min(max(sy, y + radius), y + height - radius)
            let dy = sy - cy
            let d2 = radius * radius - dy * dy
            guard d2 >= -1e-6 * radius * radius else { return (kMin, kMin) }
            let half = max(0, d2).squareRoot()
            left = max(x, x + radius - half)
            right = min(x + width, x + width - radius + half)
        }
        // Estimated first inside column, and first column past the run; sample k sits at k/4 + 1/8.
        func column(_ v: Double) -> Int {
            let k = ((v - 0.125) * 4).rounded(.up)
            return k <= Double(kMin) ? kMin : k >= Double(kMax) ? kMax : Int(k)
        }
        let lo = max(kMin, column(left) - 2), hi = min(kMax, column(right) + 2)
        var start = lo
        while start < hi && !contains(RoundedRectShape.sampleX(start), sy) { start += 1 }
        guard start < hi else { return (kMin, kMin) }
        var end = hi
        while end > start && !contains(RoundedRectShape.sampleX(end - 1), sy) { end -= 1 }
        return (start, end)
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

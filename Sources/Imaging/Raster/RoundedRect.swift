import CImaging

/// Anti-aliased filled and stroked rounded rectangles, for label backgrounds and borders.
///
/// Coverage is measured on a fixed 4×4 grid of samples per pixel (sample (sx, sy) of pixel (px, py) at
/// (px + (sx + ½)/4, py + (sy + ½)/4)): deterministic, no floating-point accumulation that could differ
/// between runs. A pixel's coverage is `hits × 255 / 16`.
///
/// Cost: the shape is convex, so on each sample row the samples inside form one run. Each run's ends are
/// found with a handful of exact point tests near the analytic edge, and a pixel's hits are counted from
/// the runs of its four sample rows. Pixels every run covers (all of the interior) are written as whole
/// row spans; only the pixels on the edge and in the corners are counted one by one. Runs and rows are
/// CRasterKernels' C (fast in a client's unoptimised build); this file picks the rows and reuses the runs
/// of the straight rows between the corners.
extension Bitmap {
    /// Fills the rounded rect (`x`, `y`, `w`, `h` in pixels, may be fractional; corner `radius` in pixels,
    /// clamped to half the shorter side) with `color`, composited source-over; only in the pixel rows `rows`
    /// when given (a band of a large bitmap, drawn while it is in the cache).
    package mutating func fillRoundedRect(x: Double, y: Double, width w: Double, height h: Double,
                                         radius: Double, color: Color, rows band: Range<Int>? = nil) {
        let shape = RoundedRectShape(x: x, y: y, width: w, height: h, radius: radius)
        guard let rows = shape.pixelRows(bitmapWidth: width, bitmapHeight: height, band: band) else { return }
        let tint = color.kernelColor
        // Rows whose four sample rows all lie between the corners have the same runs: found once.
        var straightRuns: lsr_sample_runs?
        withPixelRows { row in
            var py = rows.y0
            while py < rows.y1 {
                var runs: lsr_sample_runs
                if shape.isStraight(pixelRow: py) {
                    runs = straightRuns ?? shape.sampleRuns(pixelRow: py, rows)
                    straightRuns = runs
                } else {
                    runs = shape.sampleRuns(pixelRow: py, rows)
                }
                lsr_composite_runs(row(py), rows.x0, rows.x1, &runs, nil, tint)
                py += 1
            }
        }
    }

    /// Strokes a border of `lineWidth` pixels *inside* the rounded rect, as `CALayer.borderWidth` does:
    /// a sample is covered when it is inside the outer shape and not inside the inner one. Only in the pixel
    /// rows `rows` when given.
    package mutating func strokeRoundedRect(x: Double, y: Double, width w: Double, height h: Double,
                                           radius: Double, lineWidth: Double, color: Color, rows band: Range<Int>? = nil) {
        guard lineWidth > 0 else { return }
        let outer = RoundedRectShape(x: x, y: y, width: w, height: h, radius: radius)
        let inner = RoundedRectShape(x: x + lineWidth, y: y + lineWidth, width: w - 2 * lineWidth,
                                     height: h - 2 * lineWidth, radius: max(0, outer.radius - lineWidth))
        guard let rows = outer.pixelRows(bitmapWidth: width, bitmapHeight: height, band: band) else { return }
        let tint = color.kernelColor
        withPixelRows { row in
            var py = rows.y0
            while py < rows.y1 {
                // Samples inside the inner shape get no hits: pixels all inside it are skipped.
                var o = outer.sampleRuns(pixelRow: py, rows), i = inner.sampleRuns(pixelRow: py, rows)
                lsr_composite_runs(row(py), rows.x0, rows.x1, &o, &i, tint)
                py += 1
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

/// A pixel row's clip to the bitmap and the shape's bounding box.
struct PixelRows {
    let x0, x1, y0, y1: Int
}

struct RoundedRectShape {
    let x, y, width, height, radius: Double

    init(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
        self.radius = max(0, min(radius.isFinite ? radius : 0, min(self.width, self.height) / 2))
    }

    /// The pixels that can hold samples of the shape, clipped to the bitmap and to the rows `band`; nil when
    /// none (also for a shape that is not finite, so the kernels only see finite geometry).
    func pixelRows(bitmapWidth: Int, bitmapHeight: Int, band: Range<Int>? = nil) -> PixelRows? {
        guard width > 0, height > 0, x.isFinite, y.isFinite, (x + width).isFinite, (y + height).isFinite else { return nil }
        // Clamped before converting, so that no coordinate can trap.
        func clamp(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
        let x0 = clamp(x.rounded(.down), bitmapWidth), y0 = clamp(y.rounded(.down), bitmapHeight)
        let x1 = clamp((x + width).rounded(.up), bitmapWidth), y1 = clamp((y + height).rounded(.up), bitmapHeight)
        let top = band.map { max(y0, $0.lowerBound) } ?? y0, bottom = band.map { min(y1, $0.upperBound) } ?? y1
        guard x0 < x1, top < bottom else { return nil }
        return PixelRows(x0: x0, x1: x1, y0: top, y1: bottom)
    }

    /// Whether all four sample rows of pixel row `py` cross the straight part of the sides (between the
    /// corners, inside the shape's height): there the runs do not depend on the row (the corner test's `dy`
    /// is 0), so every such row has the same runs.
    func isStraight(pixelRow py: Int) -> Bool {
        Double(py) + 0.5 / 4 >= y + radius && Double(py) + 3.5 / 4 < y + height - radius
    }

    private var kernelShape: lsr_rounded_rect {
        lsr_rounded_rect(x: x, y: y, width: width, height: height, radius: radius)
    }

    /// The runs of the four sample rows of pixel row `py`, within the sample columns of `rows`.
    func sampleRuns(pixelRow py: Int, _ rows: PixelRows) -> lsr_sample_runs {
        var shape = kernelShape
        var runs = lsr_sample_runs()
        lsr_rounded_rect_runs(&shape, py, 4 * rows.x0, 4 * rows.x1, &runs)
        return runs
    }
}

import CImaging

/// The radius of each corner of a rect, in the unit of the rect it belongs to (pt for a label, px for a shape).
public struct CornerRadii: Sendable, Hashable, CustomStringConvertible {
    public var topLeft, topRight, bottomLeft, bottomRight: Double

    public init(topLeft: Double, topRight: Double, bottomLeft: Double, bottomRight: Double) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomLeft = bottomLeft; self.bottomRight = bottomRight
    }

    /// The same radius at every corner.
    public init(uniform r: Double) { self.init(topLeft: r, topRight: r, bottomLeft: r, bottomRight: r) }

    public static let zero = CornerRadii(uniform: 0)

    /// Top-left, top-right, bottom-left, bottom-right (the order of `--corners TL,TR,BL,BR`).
    public var all: [Double] { [topLeft, topRight, bottomLeft, bottomRight] }

    /// Whether every corner has the same radius.
    public var isUniform: Bool { topLeft == topRight && topLeft == bottomLeft && topLeft == bottomRight }

    /// Every radius × `factor`.
    public func scaled(by factor: Double) -> CornerRadii {
        CornerRadii(topLeft: topLeft * factor, topRight: topRight * factor, bottomLeft: bottomLeft * factor, bottomRight: bottomRight * factor)
    }

    /// The radii as a rect of `width` × `height` draws them: negative and non-finite radii are 0, and when the radii
    /// along a side add up to more than the side, all four are scaled down by the one factor that makes the tightest
    /// side fit (CSS Backgrounds 3 §5.5's rule). One radius at every corner becomes at most half the shorter side,
    /// as Core Animation clamps `cornerRadius`.
    public func clamped(width: Double, height: Double) -> CornerRadii {
        func clean(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
        let r = CornerRadii(topLeft: clean(topLeft), topRight: clean(topRight), bottomLeft: clean(bottomLeft), bottomRight: clean(bottomRight))
        let w = max(0, width.isFinite ? width : 0), h = max(0, height.isFinite ? height : 0)
        var factor = 1.0
        for (side, sum) in [(w, r.topLeft + r.topRight), (w, r.bottomLeft + r.bottomRight),
                            (h, r.topLeft + r.bottomLeft), (h, r.topRight + r.bottomRight)] where sum > side {
            factor = min(factor, side / sum)
        }
        return factor < 1 ? r.scaled(by: factor) : r
    }

    public var description: String {
        isUniform ? "\(topLeft)" : all.map { "\($0)" }.joined(separator: ",")
    }
}

/// The curve of a rounded corner (`CALayerCornerCurve`): a quarter circle, or Apple's continuous corner, which
/// leaves the straight edge farther from the corner (1.52866483 radii) and bends gradually.
public enum CornerCurve: String, Sendable, CaseIterable, CustomStringConvertible {
    case circular, continuous
    public var description: String { rawValue }
}

/// A rect with a radius and a curve per corner, in pixels: the shape of a label's background, border and clip.
///
/// The radii are `CornerRadii.clamped` to the rect. A continuous corner whose full curve (1.52866483 radii along
/// each edge) does not fit its share of a side — the side split between the two corners in proportion to their
/// radii — is blended towards the circular corner until it does (`smoothing` < 1), so a continuous corner of half
/// the height is a capsule's round end. Coverage: the 4×4 samples per pixel of `fillRoundedRect`, each sample row's
/// run of inside samples found from the analytic edge (CRasterKernels' `lsr_corner_shape_runs`).
package struct CornerShape: Sendable {
    package let x, y, width, height: Double
    /// The radii drawn (clamped), px.
    package let radii: CornerRadii
    package let curve: CornerCurve
    /// Per corner (top-left, top-right, bottom-left, bottom-right): 0 for a circular arc, up to 1 for the full
    /// continuous corner.
    package let smoothing: [Double]

    /// How far a full continuous corner reaches along each edge, in radii (PaintCode's construction).
    package static let continuousReach = 1.52866483

    package init(x: Double, y: Double, width: Double, height: Double, radii: CornerRadii, curve: CornerCurve) {
        self.x = x; self.y = y
        self.width = max(0, width.isFinite ? width : 0); self.height = max(0, height.isFinite ? height : 0)
        let r = radii.clamped(width: self.width, height: self.height)
        self.radii = r
        self.curve = curve
        guard curve == .continuous else {
            self.smoothing = [0, 0, 0, 0]
            kernel = CornerShape.kernelShape(x: x, y: y, width: self.width, height: self.height, radii: r, smoothing: smoothing)
            return
        }
        let w = self.width, h = self.height
        // Corner i's share of its horizontal and vertical side, and so the reach it may take.
        func share(_ ri: Double, _ other: Double, _ side: Double) -> Double { ri + other > 0 ? side * ri / (ri + other) : side }
        func smoothed(_ ri: Double, horizontal: Double, vertical: Double) -> Double {
            guard ri > 0 else { return 0 }
            let budget = min(share(ri, horizontal, w), share(ri, vertical, h))
            return min(1, max(0, (budget / ri - 1) / (CornerShape.continuousReach - 1)))
        }
        self.smoothing = [smoothed(r.topLeft, horizontal: r.topRight, vertical: r.bottomLeft),
                          smoothed(r.topRight, horizontal: r.topLeft, vertical: r.bottomRight),
                          smoothed(r.bottomLeft, horizontal: r.bottomRight, vertical: r.topLeft),
                          smoothed(r.bottomRight, horizontal: r.bottomLeft, vertical: r.topRight)]
        kernel = CornerShape.kernelShape(x: x, y: y, width: w, height: h, radii: r, smoothing: self.smoothing)
    }

    /// The shape `inset` px inside this one, each radius less by `inset` (at least 0), the same curve: the inner
    /// edge of a border of that width, as Core Animation strokes `borderWidth` inside the bounds.
    package func inset(by inset: Double) -> CornerShape {
        func less(_ v: Double) -> Double { max(0, v - inset) }
        return CornerShape(x: x + inset, y: y + inset, width: width - 2 * inset, height: height - 2 * inset,
                           radii: CornerRadii(topLeft: less(radii.topLeft), topRight: less(radii.topRight),
                                              bottomLeft: less(radii.bottomLeft), bottomRight: less(radii.bottomRight)),
                           curve: curve)
    }

    /// One radius at every corner and circular arcs: `fillRoundedRect`'s shape, drawn by its own kernel (the same
    /// pixels as before corners could differ).
    var isRoundedRect: Bool { kernel.smoothing == (0, 0, 0, 0) && radii.isUniform }

    /// Whether the point (px, py) is inside: inside the rect (right and bottom edges exclusive) and on the inner side
    /// of each corner's edge (`lsr_corner_inset`).
    package func contains(x px: Double, y py: Double) -> Bool {
        guard px >= x, px < x + width, py >= y, py < y + height else { return false }
        let top = py - y, bottom = y + height - py
        func inset(_ i: Int, _ r: Double, _ depth: Double) -> Double { r > 0 ? lsr_corner_inset(smoothing[i], depth / r) * r : 0 }
        let left = x + max(inset(0, radii.topLeft, top), inset(2, radii.bottomLeft, bottom))
        let right = x + width - max(inset(1, radii.topRight, top), inset(3, radii.bottomRight, bottom))
        return px >= left && px < right
    }

    /// The kernel's shape, its curves blended once (`lsr_corner_shape_prepare`).
    private static func kernelShape(x: Double, y: Double, width: Double, height: Double, radii: CornerRadii,
                                    smoothing: [Double]) -> lsr_corner_shape {
        var shape = lsr_corner_shape()
        shape.x = x; shape.y = y; shape.width = width; shape.height = height
        shape.radius = (radii.topLeft, radii.topRight, radii.bottomLeft, radii.bottomRight)
        shape.smoothing = (smoothing[0], smoothing[1], smoothing[2], smoothing[3])
        lsr_corner_shape_prepare(&shape)
        return shape
    }
    private var kernel: lsr_corner_shape
    /// How far down the top corners and up the bottom ones reach, px.
    private var reachTop: Double { let k = kernel; return max(CornerShape.reach(k.radius.0, k.smoothing.0), CornerShape.reach(k.radius.1, k.smoothing.1)) }
    private var reachBottom: Double { let k = kernel; return max(CornerShape.reach(k.radius.2, k.smoothing.2), CornerShape.reach(k.radius.3, k.smoothing.3)) }
    private static func reach(_ r: Double, _ smoothing: Double) -> Double { r * (1 + (continuousReach - 1) * smoothing) }

    var rows: RoundedRectShape { RoundedRectShape(x: x, y: y, width: width, height: height, radius: radii.topLeft) }

    /// The runs of the four sample rows of pixel row `py`, within the sample columns of `rows`.
    func sampleRuns(pixelRow py: Int, _ rows: PixelRows) -> lsr_sample_runs {
        if isRoundedRect { return self.rows.sampleRuns(pixelRow: py, rows) }
        var runs = lsr_sample_runs()
        withUnsafePointer(to: kernel) { lsr_corner_shape_runs($0, py, 4 * rows.x0, 4 * rows.x1, &runs) }
        return runs
    }

    /// Whether the rows of pixel row `py` all lie between the corners (same runs on every such row).
    func isStraight(pixelRow py: Int) -> Bool {
        Double(py) + 0.5 / 4 >= y + reachTop && Double(py) + 3.5 / 4 < y + height - reachBottom
    }
}

extension Bitmap {
    /// Fills `shape` with `color`, composited source-over; only in the pixel rows `rows` when given. A shape with one
    /// circular radius draws exactly as `fillRoundedRect`.
    package mutating func fill(_ shape: CornerShape, color: Color, rows band: Range<Int>? = nil) {
        if shape.isRoundedRect {
            return fillRoundedRect(x: shape.x, y: shape.y, width: shape.width, height: shape.height, radius: shape.radii.topLeft,
                                   color: color, rows: band)
        }
        guard let rows = shape.rows.pixelRows(bitmapWidth: width, bitmapHeight: height, band: band) else { return }
        let tint = color.kernelColor
        var straightRuns: lsr_sample_runs?
        withRows { row in
            for py in rows.y0..<rows.y1 {
                var runs: lsr_sample_runs
                if shape.isStraight(pixelRow: py) {
                    runs = straightRuns ?? shape.sampleRuns(pixelRow: py, rows)
                    straightRuns = runs
                } else {
                    runs = shape.sampleRuns(pixelRow: py, rows)
                }
                lsr_composite_runs(row(py), rows.x0, rows.x1, &runs, nil, tint)
            }
        }
    }

    /// Strokes a border of `lineWidth` px inside `shape` (outer shape minus `shape.inset(by: lineWidth)`), as
    /// `CALayer.borderWidth`; only in the pixel rows `rows` when given.
    package mutating func stroke(_ shape: CornerShape, lineWidth: Double, color: Color, rows band: Range<Int>? = nil) {
        guard lineWidth > 0 else { return }
        if shape.isRoundedRect {
            return strokeRoundedRect(x: shape.x, y: shape.y, width: shape.width, height: shape.height, radius: shape.radii.topLeft,
                                     lineWidth: lineWidth, color: color, rows: band)
        }
        let inner = shape.inset(by: lineWidth)
        guard let rows = shape.rows.pixelRows(bitmapWidth: width, bitmapHeight: height, band: band) else { return }
        let tint = color.kernelColor
        withRows { row in
            for py in rows.y0..<rows.y1 {
                var o = shape.sampleRuns(pixelRow: py, rows), i = inner.sampleRuns(pixelRow: py, rows)
                lsr_composite_runs(row(py), rows.x0, rows.x1, &o, &i, tint)
            }
        }
    }

    /// Clips what was drawn since `saved` (this bitmap's pixel rows from `firstRow` on, as they were before) to `shape`,
    /// in the pixel rows `rows` (within the saved ones): outside the shape the saved pixels come back, on its
    /// anti-aliased edge the two mix by coverage (`clipsToBounds` with rounded corners: the text seen through the
    /// layer's shape).
    package mutating func clip(to shape: CornerShape, since saved: [UInt8], firstRow: Int = 0, rows band: Range<Int>) {
        let bitmapWidth = width, stride = width * 4
        let all = PixelRows(x0: 0, x1: bitmapWidth, y0: max(firstRow, band.lowerBound), y1: min(height, band.upperBound, firstRow + saved.count / max(1, stride)))
        guard all.y0 < all.y1 else { return }
        saved.withUnsafeBufferPointer { before in
            guard let old = before.baseAddress else { return }
            withRows { row in
                for py in all.y0..<all.y1 {
                    var runs = shape.width > 0 && shape.height > 0 ? shape.sampleRuns(pixelRow: py, all) : lsr_sample_runs()
                    lsr_clip_row(row(py), old + (py - firstRow) * stride, 0, bitmapWidth, &runs)
                }
            }
        }
    }

    private mutating func withRows(_ body: ((Int) -> UnsafeMutablePointer<UInt8>) -> Void) {
        let stride = width * 4
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            body { y in base + y * stride }
        }
    }
}

import XCTest
import Imaging

/// Shapes with a radius and a curve per corner, against definitions written out here: circles by distance, the
/// continuous corner from PaintCode's published Bezier points sampled densely into a polyline (not the kernel's
/// bisection), coverage by 4×4 samples and by 16×16 supersampling.
final class CornerShapeTests: XCTestCase {
    // PaintCode, "Code for iOS 7 rounded rectangles": one corner of radius 1, (along the edge, into the rect).
    private static let published: [[(Double, Double)]] = [
        [(1.52866483, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.065496)],
        [(0.66993427, 0.065496), (0.63149399, 0.074911)],
        [(0.63149399, 0.074911), (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.074911, 0.63149399)],
        [(0.074911, 0.63149399), (0.065496, 0.66993427)],
        [(0.065496, 0.66993427), (0, 0.86840689), (0, 1.08849323), (0, 1.52866483)],
    ]

    /// The published corner as a dense polyline of (along, into) points, `into` increasing.
    private static let polyline: [(Double, Double)] = {
        var out: [(Double, Double)] = []
        for piece in published {
            let steps = piece.count == 4 ? 20_000 : 1
            for i in 0...steps {
                let t = Double(i) / Double(steps), u = 1 - t
                if piece.count == 2 {
                    out.append((piece[0].0 * u + piece[1].0 * t, piece[0].1 * u + piece[1].1 * t))
                } else {
                    let w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
                    out.append((zip(w, piece).map { $0 * $1.0 }.reduce(0, +), zip(w, piece).map { $0 * $1.1 }.reduce(0, +)))
                }
            }
        }
        return out
    }()

    /// The corner's inset (radii) at `depth` radii, read off the polyline by binary search and linear interpolation.
    private static func publishedInset(_ depth: Double) -> Double {
        let p = polyline
        guard depth < p[p.count - 1].1 else { return 0 }
        var lo = 0, hi = p.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if p[mid].1 <= depth { lo = mid } else { hi = mid }
        }
        let span = p[hi].1 - p[lo].1
        let f = span > 0 ? (depth - p[lo].1) / span : 0
        return p[lo].0 + (p[hi].0 - p[lo].0) * f
    }

    /// Inside a w × h rect at the origin whose four corners are the published continuous corner of radius r.
    private func insideContinuous(_ w: Double, _ h: Double, _ r: Double) -> (Double, Double) -> Bool {
        { x, y in
            guard x >= 0, x < w, y >= 0, y < h else { return false }
            let dy = min(y, h - y), dx = min(x, w - x)
            return dx >= CornerShapeTests.publishedInset(dy / r) * r
        }
    }

    private func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> Int { Int(b.pixels[(y * b.width + x) * 4 + 3]) }

    private func coverage(width: Int, height: Int, samples n: Int, _ inside: (Double, Double) -> Bool) -> [[Double]] {
        (0..<height).map { py in
            (0..<width).map { px in
                var hits = 0
                for sy in 0..<n {
                    for sx in 0..<n where inside(Double(px) + (Double(sx) + 0.5) / Double(n), Double(py) + (Double(sy) + 0.5) / Double(n)) {
                        hits += 1
                    }
                }
                return Double(hits) / Double(n * n)
            }
        }
    }

    /// A continuous corner's coverage is the published curve's: every 4×4 sample agrees with the polyline's point
    /// test (pixels with a sample within 10⁻⁴ px of the curve aside), each pixel is within 2.5/16 of 16×16
    /// supersampling and the area within 0.2 %. A circular corner of the same radius fails the pixel bound (the test
    /// tells the curves apart).
    func testFullContinuousCorner() throws {
        // Half the shorter side (75) is more than 1.52866483 × 40 = 61.15: the whole published corner fits.
        let w = 200, h = 150, r = 40.0
        var bitmap = try Bitmap(width: w, height: h)
        let shape = CornerShape(x: 0, y: 0, width: Double(w), height: Double(h), radii: CornerRadii(uniform: r), curve: .continuous)
        XCTAssertEqual(shape.smoothing, [1, 1, 1, 1])
        bitmap.fill(shape, color: .white)
        let inside = insideContinuous(Double(w), Double(h), r)
        // Sample by sample, away from the curve.
        var disagreements = 0, checked = 0
        for py in 0..<h {
            for px in 0..<w {
                var hits = 0, nearCurve = false
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let x = Double(px) + (Double(sx) + 0.5) / 4, y = Double(py) + (Double(sy) + 0.5) / 4
                        if inside(x, y) { hits += 1 }
                        if inside(x - 1e-4, y) != inside(x + 1e-4, y) || inside(x, y - 1e-4) != inside(x, y + 1e-4) { nearCurve = true }
                    }
                }
                guard !nearCurve else { continue }
                checked += 1
                if alpha(bitmap, px, py) != hits * 255 / 16 { disagreements += 1 }
            }
        }
        XCTAssertGreaterThan(checked, w * h - 400)
        XCTAssertEqual(disagreements, 0)
        // Against dense supersampling of the published curve.
        let dense = coverage(width: w, height: h, samples: 16, inside)
        var worst = 0.0, area = 0.0, drawn = 0.0
        for py in 0..<h {
            for px in 0..<w {
                let a = Double(alpha(bitmap, px, py)) / 255
                worst = max(worst, abs(a - dense[py][px]))
                area += dense[py][px]; drawn += a
            }
        }
        XCTAssertLessThanOrEqual(worst, 2.5 / 16)
        XCTAssertEqual(drawn, area, accuracy: area * 0.002)
        // The same bound rejects a circular corner of the same radius.
        var circular = try Bitmap(width: w, height: h)
        circular.fill(CornerShape(x: 0, y: 0, width: Double(w), height: Double(h), radii: CornerRadii(uniform: r), curve: .circular), color: .white)
        var circularWorst = 0.0
        for py in 0..<h { for px in 0..<w { circularWorst = max(circularWorst, abs(Double(alpha(circular, px, py)) / 255 - dense[py][px])) } }
        XCTAssertGreaterThan(circularWorst, 2.5 / 16)
        // By hand from the first published cubic: at the top sample row (0.125 px = 0.003125 r deep) its b = 0.065496 t³
        // gives t = 0.3628 and a = 1.127 r = 45.08 px, so pixel 44's top samples are outside; the circle's edge there
        // is at 40 − √(40² − 39.875²) = 36.8 px, so the circular corner covers pixel 44 whole.
        XCTAssertLessThan(alpha(bitmap, 44, 0), 255)
        XCTAssertEqual(alpha(bitmap, 46, 0), 255)
        XCTAssertEqual(alpha(circular, 44, 0), 255)
    }

    /// Per-corner circular radii: every pixel is the 4×4 count of samples inside the four circles (written out here).
    func testPerCornerRadii() throws {
        let w = 80, h = 40
        let radii = CornerRadii(topLeft: 0, topRight: 20, bottomLeft: 8, bottomRight: 4)
        var bitmap = try Bitmap(width: w, height: h)
        bitmap.fill(CornerShape(x: 0, y: 0, width: Double(w), height: Double(h), radii: radii, curve: .circular), color: .white)
        // Each rounded corner: its square and its circle's centre (TL is square).
        let corners: [(x: ClosedRange<Double>, y: ClosedRange<Double>, cx: Double, cy: Double, r: Double)] = [
            (60...80, 0...20, 60, 20, 20), (0...8, 32...40, 8, 32, 8), (76...80, 36...40, 76, 36, 4),
        ]
        func inside(_ x: Double, _ y: Double) -> Bool {
            for c in corners where c.x.contains(x) && c.y.contains(y) {
                if (x - c.cx) * (x - c.cx) + (y - c.cy) * (y - c.cy) > c.r * c.r { return false }
            }
            return true
        }
        for py in 0..<h {
            for px in 0..<w {
                var hits = 0
                for sy in 0..<4 { for sx in 0..<4 where inside(Double(px) + (Double(sx) + 0.5) / 4, Double(py) + (Double(sy) + 0.5) / 4) { hits += 1 } }
                XCTAssertEqual(alpha(bitmap, px, py), hits * 255 / 16, "pixel \(px),\(py)")
            }
        }
        XCTAssertEqual(alpha(bitmap, 0, 0), 255)  // the square top-left corner
        XCTAssertEqual(alpha(bitmap, 79, 0), 0)
    }

    /// The border follows the shape: each pixel is the 4×4 count of samples inside the outer shape and outside the shape
    /// inset by the line width (each radius less by it), written out here as circles for per-corner radii and from the
    /// published polyline for the continuous corner (there within 1/16 of a pixel's coverage; exact away from the curve).
    func testBorderFollowsTheShape() throws {
        // Per-corner circles, 80 × 40 px, border 3: outer radii 0, 20, 8, 4; inner 0, 17, 5, 1 in the rect inset by 3.
        func insideCircles(_ x0: Double, _ y0: Double, _ w: Double, _ h: Double, _ r: [Double]) -> (Double, Double) -> Bool {
            { x, y in
                guard x >= x0, x < x0 + w, y >= y0, y < y0 + h else { return false }
                let centres = [(x0 + r[0], y0 + r[0]), (x0 + w - r[1], y0 + r[1]), (x0 + r[2], y0 + h - r[2]), (x0 + w - r[3], y0 + h - r[3])]
                let beyond = [x < centres[0].0 && y < centres[0].1, x > centres[1].0 && y < centres[1].1,
                              x < centres[2].0 && y > centres[2].1, x > centres[3].0 && y > centres[3].1]
                for i in 0..<4 where beyond[i] {
                    let dx = x - centres[i].0, dy = y - centres[i].1
                    if dx * dx + dy * dy > r[i] * r[i] { return false }
                }
                return true
            }
        }
        let outer = insideCircles(0, 0, 80, 40, [0, 20, 8, 4]), inner = insideCircles(3, 3, 74, 34, [0, 17, 5, 1])
        var bitmap = try Bitmap(width: 80, height: 40)
        let shape = CornerShape(x: 0, y: 0, width: 80, height: 40, radii: CornerRadii(topLeft: 0, topRight: 20, bottomLeft: 8, bottomRight: 4),
                                curve: .circular)
        bitmap.stroke(shape, lineWidth: 3, color: .white)
        let expected = coverage(width: 80, height: 40, samples: 4) { x, y in outer(x, y) && !inner(x, y) }
        for py in 0..<40 {
            for px in 0..<80 { XCTAssertEqual(alpha(bitmap, px, py), Int(expected[py][px] * 16) * 255 / 16, "pixel \(px),\(py)") }
        }
        XCTAssertEqual(alpha(bitmap, 40, 20), 0)  // the middle is not drawn
        // Continuous corners, 200 × 150 px, radius 40, border 6: the inner shape is the continuous corner of radius 34.
        let cOuter = insideContinuous(200, 150, 40), cInnerAtOrigin = insideContinuous(188, 138, 34)
        let cInside: (Double, Double) -> Bool = { x, y in cOuter(x, y) && !cInnerAtOrigin(x - 6, y - 6) }
        var continuous = try Bitmap(width: 200, height: 150)
        continuous.stroke(CornerShape(x: 0, y: 0, width: 200, height: 150, radii: CornerRadii(uniform: 40), curve: .continuous),
                          lineWidth: 6, color: .white)
        let cExpected = coverage(width: 200, height: 150, samples: 4, cInside)
        var worst = 0.0
        for py in 0..<150 {
            for px in 0..<200 { worst = max(worst, abs(Double(alpha(continuous, px, py)) / 255 - cExpected[py][px])) }
        }
        XCTAssertLessThanOrEqual(worst, 1.0 / 16 + 1.0 / 255)
        XCTAssertEqual(alpha(continuous, 100, 3), 255)  // the top edge's line
        XCTAssertEqual(alpha(continuous, 100, 75), 0)
    }

    /// Radii that do not fit are scaled by one factor, the tightest side's (CSS Backgrounds 3 §5.5): left and right
    /// sides 60 over 40 → × 2/3. One radius is at most half the shorter side, as Core Animation's cornerRadius.
    func testClamping() {
        let r = CornerRadii(topLeft: 50, topRight: 50, bottomLeft: 10, bottomRight: 10).clamped(width: 80, height: 40)
        XCTAssertEqual(r.topLeft, 100.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(r.bottomRight, 20.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(CornerRadii(uniform: 99).clamped(width: 80, height: 30), CornerRadii(uniform: 15))
        XCTAssertEqual(CornerRadii(uniform: -3).clamped(width: 80, height: 30), .zero)
    }

    /// A continuous corner of half the height is a capsule's round end: blended all the way to the circle (no room
    /// for the 1.52866483 reach), so the pixels are the circular capsule's.
    func testContinuousCapsuleIsCircular() throws {
        let shape = CornerShape(x: 0, y: 0, width: 90, height: 30, radii: CornerRadii(uniform: 15), curve: .continuous)
        XCTAssertEqual(shape.smoothing, [0, 0, 0, 0])
        var a = try Bitmap(width: 90, height: 30), b = try Bitmap(width: 90, height: 30)
        a.fill(shape, color: .white)
        b.fillRoundedRect(x: 0, y: 0, width: 90, height: 30, radius: 15, color: .white)
        XCTAssertEqual(a, b)
        // Halfway: radius 10 in a 30 px height has 15 px of room, (15/10 − 1) / 0.52866483 of the way.
        let half = CornerShape(x: 0, y: 0, width: 90, height: 30, radii: CornerRadii(uniform: 10), curve: .continuous)
        XCTAssertEqual(half.smoothing[0], 0.5 / 0.52866483, accuracy: 1e-12)
    }

    /// Clipping keeps what was drawn inside, brings back what was there outside, and mixes on the edge.
    func testClipToShape() throws {
        var bitmap = try Bitmap(width: 40, height: 20)
        let shape = CornerShape(x: 0, y: 0, width: 40, height: 20, radii: CornerRadii(uniform: 10), curve: .circular)
        let saved = bitmap.pixels
        for y in 0..<20 { for x in 0..<40 { bitmap.blend(.black, coverage: 255, x: x, y: y) } }
        bitmap.clip(to: shape, since: saved, rows: 0..<20)
        var reference = try Bitmap(width: 40, height: 20)
        reference.fillRoundedRect(x: 0, y: 0, width: 40, height: 20, radius: 10, color: .black)
        XCTAssertEqual(bitmap, reference)
    }
}

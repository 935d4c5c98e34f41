import XCTest
import Imaging

/// The span-based rounded-rect fill and stroke give exactly the pixels of the plain definition: each pixel
/// blended at `hits × 255 / 16`, hits counted over its 4×4 samples with the point test (docs/drawing.md,
/// Background), for seeded random shapes, fractional positions, radii, translucent colours and clipping.
final class RoundedRectSamplingTests: XCTestCase {
    /// The point test of the definition, written out here (not the kernel's): inside the rect (negative sizes
    /// are empty), right and bottom edges exclusive, and in the corner squares within the radius (clamped to half
    /// the shorter side) of the corner's centre, the nearest point of the rect inset by the radius.
    private func inside(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ radius: Double) -> (Double, Double) -> Bool {
        let w = max(0, w), h = max(0, h)
        let r = max(0, min(radius, min(w, h) / 2))
        return { px, py in
            guard px >= x, px < x + w, py >= y, py < y + h else { return false }
            let cx = min(max(px, x + r), x + w - r), cy = min(max(py, y + r), y + h - r)
            return (px - cx) * (px - cx) + (py - cy) * (py - cy) <= r * r
        }
    }

    /// The definition, sample by sample.
    private func reference(_ bitmap: Bitmap, _ covered: (Double, Double) -> Bool, _ color: Color) -> Bitmap {
        var out = bitmap
        for py in 0..<bitmap.height {
            for px in 0..<bitmap.width {
                var hits = 0
                for sy in 0..<4 {
                    for sx in 0..<4 where covered(Double(px) + (Double(sx) + 0.5) / 4, Double(py) + (Double(sy) + 0.5) / 4) {
                        hits += 1
                    }
                }
                if hits > 0 { out.blend(color, coverage: UInt8(hits * 255 / 16), x: px, y: py) }
            }
        }
        return out
    }

    func testFillAndStrokeMatchTheSampleDefinition() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for n in 0..<300 {
            let w = 1 + Int(next() * 40), h = 1 + Int(next() * 30)
            let x = next() * 12 - 4, y = next() * 10 - 3
            let sw = next() * Double(w + 6), sh = next() * Double(h + 6)
            let radius = [0, next() * 3, next() * 20, 1000][n % 4]
            let color = Color(red: UInt8(n % 256), green: 200, blue: UInt8(255 - n % 256), alpha: [255, 128, 1][n % 3])
            let base = try Bitmap(width: w, height: h, fill: n % 2 == 0 ? .clear : Color(red: 10, green: 20, blue: 30, alpha: 200))

            var filled = base
            filled.fillRoundedRect(x: x, y: y, width: sw, height: sh, radius: radius, color: color)
            let covered = inside(x, y, sw, sh, radius)
            XCTAssertEqual(filled, reference(base, covered, color), "fill #\(n): \(w)×\(h) px, rect (\(x), \(y), \(sw)×\(sh)) r \(radius)")

            let line = [0.5, 1, 2.75, 8][n % 4]
            let inner = inside(x + line, y + line, max(0, sw - 2 * line), max(0, sh - 2 * line), max(0, min(radius, min(max(0, sw), max(0, sh)) / 2) - line))
            var stroked = base
            stroked.strokeRoundedRect(x: x, y: y, width: sw, height: sh, radius: radius, lineWidth: line, color: color)
            XCTAssertEqual(stroked, reference(base, { covered($0, $1) && !inner($0, $1) }, color),
                           "stroke #\(n): \(w)×\(h) px, rect (\(x), \(y), \(sw)×\(sh)) r \(radius), line \(line)")
        }
    }
}

import XCTest
import Imaging

final class RasterTests: XCTestCase {
    func testHexColours() throws {
        XCTAssertEqual(try Color(hex: "#fff"), Color.white)
        XCTAssertEqual(try Color(hex: "1E90FF"), Color(red: 0x1E, green: 0x90, blue: 0xFF))
        XCTAssertEqual(try Color(hex: "#00000080"), Color(red: 0, green: 0, blue: 0, alpha: 0x80))
        XCTAssertThrowsError(try Color(hex: "#12345"))
        XCTAssertThrowsError(try Color(hex: "zzzzzz"))
        XCTAssertThrowsError(try Color(hex: "#１２３"), "full-width digits are not hex")
        XCTAssertEqual(Color(red: 1, green: 2, blue: 255, alpha: 16).hexString, "#0102FF10")
    }

    /// Source-over on straight alpha as docs/drawing.md (Colours) defines it, in real numbers rounded to nearest:
    /// the source's alpha sa = round(a · coverage / 255), what shows of the destination da = round(dA · (255 − sa) / 255),
    /// out alpha sa + da and each channel round((c · sa + d · da) / (sa + da)); sa = 0 leaves the pixel as it is.
    static func sourceOver(_ c: Color, coverage: Int, onto d: Color) -> Color {
        func rounded(_ v: Double) -> Int { Int(v.rounded()) }
        let sa = rounded(Double(Int(c.alpha) * coverage) / 255)
        guard sa > 0 else { return d }
        let da = rounded(Double(Int(d.alpha) * (255 - sa)) / 255), oa = sa + da
        func channel(_ s: UInt8, _ t: UInt8) -> UInt8 { UInt8(rounded(Double(Int(s) * sa + Int(t) * da) / Double(oa))) }
        return Color(red: channel(c.red, d.red), green: channel(c.green, d.green), blue: channel(c.blue, d.blue), alpha: UInt8(oa))
    }

    /// Every source alpha × every coverage onto a transparent pixel: the alpha is the rounded product, the
    /// colour stays (the kernel's a·b/255 is an integer shortcut for it).
    func testBlendScalesAlphaByCoverageRoundedToNearest() throws {
        for a in 0...255 {
            var row = try Bitmap(width: 256, height: 1)
            let color = Color(red: 200, green: 10, blue: 30, alpha: UInt8(a))
            for coverage in 0...255 { row.blend(color, coverage: UInt8(coverage), x: coverage, y: 0) }
            for coverage in 0...255 {
                let alpha = Int((Double(a * coverage) / 255).rounded())
                XCTAssertEqual(row[coverage, 0], alpha == 0 ? .clear : Color(red: 200, green: 10, blue: 30, alpha: UInt8(alpha)),
                               "alpha \(a), coverage \(coverage)")
            }
        }
    }

    /// The kernel against the definition over opaque, translucent and transparent destinations, for opaque and
    /// translucent sources at every coverage (the opaque destination takes a constant-divisor shortcut).
    func testBlendEqualsTheSourceOverDefinition() throws {
        let sources = [Color(red: 200, green: 100, blue: 50), Color(red: 255, green: 0, blue: 128, alpha: 128),
                       Color(red: 3, green: 250, blue: 77, alpha: 1), Color(red: 0, green: 0, blue: 0, alpha: 254)]
        let destinations = [Color.white, Color(red: 0x1F, green: 0x5F, blue: 0xD6), Color(red: 10, green: 200, blue: 30, alpha: 128),
                            Color(red: 90, green: 80, blue: 70, alpha: 1), Color(red: 255, green: 255, blue: 255, alpha: 254), .clear]
        for c in sources {
            for d in destinations {
                var row = try Bitmap(width: 256, height: 1, fill: d)
                for coverage in 0...255 { row.blend(c, coverage: UInt8(coverage), x: coverage, y: 0) }
                for coverage in 0...255 {
                    XCTAssertEqual(row[coverage, 0], Self.sourceOver(c, coverage: coverage, onto: d), "\(c) at \(coverage) over \(d)")
                }
            }
        }
        // By hand: 50%-alpha source over a 200-alpha pixel: sa = 128, da = round(200 · 127 / 255) = 100, alpha 228;
        // red (200 · 128 + 10 · 100) / 228 = 116.7 → 117, green (100 · 128 + 20 · 100) / 228 = 64.9 → 65,
        // blue (50 · 128 + 30 · 100) / 228 = 41.2 → 41.
        var p = try Bitmap(width: 1, height: 1, fill: Color(red: 10, green: 20, blue: 30, alpha: 200))
        p.blend(Color(red: 200, green: 100, blue: 50, alpha: 128), coverage: 255, x: 0, y: 0)
        XCTAssertEqual(p[0, 0], Color(red: 117, green: 65, blue: 41, alpha: 228))
    }

    /// `pixel(x:y:)` reads what the subscript reads inside the bitmap and nil outside it (where the subscript's
    /// precondition stops the process): the four neighbours past each edge of a 3×2 bitmap, and far-off values.
    func testPixelReadsInsideAndIsNilOutside() throws {
        var b = try Bitmap(width: 3, height: 2, fill: .white)
        b[2, 1] = Color(red: 1, green: 2, blue: 3, alpha: 4)
        XCTAssertEqual(b.pixel(x: 2, y: 1), Color(red: 1, green: 2, blue: 3, alpha: 4))
        XCTAssertEqual(b.pixel(x: 0, y: 0), .white)
        for (x, y) in [(-1, 0), (3, 0), (0, -1), (0, 2), (Int.min, Int.max), (Int.max, 0)] {
            XCTAssertNil(b.pixel(x: x, y: y), "(\(x), \(y))")
        }
    }

    func testSizeLimitIsCheckedBeforeAllocation() {
        XCTAssertThrowsError(try Bitmap(width: 100_000, height: 100_000))
        XCTAssertThrowsError(try Bitmap(width: -1, height: 4))
        XCTAssertThrowsError(try Bitmap(width: 2, height: 2, pixels: [0, 0, 0]))
        XCTAssertNoThrow(try Bitmap(width: 0, height: 10))
    }

    func testBlendSourceOverStraightAlpha() throws {
        var b = try Bitmap(width: 1, height: 1, fill: .white)
        // Half-covered black over white: 255·(1 − 128/255) = 127.
        b.blend(.black, coverage: 128, x: 0, y: 0)
        XCTAssertEqual(b[0, 0], Color(red: 127, green: 127, blue: 127, alpha: 255))
        // Onto a transparent pixel the colour stays, only alpha is scaled.
        var t = try Bitmap(width: 1, height: 1)
        t.blend(Color(red: 200, green: 10, blue: 30), coverage: 51, x: 0, y: 0)
        XCTAssertEqual(t[0, 0], Color(red: 200, green: 10, blue: 30, alpha: 51))
        // Out of bounds is clipped, never a crash.
        t.blend(.black, coverage: 255, x: 5, y: -1)
        XCTAssertEqual(t[0, 0].alpha, 51)
    }

    func testRoundedRectCorners() throws {
        var b = try Bitmap(width: 20, height: 10)
        b.fillRoundedRect(x: 0, y: 0, width: 20, height: 10, radius: 5, color: .black)
        XCTAssertEqual(b[10, 5].alpha, 255)          // centre fully covered
        XCTAssertEqual(b[0, 0].alpha, 0)             // corner outside the arc
        XCTAssertEqual(b[0, 5].alpha, 255)          // left edge at the arc's equator: all 16 samples inside
        // Pixel (0, 3): the sample column x = 0.125 lies 4.875 px left of the corner centre (5, 5);
        // with dy ≥ 1.125, 4.875² + dy² > 25, so those 4 samples fall outside: 12 of 16 → 191.
        XCTAssertEqual(b[0, 3].alpha, UInt8(12 * 255 / 16))
        // Without radius every pixel is covered.
        var s = try Bitmap(width: 4, height: 4)
        s.fillRoundedRect(x: 0, y: 0, width: 4, height: 4, radius: 0, color: .black)
        XCTAssertTrue(stride(from: 3, to: s.pixels.count, by: 4).allSatisfy { s.pixels[$0] == 255 })
        // A half-pixel edge covers half the samples.
        var h = try Bitmap(width: 2, height: 1)
        h.fillRoundedRect(x: 0, y: 0, width: 1.5, height: 1, radius: 0, color: .black)
        XCTAssertEqual(h[1, 0].alpha, UInt8(8 * 255 / 16))
        // A quarter-pixel offset: pixel 0's sample columns at 0.125, 0.375, 0.625, 0.875 against [0.25, 1.25):
        // three of four inside, 12 of 16 samples → 191; pixel 1's first column (1.125) alone → 4 → 63.
        var q = try Bitmap(width: 3, height: 1)
        q.fillRoundedRect(x: 0.25, y: 0, width: 1, height: 1, radius: 0, color: .black)
        XCTAssertEqual([q[0, 0].alpha, q[1, 0].alpha, q[2, 0].alpha], [191, 63, 0])
        // A 1-px border inside a 4×4 square: the 12 edge pixels whole, the 4 inside untouched.
        var border = try Bitmap(width: 4, height: 4)
        border.strokeRoundedRect(x: 0, y: 0, width: 4, height: 4, radius: 0, lineWidth: 1, color: .black)
        for y in 0..<4 { for x in 0..<4 {
            XCTAssertEqual(border[x, y].alpha, (1...2).contains(x) && (1...2).contains(y) ? 0 : 255, "(\(x), \(y))")
        } }
        // A translucent fill's interior is the colour composited at full coverage (the kernel's span path).
        let under = Color(red: 10, green: 20, blue: 30, alpha: 200), veil = Color(red: 200, green: 100, blue: 50, alpha: 128)
        var t = try Bitmap(width: 9, height: 5, fill: under)
        t.fillRoundedRect(x: 0, y: 0, width: 9, height: 5, radius: 0, color: veil)
        XCTAssertTrue((0..<5).allSatisfy { y in (0..<9).allSatisfy { t[$0, y] == Self.sourceOver(veil, coverage: 255, onto: under) } })
    }

    /// A bitmap filled with a colour holds it in every pixel (one 32-bit pattern fill), for sizes around the
    /// fill's power-of-two steps.
    func testFilledBitmapHoldsTheColourEverywhere() throws {
        let color = Color(red: 0x12, green: 0x34, blue: 0x56, alpha: 0x78)
        for (w, h) in [(1, 1), (7, 1), (8, 3), (1001, 2)] {
            let b = try Bitmap(width: w, height: h, fill: color)
            XCTAssertEqual(b.pixels.count, w * h * 4)
            XCTAssertEqual(b.pixels, [UInt8]((0..<(w * h)).map { _ in [0x12, 0x34, 0x56, 0x78] }.joined()), "\(w)×\(h)")
        }
    }

    /// `blendMask` against the definition at every coverage, over opaque, translucent and transparent pixels, with
    /// runs of zeros longer and shorter than the eight bytes its kernel skips at once, in a mask whose rows are
    /// longer than its width (pitch) and that is clipped by the bitmap's left and bottom edges.
    func testBlendMaskEqualsTheSourceOverDefinitionAtEveryCoverage() throws {
        let row = [UInt8](repeating: 0, count: 11) + (0..<256).map { UInt8($0) } + [UInt8](repeating: 0, count: 9) + [7, 0, 0, 255]
        let pitch = row.count + 5, height = 3
        // Row y holds the coverage row shifted right by y (mod the width): every coverage on every mask row.
        var mask = [UInt8](repeating: 0xEE, count: pitch * height)
        for y in 0..<height { for x in 0..<row.count { mask[y * pitch + (x + y) % row.count] = row[x] } }
        for color in [Color(red: 200, green: 100, blue: 50), Color(red: 200, green: 100, blue: 50, alpha: 77)] {
            for under in [Color.white, Color(red: 0x1F, green: 0x5F, blue: 0xD6), Color(red: 10, green: 200, blue: 30, alpha: 128), .clear] {
                // The mask's top-left at (−2, 1): its left 2 columns and last row fall outside the bitmap, and the
                // padding bytes at the end of its rows (0xEE) are not part of it.
                var masked = try Bitmap(width: row.count + 4, height: height, fill: under)
                mask.withUnsafeBufferPointer {
                    masked.blendMask($0, maskWidth: row.count, maskHeight: height, pitch: pitch, color: color, originX: -2, originY: 1)
                }
                for y in 0..<height {
                    for x in 0..<masked.width {
                        let mx = x + 2, my = y - 1
                        let coverage = mx < row.count && my >= 0 ? Int(mask[my * pitch + mx]) : 0
                        XCTAssertEqual(masked[x, y], Self.sourceOver(color, coverage: coverage, onto: under), "\(color) over \(under) at (\(x), \(y))")
                    }
                }
            }
        }
        let color = Color(red: 200, green: 100, blue: 50, alpha: 255)
        // By hand: (200·128 + 255·127 + 127) / 255 = 227, (100·128 + 255·127 + 127) / 255 = 177,
        // (50·128 + 255·127 + 127) / 255 = 152, over opaque white at coverage 128.
        var white = try Bitmap(width: 1, height: 1, fill: Color(red: 255, green: 255, blue: 255, alpha: 255))
        [UInt8(128)].withUnsafeBufferPointer {
            white.blendMask($0, maskWidth: 1, maskHeight: 1, pitch: 1, color: color, originX: 0, originY: 0)
        }
        XCTAssertEqual(white[0, 0], Color(red: 227, green: 177, blue: 152, alpha: 255))
    }
}

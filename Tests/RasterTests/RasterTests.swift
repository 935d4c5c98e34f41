import XCTest
@testable import Raster

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

    func testMul255IsRoundedProduct() {
        for a in 0...255 { for b in stride(from: 0, through: 255, by: 5) {
            XCTAssertEqual(mul255(a, b), Int((Double(a * b) / 255).rounded()), "\(a)·\(b)")
        } }
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
    }

    /// `blendMask` with an opaque colour takes a shortcut over opaque pixels: every coverage must give what
    /// the per-pixel source-over (`blend`) gives, over opaque and over translucent pixels.
    func testBlendMaskEqualsPerPixelSourceOverAtEveryCoverage() throws {
        // Every coverage, between runs of zeros longer and shorter than the eight bytes skipped at once.
        let mask = [UInt8](repeating: 0, count: 11) + (0..<256).map { UInt8($0) } + [UInt8](repeating: 0, count: 9) + [7, 0, 0, 255]
        let color = Color(red: 200, green: 100, blue: 50, alpha: 255)
        for under in [Color(red: 255, green: 255, blue: 255, alpha: 255), Color(red: 0x1F, green: 0x5F, blue: 0xD6, alpha: 255),
                      Color(red: 10, green: 200, blue: 30, alpha: 128), Color(red: 0, green: 0, blue: 0, alpha: 0)] {
            var masked = try Bitmap(width: mask.count, height: 1, fill: under)
            mask.withUnsafeBufferPointer {
                masked.blendMask($0, maskWidth: mask.count, maskHeight: 1, pitch: mask.count, color: color, originX: 0, originY: 0)
            }
            var single = try Bitmap(width: mask.count, height: 1, fill: under)
            for x in 0..<mask.count { single.blend(color, coverage: mask[x], x: x, y: 0) }
            XCTAssertEqual(masked, single, "\(under)")
        }
        // By hand: (200·128 + 255·127 + 127) / 255 = 227, (100·128 + 255·127 + 127) / 255 = 177,
        // (50·128 + 255·127 + 127) / 255 = 152, over opaque white at coverage 128.
        var white = try Bitmap(width: 1, height: 1, fill: Color(red: 255, green: 255, blue: 255, alpha: 255))
        [UInt8(128)].withUnsafeBufferPointer {
            white.blendMask($0, maskWidth: 1, maskHeight: 1, pitch: 1, color: color, originX: 0, originY: 0)
        }
        XCTAssertEqual(white[0, 0], Color(red: 227, green: 177, blue: 152, alpha: 255))
    }
}

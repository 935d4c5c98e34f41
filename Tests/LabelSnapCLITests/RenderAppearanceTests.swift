import Foundation
import Imaging
import XCTest

/// `labelsnap render` with system colour names, `--appearance` and `--contrast`, as a new user types it: the PNG's
/// pixels are Apple's HIG values, typed here (systemRed dark 255-69-58, increased contrast 255-105-97; systemGray6
/// dark 28-28-30, increased contrast 36-36-38).
final class RenderAppearanceTests: XCTestCase {
    func testSystemRedOnSystemGray6InDarkAndHighContrast() throws {
        let dir = try temporaryFolder("render-appearance")
        func render(_ name: String, _ options: [String]) throws -> Bitmap {
            let run = try labelsnap(["render", "3 new", "--corners", "capsule", "--color", "systemRed", "--background", "systemGray6",
                                     "--insets", "3,10,3,10", "--scale", "2", "-o", dir + "/" + name] + options, cwd: dir)
            XCTAssertEqual(run.status, 0, run.stderr)
            return try PNGCodec.decode(contentsOf: dir + "/" + name)
        }
        func count(_ b: Bitmap, _ c: (UInt8, UInt8, UInt8)) -> Int {
            stride(from: 0, to: b.pixels.count, by: 4).filter { b.pixels[$0] == c.0 && b.pixels[$0 + 1] == c.1 && b.pixels[$0 + 2] == c.2 && b.pixels[$0 + 3] == 255 }.count
        }
        let high = try render("high.png", ["--appearance", "dark", "--contrast", "high"])
        XCTAssertGreaterThan(count(high, (36, 36, 38)), high.width * high.height / 2)
        XCTAssertGreaterThan(count(high, (255, 105, 97)), 50)
        // The capsule's left end, left of the text, is the background.
        let p = (high.height / 2 * high.width + high.height / 4) * 4
        XCTAssertEqual(Array(high.pixels[p..<p + 4]), [36, 36, 38, 255])
        // Normal contrast: the default dark values; --user-interface-style is --appearance's other spelling.
        let normal = try render("normal.png", ["--user-interface-style", "dark", "--contrast", "normal"])
        XCTAssertGreaterThan(count(normal, (28, 28, 30)), normal.width * normal.height / 2)
        XCTAssertGreaterThan(count(normal, (255, 69, 58)), 50)
        XCTAssertEqual(count(normal, (36, 36, 38)), 0)
        XCTAssertEqual(try render("dark.png", ["--appearance", "dark"]), normal)
    }
}

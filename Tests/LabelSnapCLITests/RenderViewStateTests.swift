import Foundation
import LabelLayout
import LabelRendering
import PNGCodec
import Raster
import Typesetting
import XCTest

/// `labelsnap render`'s view-state options draw what the API draws; bad values exit 2 and write nothing.
final class RenderViewStateTests: XCTestCase {
    func testTheOptionsDrawWhatTheAPIDraws() throws {
        let dir = try temporaryFolder("render-view-state")
        let run = try labelsnap(["render", "Hi", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "--size", "20",
                                 "--insets", "4,6,4,6", "--border-width", "2", "--alpha", "0.5", "--disabled", "--highlighted",
                                 "--highlighted-text-color", "#00FF00", "--shadow-color", "systemRed", "--shadow-offset", "1,2",
                                 "-o", dir + "/out.png"], cwd: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        var label = PaddedLabel("Hi", font: Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", size: 20),
                                insets: EdgeInsets(top: 4, left: 6, bottom: 4, right: 6))
        label.borderWidth = 2
        label.alpha = 0.5
        label.isEnabled = false
        label.isHighlighted = true
        label.highlightedTextColor = Color(red: 0, green: 255, blue: 0)
        label.shadowColor = .systemRed
        label.shadowOffset = CGSize(width: 1, height: 2)
        let expected = try label.render()
        XCTAssertEqual(try PNGCodec.decode(contentsOf: dir + "/out.png"), expected)
        // Not the same as without the state (the options were read).
        let plain = try labelsnap(["render", "Hi", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "--size", "20",
                                   "--insets", "4,6,4,6", "--border-width", "2", "-o", dir + "/plain.png"], cwd: dir)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertNotEqual(try PNGCodec.decode(contentsOf: dir + "/plain.png"), expected)
    }

    func testBadValuesExit2WritingNothing() throws {
        let dir = try temporaryFolder("render-view-state")
        for (args, message) in [(["--alpha", "abc"], "--alpha needs a finite number, got 'abc'"),
                                (["--alpha", "nan"], "--alpha needs a finite number, got 'nan'"),
                                (["--shadow-offset", "1"], "--shadow-offset"),
                                (["--shadow-color", "reddish"], "--shadow-color")] {
            let run = try labelsnap(["render", "x"] + args + ["-o", dir + "/out.png"], cwd: dir)
            XCTAssertEqual(run.status, 2, "\(args): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), "\(args): \(run.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"), "\(args)")
        }
    }
}

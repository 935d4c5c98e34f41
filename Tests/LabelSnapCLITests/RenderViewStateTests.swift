import Foundation
import LabelRendering
import Imaging
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

    /// The boolean switches read alike: bare means true, an explicit `true` or `false` after it is taken, and a
    /// TEXT after a bare switch stays the text (`--disabled false` was "render takes one TEXT argument", while
    /// `--clips-to-bounds` needed its BOOL).
    func testBooleanSwitchesTakeAnOptionalTrueOrFalse() throws {
        let dir = try temporaryFolder("render-switches")
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        func label(_ set: (inout PaddedLabel) -> Void) throws -> Bitmap {
            var label = PaddedLabel("Hi there", font: Font(path: dejaVu, size: 20))
            label.cornerRadius = 12   // the "H" reaches into the top-left corner's curve: clipping shows
            label.backgroundColor = .systemYellow
            label.highlightedTextColor = Color(red: 0, green: 255, blue: 0)
            try label.layout(width: 40)
            set(&label)
            return try label.render()
        }
        let plain = try label { _ in }
        let switches: [(String, Bitmap)] = [
            ("--disabled", try label { $0.isEnabled = false }), ("--highlighted", try label { $0.isHighlighted = true }),
            ("--clips-to-bounds", try label { $0.clipsToBounds = true }),
            ("--adjusts-font-size-to-fit-width", try label { $0.adjustsFontSizeToFitWidth = true }),
        ]
        for (flag, on) in switches {
            // Shrinking needs a minimumScaleFactor above 0, which --min-scale sets (and turns the switch on with):
            // alone this switch draws the plain label; PropertyTableTests reads its value.
            if flag != "--adjusts-font-size-to-fit-width" { XCTAssertNotEqual(on, plain, flag) }
            for (given, expected) in [([flag], on), ([flag, "true"], on), ([flag + "=true"], on), ([flag, "false"], plain), ([flag + "=false"], plain)] {
                // The TEXT after the switch: a following word that is not true or false is never its value.
                let run = try labelsnap(["render"] + given + ["Hi there", "--font", dejaVu, "--size", "20", "--corner-radius", "12",
                                                             "--background", "systemYellow", "--highlighted-text-color", "#00FF00",
                                                             "--width", "40", "-o", dir + "/out.png"], cwd: dir)
                XCTAssertEqual(run.status, 0, "\(given): \(run.stderr)")
                XCTAssertEqual(try PNGCodec.decode(contentsOf: dir + "/out.png"), expected, "\(given)")
            }
        }
        let bad = try labelsnap(["render", "Hi", "--clips-to-bounds=maybe", "-o", dir + "/bad.png"], cwd: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "labelsnap: --clips-to-bounds takes true or false (or nothing, for true), got 'maybe'\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/bad.png"))
    }

    func testBadValuesExit2WritingNothing() throws {
        let dir = try temporaryFolder("render-view-state")
        let opacity = "(an opacity from 0 to 1; values outside it are clamped, as UIView.alpha)"
        for (args, message) in [(["--alpha", "abc"], "--alpha needs a finite number \(opacity), got 'abc'"),
                                (["--alpha", "nan"], "--alpha needs a finite number \(opacity), got 'nan'"),
                                (["--shadow-offset", "1"], "--shadow-offset"),
                                (["--shadow-color", "reddish"], "--shadow-color")] {
            let run = try labelsnap(["render", "x"] + args + ["-o", dir + "/out.png"], cwd: dir)
            XCTAssertEqual(run.status, 2, "\(args): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), "\(args): \(run.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"), "\(args)")
        }
    }
}

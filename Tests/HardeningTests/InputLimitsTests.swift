import Foundation
import LabelRendering
import Imaging
import Typesetting
import XCTest

/// Each limit of the "Bad input and limits" table (the DocC article Limits.md): the number the article states is the one the code
/// enforces, the value at the limit is accepted, one beyond it is refused with the same message by the public
/// API and by `labelsnap render` (exit 2, no PNG written).
final class InputLimitsTests: XCTestCase {
    static let article: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = "Sources/LabelSnapshotTesting/LabelSnapshotTesting.docc/Limits.md"
        return (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }()

    func testTheDocumentationStatesTheLimitsTheCodeEnforces() {
        let stated: [(String, Bool)] = [
            ("≤ 10,000 pt (`Font.maximumPointSize`)", Font.maximumPointSize == 10_000),
            ("≤ 16,384 px per em (`PaddedLabel.maximumPixelsPerEm`", PaddedLabel.maximumPixelsPerEm == 16_384),
            ("within ±1,000,000 pt (`PaddedLabel.maximumLength`", PaddedLabel.maximumLength == 1_000_000),
            ("≤ 32,768 px a side and ≤ 67,108,864 px (64 Mpx)", PaddedLabel.maximumPixelDimension == 32_768
                && PaddedLabel.maximumPixelCount == 64 << 20),
            ("≤ 268,435,456 px (`Bitmap.maximumPixelCount`", Bitmap.maximumPixelCount == 256 << 20),
            ("≤ 8,000,000 bytes of text each (`PNGCodec.maximumTextByteCount`)", PNGCodec.maximumTextByteCount == 8_000_000),
        ]
        for (phrase, holds) in stated {
            XCTAssertTrue(Self.article.contains(phrase), "Limits.md no longer says \(phrase)")
            XCTAssertTrue(holds, "the code no longer enforces \(phrase)")
        }
    }

    func testEachLimitIsAcceptedAtItsValueAndRefusedBeyondByAPIAndCLI() throws {
        func label(_ change: (inout PaddedLabel) -> Void) -> PaddedLabel {
            var l = PaddedLabel("x")   // the default font, as labelsnap render's
            change(&l)
            return l
        }
        // (CLI arguments after the text, the label they make, accepted?, the message when refused)
        // Font sizes at the limit in 10 × 10 pt bounds: the whole glyph would exceed the bitmap limits.
        let small = ["--width", "10", "--height", "10"]
        func bounded(_ l: inout PaddedLabel) { l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) }
        let cases: [([String], PaddedLabel, String?)] = [
            (["--size", "10000"] + small, label { $0.font.pointSize = 10_000; bounded(&$0) }, nil),
            (["--size", "10000.5"] + small, label { $0.font.pointSize = 10_000.5; bounded(&$0) },
             "invalid font size 10000.5 pt: use a finite size > 0 and ≤ 10000 pt"),
            (["--size", "1024", "--scale", "16"] + small, label { $0.font.pointSize = 1024; $0.scale = 16; bounded(&$0) }, nil),
            (["--size", "1024.5", "--scale", "16"] + small, label { $0.font.pointSize = 1024.5; $0.scale = 16; bounded(&$0) },
             "font size × scale = 16392 px per em exceeds 16384: use a smaller font size or scale"),
            (["--scale", "16"], label { $0.scale = 16 }, nil),
            (["--scale", "16.5"], label { $0.scale = 16.5 }, "invalid scale 16.5: use a finite scale from 0.01 to 16 (1, 2 or 3 as UIScreen)"),
            (["--insets", "0,0,0,-1000000"], label { $0.insets.right = -1_000_000 }, nil),
            (["--insets", "0,0,0,1000001"], label { $0.insets.right = 1_000_001 },
             "invalid insets (top 0, left 0, bottom 0, right 1000001): every inset must be a finite number of points within ±1000000"),
            (["--line-spacing", "1000001"], label { $0.lineSpacing = 1_000_001 },
             "invalid lineSpacing 1000001: use a finite, non-negative number up to 1000000"),
            (["--lines", "-1"], label { $0.numberOfLines = -1 }, "invalid numberOfLines -1: use 0 (unlimited) or a positive count"),
            (["--min-scale", "1.5"], label { $0.adjustsFontSizeToFitWidth = true; $0.minimumScaleFactor = 1.5 },
             "invalid minimumScaleFactor 1.5: use a number from 0 to 1"),
            // 32,768 px a side: the text is 21 px tall at 1x (the system font at 17 pt: SF Pro's line height
            // 2444/2048 × 17 = 20.29 pt, up to the next pixel).
            (["--width", "32768"], label { try? $0.layout(width: 32_768) }, nil),
            (["--width", "32769"], label { try? $0.layout(width: 32_769) },
             "label of 32769×21 px exceeds the limit of 32768 px a side and 67108864 pixels: give it smaller bounds, text or scale"),
            // 64 Mpx in all: 8193 × 8192 px is one column of pixels over.
            (["--width", "8193", "--height", "8192"], label { $0.bounds = CGRect(x: 0, y: 0, width: 8193, height: 8192) },
             "label of 8193×8192 px exceeds the limit of 32768 px a side and 67108864 pixels: give it smaller bounds, text or scale"),
        ]
        let dir = Scratch.directory("limits")
        for (i, (arguments, label, message)) in cases.enumerated() {
            let png = dir + "/\(i).png"
            // Accepted values only measure (drawing a 10,000 pt glyph in a debug build takes seconds).
            let run = try CLIEnvironmentTests.labelsnap(["render", "x"] + arguments + (message == nil ? [] : ["-o", png]),
                                                          environment: CLIEnvironmentTests.baseEnvironment)
            if let message {
                XCTAssertThrowsError(try label.render(), "\(arguments)") { XCTAssertEqual("\($0)", message) }
                XCTAssertThrowsError(try label.makeLayout(), "\(arguments)") { XCTAssertEqual("\($0)", message) }
                XCTAssertEqual(run.status, 2, "\(arguments)")
                XCTAssertEqual(run.stderr, "labelsnap: \(message)\n", "\(arguments)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: png), "\(arguments)")
            } else {
                XCTAssertNoThrow(try label.makeLayout(), "\(arguments)")
                XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
            }
        }
    }

    /// Empty text without insets is a 0×0 label: it lays out and measures, but PNG cannot hold it; the error
    /// says what to do and nothing is written.
    func testAnEmptyLabelCannotBeAPNGAndSaysWhatToDo() throws {
        let empty = PaddedLabel("", font: .default(size: 17))
        XCTAssertEqual(try empty.intrinsicContentSize, .zero)
        let bitmap = try empty.render()
        XCTAssertEqual([bitmap.width, bitmap.height], [0, 0])
        let message = "cannot encode a 0×0 px bitmap as PNG: a PNG image has at least 1×1 pixels. "
            + "Give the label bounds of at least 1 px each way (a 0 pt width or height, e.g. layout(width: 0) or --width 0, is empty), "
            + "or, where the size comes from the content, insets or visible text (empty or white-space-only text is 0 pt wide: trailing white space is not measured; "
            + "so is text a negative kern or tracking pulls together to nothing: use a kern above minus the glyphs' advances)."
        XCTAssertThrowsError(try PNGCodec.encode(bitmap)) { XCTAssertEqual("\($0)", message) }
        let png = Scratch.directory("limits") + "/empty.png"
        let run = try CLIEnvironmentTests.labelsnap(["render", "", "-o", png], environment: CLIEnvironmentTests.baseEnvironment)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "labelsnap: \(message)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: png))
        // White space only: one line 21 px tall (the system font at 17 pt: 2444/2048 × 17 = 20.29 pt), 0 wide (trailing white space is not measured).
        let spaces = try CLIEnvironmentTests.labelsnap(["render", "   ", "-o", png], environment: CLIEnvironmentTests.baseEnvironment)
        XCTAssertEqual(spaces.status, 2)
        XCTAssertEqual(spaces.stderr, "labelsnap: " + message.replacingOccurrences(of: "0×0 px", with: "0×21 px") + "\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: png))
        // Padding alone makes it a PNG.
        XCTAssertEqual(try PNGCodec.decode(try PNGCodec.encode(PaddedLabel("", insets: EdgeInsets(all: 1)).render())).width, 2)
    }
}

import Foundation
import Imaging
import LabelRendering
import Typesetting
import XCTest

/// Values refused with a message that says what the value means and what to give, not a limit that belongs to
/// another value: an opacity, a CSS weight class, a feature value in JSON, an unknown category, a kern that pulls the
/// text to nothing.
final class ValueMessagesTests: XCTestCase {
    let cwd = FileManager.default.temporaryDirectory.path

    func testNaNAlphaIsAnOpacityFrom0To1() throws {
        var label = PaddedLabel("hello")
        label.alpha = .nan
        XCTAssertThrowsError(try label.render()) {
            XCTAssertEqual("\($0)", "invalid alpha nan: use an opacity from 0 to 1 (values below 0 draw as 0 and above 1 as 1, as UIView.alpha; NaN has no opacity)")
        }
        let r = try labelsnap(["render", "hello", "--alpha", "nan"], cwd: cwd)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--alpha needs a finite number (an opacity from 0 to 1; values outside it are clamped, as UIView.alpha), got 'nan'"), r.stderr)
    }

    /// 5000 was reported as the UIKit weight it maps to alone (3.0799999999999974).
    func testAnOutOfRangeCSSWeightIsNamedByItsClass() throws {
        var label = PaddedLabel("hello", font: Font.system(size: 17, weight: Font.Weight(cssWeight: 5000)))
        label.text = "hello"
        XCTAssertThrowsError(try label.render()) { XCTAssertTrue("\($0)".contains("(CSS weight 5000)"), "\($0)") }
        // 0 is UIKit's -1, inside the range layout checks (the command line's --weight takes CSS's 1…1000).
        XCTAssertNoThrow(try PaddedLabel("hello", font: Font.system(size: 17, weight: Font.Weight(cssWeight: 0))).render())
    }

    func testAFeatureValueInJSONIsNamedAsWrittenThere() throws {
        let dir = try temporaryFolder("value-messages")
        try Data(#"{"width": 100, "features": {"tnum": -1}}"#.utf8).write(to: URL(fileURLWithPath: dir + "/style.json"))
        try Data(#"{"sourceLanguage": "en", "version": "1.0", "strings": {"a": {}}}"#.utf8).write(to: URL(fileURLWithPath: dir + "/L.xcstrings"))
        let r = try labelsnap(["sweep", "L.xcstrings", "--style", "style.json"], cwd: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains(#""tnum" must be a whole number from 0 to 4294967295 (0 off, 1 on, n the nth alternate), got -1"#), r.stderr)
        XCTAssertFalse(r.stderr.contains("="), r.stderr)
    }

    func testAnUnknownCategoryIsUnknownBeforeAnyAdvice() throws {
        let r = try labelsnap(["render", "hello", "--content-size-category", "huge"], cwd: cwd)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains(#"unknown contentSizeCategory "huge""#), r.stderr)
        XCTAssertFalse(r.stderr.contains("add --text-style"), r.stderr)
    }

    /// A kern of -1000 pt pulls "hello" to 0 pt: the message named only empty or white-space-only text.
    func testAKernThatPullsTheTextToNothingIsNamed() throws {
        var text = AttributedString("hello")
        text.kern = -1000
        XCTAssertThrowsError(try PNGCodec.encode(try PaddedLabel(attributedText: text).render())) {
            XCTAssertTrue("\($0)".contains("so is text a negative kern or tracking pulls together to nothing"), "\($0)")
        }
    }
}

import TestSupport
import Foundation
import LabelRendering
import Typesetting
import XCTest

/// Edge cases of intrinsic size, shrinking and line breaking: a label at its own size, fractional sizes,
/// a zero minimum scale factor, a break opportunity inside a ligature.
final class IntrinsicSizeEdgeTests: XCTestCase {
    /// A label drawn at its own intrinsicContentSize shows all its text: pixel rounding and line fitting
    /// forgive the same tolerance (1e-6 pt), so a rounded size never truncates.
    func testALabelAtItsIntrinsicSizeShowsAllItsText() throws {
        var like = PaddedLabel("👍 Like", font: .default(size: 29.5), insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        like.scale = 3
        let likeLayout = try like.makeLayout()
        XCTAssertEqual(likeLayout.lines.map(\.text), ["👍 Like"])
        XCTAssertNil(likeLayout.truncation)

        var lines = PaddedLabel("Line 1\nLine 2", font: .default(size: 21.90625))
        lines.numberOfLines = 0
        let linesLayout = try lines.makeLayout()
        XCTAssertEqual(linesLayout.lines.map(\.text), ["Line 1", "Line 2"])
        XCTAssertNil(linesLayout.truncation)
    }

    /// The same, as a class: sizes in 1/64 pt steps and three scales, each label laid out in bounds of its
    /// intrinsic size must draw every line of its text without an ellipsis.
    func testIntrinsicSizeFitsAtEverySixtyFourthOfAPoint() throws {
        for step in 0..<(64 * 3) {
            let size = 12 + Double(step) / 64
            for scale in [1.0, 2.0, 3.0] {
                var label = PaddedLabel("Line 1\nLine 2 👍 Like", font: .default(size: size))
                label.numberOfLines = 0
                label.scale = scale
                let layout = try label.makeLayout()
                XCTAssertNil(layout.truncation, "\(size) pt @\(scale)x")
                XCTAssertEqual(layout.lines.map(\.text), ["Line 1", "Line 2 👍 Like"], "\(size) pt @\(scale)x")
            }
        }
    }

    /// minimumScaleFactor 0 means the label does not scale the text down (UIKit: "If you specify
    /// a value of 0 … the label doesn't scale the text down"); the text is truncated instead.
    func testMinimumScaleFactorZeroDoesNotShrink() throws {
        var label = PaddedLabel("A sixty point headline that cannot fit", font: .default(size: 60))
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0
        label.bounds = CGRect(x: 0, y: 0, width: 200, height: 80)
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.fontSize, 60)
        XCTAssertEqual(layout.truncation, .byTruncatingTail)
        // Any factor above 0 does shrink.
        label.minimumScaleFactor = 0.01
        XCTAssertLessThan(try label.makeLayout().fontSize, 60)
    }

    /// A character break is never taken inside a glyph cluster (the "fi" ligature), so every line draws its
    /// own text and none draws the whole ligature while the next draws nothing.
    func testABreakInsideALigatureIsNotTaken() throws {
        var label = PaddedLabel("fifi", font: .default(size: 17))
        label.numberOfLines = 0
        label.lineBreakMode = .byCharWrapping
        label.bounds = CGRect(x: 0, y: 0, width: 4, height: 200)
        let layout = try label.makeLayout()
        // DejaVu Sans forms "fi" with its `liga` feature: one glyph for two characters.
        XCTAssertEqual(layout.lines.map(\.text), ["fi", "fi"])
        let baselines = Set(layout.glyphs.map { $0.y })
        XCTAssertEqual(baselines.count, layout.lines.count, "every line draws glyphs")
        XCTAssertEqual(layout.glyphs.count, 2)
    }
}

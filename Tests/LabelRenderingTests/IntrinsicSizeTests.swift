import TestSupport
import Foundation
import LabelRendering
import Typesetting
import XCTest

let dejaVuPath = FontFile.dejaVuSans.path

final class IntrinsicSizeTests: XCTestCase {
    let insets = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)

    func testDejaVuMetricsAreDesignUnitsScaledUnrounded() throws {
        let ref = try FontReference(path: dejaVuPath, text: "")
        let m = try FontFace.load(.dejaVuSans).metrics(pointSize: 17)
        XCTAssertEqual(ref.upem, 2048)
        XCTAssertEqual(m.ascender, Double(ref.ascender) * 17 / 2048, accuracy: 1e-9)
        XCTAssertEqual(m.descender, Double(ref.descender) * 17 / 2048, accuracy: 1e-9)
        XCTAssertEqual(m.lineHeight, Double(ref.height) * 17 / 2048, accuracy: 1e-9)
        XCTAssertLessThan(m.descender, 0)
    }

    func testSingleLineIntrinsicSizeAtEachScale() throws {
        let text = "Hello"
        let ref = try FontReference(path: dejaVuPath, text: text)
        for scale in [1.0, 2.0, 3.0] {
            var label = PaddedLabel(text, font: .default(size: 17), insets: insets)
            label.scale = scale
            let size = try label.intrinsicContentSize
            let w = FontReference.px(ref.width(text, pointSize: 17), scale) + 32
            let h = FontReference.px(ref.lineHeight(pointSize: 17), scale) + 16
            XCTAssertEqual(size.width, w, accuracy: 1e-9, "@\(scale)x")
            XCTAssertEqual(size.height, h, accuracy: 1e-9, "@\(scale)x")
            // Pixel rounding: sizes land on the pixel grid.
            XCTAssertEqual((size.width * scale).rounded(), size.width * scale, accuracy: 1e-9)
        }
    }

    func testMultiLineIntrinsicSizeWrapsAtPreferredMaxLayoutWidth() throws {
        let text = "UILabel With Padding"
        let ref = try FontReference(path: dejaVuPath, text: text)
        for scale in [1.0, 2.0, 3.0] {
            let first = ref.width("UILabel With", pointSize: 17)
            let second = ref.width("Padding", pointSize: 17)
            // Push-out (UILabel's default strategy) gives the lone "Padding" a second word when it fits.
            let pushedFirst = ref.width("UILabel", pointSize: 17), pushedSecond = ref.width("With Padding", pointSize: 17)
            let whole = ref.width(text, pointSize: 17)
            var label = PaddedLabel(text, font: .default(size: 17), insets: insets)
            label.scale = scale
            label.numberOfLines = 0
            label.preferredMaxLayoutWidth = (first + whole) / 2   // "UILabel With" fits, the whole text does not
            let size = try label.intrinsicContentSize
            XCTAssertLessThan(pushedSecond, label.preferredMaxLayoutWidth)
            XCTAssertEqual(size.width, FontReference.px(max(pushedFirst, pushedSecond), scale) + 32, accuracy: 1e-9, "@\(scale)x")
            label.lineBreakStrategy = []
            XCTAssertEqual(try label.intrinsicContentSize.width, FontReference.px(max(first, second), scale) + 32, accuracy: 1e-9)
            label.lineBreakStrategy = .standard
            XCTAssertEqual(size.height, FontReference.px(2 * ref.lineHeight(pointSize: 17), scale) + 16, accuracy: 1e-9)
            // Three lines when the text width only holds one word.
            label.preferredMaxLayoutWidth = second + 1
            XCTAssertEqual(try label.intrinsicContentSize.height,
                           FontReference.px(3 * ref.lineHeight(pointSize: 17), scale) + 16, accuracy: 1e-9)
        }
    }

    func testNumberOfLinesOneIgnoresPreferredWidth() throws {
        let text = "UILabel With Padding"
        let ref = try FontReference(path: dejaVuPath, text: text)
        var label = PaddedLabel(text, font: .default(size: 17), insets: insets)
        label.preferredMaxLayoutWidth = 50
        XCTAssertEqual(try label.intrinsicContentSize.width, FontReference.px(ref.width(text, pointSize: 17), 1) + 32, accuracy: 1e-9)
    }

    func testEmptyTextKeepsThePadding() throws {
        let label = PaddedLabel("", font: .default(size: 17), insets: insets)
        XCTAssertEqual(try label.intrinsicContentSize, CGSize(width: 32, height: 16))
        XCTAssertEqual(try label.sizeThatFits(CGSize(width: 100, height: 100)), CGSize(width: 32, height: 16))
    }

    func testSizeThatFitsSubtractsTheInsetsBeforeWrapping() throws {
        // The popular subclass bug measured the text at the full width: one line here instead of two.
        let text = "UILabel With Padding"
        let ref = try FontReference(path: dejaVuPath, text: text)
        let whole = ref.width(text, pointSize: 17)
        var label = PaddedLabel(text, font: .default(size: 17), insets: insets)
        label.numberOfLines = 0
        label.scale = 2
        let fitting = try label.sizeThatFits(CGSize(width: whole + 10, height: .greatestFiniteMagnitude))
        let twoLines = FontReference.px(2 * ref.lineHeight(pointSize: 17), 2) + 16
        XCTAssertEqual(fitting.height, twoLines, accuracy: 1e-9)
        // Unconstrained proposals (0, infinity, greatestFiniteMagnitude) measure one line.
        let oneLine = FontReference.px(ref.lineHeight(pointSize: 17), 2) + 16
        for w in [0, CGFloat.infinity, .greatestFiniteMagnitude, .nan] {
            XCTAssertEqual(try label.sizeThatFits(CGSize(width: w, height: 10)).height, oneLine, accuracy: 1e-9, "\(w)")
        }
    }

    /// UIKit parity: a one-line `UILabel` answers `sizeThatFits` with its whole line, wider than the
    /// proposal (the size that shows all of it), so the padded subclass answers that plus the insets. Widths from
    /// DejaVu Sans' hmtx/kern (TestSupport's FontReference).
    func testOneLineSizeThatFitsIsTheWholeLineWhateverTheProposal() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let ref = try FontReference(path: dejaVuPath, text: text)
        let padding = EdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        var label = PaddedLabel(text, font: .default(size: 17), insets: padding)
        let whole = CGSize(width: FontReference.px(ref.width(text, pointSize: 17), 1) + 20,
                           height: FontReference.px(ref.lineHeight(pointSize: 17), 1) + 8)
        XCTAssertGreaterThan(whole.width, 300)
        for proposal in [CGFloat(100), 200, 0, whole.width + 50] {
            XCTAssertEqual(try label.sizeThatFits(CGSize(width: proposal, height: .greatestFiniteMagnitude)), whole, "\(proposal)")
        }
        label.numberOfLines = 3
        label.lineBreakMode = .byTruncatingMiddle   // one line whatever numberOfLines says
        XCTAssertEqual(try label.sizeThatFits(CGSize(width: 100, height: 100)), whole)
        // layout(width:) still takes the width it is given, one line high.
        label.lineBreakMode = .byTruncatingTail
        label.numberOfLines = 1
        try label.layout(width: 100)
        XCTAssertEqual(label.bounds?.size, CGSize(width: 100, height: whole.height))
    }

    /// A proposal no wider than the insets leaves a text width of 0 or less, which `UILabel.sizeThatFits` (0) takes as
    /// no constraint: the one-line size, not one character a line; and `layout(width:)` agrees with the
    /// intrinsic size its `preferredMaxLayoutWidth` of 0 gives. One point wider, the text wraps at 1 pt: a line per
    /// character ("Hello": 5 lines).
    func testATextWidthOfZeroIsNoConstraint() throws {
        let ref = try FontReference(path: dejaVuPath, text: "Hello")
        var label = PaddedLabel("Hello", font: .default(size: 17), insets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
        label.numberOfLines = 0
        let line = ref.lineHeight(pointSize: 17)
        let oneLine = CGSize(width: FontReference.px(ref.width("Hello", pointSize: 17), 1) + 20, height: FontReference.px(line, 1) + 8)
        for proposal in [CGFloat(20), 12, 0] {
            XCTAssertEqual(try label.sizeThatFits(CGSize(width: proposal, height: 100)), oneLine, "\(proposal)")
        }
        XCTAssertEqual(try label.sizeThatFits(CGSize(width: 21, height: 100)).height, FontReference.px(5 * line, 1) + 8, accuracy: 1e-9)
        try label.layout(width: 20)
        XCTAssertEqual(label.preferredMaxLayoutWidth, 0)
        XCTAssertEqual(label.bounds?.size, CGSize(width: 20, height: oneLine.height))
        XCTAssertEqual(try label.intrinsicContentSize, oneLine)
        try label.layout(width: 21)
        XCTAssertEqual(label.bounds?.size.height ?? 0, FontReference.px(5 * line, 1) + 8, accuracy: 1e-9)
        XCTAssertEqual(try label.intrinsicContentSize.height, FontReference.px(5 * line, 1) + 8, accuracy: 1e-9)
    }

    func testLayoutWidthSetsPreferredMaxLayoutWidthNeverNegative() throws {
        var label = PaddedLabel("UILabel With Padding", font: .default(size: 17), insets: insets)
        label.numberOfLines = 0
        try label.layout(width: 200)
        XCTAssertEqual(label.preferredMaxLayoutWidth, 168)
        XCTAssertEqual(label.bounds?.width, 200)
        try label.layout(width: 10)
        XCTAssertEqual(label.preferredMaxLayoutWidth, 0)
        try label.layout(width: 0)
        XCTAssertEqual(label.preferredMaxLayoutWidth, 0)
        XCTAssertThrowsError(try label.layout(width: -5))
        XCTAssertThrowsError(try label.layout(width: .nan))
    }

    func testKoreanWordsStayWholeBetweenSpaces() throws {
        let text = "않이 패딩이 왜 없어..?"
        var label = PaddedLabel(text, font: .default(size: 17), insets: insets)
        label.numberOfLines = 0
        try label.layout(width: 110)
        let lines = try label.makeLayout().lines.map(\.text)
        XCTAssertGreaterThan(lines.count, 1)
        let words = Set(text.split(separator: " ").map(String.init))
        for line in lines {
            for word in line.split(separator: " ") { XCTAssertTrue(words.contains(String(word)), "\(lines)") }
        }
        XCTAssertEqual(lines.joined(separator: " "), text)
    }

    func testInvalidPropertiesThrowClearErrors() {
        var label = PaddedLabel("x")
        label.scale = .nan
        XCTAssertThrowsError(try label.intrinsicContentSize) { XCTAssertTrue("\($0)".contains("scale")) }
        label.scale = 1
        label.insets = EdgeInsets(top: .infinity)
        XCTAssertThrowsError(try label.intrinsicContentSize) { XCTAssertTrue("\($0)".contains("insets")) }
        label.insets = .zero
        label.font = .default(size: -3)
        XCTAssertThrowsError(try label.intrinsicContentSize) { XCTAssertTrue("\($0)".contains("font size")) }
        label.font = Font(path: "/nonexistent/Font.ttf", size: 12)
        XCTAssertThrowsError(try label.intrinsicContentSize) { XCTAssertTrue("\($0)".contains("/nonexistent/Font.ttf")) }
        label.font = Font(path: "/usr/share/fonts/truetype/dejavu/Missing.ttf", size: 12)
        XCTAssertThrowsError(try label.intrinsicContentSize) { XCTAssertTrue("\($0)".contains("apt-get install fonts-dejavu-core")) }
    }
}

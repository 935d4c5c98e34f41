import TestSupport
import Foundation
import LabelRendering
import XCTest

/// One rule for "no limit" (`PaddedLabel.isUnbounded`): `.infinity`, `.greatestFiniteMagnitude` and any length
/// over `maximumLength` mean the same in `textRect(forBounds:)`, `preferredMaxLayoutWidth` and `sizeThatFits`;
/// NaN, negative sizes and negative line counts are refused (docs/layout-rules.md, Unbounded lengths).
final class UnboundedLengthTests: XCTestCase {
    let text = "UILabel With Padding"
    let insets = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)

    func testTextRectTakesEverySpellingOfAnUnboundedHeight() throws {
        let ref = try FontReference(path: dejaVuPath, text: text)
        var label = PaddedLabel(text, font: .default(size: 17), insets: insets)
        label.numberOfLines = 0
        // Between "UILabel With" and the whole text wide: two lines, "UILabel" / "With Padding" (push-out, UILabel's
        // default, gives the last word a companion), as IntrinsicSizeTests.
        let first = ref.width("UILabel With", pointSize: 17), whole = ref.width(text, pointSize: 17)
        let pushed = max(ref.width("UILabel", pointSize: 17), ref.width("With Padding", pointSize: 17))
        let width = (first + whole) / 2 + 32
        let twoLines = CGRect(x: 0, y: 0, width: FontReference.px(pushed, 1) + 32,
                              height: FontReference.px(2 * ref.lineHeight(pointSize: 17), 1) + 16)
        for height in [CGFloat.infinity, .greatestFiniteMagnitude, 1e300, PaddedLabel.maximumLength.nextUp] {
            let rect = try label.textRect(forBounds: CGRect(x: 0, y: 0, width: width, height: height), limitedToNumberOfLines: 0)
            XCTAssertEqual(rect, twoLines, "height \(height)")
        }
        // An unbounded width: one line, the whole text.
        let oneLine = try label.textRect(forBounds: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: .infinity), limitedToNumberOfLines: 0)
        XCTAssertEqual(oneLine.width, FontReference.px(ref.width(text, pointSize: 17), 1) + 32, accuracy: 1e-9)
        XCTAssertEqual(oneLine.height, FontReference.px(ref.lineHeight(pointSize: 17), 1) + 16, accuracy: 1e-9)
    }

    func testTextRectRefusesNaNNegativeSizesAndNegativeLineCounts() throws {
        var label = PaddedLabel(text, font: .default(size: 17), insets: insets)
        label.numberOfLines = 0
        for rect in [CGRect(x: 0, y: 0, width: 100, height: CGFloat.nan), CGRect(x: 0, y: 0, width: 100, height: -CGFloat.infinity),
                     CGRect(x: CGFloat.infinity, y: 0, width: 100, height: 100)] {
            XCTAssertThrowsError(try label.textRect(forBounds: rect, limitedToNumberOfLines: 0)) {
                XCTAssertTrue("\($0)".hasPrefix("invalid bounds"), "\($0)")
            }
        }
        XCTAssertThrowsError(try label.textRect(forBounds: CGRect(x: 0, y: 0, width: 168, height: 100), limitedToNumberOfLines: -1)) {
            XCTAssertEqual($0 as? LabelError, .invalidNumberOfLines(-1))
            XCTAssertEqual("\($0)", "invalid numberOfLines -1: use 0 (unlimited) or a positive count")
        }
    }

    func testAnUnboundedPreferredMaxLayoutWidthIsNoPreferredWidth() throws {
        let ref = try FontReference(path: dejaVuPath, text: text)
        var label = PaddedLabel(text, font: .default(size: 17), insets: insets)
        label.numberOfLines = 0
        let oneLine = CGSize(width: FontReference.px(ref.width(text, pointSize: 17), 1) + 32,
                             height: FontReference.px(ref.lineHeight(pointSize: 17), 1) + 16)
        for width in [0, CGFloat.infinity, .greatestFiniteMagnitude, 1e300] {
            label.preferredMaxLayoutWidth = width
            XCTAssertEqual(try label.intrinsicContentSize, oneLine, "preferredMaxLayoutWidth \(width)")
            XCTAssertNoThrow(try label.makeLayout(), "preferredMaxLayoutWidth \(width)")
        }
        for width in [CGFloat.nan, -1, -CGFloat.infinity] {
            label.preferredMaxLayoutWidth = width
            XCTAssertThrowsError(try label.intrinsicContentSize) {
                XCTAssertTrue("\($0)".hasPrefix("invalid preferredMaxLayoutWidth"), "\($0)")
                XCTAssertTrue("\($0)".contains("0 or .infinity for no preferred width"), "\($0)")
            }
        }
        // sizeThatFits takes the same spellings for an unconstrained width.
        label.preferredMaxLayoutWidth = 0
        for width in [CGFloat.infinity, .greatestFiniteMagnitude, PaddedLabel.maximumLength.nextUp] {
            XCTAssertEqual(try label.sizeThatFits(CGSize(width: width, height: .infinity)).width, oneLine.width, "width \(width)")
        }
    }
}

import Foundation
import Typesetting
import XCTest

@testable import LabelRendering

/// One size limit for measured text: more than `PaddedLabel.maximumLength` (1,000,000 pt) wide or tall is refused
/// while measuring (`LabelError.textTooLarge`), whether the text wraps into too many lines or one line is too
/// long; `layout(width:)` set bounds millions of points tall without an error. Sizes from DejaVu Sans's line height
/// (hhea: 2384 / 2048 em) at 500 pt: 582 pt a line, so 1,718 lines are within the limit and 5,000 words are not.
final class SizeLimitTests: XCTestCase {
    func label(_ text: String) -> PaddedLabel {
        var label = PaddedLabel(text, font: Font(file: .dejaVuSans, size: 500))
        label.numberOfLines = 0
        return label
    }

    func testTextTallerThanTheLimitIsRefused() throws {
        var tall = label(String(repeating: "ab ", count: 5_000))
        XCTAssertThrowsError(try tall.layout(width: 1_500)) { error in
            XCTAssertEqual(error as? LabelError, .textTooLarge(side: "tall"))
            XCTAssertEqual("\(error)", "text more than 1000000 pt tall (the limit of a label's lengths): give the label less text, "
                           + "a smaller font, or fewer lines (numberOfLines)")
        }
        XCTAssertNil(tall.bounds)
        var charWrapped = label(String(repeating: "a", count: 20_000))
        charWrapped.lineBreakMode = .byCharWrapping
        XCTAssertThrowsError(try charWrapped.layout(width: 1_500)) { XCTAssertEqual($0 as? LabelError, .textTooLarge(side: "tall")) }
        // Within the limit: laid out.
        var short = label(String(repeating: "ab ", count: 100))
        XCTAssertNoThrow(try short.layout(width: 1_500))
        XCTAssertLessThanOrEqual(try XCTUnwrap(short.bounds).height, PaddedLabel.maximumLength)
    }

    func testALineWiderThanTheLimitIsRefused() throws {
        var wide = label(String(repeating: "abcdefghij", count: 500))
        wide.numberOfLines = 1
        XCTAssertThrowsError(try wide.intrinsicContentSize) { XCTAssertEqual($0 as? LabelError, .textTooLarge(side: "wide")) }
        XCTAssertThrowsError(try wide.sizeThatFits(.zero)) { XCTAssertEqual($0 as? LabelError, .textTooLarge(side: "wide")) }
        // Drawn in bounds, the same text is truncated: no size over the limit is measured.
        wide.bounds = CGRect(x: 0, y: 0, width: 2_000, height: 600)
        XCTAssertEqual(try wide.makeLayout().truncation, .byTruncatingTail)
    }
}

import LabelLayout
import Typesetting
import XCTest

/// Left-to-right text in a right-to-left paragraph keeps its reading order when drawn; only its
/// placement follows the paragraph (UAX #9 L2). Found by a new-user test: "hello world" forced
/// right-to-left drew "dlrow olleh".
final class RightToLeftDrawingTests: XCTestCase {
    /// Glyph ids from left to right on the bitmap.
    private func visualGlyphs(_ layout: TextLayout) -> [UInt32] {
        layout.glyphs.sorted { $0.x < $1.x }.map(\.glyphID)
    }

    func testLatinTextInARightToLeftLabelReadsLeftToRight() throws {
        for text in ["hello world", "12345", "New messages"] {
            let ltr = PaddedLabel(text, font: .default(size: 20))
            var rtl = ltr
            rtl.layoutDirection = .rightToLeft
            let a = try ltr.makeLayout(), b = try rtl.makeLayout()
            XCTAssertFalse(a.glyphs.isEmpty, text)
            XCTAssertEqual(visualGlyphs(b), visualGlyphs(a), "\(text) must not be mirrored")
        }
    }

    func testDigitsOnAWrappedLineOfAHebrewParagraphReadLeftToRight() throws {
        // Line 2 of "שלום 12345" at a width that fits one word holds only the digits.
        var label = PaddedLabel("שלום 12345", font: .default(size: 20))
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 70
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.lines.map(\.text), ["שלום", "12345"])
        let digits = try PaddedLabel("12345", font: .default(size: 20)).makeLayout()
        let secondLine = layout.glyphs.filter { $0.y > layout.lines[0].baseline * layout.scale + 1 }
        XCTAssertEqual(secondLine.sorted { $0.x < $1.x }.map(\.glyphID), visualGlyphs(digits))
    }
}

import LabelRendering
import Typesetting
import XCTest

/// Left-to-right text in a right-to-left paragraph keeps its reading order when drawn; only its
/// placement follows the paragraph (UAX #9 L2): "hello world" forced right-to-left is drawn
/// "hello world", never "dlrow olleh".
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

    /// The Korean badge in a right-to-left cell: its first strong character is Hangul, so its
    /// paragraph stays left-to-right (UAX #9 P2–P3) and "..?" stays at its end; only the alignment follows the
    /// cell, never the forced right-to-left base's "?..않이 패딩이 왜 없어".
    func testKoreanInARightToLeftCellKeepsItsOrderAndAlignsRight() throws {
        var ltr = PaddedLabel("않이 패딩이 왜 없어..?", font: .default(size: 17))
        ltr.bounds = CGRect(x: 0, y: 0, width: 300, height: 30)
        var rtl = ltr
        rtl.layoutDirection = .rightToLeft
        let a = try ltr.makeLayout(), b = try rtl.makeLayout()
        XCTAssertFalse(b.lines[0].isRightToLeft)
        XCTAssertEqual(visualGlyphs(b), visualGlyphs(a))
        // The question mark is the rightmost glyph (logically last, in a left-to-right paragraph).
        let question = try XCTUnwrap(PaddedLabel("?", font: .default(size: 17)).makeLayout().glyphs.first?.glyphID)
        XCTAssertEqual(visualGlyphs(b).last, question)
        // `.natural` alignment follows the layout direction: left edge at 0 without it, right edge at 300 with it.
        XCTAssertEqual(a.lines[0].rect.minX, 0, accuracy: 1e-9)
        XCTAssertEqual(b.lines[0].rect.maxX, 300, accuracy: 1e-9)
        XCTAssertEqual(b.lines[0].rect.width, a.lines[0].rect.width, accuracy: 1e-9)
    }

    /// A paragraph without a strong character takes the layout direction as its base. "12 + 34" in a right-to-left
    /// paragraph, by hand (UAX #9): `+` between spaces is not a single separator between numbers (W4), so it and
    /// the spaces become ON (W6); numbers count as R for neutrals (N1), so " + " resolves to R, level 1, and the
    /// digits to level 2 (I2). L2 reverses levels ≥ 1 (the whole line), then each level-2 run back: "34 + 12".
    func testNeutralParagraphTakesTheLayoutDirection() throws {
        var rtl = PaddedLabel("12 + 34", font: .default(size: 20))
        rtl.layoutDirection = .rightToLeft
        let layout = try rtl.makeLayout()
        XCTAssertTrue(layout.lines[0].isRightToLeft)
        XCTAssertEqual(visualGlyphs(layout), visualGlyphs(try PaddedLabel("34 + 12", font: .default(size: 20)).makeLayout()))
        // Left-to-right (given or not): as typed.
        for direction in [nil, LayoutDirection.leftToRight] {
            var ltr = PaddedLabel("12 + 34", font: .default(size: 20))
            ltr.layoutDirection = direction
            let l = try ltr.makeLayout()
            XCTAssertFalse(l.lines[0].isRightToLeft)
            XCTAssertEqual(visualGlyphs(l), visualGlyphs(try PaddedLabel("12 + 34", font: .default(size: 20)).makeLayout()))
        }
    }

    /// Each paragraph finds its own base: "abc" then Hebrew, in a right-to-left cell; both lines align right
    /// (the layout direction decides `.natural`), in a left-to-right cell both align left.
    func testParagraphsKeepTheirOwnDirectionAndAlignByTheLayoutDirection() throws {
        for (direction, alignsRight) in [(LayoutDirection.rightToLeft, true), (.leftToRight, false)] {
            var label = PaddedLabel("abc\nשלום", font: .default(size: 20))
            label.numberOfLines = 0
            label.layoutDirection = direction
            label.bounds = CGRect(x: 0, y: 0, width: 200, height: 60)
            let lines = try label.makeLayout().lines
            XCTAssertEqual(lines.map(\.isRightToLeft), [false, true], "\(direction)")
            for line in lines {
                XCTAssertEqual(alignsRight ? line.rect.maxX : line.rect.minX, alignsRight ? 200 : 0, accuracy: 1e-9, "\(direction)")
            }
        }
    }
}

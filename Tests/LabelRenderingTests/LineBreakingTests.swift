import TestSupport
import Foundation
import LabelRendering
import Typesetting
import XCTest

/// Line breaking, truncation and drawing geometry. Widths come from `FontReference` (FreeType alone).
final class LineBreakingTests: XCTestCase {
    let text = "UILabel With Padding"
    var ref: FontReference!

    override func setUpWithError() throws {
        ref = try FontReference(path: dejaVuPath, text: asciiAndEllipsis)
    }

    func w(_ s: String) -> CGFloat { ref.width(s, pointSize: 17) }

    /// A label of one text line whose text rect is `textWidth` wide.
    func singleLine(_ textWidth: CGFloat, mode: LineBreakMode, _ string: String? = nil) throws -> TextLayout {
        var label = PaddedLabel(string ?? text, font: .default(size: 17), insets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
        label.lineBreakMode = mode
        label.bounds = CGRect(x: 0, y: 0, width: textWidth + 20, height: 40)
        return try label.makeLayout()
    }

    func testTailTruncationKeepsTheHead() throws {
        let layout = try singleLine(w("UILabel") + w("…") + 0.5 * w("W"), mode: .byTruncatingTail)
        XCTAssertEqual(layout.lines.map(\.text), ["UILabel…"])
        XCTAssertEqual(layout.truncation, .byTruncatingTail)
        XCTAssertEqual(layout.lines[0].rect.width, w("UILabel") + w("…"), accuracy: 1e-9)
    }

    func testHeadTruncationKeepsTheEnd() throws {
        let layout = try singleLine(w("…") + w("Padding") + 1, mode: .byTruncatingHead)
        XCTAssertEqual(layout.lines.map(\.text), ["…Padding"])
    }

    func testMiddleTruncationKeepsBothEnds() throws {
        let width = w("UILab") + w("…") + w("dding")
        let layout = try singleLine(width, mode: .byTruncatingMiddle)
        let line = try XCTUnwrap(layout.lines.first)
        XCTAssertTrue(line.text.hasPrefix("UI") && line.text.hasSuffix("ing") && line.text.contains("…"), line.text)
        XCTAssertLessThanOrEqual(line.rect.width, width + 1e-9)
        // Rule: the head takes the most clusters within half the budget, the tail the most within what is left.
        let parts = line.text.split(separator: "…").map(String.init)
        XCTAssertEqual(parts.count, 2)
        let budget = width - w("…")
        let head = parts[0], tail = parts[1]
        XCTAssertLessThanOrEqual(w(head), budget / 2)
        XCTAssertGreaterThan(w(String(text.prefix(head.count + 1))), budget / 2)
        XCTAssertLessThanOrEqual(w(tail), budget - w(head) + 1e-9)
        XCTAssertGreaterThan(w(String(text.suffix(tail.count + 1))), budget - w(head))
    }

    func testClippingDrawsTheWholeLineWithoutEllipsis() throws {
        let layout = try singleLine(w("UILabel"), mode: .byClipping)
        XCTAssertEqual(layout.lines.map(\.text), [text])
        XCTAssertEqual(layout.lines[0].rect.width, w("UILabel"), accuracy: 1e-9)
        // Glyphs past the bounds exist in the layout and are clipped only by the bitmap.
        XCTAssertGreaterThan(layout.glyphs.last!.x, Double(layout.bounds.width))
    }

    func testWordWrappingOnOneLineCutsAtAWordWithoutEllipsis() throws {
        let layout = try singleLine((w("UILabel With") + w("UILabel With P")) / 2, mode: .byWordWrapping)
        XCTAssertEqual(layout.lines.map(\.text), ["UILabel With"])
    }

    func testCharWrappingBreaksBetweenCharacters() throws {
        var label = PaddedLabel(text, font: .default(size: 17))
        label.numberOfLines = 0
        label.lineBreakMode = .byCharWrapping
        label.bounds = CGRect(x: 0, y: 0, width: w("UILabel W") + 0.5, height: 200)
        let lines = try label.makeLayout().lines.map(\.text)
        XCTAssertEqual(lines.first, "UILabel W")
        XCTAssertEqual(lines.joined(), text)
    }

    func testMultiLineTailTruncationOnTheLastKeptLine() throws {
        var label = PaddedLabel(text, font: .default(size: 17))
        label.numberOfLines = 2
        label.bounds = CGRect(x: 0, y: 0, width: w("UILabel") + 2, height: 200)
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.lines.count, 2)
        XCTAssertEqual(layout.lines[0].text, "UILabel")
        XCTAssertTrue(layout.lines[1].text.hasSuffix("…"), layout.lines[1].text)
        XCTAssertTrue(layout.lines[1].text.hasPrefix("With"), layout.lines[1].text)
        XCTAssertEqual(layout.truncation, .byTruncatingTail)
    }

    func testLongWordBreaksBetweenGraphemeClusters() throws {
        let word = "Supercalifragilistic"
        var label = PaddedLabel(word, font: .default(size: 17))
        label.numberOfLines = 0
        label.bounds = CGRect(x: 0, y: 0, width: w("Superc") + 0.5, height: 300)
        let lines = try label.makeLayout().lines
        XCTAssertEqual(lines.first?.text, "Superc")
        XCTAssertEqual(lines.map(\.text).joined(), word)
        for line in lines { XCTAssertLessThanOrEqual(line.rect.width, w("Superc") + 0.5) }
    }

    func testHardBreaksEndLines() throws {
        var label = PaddedLabel("one\ntwo\u{2028}three\r\nfour", font: .default(size: 17))
        label.numberOfLines = 0
        XCTAssertEqual(try label.makeLayout().lines.map(\.text), ["one", "two", "three", "four"])
        label.numberOfLines = 2
        XCTAssertEqual(try label.makeLayout().lines.map(\.text), ["one", "two…"])
    }

    func testCharWrappingNeverSplitsACombiningSequence() throws {
        let word = String(repeating: "e\u{0301}", count: 12)
        var label = PaddedLabel(word, font: .default(size: 17))
        label.numberOfLines = 0
        label.lineBreakMode = .byCharWrapping
        label.bounds = CGRect(x: 0, y: 0, width: 25, height: 400)
        let lines = try label.makeLayout().lines
        XCTAssertGreaterThan(lines.count, 1)
        for line in lines {
            XCTAssertEqual(line.text.unicodeScalars.count % 2, 0, "split cluster in \(line.text.unicodeScalars.map { $0.value })")
        }
    }

    func testTextIsCentredVerticallyInTheInsetRect() throws {
        let m = (ascender: ref.ascender(pointSize: 17), lineHeight: ref.lineHeight(pointSize: 17))
        for (top, bottom, scale) in [(8.0, 8.0, 2.0), (20.0, 0.0, 3.0), (0.0, 30.0, 1.0)] {
            var label = PaddedLabel("Hi", font: .default(size: 17), insets: EdgeInsets(top: top, left: 5, bottom: bottom, right: 5))
            label.scale = scale
            label.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
            let layout = try label.makeLayout()
            let rectHeight = 80 - top - bottom
            let blockTop = top + (rectHeight - m.lineHeight) / 2
            XCTAssertEqual(layout.lines[0].baseline, ((blockTop + m.ascender) * scale).rounded() / scale, accuracy: 1e-9)
        }
    }

    func testLinesAreLimitedByTheHeightOfTheBounds() throws {
        var label = PaddedLabel("one\ntwo\nthree\nfour\nfive", font: .default(size: 17), insets: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5))
        label.numberOfLines = 0
        let lh = ref.lineHeight(pointSize: 17)
        label.bounds = CGRect(x: 0, y: 0, width: 200, height: 10 + 2.5 * lh)
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.lines.map(\.text), ["one", "two…"])
    }

    func testAlignment() throws {
        for alignment in TextAlignment.allCases {
            var label = PaddedLabel("Hi", font: .default(size: 17), insets: EdgeInsets(top: 0, left: 10, bottom: 0, right: 30))
            label.textAlignment = alignment
            label.bounds = CGRect(x: 0, y: 0, width: 140, height: 30)
            let rect = try label.makeLayout().lines[0].rect
            let expectedX: CGFloat
            switch alignment {
            case .left, .natural, .justified: expectedX = 10
            case .right: expectedX = 110 - w("Hi")
            case .center: expectedX = 10 + (100 - w("Hi")) / 2
            }
            XCTAssertEqual(rect.minX, expectedX, accuracy: 1e-9, "\(alignment)")
        }
        var rtl = PaddedLabel("Hi", font: .default(size: 17), directionalInsets: DirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 30), layoutDirection: .rightToLeft)
        rtl.bounds = CGRect(x: 0, y: 0, width: 140, height: 30)
        XCTAssertEqual(rtl.insets.left, 30)
        XCTAssertEqual(try rtl.makeLayout().lines[0].rect.maxX, 130, accuracy: 1e-9) // natural = right in RTL
    }

    func testDegenerateBoundsGiveDefinedResults() throws {
        var label = PaddedLabel(text, font: .default(size: 17), insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        label.numberOfLines = 0
        label.bounds = CGRect(x: 0, y: 0, width: 0, height: 0)
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.textRect.width, 0)
        XCTAssertEqual(layout.pixelWidth, 0)
        label.insets = EdgeInsets(top: -4, left: -4, bottom: -4, right: -4)
        label.bounds = CGRect(x: 0, y: 0, width: 50, height: 20)
        XCTAssertEqual(try label.makeLayout().textRect, CGRect(x: -4, y: -4, width: 58, height: 28))
        label.bounds = CGRect(x: 0, y: 0, width: 1e5, height: 1e5)
        XCTAssertThrowsError(try label.makeLayout()) { XCTAssertTrue("\($0)".contains("px")) }
        label.bounds = CGRect(x: 0, y: 0, width: 1e9, height: 1e9)
        XCTAssertThrowsError(try label.makeLayout()) { XCTAssertTrue("\($0)".contains("invalid bounds")) }
    }

    func testControlCharactersDrawNothingAndTabReachesAStop() throws {
        let label = PaddedLabel("a\u{1}b\tc\u{7F}d", font: .default(size: 17))
        let layout = try label.makeLayout()
        XCTAssertFalse(layout.glyphs.contains { $0.glyphID == 0 }, "no .notdef box for a control character")
        XCTAssertTrue(layout.missingScalars.isEmpty)
        // "ab" is narrower than 28 pt: the tab reaches the first default stop; U+007F draws nothing.
        XCTAssertLessThan(w("ab"), 28)
        XCTAssertEqual(layout.lines[0].rect.width, 28 + w("c") + w("d"), accuracy: 1e-9)
    }

    func testATrailingNewlineAddsNoLineAndNoEllipsis() throws {
        var single = PaddedLabel("ab\n", font: .default(size: 17))
        XCTAssertEqual(try single.makeLayout().lines.map(\.text), ["ab"])
        XCTAssertNil(try single.makeLayout().truncation)
        XCTAssertEqual(try single.intrinsicContentSize.width, FontReference.px(w("ab"), 1), accuracy: 1e-9)
        single.numberOfLines = 0
        XCTAssertEqual(try single.intrinsicContentSize.height, FontReference.px(ref.lineHeight(pointSize: 17), 1), accuracy: 1e-9)
        // An empty line in the middle, or "\n" alone, is still a line.
        single.text = "a\n\nb"
        XCTAssertEqual(try single.makeLayout().lines.map(\.text), ["a", "", "b"])
        single.text = "\n"
        XCTAssertEqual(try single.makeLayout().lines.count, 1)
    }

    func testTextRectIsLimitedToTheLinesThatFitTheBounds() throws {
        var label = PaddedLabel("one two three four five", font: .default(size: 17), insets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
        label.numberOfLines = 0
        let lh = ref.lineHeight(pointSize: 17)
        let narrow = w("three") + 20 + 1
        let tall = try label.textRect(forBounds: CGRect(x: 0, y: 0, width: narrow, height: 1000), limitedToNumberOfLines: 0)
        XCTAssertEqual(tall.height, FontReference.px(5 * lh, 1) + 8, accuracy: 1e-9)
        let short = try label.textRect(forBounds: CGRect(x: 0, y: 0, width: narrow, height: 8 + 2.5 * lh), limitedToNumberOfLines: 0)
        XCTAssertEqual(short.height, FontReference.px(2 * lh, 1) + 8, accuracy: 1e-9)
    }

    func testNoWhiteSpaceBesideTheEllipsis() throws {
        let head = try singleLine(w("…") + w(" Padding") + 0.5, mode: .byTruncatingHead)
        XCTAssertEqual(head.lines.map(\.text), ["…Padding"])
        let middle = try singleLine(w("UILabel") + w("…") + w(" Padding") + 1, mode: .byTruncatingMiddle)
        let text = try XCTUnwrap(middle.lines.first?.text)
        XCTAssertFalse(text.contains(" …") || text.contains("… "), text)
    }

    func testLayoutDescriptionNamesAShrunkFontSize() throws {
        var label = PaddedLabel(text, font: .default(size: 17))
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        label.bounds = CGRect(x: 0, y: 0, width: 100, height: 30)
        let layout = try label.makeLayout()
        XCTAssertLessThan(layout.fontSize, 17)
        XCTAssertTrue(layout.layoutDescription.contains("(adjusted to fit from 17 pt)"), layout.layoutDescription)
        label.adjustsFontSizeToFitWidth = false
        XCTAssertFalse(try label.makeLayout().layoutDescription.contains("font size"))
    }
}

import TestSupport
import Foundation
@testable import LabelRendering
import Typesetting
import XCTest

/// Layout stops once the drawn lines are known (docs/layout-rules.md, Early stop): a layout that shapes the
/// text lazily equals the one that shapes all of it first, and shapes about what it draws.
final class EarlyStopTests: XCTestCase {
    static let separators = ["\n", "\n", "\r\n", "\r", "\u{2029}", "\u{2028}", "\u{85}", "\u{0B}", "\u{0C}"]
    static let rightToLeft = ["שלום", "עולם", "مرحبا", "بالعالم", "\u{202B}embedded\u{202C}", "\u{2067}iso\u{2069}", "١٢٣"]

    /// A text of 1…40 paragraphs; some paragraphs are long (a few thousand UTF-16 units, several shaping
    /// windows), some right to left or mixed, some with tabs.
    static func randomText(_ rng: inout SeededGenerator) -> String {
        let pieces = LayoutPropertyTests.pieces + rightToLeft + ["\t", "AVATAR", "WAVE"]
        var text = ""
        for p in 0..<Int.random(in: 1...40, using: &rng) {
            if p > 0 { text += separators.randomElement(using: &rng)! }
            let long = Int.random(in: 0..<8, using: &rng) == 0
            let words = long ? Int.random(in: 200...500, using: &rng) : Int.random(in: 0...12, using: &rng)
            let rtl = Int.random(in: 0..<4, using: &rng) == 0
            for w in 0..<words {
                if w > 0 { text += Int.random(in: 0..<6, using: &rng) == 0 ? "" : " " }
                text += rtl && Bool.random(using: &rng) ? rightToLeft.randomElement(using: &rng)! : pieces.randomElement(using: &rng)!
            }
        }
        return text
    }

    static func randomLabel(_ seed: UInt64) -> PaddedLabel {
        var rng = SeededGenerator(seed: seed)
        var label = PaddedLabel(randomText(&rng), font: .default(size: 9 + Double(Int.random(in: 0...(64 * 12), using: &rng)) / 64))
        label.numberOfLines = [0, 1, 1, 2, 3, 5, 8].randomElement(using: &rng)!
        label.lineBreakMode = LineBreakMode.allCases.randomElement(using: &rng)!
        label.textAlignment = TextAlignment.allCases.randomElement(using: &rng)!
        label.layoutDirection = [nil, nil, .leftToRight, .rightToLeft].randomElement(using: &rng)!
        if Int.random(in: 0..<3, using: &rng) == 0 { label.lineBreakStrategy = [] }
        if Int.random(in: 0..<6, using: &rng) == 0 { label.adjustsFontSizeToFitWidth = true; label.minimumScaleFactor = 0.5 }
        if Int.random(in: 0..<4, using: &rng) == 0 { label.defaultTabInterval = 40 }
        label.insets = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
        // Bounds whose height, as much as numberOfLines, limits the lines drawn.
        label.bounds = CGRect(x: 0, y: 0, width: Double(Int.random(in: 40...400, using: &rng)),
                              height: Double(Int.random(in: 10...260, using: &rng)))
        return label
    }

    static func assertSameLayout(_ lazy: TextLayout, _ whole: TextLayout, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(lazy.lines, whole.lines, context, file: file, line: line)
        XCTAssertEqual(lazy.truncation, whole.truncation, context, file: file, line: line)
        XCTAssertEqual(lazy.fontSize, whole.fontSize, context, file: file, line: line)
        XCTAssertEqual(lazy.missingScalars, whole.missingScalars, context, file: file, line: line)
        XCTAssertEqual(lazy.layoutDescription, whole.layoutDescription, context, file: file, line: line)
        XCTAssertEqual(lazy.glyphs.map { [Double($0.glyphID), $0.x, $0.y, $0.pixelSize] }, whole.glyphs.map { [Double($0.glyphID), $0.x, $0.y, $0.pixelSize] },
                       context, file: file, line: line)
        XCTAssertEqual(lazy.glyphs.map(\.font), whole.glyphs.map(\.font), context, file: file, line: line)
    }

    /// Seeded labels with many and long paragraphs, right-to-left and mixed text, every line-break mode and
    /// alignment, tabs, shrinking: drawn lines, glyphs, truncation, `.layout` text, `intrinsicContentSize` and
    /// `sizeThatFits` are identical whether the text is shaped lazily or all at once.
    func testEarlyStoppedLayoutEqualsTheWholeTextLayout() throws {
        var savedSomething = 0
        for seed in UInt64(1)...40 {
            var label = Self.randomLabel(seed)
            let context = "seed \(seed): \(label.text.utf16.count) units, lines \(label.numberOfLines) \(label.lineBreakMode) "
                + "\(label.textAlignment) \(String(describing: label.layoutDirection)) bounds \(label.bounds!.size)"
            let lazy = try label.makeLayout()
            let whole = try label.makeLayout(shapingWholeText: true)
            Self.assertSameLayout(lazy, whole, context)
            XCTAssertLessThanOrEqual(lazy.shapedTextLength, whole.shapedTextLength, context)
            if lazy.shapedTextLength < whole.shapedTextLength { savedSomething += 1 }
            // Sizes: limited lines stop early too; with numberOfLines = 0 both need the whole text.
            let proposal = CGSize(width: label.bounds!.width, height: .greatestFiniteMagnitude)
            XCTAssertEqual(try label.sizeThatFits(proposal), try label.sizeThatFits(proposal, shapingWholeText: true), context)
            label.preferredMaxLayoutWidth = label.bounds!.width / 2
            XCTAssertEqual(try label.intrinsicSize(using: label.engine()), try label.intrinsicSize(using: label.engine(shapingWholeText: true)), context)
            // Laid out at its intrinsic size (no bounds) it is the same as well.
            if label.text.utf16.count < 1500 {
                label.bounds = nil
                Self.assertSameLayout(try label.makeLayout(), try label.makeLayout(shapingWholeText: true), context + " (intrinsic)")
            }
        }
        XCTAssertGreaterThan(savedSomething, 20, "most of these labels draw less than their text")
    }

    /// 100,000 lines in bounds for 101: shaping, bidi and segmentation read about the drawn lines (a count, not a
    /// time), and the layout is the one of the whole text.
    func testHundredThousandLinesInBoundsForHundredAndOneShapeWhatIsDrawn() throws {
        let text = (0..<100_000).map { "line \($0)" }.joined(separator: "\n")
        var label = PaddedLabel(text, font: .default(size: 17))
        label.numberOfLines = 0
        label.bounds = CGRect(x: 0, y: 0, width: 200, height: 2000)
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.lines.count, 101)
        XCTAssertEqual(layout.lines.last?.text, "line 100…")
        // The drawn text ends at unit 798: "line 0" … "line 100" (10 × 6 + 90 × 7 + 8 units) and 100 separators.
        let drawnEnd = layout.lines.last!.range.upperBound
        XCTAssertEqual(drawnEnd, 10 * 6 + 90 * 7 + 8 + 100)
        XCTAssertLessThanOrEqual(layout.shapedTextLength, drawnEnd + 2 * LazyShapedText.defaultWindow)
        XCTAssertLessThan(layout.shapedTextLength * 100, text.utf16.count, "less than 1% of the text is shaped")
        let engine = try label.engine()
        _ = try label.drawnText(engine, in: CGRect(x: 0, y: 0, width: 200, height: 2000), numberOfLines: 0)
        XCTAssertLessThanOrEqual(engine.text.levels.count, drawnEnd + 3 * LazyShapedText.defaultWindow, "bidi of the paragraphs read only")
        XCTAssertLessThanOrEqual(engine.text.frontier, drawnEnd + 2 * LazyShapedText.defaultWindow)
    }

    /// A long text of many paragraphs is converted from UTF-8 only up to a line feed past 64 KB when the kept lines
    /// end before it (docs/layout-rules.md, Early stop), and laid out again from the whole text when they do not; either
    /// way the layout is the whole text's.
    func testLongTextsConvertAPrefixEndingAParagraphOnlyWhenTheLayoutEndsBeforeIt() throws {
        let text = (0..<14_000).map { "line \($0)" }.joined(separator: "\n")   // 146 KB
        var label = PaddedLabel(text, font: .default(size: 17))
        label.numberOfLines = 0
        label.bounds = CGRect(x: 0, y: 0, width: 200, height: 2000)
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.lines.count, 101)
        // "line 0" … : the prefix ends after the first line feed at or past byte 65,536 (ASCII: bytes = units).
        let bytes = Array(text.utf8)
        let expected = (65_536..<bytes.count).first { bytes[$0] == 0x0A }! + 1
        XCTAssertEqual(layout.readTextLength, expected)
        Self.assertSameLayout(layout, try label.makeLayout(shapingWholeText: true), "14,000 lines")
        // All lines (numberOfLines 0, unbounded height) read to the prefix's end: measured again on the whole text.
        let proposal = CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude)
        XCTAssertEqual(try label.sizeThatFits(proposal), try label.sizeThatFits(proposal, shapingWholeText: true))
        // One long paragraph has no line feed to cut at: it is cut after a space between two letters instead, the
        // first at or past byte 65,535 ("lorem ipsum " has its spaces at 5 and 11 mod 12; 65,537 ≡ 5).
        var paragraph = PaddedLabel(String(repeating: "lorem ipsum ", count: 20_000))
        paragraph.numberOfLines = 3
        paragraph.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
        XCTAssertEqual(try paragraph.makeLayout().readTextLength, 65_538)
        // Without such a space (Korean words), the whole text is converted.
        paragraph.text = String(repeating: "패딩이 없어 ", count: 10_000)
        XCTAssertEqual(try paragraph.makeLayout().readTextLength, paragraph.text.utf16.count)
        // A short text is converted whole.
        XCTAssertEqual(try PaddedLabel("a\nb", font: .default(size: 17)).makeLayout().readTextLength, 3)
    }

    /// Seeded long texts (many random paragraphs, over 128 KB): drawn in small bounds (the prefix is enough) and in
    /// bounds for every line (it is not: laid out again from the whole text), equal to the whole text's layout.
    func testPrefixLayoutsOfLongSeededTextsEqualTheWholeTextLayout() throws {
        for seed: UInt64 in [101] {
            var rng = SeededGenerator(seed: seed)
            var text = ""
            while text.utf8.count <= 2 * LineLayout.prefixBytes + 1000 { text += Self.randomText(&rng) + "\n" }
            var label = Self.randomLabel(seed)
            label.text = text
            let layout = try label.makeLayout()
            Self.assertSameLayout(layout, try label.makeLayout(shapingWholeText: true), "seed \(seed)")
            XCTAssertLessThan(layout.readTextLength, text.utf16.count, "seed \(seed): a prefix was enough")
            label.numberOfLines = 0
            label.lineBreakMode = .byWordWrapping
            let proposal = CGSize(width: label.bounds!.width, height: .greatestFiniteMagnitude)
            XCTAssertEqual(try label.sizeThatFits(proposal), try label.sizeThatFits(proposal, shapingWholeText: true), "seed \(seed)")
        }
    }

    /// A 1 MB paragraph wrapped into 3 lines converts a prefix of it and shapes a few lines' worth.
    func testOneMegabyteParagraphInThreeLinesShapesThreeLines() throws {
        let words = "lorem ipsum dolor sit amet, 패딩이 consectetur ☃ adipiscing elit "
        var label = PaddedLabel(String(repeating: words, count: (1 << 20) / words.utf8.count), insets: EdgeInsets(all: 8))
        label.numberOfLines = 3
        label.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.lines.count, 3)
        XCTAssertEqual(layout.truncation, .byTruncatingTail)
        XCTAssertLessThanOrEqual(layout.shapedTextLength, layout.lines[2].range.upperBound + 2 * LazyShapedText.defaultWindow)
        // Converted: the prefix up to the first space past 64 KB between two ASCII letters (LongParagraphPrefixTests).
        let cut = try XCTUnwrap(TextSegmentation.wordPrefixLength(of: label.text, minimum: LineLayout.prefixBytes))
        XCTAssertEqual(layout.readTextLength, TextSegmentation.utf16(label.text, utf8Prefix: cut).count)
        XCTAssertLessThan(layout.readTextLength, LineLayout.prefixBytes)
        Self.assertSameLayout(layout, try label.makeLayout(shapingWholeText: false, prefix: false), "1 MB")
        // Head truncation of one line keeps the paragraph's end: the whole paragraph is shaped (64 KB of it here).
        label.text = String(repeating: words, count: (1 << 16) / words.utf8.count)
        label.numberOfLines = 1
        label.lineBreakMode = .byTruncatingHead
        let head = try label.makeLayout()
        XCTAssertEqual(head.lines.count, 1)
        XCTAssertTrue(head.lines[0].text.hasPrefix("…"))
        XCTAssertGreaterThanOrEqual(head.shapedTextLength, label.text.utf16.count)
    }

    /// Windows: a text shaped in small windows (cut where HarfBuzz marks it safe) equals the text shaped in one
    /// piece, and per-paragraph bidi and random-access segmentation equal ICU over the whole text.
    func testWindowedShapingEqualsShapingInOnePiece() throws {
        for seed in UInt64(1)...40 {
            var rng = SeededGenerator(seed: seed &* 7919)
            let text = Self.randomText(&rng)
            let utf16 = Array(text.utf16)
            XCTAssertEqual(TextSegmentation.utf16(text), utf16, "ICU's UTF-8 → UTF-16 conversion")
            let direction = [WritingDirection.natural, .leftToRight, .rightToLeft].randomElement(using: &rng)!
            let font = Font.default(size: 13)
            let small = try LazyShapedText(utf16, font: font, direction: direction, window: 128)
            let whole = try LazyShapedText(utf16, font: font, direction: direction, window: 1 << 30)
            try small.extend(through: utf16.count)
            try whole.extend(through: utf16.count)
            let context = "seed \(seed), \(utf16.count) units, \(direction)"
            XCTAssertEqual(small.glyphs, whole.glyphs, context)
            XCTAssertEqual(small.advancePrefix, whole.advancePrefix, context)
            XCTAssertEqual(small.startsCluster, whole.startsCluster, context)
            XCTAssertEqual(small.graphemes, whole.graphemes, context)
            XCTAssertEqual(small.breakOffsets, whole.breakOffsets, context)
            XCTAssertEqual(small.missingClusters, whole.missingClusters, context)
            let (levels, paragraphLevels) = try Bidi.levels(utf16, direction: direction, fallbackIsRTL: false)
            XCTAssertEqual(small.levels, levels, context)
            XCTAssertEqual(small.paragraphLevels, paragraphLevels, context)
            let starts = whole.startsCluster
            XCTAssertEqual(small.graphemes, try TextSegmentation.graphemeBoundaries(utf16).filter { starts[$0] }, context)
            XCTAssertEqual(small.breakOffsets, try TextSegmentation.lineBreaks(utf16).map(\.offset).filter { starts[$0] }, context)
        }
    }

    /// Segmentation read in steps (each continuing from the last boundary found) equals ICU's scan of the
    /// whole text, on the pieces whose rules look furthest: regional-indicator pairs (parity from the start),
    /// combining marks after spaces, numbers with prefixes and suffixes, quotes and brackets with spaces,
    /// Thai (dictionary breaking), CJK, zero-width joiners.
    func testSegmentationInStepsEqualsAScanOfTheWholeText() throws {
        let pieces = ["🇰🇷", "🇯🇵🇰🇷", "e\u{301}", " \u{301}", "$12.50", "(a)", "« b »", "“c”", "ภาษาไทยง่าย",
                      "日本語の文章", "한국어", "👩\u{200D}💻", "a\u{200D}", "-", "—", "1,000%", "word", "\u{00A0}", "  "]
        for seed in UInt64(1)...12 {
            var rng = SeededGenerator(seed: seed &* 104_729)
            var text = ""
            while text.utf16.count < 3_000 {
                text += pieces.randomElement(using: &rng)!
                if Int.random(in: 0..<3, using: &rng) == 0 { text += " " }
            }
            let utf16 = Array(text.utf16)
            let shaped = try LazyShapedText(utf16, font: Font.default(size: 13), direction: .natural, window: 128)
            try shaped.extend(through: utf16.count)
            let starts = shaped.startsCluster
            XCTAssertEqual(shaped.graphemes, try TextSegmentation.graphemeBoundaries(utf16).filter { starts[$0] }, "seed \(seed)")
            XCTAssertEqual(shaped.breakOffsets, try TextSegmentation.lineBreaks(utf16).map(\.offset).filter { starts[$0] },
                           "seed \(seed)")
        }
    }
}

import TestSupport
@testable import LabelRendering
import Foundation
import Imaging
import Typesetting
import XCTest


/// Attributed labels (docs/layout-rules.md, Attributed text): expected values from the font tables read with FreeType
/// alone (`FontReference`, `DecorationTables`) and hand computation.
final class AttributedLayoutTests: XCTestCase {
    let sansPath = FontFile.dejaVuSans.path, boldPath = FontFile.dejaVuSansBold.path
    lazy var sans = try! FontReference(path: sansPath, text: asciiAndEllipsis)
    lazy var bold = try! FontReference(path: boldPath, text: asciiAndEllipsis)

    func run(_ s: String, _ font: Font, kern: CGFloat? = nil, color: Color? = nil) -> AttributedString {
        var a = AttributedString(s)
        a.font = font
        if let kern { a.kern = kern }
        if let color { a.foregroundColor = color }
        return a
    }

    func oneLine(_ text: AttributedString) -> PaddedLabel {
        var label = PaddedLabel(attributedText: text, font: .default(size: 17))
        label.numberOfLines = 0
        return label
    }

    /// Each run is shaped on its own: its advances and kerning pairs at its size, plus `kern` after every character.
    func testThreeRunLineWidthIsEachRunsAdvancesPairsAndKern() throws {
        let text = run("AVAWAY", .default(size: 17)) + run(" To", Font(file: .dejaVuSansBold, size: 12), kern: 1.5)
            + run(" Ty!", .default(size: 20))
        let measured = try oneLine(text).measure(maxWidth: nil, maxLines: 0)
        let expected = sans.width("AVAWAY", pointSize: 17) + bold.width(" To", pointSize: 12) + 3 * 1.5 + sans.width(" Ty!", pointSize: 20)
        XCTAssertEqual(Double(measured.lines[0].width), expected, accuracy: 1e-9)
        // "AVAWAY" is kerned inside its run (its pairs narrow it).
        let unkerned = "AVAWAY".unicodeScalars.reduce(0) { $0 + Double(sans.advance($1)) } * 17 / Double(sans.upem)
        XCTAssertLessThan(sans.width("AVAWAY", pointSize: 17), unkerned - 1)
    }

    /// Shaping follows font runs: a colour change inside one face, size and kern keeps the kern pair across it
    /// ("A" black + "V" red is as wide as "AV" kerned by DejaVu Sans's `kern` table), while a kern or size change
    /// shapes apart (no pair across the boundary).
    func testAKernPairAcrossAColourChangeInOneFaceApplies() throws {
        let pair = try XCTUnwrap(sans.kerningPairs["AV"])
        XCTAssertLessThan(pair, 0)
        let coloured = run("A", .default(size: 20), color: .black) + run("V", .default(size: 20), color: Color(red: 255, green: 0, blue: 0))
        let measured = try oneLine(coloured).measure(maxWidth: nil, maxLines: 0)
        XCTAssertEqual(Double(measured.lines[0].width), sans.width("AV", pointSize: 20), accuracy: 1e-9)
        let apart = run("A", .default(size: 20)) + run("V", .default(size: 20), kern: 0.5)
        let unpaired = try oneLine(apart).measure(maxWidth: nil, maxLines: 0)
        XCTAssertEqual(Double(unpaired.lines[0].width), sans.width("A", pointSize: 20) + sans.width("V", pointSize: 20) + 0.5, accuracy: 1e-9)
        // Both glyphs keep their own run's colour when drawn.
        let layout = try oneLine(coloured).makeLayout()
        XCTAssertEqual(layout.glyphs.sorted { $0.x < $1.x }.map { $0.color }, [Color.black, Color(red: 255, green: 0, blue: 0)])
    }

    /// A line is as tall as its tallest run: the highest ascender and lowest descender (DejaVu Sans has no line gap).
    func testALineIsAsTallAsItsTallestRun() throws {
        let text = run("ab ", .default(size: 12)) + run("CD", .default(size: 24))
        let layout = try oneLine(text).makeLayout()
        let upem = Double(sans.upem)
        let gap = Double(sans.height - (sans.ascender - sans.descender)) / upem
        let expected = (Double(sans.ascender) - Double(sans.descender)) / upem * 24 + gap * 24
        XCTAssertEqual(Double(layout.lines[0].rect.height), expected, accuracy: 1e-9)
        XCTAssertEqual(Double(layout.bounds.height), FontReference.px(expected, 1))
        // The baseline sits the tall run's ascender below the top.
        XCTAssertEqual(Double(layout.lines[0].baseline), (Double(sans.ascender) / upem * 24).rounded())
    }

    /// `minimumLineHeight == maximumLineHeight` fixes the box; the text keeps its descent at the box's bottom.
    func testAFixedLineHeight() throws {
        var text = run("Chip", .default(size: 12))
        var style = ParagraphStyle()
        style.minimumLineHeight = 20; style.maximumLineHeight = 20
        text.paragraphStyle = style
        var label = PaddedLabel(attributedText: text, insets: EdgeInsets(top: 2, left: 0, bottom: 2, right: 0))
        label.numberOfLines = 0
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.bounds.height, 24)
        XCTAssertEqual(layout.lines[0].rect.height, 20)
        let descent = -Double(sans.descender) / Double(sans.upem) * 12
        XCTAssertEqual(Double(layout.lines[0].baseline), (2 + 20 - descent).rounded())
        // Two lines: 40 pt.
        text.characters.append(contentsOf: "\nTwo")
        label.attributedText = text
        XCTAssertEqual(try label.intrinsicContentSize.height, 44)
    }

    /// A baseline offset raises its run's glyphs and, above the other runs, the line's top.
    func testABaselineOffsetRaisesTheRunAndTheLine() throws {
        var raised = run("b", .default(size: 12))
        raised.baselineOffset = 3
        let text = run("a", .default(size: 12)) + raised
        var label = oneLine(text)
        label.scale = 2
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.glyphs[0].y - layout.glyphs[1].y, 6)   // 3 pt at 2x
        let natural = Double(sans.height) / Double(sans.upem) * 12
        XCTAssertEqual(Double(layout.lines[0].rect.height), natural + 3, accuracy: 1e-9)
    }

    /// An offset on the whole text grows the line as an offset on a part does (DESIGN.md "To check on a device": a baseline offset and the line height): the
    /// box holds the glyphs both where they are drawn and where they would sit unshifted, so raising every run by
    /// 8 pt adds 8 pt above the baseline and keeps the descent (it had no effect when both ends moved).
    func testABaselineOffsetOnTheWholeTextGrowsTheLineByIt() throws {
        let natural = Double(sans.height) / Double(sans.upem) * 17, ascent = Double(sans.ascender) / Double(sans.upem) * 17
        var plainLabel = oneLine(run("base", .default(size: 17)))
        plainLabel.scale = 2
        let plain = try plainLabel.makeLayout()
        for offset in [8.0, -5] {
            var text = run("base", .default(size: 17))
            text.baselineOffset = CGFloat(offset)
            var label = oneLine(text)
            label.scale = 2
            let layout = try label.makeLayout()
            XCTAssertEqual(Double(layout.lines[0].rect.height), natural + abs(offset), accuracy: 1e-9, "offset \(offset)")
            // Raised: the baseline moves down by the offset and the glyphs up by it (they stay at the box's top);
            // lowered: the baseline stays the ascent below the top and the glyphs go down by the offset.
            XCTAssertEqual(Double(layout.lines[0].baseline - layout.lines[0].rect.minY), ascent + max(0, offset), accuracy: 1e-9)
            XCTAssertEqual(layout.glyphs[0].y - plain.glyphs[0].y, max(0, -offset) * 2, "offset \(offset), px at 2x")
            XCTAssertEqual(try label.intrinsicContentSize.height, (((natural + abs(offset)) * 2).rounded(.up)) / 2)
        }
    }

    /// The same text wraps greedily with a paragraph style (Apple: lineBreakStrategy defaults to none) and with
    /// push-out as plain text (UILabel's standard strategy).
    func testGreedyWithAParagraphStyleBesidePushOutWithout() throws {
        let words = "aaa bbb ccc ddd"
        let width = CGFloat(sans.width("aaa bbb ccc", pointSize: 17)) + 1   // three words fit, not four
        var plain = PaddedLabel(words, font: .default(size: 17))
        plain.numberOfLines = 0
        let plainLines = try plain.measure(maxWidth: width, maxLines: 0).lines.map(\.pieces)
        XCTAssertEqual(plainLines, [[.text(0..<8)], [.text(8..<15)]])   // "aaa bbb " / "ccc ddd": pushed out

        var styled = AttributedString(words)
        styled.paragraphStyle = ParagraphStyle()
        let greedy = try oneLine(styled).measure(maxWidth: width, maxLines: 0).lines.map(\.pieces)
        XCTAssertEqual(greedy, [[.text(0..<12)], [.text(12..<15)]])    // "aaa bbb ccc " / "ddd"

        // Attributed without a paragraph style: the label's strategy fills in (push-out).
        let unstyled = try oneLine(AttributedString(words)).measure(maxWidth: width, maxLines: 0).lines.map(\.pieces)
        XCTAssertEqual(unstyled, plainLines)
    }

    /// Two paragraphs with a line-height style wrap greedily, each line 24 pt; the same plain text pushes out.
    func testATwoParagraphBodyWithALineHeightStyleWrapsGreedily() throws {
        let words = "aaa bbb ccc ddd\neee fff ggg hhh"
        let width = CGFloat(sans.width("aaa bbb ccc", pointSize: 17)) + 1
        var body = AttributedString(words)
        var style = ParagraphStyle()
        style.minimumLineHeight = 24; style.maximumLineHeight = 24
        body.paragraphStyle = style
        var label = PaddedLabel(attributedText: body, font: .default(size: 17))
        label.numberOfLines = 0
        try label.layout(width: width)
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.lines.map(\.text), ["aaa bbb ccc", "ddd", "eee fff ggg", "hhh"])
        XCTAssertEqual(layout.lines.map(\.rect.height), [24, 24, 24, 24])
        XCTAssertEqual(layout.bounds.height, 96)
        var plain = PaddedLabel(words, font: .default(size: 17))
        plain.numberOfLines = 0
        try plain.layout(width: width)
        XCTAssertEqual(try plain.makeLayout().lines.map(\.text), ["aaa bbb", "ccc ddd", "eee fff", "ggg hhh"])
    }

    /// An attachment is one U+FFFC as wide as its bounds (plus the run's kern).
    func testAnAttachmentsAdvance() throws {
        let icon = try Bitmap(width: 4, height: 4, fill: .black)
        let text = run("a", .default(size: 17)) + AttributedString(attachment: TextAttachment(image: icon, bounds: CGRect(x: 0, y: -2, width: 12, height: 12)))
            + run("b", .default(size: 17))
        let layout = try oneLine(text).makeLayout()
        XCTAssertEqual(Double(layout.lines[0].rect.width), sans.width("a", pointSize: 17) + 12 + sans.width("b", pointSize: 17), accuracy: 1e-9)
        XCTAssertEqual(layout.attachments.count, 1)
        XCTAssertEqual(layout.attachments[0].x, sans.width("a", pointSize: 17), accuracy: 1e-9)
        XCTAssertEqual(layout.attachments[0].width, 12)
        // Its top 10 pt above the baseline.
        XCTAssertEqual(layout.attachments[0].y, Double(layout.lines[0].baseline) - 10, accuracy: 1e-9)
        XCTAssertEqual(layout.missingScalars, [])
    }

    /// Tail truncation across runs: the head keeps its runs, the ellipsis takes the font of the first character it
    /// replaces, and the width is the kept runs' plus that ellipsis.
    func testATruncatedMultiRunLine() throws {
        let text = run("Hi ", .default(size: 17)) + run("WORLDWIDE", Font(file: .dejaVuSansBold, size: 17), color: .white)
        var label = PaddedLabel(attributedText: text, font: .default(size: 17))
        label.lineBreakMode = .byTruncatingTail
        let budget = sans.width("Hi ", pointSize: 17) + bold.width("WOR", pointSize: 17) + bold.width("…", pointSize: 17) + 0.01
        label.bounds = CGRect(x: 0, y: 0, width: budget, height: 30)
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.lines[0].text, "Hi WOR…")
        let runs = layout.lines[0].runs
        XCTAssertEqual(runs.map(\.range), [0..<3, 3..<6, nil])
        XCTAssertEqual(runs.last?.font, .dejaVuSansBold)
        XCTAssertEqual(runs.last?.color, .white)
        XCTAssertEqual(Double(layout.lines[0].rect.width), budget - 0.01, accuracy: 1e-9)
    }

    /// Runs inside a right-to-left paragraph: the logically first run is drawn rightmost. Visually the line is
    /// "עולם" (blue) from its left edge, then the space and "שלום" (red), each as wide as DejaVu Sans's advances.
    func testRunsInARightToLeftParagraph() throws {
        let red = Color(red: 255, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 255)
        let text = run("שלום ", .default(size: 17), color: red) + run("עולם", .default(size: 17), color: blue)
        let layout = try oneLine(text).makeLayout()
        let line = layout.lines[0]
        XCTAssertTrue(line.isRightToLeft)
        let leftmost = layout.glyphs.min { $0.x < $1.x }!, rightmost = layout.glyphs.max { $0.x < $1.x }!
        XCTAssertEqual(leftmost.color, blue)
        XCTAssertEqual(rightmost.color, red)
        let hebrew = try FontReference(path: sansPath, text: "שלום עולם")
        XCTAssertEqual(Double(line.rect.width), hebrew.width("שלום עולם", pointSize: 17), accuracy: 1e-9)
        let blueEnd = Double(line.rect.minX) + hebrew.width("עולם", pointSize: 17)
        XCTAssertEqual(layout.glyphs.filter { $0.color == red }.map(\.x).min(), (blueEnd * 4).rounded() / 4)
        XCTAssertTrue(layout.glyphs.filter { $0.color == blue }.allSatisfy { $0.x < blueEnd }, "\(layout.glyphs.map { ($0.x, $0.color) })")
    }

    /// Underline and strikethrough at the font's own position and thickness (`post`, `OS/2`).
    func testUnderlineAndStrikethroughFromTheFontTables() throws {
        var text = run("Under", .default(size: 20))
        text.underlineStyle = .single
        text.strikethroughStyle = .thick
        var label = oneLine(text)
        label.scale = 2
        let layout = try label.makeLayout()
        let tables = try DecorationTables(path: sansPath)
        let em = 20 / Double(tables.upem), baseline = Double(layout.lines[0].baseline) * 2
        let underline = layout.decorations.first { $0.kind == .underline }!
        XCTAssertEqual(underline.height, Double(tables.underlineThickness) * em * 2, accuracy: 1e-9)
        XCTAssertEqual(underline.y, baseline - Double(tables.underlinePosition) * em * 2, accuracy: 1e-9)   // its top
        XCTAssertEqual(underline.width, sans.width("Under", pointSize: 20) * 2, accuracy: 1e-9)
        let strike = layout.decorations.first { $0.kind == .strikethrough }!
        XCTAssertEqual(strike.height, 2 * Double(tables.strikeoutSize) * em * 2, accuracy: 1e-9)   // thick: twice
        let center = (Double(tables.strikeoutPosition) - Double(tables.strikeoutSize) / 2) * em
        XCTAssertEqual(strike.y + strike.height / 2, baseline - center * 2, accuracy: 1e-9)
    }

    /// `.layout` lists each run's underline, strikethrough (style and colour) and background: a change of any one
    /// shows in it (they were left out, so `.double` → `.single` passed a `.layout` snapshot).
    func testLayoutListsEachRunsDecorations() throws {
        func describe(underline: UnderlineStyle) throws -> [String] {
            var under = run("Under", .default(size: 20))
            under.underlineStyle = underline
            under.underlineColor = Color(red: 255, green: 0, blue: 0)
            var strike = run(" way", .default(size: 20))
            strike.strikethroughStyle = .single
            strike.backgroundColor = Color(red: 0, green: 255, blue: 0)
            let lines = try oneLine(under + strike).makeLayout().layoutDescription.split(separator: "\n")
            // What follows the size: the colour (black, the label's), then the decorations.
            return lines.filter { $0.hasPrefix("     run") }.map { String($0.components(separatedBy: " pt ").last!) }
        }
        XCTAssertEqual(try describe(underline: .double),
                       ["#000000FF underline double #FF0000FF", "#000000FF strikethrough single background #00FF00FF"])
        XCTAssertEqual(try describe(underline: .single).first, "#000000FF underline single #FF0000FF")
        XCTAssertEqual(try describe(underline: .thick).first, "#000000FF underline thick #FF0000FF")
        // A run without decorations lists none (the plain runs' lines are unchanged).
        let plain = try oneLine(run("Under", .default(size: 20))).makeLayout().layoutDescription
        XCTAssertFalse(plain.contains("underline") || plain.contains("background"), plain)
    }

    /// Label properties fill what the attributes leave out: the font and colour of unattributed ranges.
    func testLabelPropertiesFillMissingAttributes() throws {
        var label = PaddedLabel(attributedText: AttributedString("ab") + run("cd", Font(file: .dejaVuSansBold, size: 12)),
                                font: .default(size: 20))
        label.textColor = Color(red: 1, green: 2, blue: 3)
        let layout = try label.makeLayout()
        let runs = layout.lines[0].runs
        XCTAssertEqual(runs.map(\.font), [.dejaVuSans, .dejaVuSansBold])
        XCTAssertEqual(runs.map(\.pointSize), [20, 12])
        XCTAssertEqual(runs[0].color, Color(red: 1, green: 2, blue: 3))
        XCTAssertEqual(label.text, "abcd")
        label.text = "plain"
        XCTAssertNil(label.attributedText)
    }
}

/// Markdown's inline syntax (cmark-gfm) as intents, resolved to the family's faces by layout.
final class MarkdownLayoutTests: XCTestCase {
    func testStrongEmphasisCodeAndStrikethrough() throws {
        let text = try AttributedString(markdown: "a **b** *c* `d` ~~e~~\n\nnext")
        XCTAssertEqual(String(text.characters), "a b c d e\nnext")
        var label = PaddedLabel(attributedText: text, font: .default(size: 17))
        label.numberOfLines = 0
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.lines.count, 2)
        let faces = layout.lines[0].runs.map { URL(fileURLWithPath: $0.font.path).lastPathComponent }
        XCTAssertEqual(faces, ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans.ttf",
                               "DejaVuSansMono.ttf", "DejaVuSans.ttf", "DejaVuSans.ttf"])
        XCTAssertEqual(layout.decorations.filter { $0.kind == .strikethrough }.count, 1)
    }
}

/// Markdown nested as deep as cmark-gfm parses it: read without recursion, so no nesting overflows the stack.
final class DeepMarkdownTests: XCTestCase {
    func testDeepListsQuotesAndEmphasisKeepTheirText() throws {
        // 5,000 nested list items, 10,000 nested quotes, 3,000 quotes of lists: the text is the innermost "x".
        for source in [String(repeating: "- ", count: 5000) + "x", String(repeating: ">", count: 10000) + "x",
                       String(repeating: "> - ", count: 3000) + "x"] {
            let text = try AttributedString(markdown: source)
            XCTAssertEqual(String(text.characters), "x", String(source.prefix(8)))
            XCTAssertNil(text.runs.first?.inlinePresentationIntent)
        }
        // 50,000 delimiters each side: CommonMark pairs them into 25,000 nestings of strong emphasis.
        let emphasis = try AttributedString(markdown: String(repeating: "*", count: 50000) + "x" + String(repeating: "*", count: 50000))
        XCTAssertEqual(String(emphasis.characters), "x")
        XCTAssertEqual(emphasis.runs.first?.inlinePresentationIntent, .stronglyEmphasized)
        let label = PaddedLabel(attributedText: emphasis, font: .default(size: 17))
        XCTAssertEqual(try label.makeLayout().lines[0].runs.map { URL(fileURLWithPath: $0.font.path).lastPathComponent }, ["DejaVuSans-Bold.ttf"])
    }

    func testStylesEndWithTheirContainer() throws {
        // The frames of the walk: a link's and emphasis's styles end where their nodes end, nested or not.
        let text = try AttributedString(markdown: "*a **b [c](https://example.com) d** e* f")
        XCTAssertEqual(String(text.characters), "a b c d e f")
        let runs = text.runs.map { (String(text[$0.range].characters), $0.inlinePresentationIntent, $0.link?.absoluteString) }
        XCTAssertEqual(runs.map(\.0), ["a ", "b ", "c", " d", " e", " f"])
        XCTAssertEqual(runs.map(\.1), [.emphasized, [.emphasized, .stronglyEmphasized], [.emphasized, .stronglyEmphasized],
                                       [.emphasized, .stronglyEmphasized], .emphasized, nil])
        XCTAssertEqual(runs.map(\.2), [nil, nil, "https://example.com", nil, nil, nil])
    }
}

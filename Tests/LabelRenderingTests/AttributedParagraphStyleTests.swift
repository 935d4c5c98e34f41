import TestSupport
import Foundation
import Imaging
import Typesetting
import XCTest

@testable import LabelRendering

/// An attributed paragraph's spacing and indents, a double underline, a shrunk attributed line and Dynamic Type
/// runs (docs/layout-rules.md, Attributed text). Expected values from DejaVu Sans's tables read with FreeType alone
/// (`FontReference`, `DecorationTables`), Apple's published Dynamic Type sizes typed in, and hand computation.
final class AttributedParagraphStyleTests: XCTestCase {
    let sansPath = FontFile.dejaVuSans.path
    lazy var sans = try! FontReference(path: sansPath, text: asciiAndEllipsis)

    /// DejaVu Sans's line at `size`: hhea ascender − descender + line gap = `height` per em.
    func lineHeight(_ size: Double) -> Double { Double(sans.height) / Double(sans.upem) * size }

    func styled(_ s: String, _ configure: (inout ParagraphStyle) -> Void) -> AttributedString {
        var style = ParagraphStyle()
        configure(&style)
        var a = AttributedString(s)
        a.font = .default(size: 17)
        a.paragraphStyle = style
        return a
    }

    func label(_ text: AttributedString) -> PaddedLabel {
        var label = PaddedLabel(attributedText: text, font: .default(size: 17))
        label.numberOfLines = 0
        return label
    }

    /// `paragraphSpacing` of a paragraph and `paragraphSpacingBefore` of the next add up between them; neither
    /// applies after the last paragraph or before the first, as NSParagraphStyle.
    func testParagraphSpacingAfterAndBeforeAddUpBetweenParagraphs() throws {
        let text = styled("ab\n", { $0.paragraphSpacing = 7; $0.paragraphSpacingBefore = 30 })
            + styled("cd", { $0.paragraphSpacingBefore = 5; $0.paragraphSpacing = 40 })
        let layout = try label(text).makeLayout()
        XCTAssertEqual(layout.lines.map(\.text), ["ab", "cd"])
        let l = lineHeight(17)
        XCTAssertEqual(Double(layout.lines[0].rect.height), l, accuracy: 1e-9)
        let measured = try label(text).measure(maxWidth: nil, maxLines: 0)
        XCTAssertEqual(measured.lines.map { Double($0.spacingAfter) }, [12, 0])
        XCTAssertEqual(Double(measured.size.height), 2 * l + 12, accuracy: 1e-9)
        // Drawn, each baseline sits on the pixel grid (@1x: whole points), so the second line is 12 pt plus one line
        // below the first to within a pixel.
        XCTAssertEqual(Double(layout.lines[1].rect.minY - layout.lines[0].rect.minY), l + 12, accuracy: 1)
        // One paragraph: neither its spacing before nor after counts.
        let single = try label(styled("ab", { $0.paragraphSpacing = 7; $0.paragraphSpacingBefore = 5 })).measure(maxWidth: nil, maxLines: 0)
        XCTAssertEqual(Double(single.size.height), l, accuracy: 1e-9)
        // lineSpacing separates the lines inside a paragraph, paragraph spacing only paragraphs.
        let withLines = styled("ab\n", { $0.lineSpacing = 3; $0.paragraphSpacing = 7 }) + styled("cd", { _ in })
        XCTAssertEqual(Double(try label(withLines).measure(maxWidth: nil, maxLines: 0).size.height), 2 * l + 3 + 7, accuracy: 1e-9)
    }

    /// `firstLineHeadIndent` moves and narrows the first line, `headIndent` the others, `tailIndent` ≤ 0 narrows
    /// every line from the trailing margin, > 0 ends it that far from the leading margin.
    func testHeadAndTailIndentsPlaceAndNarrowTheLines() throws {
        let width: CGFloat = 200
        let firstRoom = sans.width("aaa bbb", pointSize: 17) + 1      // "aaa bbb ccc" does not fit
        let restRoom = sans.width("ccc ddd eee", pointSize: 17) + 1   // "ccc ddd eee fff" does not fit
        let tail: CGFloat = -10
        let first = width + tail - CGFloat(firstRoom), head = width + tail - CGFloat(restRoom)
        let text = styled("aaa bbb ccc ddd eee fff", {
            $0.firstLineHeadIndent = first; $0.headIndent = head; $0.tailIndent = tail
        })
        var l = label(text)
        try l.layout(width: width)
        let layout = try l.makeLayout()
        XCTAssertEqual(layout.lines.map(\.text), ["aaa bbb", "ccc ddd eee", "fff"])
        XCTAssertEqual(layout.lines.map { Double($0.rect.minX) }, [Double(first), Double(head), Double(head)])
        // A positive tail indent: every line ends `tailIndent` from the leading edge.
        let positive = styled("aaa bbb ccc ddd", { $0.headIndent = 4; $0.firstLineHeadIndent = 4
            $0.tailIndent = 4 + CGFloat(sans.width("aaa bbb", pointSize: 17)) + 1 })
        var p = label(positive)
        try p.layout(width: width)
        XCTAssertEqual(try p.makeLayout().lines.map(\.text), ["aaa bbb", "ccc ddd"])
    }

    /// A positive tail indent is a line length from the leading margin (NSParagraphStyle), so it bounds a label
    /// measured without a width too: a multi-line label wraps there and a one-line label is truncated there. Every
    /// size is finite (the intrinsic width was infinite and the drawing refused as 9223372036854775807 px wide).
    func testAPositiveTailIndentBoundsALabelMeasuredWithoutAWidth() throws {
        let room = sans.width("aaa bbb", pointSize: 17) + 1   // "aaa bbb ccc" does not fit
        let text = styled("aaa bbb ccc ddd", { $0.headIndent = 4; $0.firstLineHeadIndent = 4; $0.tailIndent = 4 + CGFloat(room) })
        let wrapped = label(text)
        let widest = 4 + max(sans.width("aaa bbb", pointSize: 17), sans.width("ccc ddd", pointSize: 17))
        for size in [try wrapped.intrinsicContentSize, try wrapped.sizeThatFits(CGSize(width: 300, height: 100))] {
            XCTAssertEqual(Double(size.width), widest.rounded(.up), accuracy: 1)
            XCTAssertEqual(Double(size.height), (2 * lineHeight(17)).rounded(.up), accuracy: 1)
        }
        XCTAssertEqual(try wrapped.makeLayout().lines.map(\.text), ["aaa bbb", "ccc ddd"])

        var oneLine = label(styled("hello world", { $0.tailIndent = 20; $0.lineBreakMode = .byTruncatingTail }))
        oneLine.numberOfLines = 1
        for size in [try oneLine.intrinsicContentSize, try oneLine.sizeThatFits(CGSize(width: 300, height: 100))] {
            XCTAssertTrue(size.width.isFinite && size.width <= 20 && size.width > 0, "\(size)")
        }
        let layout = try oneLine.makeLayout()
        XCTAssertEqual(layout.truncation, .byTruncatingTail)
        XCTAssertLessThanOrEqual(layout.bounds.width, 20)
    }

    /// `.double`: two lines of the font's underline thickness (`post`), the first where a single one is, the second
    /// one thickness below it.
    func testDoubleUnderlineIsTwoLinesOfTheFontsThickness() throws {
        var text = AttributedString("Double")
        text.font = .default(size: 20)
        text.underlineStyle = .double
        var l = label(text)
        l.scale = 2
        let layout = try l.makeLayout()
        let tables = try DecorationTables(path: sansPath)
        let em = 20 / Double(tables.upem), baseline = Double(layout.lines[0].baseline) * 2
        let lines = layout.decorations.filter { $0.kind == .underline }.sorted { $0.y < $1.y }
        XCTAssertEqual(lines.count, 2)
        let t = Double(tables.underlineThickness) * em * 2
        XCTAssertEqual(lines.map(\.height), [t, t])
        XCTAssertEqual(lines[0].y, baseline - Double(tables.underlinePosition) * em * 2, accuracy: 1e-9)
        XCTAssertEqual(lines[1].y - lines[0].y, 2 * t, accuracy: 1e-9)
        XCTAssertEqual(lines[1].width, sans.width("Double", pointSize: 20) * 2, accuracy: 1e-9)
    }

    /// "Wide text " at 20 pt and "and small" at 10 pt, shrinking down to 0.2 in bounds 0.6 of their width × 40 pt.
    func shrinkingLabel() -> (label: PaddedLabel, width: Double) {
        var big = AttributedString("Wide text ")
        big.font = .default(size: 20)
        var small = AttributedString("and small")
        small.font = .default(size: 10)
        var l = PaddedLabel(attributedText: big + small, font: .default(size: 20))
        l.adjustsFontSizeToFitWidth = true
        l.minimumScaleFactor = 0.2
        let natural = sans.width("Wide text ", pointSize: 20) + sans.width("and small", pointSize: 10)
        let width = (natural * 0.6).rounded()
        l.bounds = CGRect(x: 0, y: 0, width: width, height: 40)
        return (l, width)
    }

    /// `adjustsFontSizeToFitWidth` on an attributed line scales every run's font by one factor: the drawn sizes keep
    /// their ratio and the line is the runs' advances at those sizes, within the width.
    func testShrinkingScalesEveryRunsFont() throws {
        let (l, width) = shrinkingLabel()
        let layout = try l.makeLayout()
        let runs = layout.lines[0].runs
        XCTAssertEqual(runs.count, 2)
        let ratio = runs[0].pointSize / 20
        XCTAssertLessThan(ratio, 0.61)
        XCTAssertGreaterThan(ratio, 0.2)
        XCTAssertEqual(runs[1].pointSize, 10 * ratio, accuracy: 1e-9)
        let expected = sans.width("Wide text ", pointSize: 20 * ratio) + sans.width("and small", pointSize: 10 * ratio)
        XCTAssertEqual(Double(layout.lines[0].rect.width), expected, accuracy: 1e-6)
        XCTAssertLessThanOrEqual(Double(layout.lines[0].rect.width), width + 1e-6)
    }

    /// A shrunk single attributed line is placed as a plain one, by `baselineAdjustment`, in the box its runs have
    /// at the original size (the 20 pt run's: DejaVu Sans has no line gap), centred in the text rect.
    func testAShrunkAttributedLineFollowsTheBaselineAdjustment() throws {
        var l = shrinkingLabel().label
        l.scale = 2
        let ascender = { (size: Double) in Double(self.sans.ascender) / Double(self.sans.upem) * size }
        let top = (40 - lineHeight(20)) / 2
        var baselines: [BaselineAdjustment: Double] = [:]
        for adjustment in BaselineAdjustment.allCases {
            l.baselineAdjustment = adjustment
            let layout = try l.makeLayout()
            let shrunk = layout.lines[0].runs[0].pointSize
            XCTAssertLessThan(shrunk, 12.1)
            let y = switch adjustment {
            case .alignBaselines: top + ascender(20)
            case .alignCenters: top + (lineHeight(20) - lineHeight(shrunk)) / 2 + ascender(shrunk)
            case .none: top + ascender(shrunk)
            }
            XCTAssertEqual(Double(layout.lines[0].baseline), (y * 2).rounded() / 2, accuracy: 1e-9, "\(adjustment)")
            XCTAssertEqual(Double(layout.lines[0].rect.height), lineHeight(shrunk), accuracy: 1e-9, "\(adjustment): the shrunk box")
            baselines[adjustment] = Double(layout.lines[0].baseline)
        }
        XCTAssertEqual(Set(baselines.values).count, 3, "three different placements: \(baselines)")
    }

    /// Runs in `Font.preferred` or `Font.scaled` take the label's `contentSizeCategory`: Apple's Dynamic Type table
    /// (body: 17 pt at Large, 23 at xxxL, 40 at AX3; footnote 13 → 19 at xxxL, so a 10 pt scaled font is 10 × 19/13).
    func testDynamicTypeRunsFollowTheContentSizeCategory() throws {
        var body = AttributedString("Body ")
        body.font = .preferred(.body)
        var note = AttributedString("note")
        note.font = .scaled(.default(size: 10), relativeTo: .footnote)
        var fixed = AttributedString(" fixed")
        fixed.font = .default(size: 12)
        for (category, bodySize, noteSize) in [(ContentSizeCategory.large, 17.0, 10.0),
                                               (.extraExtraExtraLarge, 23, 10 * 19 / 13.0),
                                               (.accessibilityExtraLarge, 40, 10 * 33 / 13.0)] {
            var l = PaddedLabel(attributedText: body + note + fixed, font: .default(size: 17))
            l.contentSizeCategory = category
            let runs = try l.makeLayout().lines[0].runs
            XCTAssertEqual(runs.map(\.pointSize), [bodySize, noteSize, 12], "\(category)")
        }
    }
}

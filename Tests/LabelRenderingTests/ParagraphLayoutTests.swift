import TestSupport
import Foundation
import LabelRendering
import Typesetting
import XCTest

/// Multi-line shrinking, baseline adjustment, middle truncation of multi-line labels and the
/// drawn widths of justified lines. Expected values from the font's tables (`FontReference`).
final class ParagraphLayoutTests: XCTestCase {
    let ref = try! FontReference(path: dejaVuPath, text: asciiAndEllipsis)
    let sentence = "Snapshot tests catch labels that lose their last line"
    func w(_ s: String, _ size: Double = 17) -> CGFloat { ref.width(s, pointSize: size) }

    /// Lines greedy word wrapping needs at `size` (push-out never changes the count).
    func lineCount(_ text: String, width: CGFloat, size: Double) -> Int {
        var count = 0, current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || w(candidate, size) <= width + 1e-6 { current = candidate } else { count += 1; current = String(word) }
        }
        return count + (current.isEmpty ? 0 : 1)
    }

    func testMultiLineLabelShrinksUntilTheWrappedTextFitsItsLinesAndHeight() throws {
        for (lines, width, heightLines, minimum) in [(2, 150.0, 2.0, 0.5), (0, 120.0, 3.0, 0.5), (3, 100.0, 5.0, 0.7)] {
            var label = PaddedLabel(sentence, font: .default(size: 17), insets: EdgeInsets(all: 4))
            label.numberOfLines = lines
            label.adjustsFontSizeToFitWidth = true
            label.minimumScaleFactor = minimum
            let height = heightLines * ref.lineHeight(pointSize: 17)
            label.bounds = CGRect(x: 0, y: 0, width: width + 8, height: height + 8)
            // Largest 1/64 pt step whose wrapped lines fit both the line limit and the height.
            var expected = 17 * minimum, found = false
            for k in stride(from: 17 * 64 - 1, through: Int((17 * minimum * 64).rounded(.up)), by: -1) {
                let size = Double(k) / 64
                let fitting = Int(((height + 1e-6) / ref.lineHeight(pointSize: size)).rounded(.down))
                let limit = lines == 0 ? fitting : min(lines, fitting)
                if lineCount(sentence, width: width, size: size) <= limit { expected = size; found = true; break }
            }
            XCTAssertLessThan(expected, 17, "the label has to shrink")
            let layout = try label.makeLayout()
            XCTAssertEqual(layout.fontSize, expected, accuracy: 1e-9, "\(lines) lines at \(width)")
            if found {
                XCTAssertNil(layout.truncation, "\(lines) lines at \(width)")
                XCTAssertEqual(layout.lines.map(\.text).joined(separator: " "), sentence)
            } else {
                XCTAssertEqual(layout.truncation, .byTruncatingTail, "nothing fits above the minimum: truncated")
            }
            // Shrunk lines stack at the shrunk line height.
            if layout.lines.count > 1 {
                XCTAssertEqual(layout.lines[1].baseline - layout.lines[0].baseline, ref.lineHeight(pointSize: expected), accuracy: 1 + 1e-9)   // baselines round to whole pixels @1x
                XCTAssertEqual(layout.lines[0].rect.height, ref.lineHeight(pointSize: expected), accuracy: 1e-9)
            }
            // The intrinsic size stays that of the original size.
            label.bounds = nil
            XCTAssertEqual(try label.makeLayout().fontSize, 17)
        }
    }

    func testBaselineAdjustmentPlacesAShrunkSingleLine() throws {
        let scale = 2.0
        var label = PaddedLabel(sentence, font: .default(size: 17), insets: EdgeInsets(top: 10, left: 4, bottom: 6, right: 4))
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        label.scale = scale
        label.bounds = CGRect(x: 0, y: 0, width: 208, height: 60)
        let lh0 = ref.lineHeight(pointSize: 17)
        let blockTop = 10 + (44 - lh0) / 2
        for adjustment in BaselineAdjustment.allCases {
            label.baselineAdjustment = adjustment
            let layout = try label.makeLayout()
            let s = layout.fontSize
            XCTAssertLessThan(s, 17)
            let y: CGFloat
            switch adjustment {
            case .alignBaselines: y = blockTop + ref.ascender(pointSize: 17)
            case .alignCenters: y = blockTop + (lh0 - ref.lineHeight(pointSize: s)) / 2 + ref.ascender(pointSize: s)
            case .none: y = blockTop + ref.ascender(pointSize: s)
            }
            XCTAssertEqual(layout.lines[0].baseline, (y * scale).rounded() / scale, accuracy: 1e-9, "\(adjustment)")
        }
    }

    func testMiddleTruncationOfAMultiLineLabelIsOneLine() throws {
        var label = PaddedLabel(sentence, font: .default(size: 17))
        label.numberOfLines = 0
        label.lineBreakMode = .byTruncatingMiddle
        let width = 160.0
        label.bounds = CGRect(x: 0, y: 0, width: width, height: 200)
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.lines.count, 1)
        XCTAssertEqual(layout.truncation, .byTruncatingMiddle)
        let parts = layout.lines[0].text.components(separatedBy: "…")
        XCTAssertEqual(parts.count, 2)
        // The head takes the most characters within half the budget, the tail the most within the rest.
        let budget = width - w("…")
        var head = ""
        for n in 0...sentence.count where w(String(sentence.prefix(n))) <= budget / 2 + 1e-6 { head = String(sentence.prefix(n)) }
        var tail = ""
        for n in 0...sentence.count where w(String(sentence.suffix(n))) <= budget - w(head) + 1e-6 { tail = String(sentence.suffix(n)) }
        XCTAssertEqual(parts[0], head.trimmingCharacters(in: .whitespaces))
        XCTAssertEqual(parts[1], tail.trimmingCharacters(in: .whitespaces))
        // Measured as one line too.
        label.bounds = nil
        label.preferredMaxLayoutWidth = 100
        XCTAssertEqual(try label.intrinsicContentSize.height, FontReference.px(ref.lineHeight(pointSize: 17), 1), accuracy: 1e-9)
        XCTAssertEqual(try label.sizeThatFits(CGSize(width: 100, height: 500)).height, FontReference.px(ref.lineHeight(pointSize: 17), 1), accuracy: 1e-9)
    }

    func testJustifiedLinesReportTheirDrawnWidth() throws {
        var label = PaddedLabel(sentence, font: .default(size: 17), insets: EdgeInsets(all: 5))
        label.numberOfLines = 0
        label.textAlignment = .justified
        label.lineBreakStrategy = []
        label.bounds = CGRect(x: 0, y: 0, width: 160, height: 200)
        let layout = try label.makeLayout()
        XCTAssertGreaterThan(layout.lines.count, 2)
        for line in layout.lines.dropLast() {
            XCTAssertEqual(line.rect.width, 150, accuracy: 1e-9, line.text)
            XCTAssertEqual(line.rect.minX, 5, accuracy: 1e-9)
        }
        let last = try XCTUnwrap(layout.lines.last)
        XCTAssertEqual(last.rect.width, w(last.text), accuracy: 1e-9, "the last line stays natural")
        XCTAssertTrue(layout.layoutDescription.contains(" w 150 h "), layout.layoutDescription)
        // The last glyph of a justified line ends at the right edge of the text rect (¼ px quantisation).
        let firstLineGlyphs = layout.glyphs.filter { $0.y == layout.glyphs[0].y }
        let lastGlyph = try XCTUnwrap(firstLineGlyphs.last)
        let lastChar = try XCTUnwrap(layout.lines[0].text.unicodeScalars.last)
        XCTAssertEqual(lastGlyph.x + ref.linearAdvance(lastChar, pixelSize: 17), 155, accuracy: 0.26)
    }

    /// Tabs: NSParagraphStyle's default twelve left stops every 28 pt, then (defaultTabInterval 0) a space;
    /// custom stops and intervals. Widths from the font tables.
    func testTabsReachTheNextStop() throws {
        func layout(_ text: String, configure: (inout PaddedLabel) -> Void = { _ in }) throws -> TextLayout {
            var label = PaddedLabel(text, font: .default(size: 17), insets: EdgeInsets(top: 0, left: 10, bottom: 0, right: 0))
            label.scale = 2
            configure(&label)
            return try label.makeLayout()
        }
        XCTAssertLessThan(w("ab"), 28)
        XCTAssertEqual(try layout("ab\tc").lines[0].rect.width, 28 + w("c"), accuracy: 1e-9)
        // Past the first stop: the next one; two tabs in a row: two stops.
        XCTAssertGreaterThan(w("Snapshot"), 56); XCTAssertLessThan(w("Snapshot"), 84)
        XCTAssertEqual(try layout("Snapshot\tc").lines[0].rect.width, 84 + w("c"), accuracy: 1e-9)
        XCTAssertEqual(try layout("a\t\tc").lines[0].rect.width, 56 + w("c"), accuracy: 1e-9)
        // Beyond the twelfth stop (336 pt) a tab is a space.
        let long = String(repeating: "Snapshot ", count: 5) + "tests"
        XCTAssertGreaterThan(w(long), 336)
        XCTAssertEqual(try layout(long + "\tc").lines[0].rect.width, w(long + " c"), accuracy: 1e-9)
        // defaultTabInterval continues the stops; custom stops replace the defaults.
        XCTAssertEqual(try layout(long + "\tc") { $0.defaultTabInterval = 50 }.lines[0].rect.width,
                       ((w(long) / 50).rounded(.down) + 1) * 50 + w("c"), accuracy: 1e-9)
        XCTAssertEqual(try layout("ab\tc") { $0.tabStops = [TextTab(location: 100)] }.lines[0].rect.width, 100 + w("c"), accuracy: 1e-9)
        // The glyph after the tab is drawn at the stop, from the text rect's leading edge (10 pt), at 2x.
        let drawn = try layout("ab\tc")
        XCTAssertEqual(drawn.glyphs.last?.x ?? 0, ((10 + 28) * 2 * 4).rounded() / 4, accuracy: 1e-9)
        // The intrinsic size includes the tab.
        XCTAssertEqual(try PaddedLabel("ab\tc", font: .default(size: 17)).intrinsicContentSize.width, FontReference.px(28 + w("c"), 1), accuracy: 1e-9)
        var bad = PaddedLabel("a\tb", font: .default(size: 17))
        bad.tabStops = [TextTab(location: -1)]
        XCTAssertThrowsError(try bad.makeLayout()) { XCTAssertTrue("\($0)".contains("tabStops"), "\($0)") }
    }
}

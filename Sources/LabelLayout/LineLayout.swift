import Foundation
import Typesetting

/// A piece of a laid-out line: a range of the label's text (UTF-16 offsets) or the ellipsis.
public enum LinePiece: Hashable, Sendable {
    case text(Range<Int>)
    case ellipsis
}

/// One line after breaking and truncation.
struct BrokenLine {
    var pieces: [LinePiece]
    /// Width in points, trailing white space excluded.
    var width: CGFloat
    /// Whether this line ends a paragraph (hard break or end of text): justified text leaves it natural.
    var endsParagraph: Bool
}

/// The text measured for a maximum width and line limit.
struct MeasuredText {
    var lines: [BrokenLine]
    /// (widest line, lines × lineHeight), pt.
    var size: CGSize
    /// The truncation applied, if any.
    var truncation: LineBreakMode?
}

/// Line breaking and truncation of a label's text (DESIGN.md §2, Text size).
struct LineLayout {
    let label: PaddedLabel
    /// The text shaped once, in font units, measured at `pointSize` (DESIGN.md §2, Advances).
    private(set) var shaped: ShapedText
    private(set) var ellipsis: ShapedText
    /// The primary font's metrics at `pointSize`.
    private(set) var metrics: FontMetrics
    /// The point size the text is measured at: `label.font.pointSize`, or a smaller one when shrunk to fit.
    var pointSize: Double { shaped.pointSize }
    /// Paragraph ranges (UTF-16), separators excluded.
    let paragraphs: [Range<Int>]
    /// UAX #14 break opportunities and grapheme-cluster boundaries (UTF-16 offsets, ascending), both limited
    /// to offsets where a glyph cluster starts: no break inside a ligature (`ShapedText.startsCluster`).
    let breaks: [TextSegmentation.Break]
    let breakOffsets: [Int]
    let graphemes: [Int]
    /// UTF-16 offsets of the tabs (U+0009), ascending.
    let tabOffsets: [Int]

    init(label: PaddedLabel) throws {
        self.label = label
        let utf16 = Array(label.text.utf16)
        let direction: WritingDirection = switch label.layoutDirection {
        case nil: .natural
        case .leftToRight?: .leftToRight
        case .rightToLeft?: .rightToLeft
        }
        shaped = try Shaper.shape(utf16, font: label.languageFont, direction: direction, fallbackIsRTL: false)
        ellipsis = try Shaper.shape(Array("\u{2026}".utf16), font: label.font, direction: .leftToRight)
        metrics = try FontFace.load(label.font.file).metrics(pointSize: label.font.pointSize)
        paragraphs = LineLayout.paragraphs(utf16)
        let shaped = self.shaped
        breaks = try TextSegmentation.lineBreaks(utf16, keepHangulWords: label.lineBreakStrategy.contains(.hangulWordPriority))
            .filter { shaped.startsCluster[$0.offset] }
        breakOffsets = breaks.map(\.offset)
        graphemes = try TextSegmentation.graphemeBoundaries(utf16).filter { shaped.startsCluster[$0] }
        tabOffsets = utf16.indices.filter { utf16[$0] == 0x09 }
    }

    /// The same text measured at another point size (for `adjustsFontSizeToFitWidth`): no new shaping,
    /// advances and metrics scale linearly.
    func resized(to size: Double) throws -> LineLayout {
        var copy = self
        copy.shaped = shaped.resized(to: size)
        copy.ellipsis = ellipsis.resized(to: size)
        copy.metrics = try FontFace.load(label.font.file).metrics(pointSize: size)
        return copy
    }

    /// Splits at LF, CR, CR LF, VT, FF, NEL, U+2028 and U+2029 (hard breaks, UAX #14 class BK/CR/LF/NL).
    static func paragraphs(_ u: [UInt16]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0, i = 0
        while i < u.count {
            let c = u[i]
            if c == 0x0A || c == 0x0D || c == 0x85 || c == 0x2028 || c == 0x2029 || c == 0x0B || c == 0x0C {
                result.append(start..<i)
                i += (c == 0x0D && i + 1 < u.count && u[i + 1] == 0x0A) ? 2 : 1
                start = i
            } else { i += 1 }
        }
        // A final hard break ends the last line; it does not open an empty one (UIKit sizes "ab\n" as "ab").
        if start < u.count || result.isEmpty { result.append(start..<u.count) }
        // Empty text has no line at all: its size is the padding alone (DESIGN.md §2).
        return u.isEmpty ? [] : result
    }

    /// Height of one line box: the font's line height × `lineHeightMultiple` (when set).
    var lineHeight: CGFloat { metrics.lineHeight * (label.lineHeightMultiple > 0 ? label.lineHeightMultiple : 1) }

    /// Height of `n` lines: n line boxes and the `lineSpacing` between them.
    func blockHeight(lines n: Int) -> CGFloat {
        n == 0 ? 0 : CGFloat(n) * lineHeight + CGFloat(n - 1) * label.lineSpacing
    }

    /// The most lines drawn: `lines` (0 = no limit), and no more whole lines than fit `height`.
    func lineLimit(_ lines: Int, height: CGFloat) -> Int {
        let fitting = linesFitting(height: height)
        return lines == 0 ? fitting : min(lines, fitting)
    }

    /// How many whole lines fit `height` (at least one).
    func linesFitting(height: CGFloat) -> Int {
        let pitch = lineHeight + label.lineSpacing
        guard pitch > 0 else { return 1 }
        // Negative insets can make the rect far taller than the bitmap: the count is capped, never trapped on.
        let fitting = ((height + label.lineSpacing + layoutTolerance) / pitch).rounded(.down)
        return fitting.isFinite ? max(1, Int(min(fitting, 1e9))) : 1
    }

    /// Breaks the text at `maxWidth` (nil = unconstrained), keeps at most `maxLines` (0 = all),
    /// truncating the last kept line if text remains. Stops once the kept lines are known: text beyond them
    /// is not wrapped.
    func measure(maxWidth: CGFloat?, maxLines: Int) throws -> MeasuredText {
        let limit = maxWidth.map { max(0, $0) } ?? .infinity
        // A single-line label never wraps: it is truncated (or clipped) instead.
        let wraps = maxLines != 1 && limit.isFinite
        var lines: [BrokenLine] = []
        var textRemains = false
        for (index, paragraph) in paragraphs.enumerated() {
            let room = maxLines > 0 ? maxLines - lines.count : Int.max
            var paragraphLines = wraps
                ? wrap(paragraph, width: limit, maxLines: room == Int.max ? room : room + 1)
                : [BrokenLine(pieces: [.text(paragraph)], width: lineWidth(paragraph), endsParagraph: true)]
            // Text remains after the kept lines: the last kept one is truncated, its paragraph not pushed out.
            if paragraphLines.count > room || (paragraphLines.count == room && index < paragraphs.count - 1) {
                lines += paragraphLines.prefix(room)
                textRemains = true
                break
            }
            if wraps { pushOut(&paragraphLines, width: limit) }
            lines += paragraphLines
        }
        var truncation: LineBreakMode?
        if textRemains, let last = lines.indices.last {
            lines[last] = truncate(lines[last], upTo: paragraphEnd(of: lines[last]), width: limit, forceEllipsis: true)
            truncation = label.lineBreakMode
        } else if limit.isFinite, !wraps {
            // Single line wider than the limit.
            for i in lines.indices where lines[i].width > limit + layoutTolerance {
                lines[i] = truncate(lines[i], upTo: paragraphEnd(of: lines[i]), width: limit, forceEllipsis: false)
                truncation = label.lineBreakMode
            }
        }
        let widest = lines.map(\.width).max() ?? 0
        return MeasuredText(lines: lines, size: CGSize(width: widest, height: blockHeight(lines: lines.count)),
                            truncation: truncation)
    }

    private func paragraphEnd(of line: BrokenLine) -> Int {
        guard case .text(let r)? = line.pieces.first else { return 0 }
        // The first paragraph that ends at or after the line's start holds it.
        let i = paragraphs.partitionPoint { $0.upperBound >= r.lowerBound }
        return i < paragraphs.endIndex ? paragraphs[i].upperBound : r.upperBound
    }

    // MARK: Wrapping

    /// Greedy wrapping at UAX #14 opportunities (or grapheme clusters for `.byCharWrapping`);
    /// a word wider than the line breaks between grapheme clusters.
    /// Stops after `maxLines` lines.
    func wrap(_ paragraph: Range<Int>, width: CGFloat, maxLines: Int) -> [BrokenLine] {
        guard !paragraph.isEmpty else { return [BrokenLine(pieces: [.text(paragraph)], width: 0, endsParagraph: true)] }
        // Binary searches, not filters over the whole text: 100k paragraphs must not cost 100k × the text.
        let clusters = graphemes.sortedSlice(after: paragraph.lowerBound, through: paragraph.upperBound)
        var opportunities = Array(label.lineBreakMode == .byCharWrapping ? clusters
            : breakOffsets.sortedSlice(after: paragraph.lowerBound, through: paragraph.upperBound))
        // The paragraph's end is always a break opportunity. ICU puts a hard break *after* the separator,
        // outside the paragraph, so without this the last word of every paragraph but the last was
        // wrapped onto a line of its own ("a b\nc" gave "a", "b", "c").
        if opportunities.last != paragraph.upperBound { opportunities.append(paragraph.upperBound) }
        var lines: [BrokenLine] = []
        var start = paragraph.lowerBound
        var candidate: Int? = nil
        var i = opportunities.startIndex
        while start < paragraph.upperBound, lines.count < maxLines {
            if i < opportunities.endIndex {
                let b = opportunities[i]
                if b <= start { i += 1; continue }
                if lineWidth(start..<b) <= width + layoutTolerance {
                    candidate = b; i += 1; continue
                }
            }
            // The next opportunity overflows (or the paragraph ended): emit up to the last one that fit.
            var end: Int
            if let c = candidate {
                end = c
            } else if i >= opportunities.endIndex {
                end = paragraph.upperBound
            } else {
                // One word wider than the line: the most grapheme clusters that fit, at least one.
                let after = clusters.sortedSliceAfter(start)
                end = after.first ?? paragraph.upperBound
                for c in after {
                    if lineWidth(start..<c) <= width + layoutTolerance { end = c } else { break }
                }
            }
            let range = start..<end
            lines.append(BrokenLine(pieces: [.text(range)], width: lineWidth(range),
                                    endsParagraph: end >= paragraph.upperBound))
            start = end
            candidate = nil
        }
        return lines
    }

    // MARK: Tabs

    /// Width in points of `range` laid out from the start of a line, trailing white space excluded.
    func lineWidth(_ range: Range<Int>) -> CGFloat { width(shaped.trimmingTrailingWhitespace(range)) }

    /// Width in points of `range` laid out from the start of a line: its advances, each tab (U+0009) reaching
    /// the next tab stop (DESIGN.md §2, Tabs).
    func width(_ range: Range<Int>) -> CGFloat { layOutTabs(in: range).width }

    /// The drawn width of each tab in `range` (laid out from the start of a line), by UTF-16 offset.
    func tabWidths(in range: Range<Int>) -> [Int: CGFloat] { layOutTabs(in: range).tabs }

    private func layOutTabs(in range: Range<Int>) -> (width: CGFloat, tabs: [Int: CGFloat]) {
        var x: CGFloat = 0, position = range.lowerBound, tabs: [Int: CGFloat] = [:]
        for tab in tabOffsets.sortedSlice(after: range.lowerBound - 1, through: range.upperBound - 1) {
            x += shaped.width(position..<tab)
            let stop = nextTabStop(after: x, tab: tab)
            tabs[tab] = stop - x
            x = stop
            position = tab + 1
        }
        return (x + shaped.width(position..<range.upperBound), tabs)
    }

    /// Where a tab at pen `x` (pt from the line's leading edge) ends: the first of `tabStops` beyond `x`, then
    /// multiples of `defaultTabInterval`; with an interval of 0, beyond the last stop a tab is a space.
    private func nextTabStop(after x: CGFloat, tab: Int) -> CGFloat {
        if let stop = label.tabStops.lazy.map(\.location).sorted().first(where: { $0 > x + layoutTolerance }) { return stop }
        let interval = label.defaultTabInterval
        if interval > 0 { return ((x + layoutTolerance) / interval).rounded(.down) * interval + interval }
        return x + shaped.width(tab..<(tab + 1))
    }

    // MARK: Push-out

    /// `.pushOut` (DESIGN.md §2, Push-out): when a wrapped paragraph's last line holds a single word (no break
    /// opportunity inside it), the last word of the line before moves down, once, if that line keeps at least
    /// one word and the new last line fits `width`. Word-wrapped paragraphs only (not `.byCharWrapping`).
    func pushOut(_ lines: inout [BrokenLine], width: CGFloat) {
        guard label.lineBreakStrategy.contains(.pushOut), label.lineBreakMode != .byCharWrapping, lines.count >= 2,
              case .text(let last)? = lines[lines.count - 1].pieces.first,
              case .text(let previous)? = lines[lines.count - 2].pieces.first,
              breakOffsets.sortedSlice(after: last.lowerBound, through: last.upperBound - 1).isEmpty,
              let cut = breakOffsets.sortedSlice(after: previous.lowerBound, through: previous.upperBound - 1).last
        else { return }
        let moved = cut..<last.upperBound
        let newWidth = lineWidth(moved)
        guard newWidth <= width + layoutTolerance else { return }
        let kept = previous.lowerBound..<cut
        lines[lines.count - 2] = BrokenLine(pieces: [.text(kept)], width: lineWidth(kept), endsParagraph: false)
        lines[lines.count - 1] = BrokenLine(pieces: [.text(moved)], width: newWidth, endsParagraph: true)
    }
}

extension ArraySlice where Element == Int {
    /// The elements greater than `value` of a sorted slice.
    func sortedSliceAfter(_ value: Int) -> ArraySlice<Int> {
        self[partitionPoint { $0 > value }...]
    }
}

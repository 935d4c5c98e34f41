import Foundation
import Typesetting

/// Truncation of the last kept line (docs/layout-rules.md, Truncation), as named steps: which mode applies, where the
/// kept head ends and the kept tail starts, and the width of the resulting pieces, computed in one place.
extension LineLayout {
    /// Fits `line` (whose text may continue up to `end`) into `width` by the label's line-break mode:
    /// tail keeps the head, head keeps the end, middle keeps both ends ("…" from the label's font);
    /// clipping keeps the whole line; word and char wrapping cut without an ellipsis.
    /// With attributed text, `mode` is the line's paragraph's and the ellipsis takes the attributes of the text it
    /// replaces (`BrokenLine.ellipsisRun`): the first character cut for tail and middle truncation, the last for head.
    func truncate(_ line: BrokenLine, upTo end: Int, width: CGFloat, forceEllipsis: Bool, mode: LineBreakMode? = nil) throws -> BrokenLine {
        guard case .text(let r)? = line.pieces.first else { return line }
        let span = r.lowerBound..<end
        guard let rich, !span.isEmpty else { return try truncate(line, span: span, width: width, forceEllipsis: forceEllipsis, mode: mode, ellipsisRun: nil) }
        // The ellipsis's run depends on where the cut falls, which depends on its width: tried until they agree.
        var run = rich.runIndex(at: span.upperBound - 1)
        var result = line
        for _ in 0..<3 {
            result = try truncate(line, span: span, width: width, forceEllipsis: forceEllipsis, mode: mode, ellipsisRun: run)
            guard let replaced = replacedOffset(result, span: span) else { return result }
            let next = rich.runIndex(at: min(max(replaced, span.lowerBound), span.upperBound - 1))
            if next == run { break }
            run = next
        }
        return result
    }

    /// The offset of the first character an ellipsis replaces (head truncation: the last), nil without one.
    private func replacedOffset(_ line: BrokenLine, span: Range<Int>) -> Int? {
        guard let e = line.pieces.firstIndex(of: .ellipsis) else { return nil }
        if e > 0, case .text(let head) = line.pieces[e - 1] { return head.upperBound }
        if e + 1 < line.pieces.count, case .text(let tail) = line.pieces[e + 1] { return tail.lowerBound - 1 }
        return span.lowerBound
    }

    private func truncate(_ line: BrokenLine, span: Range<Int>, width: CGFloat, forceEllipsis: Bool, mode: LineBreakMode?,
                          ellipsisRun run: Int?) throws -> BrokenLine {
        guard case .text(let r)? = line.pieces.first else { return line }
        var out = try truncated(line, r: r, span: span, width: width, forceEllipsis: forceEllipsis, mode: mode, run: run)
        if out.pieces.contains(.ellipsis) { out.ellipsisRun = run }
        return out
    }

    private func truncated(_ line: BrokenLine, r: Range<Int>, span: Range<Int>, width: CGFloat, forceEllipsis: Bool,
                           mode: LineBreakMode?, run: Int?) throws -> BrokenLine {
        let ellipsisWidth = self.ellipsisWidth(run)
        switch mode.map(truncationMode(_:)) ?? truncationMode {
        case .byClipping:
            // Drawn whole, clipped to the bounds; the measured width is limited to the bounds.
            return BrokenLine(pieces: [.text(r)], width: min(line.width, width), endsParagraph: line.endsParagraph)
        case .byWordWrapping: return try cut(span, width: width, atWord: true)
        case .byCharWrapping: return try cut(span, width: width, atWord: false)
        case .byTruncatingTail: return try truncatingTail(span, width: width, forceEllipsis: forceEllipsis, ellipsisWidth: ellipsisWidth)
        case .byTruncatingHead: return try truncatingHead(span, width: width, ellipsisWidth: ellipsisWidth)
        case .byTruncatingMiddle: return try truncatingMiddle(span, width: width, ellipsisWidth: ellipsisWidth)
        }
    }

    /// The label's mode, except that head truncation of a multi-line label truncates the tail of its last line
    /// (DESIGN.md "To check on a device": head truncation on several lines); middle truncation always lays out one line (`drawnNumberOfLines`).
    private var truncationMode: LineBreakMode { truncationMode(label.lineBreakMode) }

    private func truncationMode(_ mode: LineBreakMode) -> LineBreakMode {
        label.drawnNumberOfLines != 1 && mode == .byTruncatingHead ? .byTruncatingTail : mode
    }

    /// The ellipsis's width, pt: the label's, or the run `run`'s (attributed text).
    func ellipsisWidth(_ run: Int?) -> CGFloat {
        let e = run.map { runEllipses[$0] } ?? ellipsis
        return e.lineWidth(0..<e.utf16.count)
    }

    /// Word and char wrapping on the last line: the most clusters that fit, back to the last word end for words.
    private func cut(_ span: Range<Int>, width: CGFloat, atWord: Bool) throws -> BrokenLine {
        var end = try headEnd(of: span, within: width)
        if atWord, end < span.upperBound,
           let wordEnd = text.breakOffsets.sortedSlice(after: span.lowerBound, through: end).last { end = wordEnd }
        return try line([.text(span.lowerBound..<end)], ellipsisWidth: 0)
    }

    /// "head…": the most clusters that fit with the ellipsis; the whole span and "…" when the text continues
    /// beyond the kept lines (`forceEllipsis`) and it fits. The span runs to the paragraph's end; it is shaped
    /// only until it is wider than the line could hold.
    private func truncatingTail(_ span: Range<Int>, width: CGFloat, forceEllipsis: Bool, ellipsisWidth: CGFloat) throws -> BrokenLine {
        let wholeFits = try forceEllipsis && {
            guard let whole = try lineWidth(span, unlessBeyond: width + layoutTolerance) else { return false }
            return whole + ellipsisWidth <= width + layoutTolerance
        }()
        let end = wholeFits ? span.upperBound : try headEnd(of: span, within: width - ellipsisWidth)
        return try line([.text(trimmingTrailingWhitespace(span.lowerBound..<end)), .ellipsis], ellipsisWidth: ellipsisWidth)
    }

    /// "…tail": the most clusters from the end that fit after the ellipsis, no white space after it.
    private func truncatingHead(_ span: Range<Int>, width: CGFloat, ellipsisWidth: CGFloat) throws -> BrokenLine {
        let start = try tailStart(of: span, within: width - ellipsisWidth)
        return try line([.ellipsis, .text(trimmingLeadingWhitespace(start..<span.upperBound))], ellipsisWidth: ellipsisWidth)
    }

    /// "head…tail": the head takes the clusters within half the budget, the tail what is left; no white space
    /// on either side of the "…".
    private func truncatingMiddle(_ span: Range<Int>, width: CGFloat, ellipsisWidth: CGFloat) throws -> BrokenLine {
        let budget = width - ellipsisWidth
        let headEnd = try headEnd(of: span, within: budget / 2)
        let tailStart = max(headEnd, try tailStart(of: span, within: budget - self.width(span.lowerBound..<headEnd)))
        return try line([.text(trimmingTrailingWhitespace(span.lowerBound..<headEnd)), .ellipsis,
                         .text(trimmingLeadingWhitespace(tailStart..<span.upperBound))], ellipsisWidth: ellipsisWidth)
    }

    /// The last cluster boundary of `span` up to which the text, from the line's start, fits `budget`
    /// (clusters are shaped as they are reached); with `atLeastOneCluster` (wrapping a word wider than the line)
    /// never the span's start: the first cluster, or the span's end when it holds no boundary.
    func headEnd(of span: Range<Int>, within budget: CGFloat, atLeastOneCluster: Bool = false) throws -> Int {
        var best = span.lowerBound
        var clusters = try Boundaries(.clusters, of: self, after: span.lowerBound, through: span.upperBound, endsWithUpper: false)
        while let c = try clusters.peek(text) {
            let fits = try lineWidth(span.lowerBound..<c) <= budget + layoutTolerance
            if fits || (atLeastOneCluster && best == span.lowerBound) { best = c }
            if !fits { break }
            clusters.advance(text)
        }
        return atLeastOneCluster && best == span.lowerBound ? span.upperBound : best
    }

    /// The first cluster boundary of `span` from which the rest of the span fits `budget` (the whole span is
    /// shaped: its end is kept).
    private func tailStart(of span: Range<Int>, within budget: CGFloat) throws -> Int {
        try text.extend(through: span.upperBound)
        var best = span.upperBound
        for c in text.graphemes.sortedSlice(after: span.lowerBound, through: span.upperBound).reversed() where c < span.upperBound {
            if try advanceWidth(c..<span.upperBound) <= budget + layoutTolerance { best = c } else { break }
        }
        if best > span.lowerBound, try advanceWidth(span) <= budget + layoutTolerance { best = span.lowerBound }
        return best
    }

    private func trimmingTrailingWhitespace(_ range: Range<Int>) -> Range<Int> {
        TextSegmentation.trimmingTrailingWhitespace(range, in: utf16)
    }

    private func trimmingLeadingWhitespace(_ range: Range<Int>) -> Range<Int> {
        TextSegmentation.trimmingLeadingWhitespace(range, in: utf16)
    }

    /// A truncated line and its width: a text piece that starts the line is measured from the line's start
    /// (tabs reach their stops), one after the ellipsis as plain advances; trailing white space never counts.
    private func line(_ pieces: [LinePiece], ellipsisWidth: CGFloat) throws -> BrokenLine {
        var width: CGFloat = 0
        for (i, piece) in pieces.enumerated() {
            switch piece {
            case .ellipsis: width += ellipsisWidth
            case .text(let r): width += i == 0 ? try lineWidth(r) : try advanceWidth(trimmingTrailingWhitespace(r))
            }
        }
        return BrokenLine(pieces: pieces, width: width, endsParagraph: false)
    }
}

import Foundation
import Typesetting

/// A piece of a laid-out line: a range of the label's text (UTF-16 offsets) or the ellipsis.
package enum LinePiece: Hashable, Sendable {
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
    /// Attributed text: the line's box, the run whose attributes the ellipsis takes, the leading indent (pt from
    /// the text rect's leading edge) and the space below the line before the next one (line and paragraph spacing).
    var box: LineBox? = nil
    var ellipsisRun: Int? = nil
    var leadingIndent: CGFloat = 0
    var spacingAfter: CGFloat = 0
}

/// The text measured for a maximum width and line limit.
struct MeasuredText {
    var lines: [BrokenLine]
    /// (widest line, lines × lineHeight), pt.
    var size: CGSize
    /// The truncation applied, if any.
    var truncation: LineBreakMode?
}

/// Line breaking and truncation of a label's text (docs/layout-rules.md, Text size). The text is shaped lazily
/// (`LazyShapedText`): every reading below first moves the shaping frontier far enough, so layout stops
/// shaping once the lines it keeps are known (docs/layout-rules.md, Early stop).
struct LineLayout {
    let label: PaddedLabel
    /// The text, shaped on demand in font units, measured at `pointSize` (docs/fonts.md, Advances). Shared by
    /// copies at other sizes: shaping does not depend on the size.
    let text: LazyShapedText
    private(set) var ellipsis: ShapedText
    /// The primary font's metrics at `pointSize`.
    private(set) var metrics: FontMetrics
    /// The point size the text is measured at: `label.font.pointSize`, or a smaller one when shrunk to fit.
    private(set) var pointSize: Double
    var utf16: [UInt16] { text.utf16 }
    /// `label.tabStops`' locations in ascending order, pt (sorted once, not for every tab measured).
    private let tabStopLocations: [CGFloat]

    /// The label's `attributedText` resolved for layout; nil for plain text.
    let rich: RichText?
    /// Each run's ellipsis at the run's font and the drawn size (attributed text).
    private(set) var runEllipses: [ShapedText] = []

    /// Whether `text` holds all of the label's text, not a prefix of it.
    let isWholeText: Bool
    /// A text longer than twice this many UTF-8 bytes is first laid out from a prefix cut after a line feed past
    /// this many bytes (`TextSegmentation.paragraphPrefixLength`), else, inside a long paragraph, after a space
    /// between two ASCII letters (`TextSegmentation.wordPrefixLength`; docs/layout-rules.md, Early stop).
    static let prefixBytes = 1 << 16

    /// - Parameters:
    ///   - shapingWholeText: shape all of the text first (what layout did before it stopped early; tests compare
    ///     the two).
    ///   - prefix: convert and lay out only a prefix of a long text that ends a paragraph, when it has one
    ///     (`isWholeText` false); the result stands only while `needsWholeText` is false.
    init(label: PaddedLabel, shapingWholeText: Bool = false, prefix: Bool = false) throws {
        self.label = label
        var cut: Int?, insideParagraph = false
        // An attributed text is converted whole (its runs index the whole string).
        if prefix && !shapingWholeText && label.attributedText == nil {
            cut = TextSegmentation.paragraphPrefixLength(of: label.text, minimum: LineLayout.prefixBytes)
            if cut == nil {
                cut = TextSegmentation.wordPrefixLength(of: label.text, minimum: LineLayout.prefixBytes)
                insideParagraph = cut != nil
            }
        }
        isWholeText = cut == nil
        let utf16 = TextSegmentation.utf16(label.text, utf8Prefix: cut)
        let language = label.language ?? PaddedLabel.guessLanguage(utf16)
        let font = label.font.forLanguage(language)
        var rich: RichText?
        var direction = WritingDirection.natural, strategy = label.lineBreakStrategy
        if let attributed = label.attributedText {
            let resolved = try RichText(attributed, label: label, baseFont: font, language: language)
            let first = resolved.style(forParagraphAt: 0)
            direction = first.baseWritingDirection
            strategy = first.lineBreakStrategy
            rich = resolved
        }
        self.rich = rich
        // Each paragraph's base direction is its first strong character's (UAX #9 P2–P3, as TextKit's
        // `NSWritingDirection.natural`); `layoutDirection` decides only paragraphs without one (docs/layout-rules.md, Bidi).
        text = try LazyShapedText(utf16, font: font, direction: direction, fallbackIsRTL: label.layoutDirection == .rightToLeft,
                                  keepHangulWords: strategy.contains(.hangulWordPriority),
                                  endsInsideParagraph: insideParagraph, runs: rich?.fontRuns ?? [])
        if shapingWholeText { try text.extend(through: text.utf16.count) }
        ellipsis = try Shaper.ellipsis(font: label.font)
        metrics = try FontFace.load(label.font.file).metrics(pointSize: label.font.pointSize)
        pointSize = label.font.pointSize
        tabStopLocations = label.tabStops.map { $0.location }.sorted()
        if let rich {
            // One ellipsis per distinct run font (runs repeat a few fonts), not one look-up per run.
            var shaped: [(font: Font, ellipsis: ShapedText)] = []
            runEllipses = try rich.runs.map { run in
                if let known = shaped.first(where: { $0.font == run.font }) { return known.ellipsis }
                let e = try Shaper.ellipsis(font: run.font)
                shaped.append((run.font, e))
                return e
            }
        }
    }

    /// Whether a layout made with this engine read to the end of a prefix: it must be made again from the whole
    /// text (what follows the prefix could change it).
    var needsWholeText: Bool { !isWholeText && text.dependsOnFollowingText }

    /// The same text measured at another point size (for `adjustsFontSizeToFitWidth`): no new shaping,
    /// advances and metrics scale linearly.
    func resized(to size: Double) throws -> LineLayout {
        var copy = self
        copy.pointSize = size
        copy.ellipsis = ellipsis.resized(to: size)
        copy.metrics = try FontFace.load(label.font.file).metrics(pointSize: size)
        if let rich {
            let ratio = size / label.font.pointSize
            copy.runEllipses = zip(runEllipses, rich.runs).map { $0.resized(to: $1.font.pointSize * ratio) }
        }
        return copy
    }

    /// The drawn size ÷ the label's font size: every run's font is scaled by it (`adjustsFontSizeToFitWidth`).
    var sizeRatio: Double { pointSize / label.font.pointSize }

    /// Height of one line box: the font's line height × `lineHeightMultiple` (when set).
    var lineHeight: CGFloat { metrics.lineHeight * (label.lineHeightMultiple > 0 ? label.lineHeightMultiple : 1) }

    /// Height of `n` lines: n line boxes and the `lineSpacing` between them.
    func blockHeight(lines n: Int) -> CGFloat {
        n == 0 ? 0 : CGFloat(n) * lineHeight + CGFloat(n - 1) * label.lineSpacing
    }

    /// The most lines drawn: `lines` (0 = no limit), and no more whole lines than fit `height`.
    func lineLimit(_ lines: Int, height: CGFloat) -> Int {
        // Attributed lines differ in height: the whole lines that fit are counted once they are broken (`fitting`).
        if rich != nil { return lines }
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
    /// truncating the last kept line if text remains. Stops once the kept lines are known: paragraphs after
    /// them are not read, and text after them is neither shaped nor wrapped.
    func measure(maxWidth: CGFloat?, maxLines: Int) throws -> MeasuredText {
        if let rich { return try measureRich(rich, maxWidth: maxWidth, maxLines: maxLines) }
        let limit = maxWidth.map { max(0, $0) } ?? .infinity
        // A single-line label never wraps: it is truncated (or clipped) instead.
        let wraps = maxLines != 1 && limit.isFinite
        var lines: [BrokenLine] = []
        var paragraphOfLine: [Range<Int>] = []
        var textRemains = false
        var start = 0
        while start < utf16.count {
            let (paragraph, next) = text.paragraph(from: start)
            let room = maxLines > 0 ? maxLines - lines.count : Int.max, capacity = linesWithinLimit - lines.count
            var paragraphLines = wraps  // one line past the size limit is enough to refuse it
                ? try wrap(paragraph, width: limit, maxLines: min(room == Int.max ? room : room + 1, capacity + 1))
                : [try wholeLine(paragraph, limit: limit)]
            // Text remains after the kept lines: the last kept one is truncated, its paragraph not pushed out.
            if paragraphLines.count > room || (paragraphLines.count == room && text.textFollows(paragraphEndingAt: next)) {
                lines += paragraphLines.prefix(room)
                for _ in 0..<room { paragraphOfLine.append(paragraph) }
                textRemains = true
                break
            }
            if paragraphLines.count > capacity { throw LabelError.textTooLarge(side: "tall") }
            if wraps { try pushOut(&paragraphLines, width: limit) }
            lines += paragraphLines
            for _ in paragraphLines.indices { paragraphOfLine.append(paragraph) }
            start = next
        }
        var truncation: LineBreakMode?
        if textRemains, let last = lines.indices.last {
            lines[last] = try truncate(lines[last], upTo: paragraphOfLine[last].upperBound, width: limit, forceEllipsis: true)
            truncation = label.lineBreakMode
        } else if limit.isFinite, !wraps {
            // Single line wider than the limit.
            for i in lines.indices where lines[i].width > limit + layoutTolerance {
                lines[i] = try truncate(lines[i], upTo: paragraphOfLine[i].upperBound, width: limit, forceEllipsis: false)
                truncation = label.lineBreakMode
            }
        }
        let size = try checkWithinLimit(CGSize(width: lines.reduce(0) { Swift.max($0, $1.width) }, height: blockHeight(lines: lines.count)))
        return MeasuredText(lines: lines, size: size, truncation: truncation)
    }

    /// A paragraph on one line. Within a finite `limit` its width only decides whether it is truncated (and a
    /// truncated line is measured again), so shaping stops once the line is known to be wider (the width is then
    /// infinite), unless the line's end is needed: head and middle truncation keep it, clipping draws it.
    func wholeLine(_ paragraph: Range<Int>, limit: CGFloat, mode: LineBreakMode? = nil) throws -> BrokenLine {
        let needsWholeLine = [.byTruncatingHead, .byTruncatingMiddle, .byClipping].contains(mode ?? label.lineBreakMode)
        let width = !limit.isFinite ? try unlimitedLineWidth(paragraph) : needsWholeLine ? try lineWidth(paragraph)
            : try lineWidth(paragraph, unlessBeyond: limit + layoutTolerance) ?? .infinity
        return BrokenLine(pieces: [.text(paragraph)], width: width, endsParagraph: true)
    }

    // MARK: Wrapping

    /// Offsets in `lower <.. upper` of the break opportunities (or grapheme-cluster boundaries) of the shaped
    /// text, read in order and shaped as they are reached; `upper` is the last one (once) when `endsWithUpper`.
    struct Boundaries {
        enum Kind { case breaks, clusters }
        let kind: Kind
        let upper: Int
        var index: Int
        var endPending: Bool

        init(_ kind: Kind, of layout: LineLayout, after lower: Int, through upper: Int, endsWithUpper: Bool) throws {
            try layout.text.extend(through: lower)
            self.kind = kind
            self.upper = upper
            index = Boundaries.list(kind, layout.text).partitionPoint { $0 > lower }
            endPending = endsWithUpper
        }

        static func list(_ kind: Kind, _ text: LazyShapedText) -> [Int] {
            kind == .breaks ? text.breakOffsets : text.graphemes
        }

        /// The next offset, nil after the last.
        func peek(_ text: LazyShapedText) throws -> Int? {
            while index >= Boundaries.list(kind, text).count, text.frontier < upper { try text.extendOneStep() }
            let list = Boundaries.list(kind, text)
            if index < list.count, list[index] <= upper { return list[index] }
            return endPending ? upper : nil
        }

        /// Whether the next offset is not known yet: the shaped text holds no more of them before `upper`.
        func isPending(_ text: LazyShapedText) -> Bool {
            index >= Boundaries.list(kind, text).count && text.frontier < upper
        }

        mutating func advance(_ text: LazyShapedText) {
            let list = Boundaries.list(kind, text)
            if index < list.count, list[index] <= upper {
                if list[index] == upper { endPending = false }
                index += 1
            } else {
                endPending = false
            }
        }
    }

    /// Greedy wrapping at UAX #14 opportunities (or grapheme clusters for `.byCharWrapping`);
    /// a word wider than the line breaks between grapheme clusters.
    /// Stops after `maxLines` lines.
    func wrap(_ paragraph: Range<Int>, width firstWidth: CGFloat, maxLines: Int, restWidth: CGFloat? = nil,
              mode: LineBreakMode? = nil) throws -> [BrokenLine] {
        guard !paragraph.isEmpty else { return [BrokenLine(pieces: [.text(paragraph)], width: 0, endsParagraph: true)] }
        // The paragraph's end is always a break opportunity. ICU puts a hard break *after* the separator,
        // outside the paragraph, so without this the last word of every paragraph but the last was
        // wrapped onto a line of its own ("a b\nc" gave "a", "b", "c").
        var opportunities = try Boundaries((mode ?? label.lineBreakMode) == .byCharWrapping ? .clusters : .breaks, of: self,
                                           after: paragraph.lowerBound, through: paragraph.upperBound, endsWithUpper: true)
        var lines: [BrokenLine] = []
        var start = paragraph.lowerBound
        var candidate: Int? = nil
        while start < paragraph.upperBound, lines.count < maxLines {
            let width = lines.isEmpty ? firstWidth : restWidth ?? firstWidth
            // Looking for the next opportunity stops once the text from the line's start is wider than the line:
            // that opportunity would overflow anyway, and a word of megabytes has none to find.
            var beyond = false
            while opportunities.isPending(text) {
                if text.frontier > start, try lineWidth(start..<text.frontier) > width + layoutTolerance { beyond = true; break }
                try text.extendOneStep()
            }
            let next = beyond ? nil : try opportunities.peek(text)
            if let b = next {
                if b <= start { opportunities.advance(text); continue }
                if try lineWidth(start..<b) <= width + layoutTolerance {
                    candidate = b; opportunities.advance(text); continue
                }
            }
            // The next opportunity overflows (or the paragraph ended): emit up to the last one that fit.
            var end: Int
            if let c = candidate {
                end = c
            } else if next == nil, !beyond {
                end = paragraph.upperBound
            } else {
                // One word wider than the line: the most grapheme clusters that fit, at least one.
                end = try headEnd(of: start..<paragraph.upperBound, within: width, atLeastOneCluster: true)
            }
            let range = start..<end
            lines.append(BrokenLine(pieces: [.text(range)], width: try lineWidth(range),
                                    endsParagraph: end >= paragraph.upperBound))
            start = end
            candidate = nil
        }
        return lines
    }

    /// The code points no font covers in the text of `lines` (their text pieces), in text order.
    func missingScalars(in lines: [BrokenLine]) -> [Unicode.Scalar] {
        lines.flatMap { line in
            line.pieces.flatMap { piece -> [Unicode.Scalar] in
                if case .text(let r) = piece { return text.missingScalars(in: r) } else { return [] }
            }
        }
    }

    // MARK: Widths and tabs

    /// Width in points of the shaped `range` (plain advances), shaping it first.
    func advanceWidth(_ range: Range<Int>) throws -> CGFloat { try text.width(range, pointSize: pointSize) }

    /// Width in points of `range` laid out from the start of a line, trailing white space excluded.
    func lineWidth(_ range: Range<Int>) throws -> CGFloat {
        try width(TextSegmentation.trimmingTrailingWhitespace(range, in: utf16))
    }

    /// `lineWidth(range)` when it is at most `bound`, else nil, shaping only until the text from the range's
    /// start is wider than `bound` (a line only gets wider as text is added: advances are never negative in
    /// the fonts we ship; docs/layout-rules.md, Early stop).
    func lineWidth(_ range: Range<Int>, unlessBeyond bound: CGFloat) throws -> CGFloat? {
        while text.frontier < range.upperBound {
            if text.frontier > range.lowerBound, try lineWidth(range.lowerBound..<text.frontier) > bound { return nil }
            try text.extendOneStep()
        }
        let width = try lineWidth(range)
        return width <= bound ? width : nil
    }

    /// Width in points of `range` laid out from the start of a line: its advances, each tab (U+0009) reaching
    /// the next tab stop (docs/layout-rules.md, Tabs).
    func width(_ range: Range<Int>) throws -> CGFloat { try layOutTabs(in: range).width }

    /// The drawn width of each tab in `range` (laid out from the start of a line), by UTF-16 offset.
    func tabWidths(in range: Range<Int>) throws -> [Int: CGFloat] { try layOutTabs(in: range).tabs }

    private func layOutTabs(in range: Range<Int>) throws -> (width: CGFloat, tabs: [Int: CGFloat]) {
        try text.extend(through: range.upperBound)
        var x: CGFloat = 0, position = range.lowerBound, tabs: [Int: CGFloat] = [:]
        for tab in text.tabOffsets.sortedSlice(after: range.lowerBound - 1, through: range.upperBound - 1) {
            x += try advanceWidth(position..<tab)
            let stop = try nextTabStop(after: x, tab: tab)
            tabs[tab] = stop - x
            x = stop
            position = tab + 1
        }
        return (x + (try advanceWidth(position..<range.upperBound)), tabs)
    }

    /// Where a tab at pen `x` (pt from the line's leading edge) ends: the first of `tabStops` beyond `x`, then
    /// multiples of `defaultTabInterval`; with an interval of 0, beyond the last stop a tab is a space.
    private func nextTabStop(after x: CGFloat, tab: Int) throws -> CGFloat {
        var stops = tabStopLocations, interval = label.defaultTabInterval
        if let rich {
            let style = rich.style(forParagraphAt: tab)
            stops = style.tabStops.map(\.location).sorted()
            interval = style.defaultTabInterval
        }
        if let stop = stops.first(where: { $0 > x + layoutTolerance }) { return stop }
        if interval > 0 { return ((x + layoutTolerance) / interval).rounded(.down) * interval + interval }
        return x + (try advanceWidth(tab..<(tab + 1)))
    }

    // MARK: Push-out

    /// `.pushOut` (docs/layout-rules.md, Line-break strategy): when a wrapped paragraph's last line holds a single word (no break
    /// opportunity inside it), the last word of the line before moves down, once, if that line keeps at least
    /// one word and the new last line fits `width`. Word-wrapped paragraphs only (not `.byCharWrapping`).
    func pushOut(_ lines: inout [BrokenLine], width: CGFloat, strategy: LineBreakStrategy? = nil, mode: LineBreakMode? = nil) throws {
        guard (strategy ?? label.lineBreakStrategy).contains(.pushOut), (mode ?? label.lineBreakMode) != .byCharWrapping, lines.count >= 2,
              case .text(let last)? = lines[lines.count - 1].pieces.first,
              case .text(let previous)? = lines[lines.count - 2].pieces.first,
              text.breakOffsets.sortedSlice(after: last.lowerBound, through: last.upperBound - 1).isEmpty,
              let cut = text.breakOffsets.sortedSlice(after: previous.lowerBound, through: previous.upperBound - 1).last
        else { return }
        let moved = cut..<last.upperBound
        let newWidth = try lineWidth(moved)
        guard newWidth <= width + layoutTolerance else { return }
        let kept = previous.lowerBound..<cut
        lines[lines.count - 2] = BrokenLine(pieces: [.text(kept)], width: try lineWidth(kept), endsParagraph: false)
        lines[lines.count - 1] = BrokenLine(pieces: [.text(moved)], width: newWidth, endsParagraph: true)
    }
}

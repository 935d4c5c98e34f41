import Foundation
import Typesetting

/// Line breaking of an attributed text (docs/layout-rules.md, Attributed text): the plain rules, with each paragraph's
/// own style (line-break mode and strategy, indents, line heights, spacing) and line boxes from the runs on a line.
extension LineLayout {
    func measureRich(_ rich: RichText, maxWidth: CGFloat?, maxLines: Int) throws -> MeasuredText {
        let limit = maxWidth.map { max(0, $0) } ?? .infinity
        // A paragraph wraps in a finite width: the label's, or its positive tail indent's without one.
        func wraps(_ room: CGFloat) -> Bool { maxLines != 1 && room.isFinite }
        var lines: [BrokenLine] = []
        var paragraphOfLine: [Range<Int>] = []
        var textRemains = false
        var start = 0
        while start < utf16.count {
            let (paragraph, next) = text.paragraph(from: start)
            let style = rich.style(forParagraphAt: paragraph.lowerBound)
            let first = availableWidth(limit, style: style, firstLine: true)
            let rest = availableWidth(limit, style: style, firstLine: false)
            let room = maxLines > 0 ? maxLines - lines.count : Int.max
            var paragraphLines = wraps(first)
                ? try wrap(paragraph, width: first, maxLines: room == Int.max ? room : room + 1, restWidth: rest,
                           mode: style.lineBreakMode)
                : [try wholeLine(paragraph, limit: first, mode: style.lineBreakMode)]
            let cutShort = paragraphLines.count > room || (paragraphLines.count == room && text.textFollows(paragraphEndingAt: next))
            if cutShort { paragraphLines = Array(paragraphLines.prefix(room)) }
            // An attributed paragraph is pushed out only when its style asks for it (Apple's default is none).
            else if wraps(first) { try pushOut(&paragraphLines, width: rest, strategy: style.lineBreakStrategy, mode: style.lineBreakMode) }
            for i in paragraphLines.indices {
                paragraphLines[i].leadingIndent = i == 0 ? style.firstLineHeadIndent : style.headIndent
            }
            lines += paragraphLines
            for _ in paragraphLines.indices { paragraphOfLine.append(paragraph) }
            if cutShort { textRemains = true; break }
            start = next
        }
        var truncation: LineBreakMode?
        func truncateLine(_ i: Int, force: Bool) throws {
            let style = rich.style(forParagraphAt: paragraphOfLine[i].lowerBound)
            let width = availableWidth(limit, style: style, firstLine: i == 0 || paragraphOfLine[i - 1] != paragraphOfLine[i])
            let indent = lines[i].leadingIndent
            lines[i] = try truncate(lines[i], upTo: paragraphOfLine[i].upperBound, width: width, forceEllipsis: force,
                                    mode: style.lineBreakMode)
            lines[i].leadingIndent = indent
            truncation = style.lineBreakMode
        }
        if textRemains, let last = lines.indices.last {
            try truncateLine(last, force: true)
        } else {
            // Unwrapped lines longer than their room are truncated: the label's width, or a positive tail indent
            // (which also ends a line of a label measured without a width).
            for i in lines.indices {
                let room = availableWidth(limit, style: rich.style(forParagraphAt: paragraphOfLine[i].lowerBound), firstLine: true)
                if !wraps(room), room.isFinite, lines[i].width > room + layoutTolerance { try truncateLine(i, force: false) }
            }
        }
        var height: CGFloat = 0, widest: CGFloat = 0
        for i in lines.indices {
            let style = rich.style(forParagraphAt: paragraphOfLine[i].lowerBound)
            lines[i].box = lineBox(lines[i], style: style, rich: rich)
            if i + 1 < lines.count {
                var after = style.lineSpacing
                if paragraphOfLine[i + 1] != paragraphOfLine[i] {
                    after += style.paragraphSpacing + rich.style(forParagraphAt: paragraphOfLine[i + 1].lowerBound).paragraphSpacingBefore
                }
                lines[i].spacingAfter = after
            }
            height += lines[i].box!.height + lines[i].spacingAfter
            widest = max(widest, lines[i].leadingIndent + lines[i].width)
        }
        try checkWithinLimit(CGSize(width: widest, height: height))
        return MeasuredText(lines: lines, size: CGSize(width: widest, height: height), truncation: truncation)
    }

    /// The width a line of a paragraph may fill within `limit`, pt: less its head indent (the first line's
    /// `firstLineHeadIndent`, others' `headIndent`) and its tail indent (> 0: the line ends that far from the leading
    /// margin; ≤ 0: that far inside the trailing one), as `NSParagraphStyle`.
    func availableWidth(_ limit: CGFloat, style: ParagraphStyle, firstLine: Bool) -> CGFloat {
        let head = firstLine ? style.firstLineHeadIndent : style.headIndent
        let end = style.tailIndent > 0 ? min(limit, style.tailIndent) : limit + style.tailIndent
        return max(0, end - head)
    }

    /// A line's box from the runs on it (docs/layout-rules.md, Attributed text): as tall as its tallest run — the highest
    /// ascender (raised by a positive baseline offset) and lowest descender (lowered by a negative one), an
    /// attachment's bounds, the largest
    /// line gap — × `lineHeightMultiple`, then at least `minimumLineHeight` and at most `maximumLineHeight`. The
    /// extra (or missing) height is above the text: the baseline stays the descent and gap above the box's bottom.
    func lineBox(_ line: BrokenLine, style: ParagraphStyle, rich: RichText) -> LineBox {
        var ascent = -CGFloat.infinity, descent = CGFloat.infinity, gap: CGFloat = 0
        let ratio = sizeRatio
        func add(_ k: Int) {
            let run = rich.runs[k]
            if let a = run.attachment {
                ascent = max(ascent, a.bounds.minY + a.bounds.height)
                descent = min(descent, a.bounds.minY)
                return
            }
            let m = run.metrics
            // The glyphs where drawn and where unshifted: a raised run adds to the ascent only, a lowered one to
            // the descent only (moving both left a wholly raised line its old height: to-check item 14).
            ascent = max(ascent, m.ascender * ratio + max(0, run.baselineOffset))
            descent = min(descent, m.descender * ratio + min(0, run.baselineOffset))
            gap = max(gap, (m.lineHeight - (m.ascender - m.descender)) * ratio)
        }
        for piece in line.pieces {
            if case .text(let r) = piece { for k in rich.runIndices(overlapping: r) { add(k) } }
        }
        if let e = line.ellipsisRun { add(e) }
        if !ascent.isFinite || !descent.isFinite {
            ascent = metrics.ascender; descent = metrics.descender; gap = metrics.lineHeight - (metrics.ascender - metrics.descender)
        }
        let natural = ascent - descent + gap
        var box = natural * (style.lineHeightMultiple > 0 ? style.lineHeightMultiple : 1)
        if style.minimumLineHeight > 0 { box = max(box, style.minimumLineHeight) }
        if style.maximumLineHeight > 0 { box = min(box, style.maximumLineHeight) }
        return LineBox(height: box, baselineFromTop: box - (gap - descent))
    }
}

extension LineLayout {
    /// The text in a rect `height` tall: at most `maxLines` lines (0 = no limit) and no more whole lines than fit
    /// the height (at least one). Plain lines share one height, counted before breaking; attributed lines are
    /// broken first, then measured again with the count of the whole lines that fit.
    func measureFitting(maxWidth: CGFloat?, maxLines: Int, height: CGFloat) throws -> MeasuredText {
        guard rich != nil else { return try measure(maxWidth: maxWidth, maxLines: lineLimit(maxLines, height: height)) }
        let measured = try measure(maxWidth: maxWidth, maxLines: maxLines)
        guard measured.size.height > height + layoutTolerance, measured.lines.count > 1 else { return measured }
        var fitting = 0, bottom: CGFloat = 0
        for line in measured.lines {
            bottom += line.box?.height ?? 0
            if bottom > height + layoutTolerance { break }
            fitting += 1
            bottom += line.spacingAfter
        }
        return try measure(maxWidth: maxWidth, maxLines: max(1, fitting))
    }
}

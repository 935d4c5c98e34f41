import Foundation
import LabelRendering
import Typesetting

/// One string that does not fit its label or draws boxes, with the numbers the layout engine computed.
package struct FitFailure: Sendable, Hashable {
    package var key: String
    package var locale: String
    /// "" or e.g. "plural=one" (see `LocalizedString.variant`).
    package var variant: String
    /// The text laid out (format specifiers expanded with the samples).
    package var text: String
    /// The translation's state, nil when the file records none.
    package var state: TranslationState?
    /// Lines the whole text needs at the label's width (the label with `numberOfLines = 0`).
    package var lines: Int
    /// Lines the label shows: `numberOfLines`, or fewer when its height holds fewer.
    package var maxLines: Int
    /// How much does not fit, pt: for a single-line label the text's width beyond the text rect; for a
    /// multi-line label (or a single line cut at a hard line break) the height of the lines cut off (`overflowAxis`).
    package var overflow: Double
    /// `.width` for single-line labels, `.height` for multi-line ones and hard line breaks.
    package var overflowAxis: Axis
    /// The characters truncation removed (from the lines `TextLayout` shows), "" when clipped or shown whole.
    package var lost: String
    /// How the layout cut it: `.byTruncatingTail`, `.byClipping`, `.byWordWrapping` …; nil when the whole text is
    /// shown (the string fails only for `uncovered`).
    package var truncation: LineBreakMode?
    /// The code points of the text drawn as .notdef boxes ("tofu"), each once, in text order: those of grapheme
    /// clusters that no font of `fontsTried` covers whole, which the primary font lacks (a cluster is drawn by one
    /// face, so a letter another face has is a box too inside such a cluster). Hidden (truncated-away) text counts
    /// too (docs/sweep.md). Empty when every cluster has its glyphs.
    package var uncovered: [Unicode.Scalar] = []
    /// The fonts each cluster was offered, primary first (`FitCheck.fontNames`): "DejaVuSans.ttf", "NotoSansCJK-Regular.ttc#1".
    package var fontsTried: [String] = []
    /// The words of the drawn lines that are wider than the line and so were wrapped between grapheme clusters
    /// ("Donaudampfschiff | fahrtsgesellschaftskapitän"), each whole, in text order; empty when every line ends
    /// at a line-break opportunity (UAX #14) or the label wraps by characters on purpose (`.byCharWrapping`).
    package var brokenWords: [String] = []
    /// `lines` and `overflow` are lower bounds: the text needs more than `FitCheck.maximumMeasuredLines` lines at
    /// the label's width (or is wider on one line than that many lines hold), and the sweep measures no further.
    package var atLeast = false
    /// Where the string came from.
    package var file: String
    package var line: Int

    package enum Axis: String, Sendable, Hashable { case width, height }

    /// What is wrong with a string; one string can have both.
    package enum Kind: String, Sendable, Hashable {
        /// Truncated, clipped or lines lost (`truncation`).
        case doesNotFit = "does_not_fit"
        /// Drawn with .notdef boxes (`uncovered`).
        case notCovered = "not_covered"
        /// A word wider than the line, wrapped in the middle (`brokenWords`).
        case wordBroken = "word_broken"
    }

    package var kinds: [Kind] {
        (truncation == nil ? [] : [.doesNotFit]) + (uncovered.isEmpty ? [] : [.notCovered])
            + (brokenWords.isEmpty ? [] : [.wordBroken])
    }
}

/// Lays out one string in its label and tells whether it fits, using only `TextLayout`'s own results:
/// a string fits when `makeLayout()` reports no truncation (no ellipsis, no clipping, no lines dropped) and
/// every code point of its text has a glyph in the label's font chain (the layout's own fallback).
package enum FitCheck {
    /// nil when `text` fits `style` in `language` and no font is missing for it.
    /// - Throws: `LabelError` (a font that cannot be loaded, invalid style values).
    package static func check(_ text: String, style: LabelStyle, language: String?) throws -> Failure? {
        // A text of more than `maximumMeasuredLength` units in a label that shows its start (tail truncation,
        // clipping, wrapping) is measured from its first clusters: the lines drawn are the same as long as they
        // end well before the cut (OpenType context reaches a few code points), and shaping a 5 MB translation
        // took a minute (a run of one letter has no place HarfBuzz marks safe to break, so it is shaped whole).
        if text.utf16.count > maximumMeasuredLength, style.label.lineBreakMode != .byTruncatingHead,
           style.label.lineBreakMode != .byTruncatingMiddle {
            let prefix = String(text.prefix(maximumMeasuredLength / 4))
            let label = try style.makeLabelForChecking(text: prefix, language: language)
            if let (failure, shownEnd) = try check(label, style: style, wholeText: text),
               failure.truncation != nil, shownEnd + 256 < prefix.utf16.count {
                return failure
            }
        }
        let label = try style.makeLabelForChecking(text: text, language: language)
        return try check(label, style: style, wholeText: text)?.failure
    }

    /// Texts longer than this many UTF-16 units are measured from a prefix (`check`); their `lines` and `overflow`
    /// are then lower bounds (`atLeast`).
    package static let maximumMeasuredLength = 1 << 14

    /// `check` of `label`, whose text is `wholeText` or a prefix of it; with the end of the text the drawn lines
    /// show (UTF-16 offset).
    static func check(_ label: PaddedLabel, style: LabelStyle, wholeText: String) throws -> (failure: Failure, shownEnd: Int)? {
        let layout = try measuringLayout(label)
        let shownEnd = layout.lines.flatMap(\.pieces).reduce(0) { end, piece in
            if case .text(let r) = piece { return max(end, r.upperBound) } else { return end }
        }
        let isPrefix = label.text.utf16.count < wholeText.utf16.count
        let broken = try brokenWords(label, layout)
        guard let truncation = layout.truncation else {
            if isPrefix { return nil }
            // All of the text is drawn, so the layout's missing code points are the whole text's.
            let uncovered = distinct(layout.missingScalars)
            if uncovered.isEmpty, broken.isEmpty { return nil }
            return (Failure(lines: layout.lines.count, maxLines: layout.lines.count, overflow: 0, axis: .width, lost: "",
                            truncation: nil, uncovered: uncovered, fontsTried: uncovered.isEmpty ? [] : fontsTried(label),
                            brokenWords: broken), shownEnd)
        }
        // Only for the strings that do not fit: the text at the same width with no line limit but
        // `maximumMeasuredLines` (a 5 MB translation needs hundreds of thousands of lines, which nobody reads and
        // laying out took a minute), and (single line) its natural width up to what those lines hold.
        let pitch = linePitch(label)
        var unlimited = label
        unlimited.numberOfLines = maximumMeasuredLines + 1
        unlimited.bounds = CGRect(x: 0, y: 0, width: style.width,
                                  height: pitch * CGFloat(maximumMeasuredLines + 1) + label.insets.vertical + pitch / 2)
        let needed = try measuringLayout(unlimited)
        var atLeast = needed.truncation != nil || isPrefix
        var overflow = 0.0, axis = FitFailure.Axis.width
        if label.numberOfLines == 1 || layout.lines.count >= needed.lines.count {
            let cap = layout.textRect.width * CGFloat(maximumMeasuredLines)
            var natural = label
            natural.numberOfLines = 1
            natural.lineBreakMode = .byTruncatingTail   // shapes only up to the cap
            natural.adjustsFontSizeToFitWidth = false
            natural.bounds = CGRect(x: 0, y: 0, width: cap + label.insets.horizontal, height: pitch + label.insets.vertical)
            let line = try measuringLayout(natural)
            // Cut at the cap (not at a hard line break, which ends the line before it): wider than measured.
            let measured = line.lines.map { Double($0.rect.width) }.max() ?? 0
            let beyond = line.truncation != nil && measured >= Double(cap) - 1
            if beyond { atLeast = true }
            let width = beyond ? Double(cap) : measured
            overflow = width - Double(layout.textRect.width)
        }
        // Lines cut off (a multi-line label, or a single-line one whose text has hard line breaks): the height
        // from the last line drawn to the last line needed, in the unlimited layout.
        if overflow <= 0, needed.lines.count > layout.lines.count {
            let shown = needed.lines[max(0, layout.lines.count - 1)].rect.maxY
            overflow = Double((needed.lines.last?.rect.maxY ?? shown) - shown); axis = .height
        }
        var whole = label
        try style.set(wholeText, on: &whole)   // an attributed style keeps its runs (setting `text` drops them)
        let uncovered = try needed.truncation == nil && !isPrefix ? distinct(needed.missingScalars) : uncoveredScalars(of: whole)
        return (Failure(lines: needed.lines.count, maxLines: layout.lines.count, overflow: max(0, overflow),
                        axis: axis, lost: lostText(wholeText, layout), truncation: truncation, uncovered: uncovered,
                        fontsTried: uncovered.isEmpty ? [] : fontsTried(label), brokenWords: broken,
                        atLeast: atLeast), shownEnd)
    }

    /// At least the distance from one line to the next in `label`, pt (its font's line height, or 1.5 em if more,
    /// × `lineHeightMultiple`, + `lineSpacing`): bounds of n pitches hold n lines.
    static func linePitch(_ label: PaddedLabel) -> CGFloat {
        let lineHeight = (try? FontFace.load(label.font.file).metrics(pointSize: label.font.pointSize).lineHeight) ?? 0
        return CGFloat(max(lineHeight, label.font.pointSize * 1.5)) * max(1, label.lineHeightMultiple) + max(0, label.lineSpacing)
    }

    /// Lines the measuring of a string that does not fit goes to; beyond, its numbers are lower bounds (`atLeast`).
    package static let maximumMeasuredLines = 1000

    /// The words `layout`'s drawn lines break in the middle: a line that ends inside a paragraph at an offset that
    /// is no line-break opportunity (ICU's UAX #14, with the label's Hangul rule) ends inside a word the layout
    /// wrapped by grapheme clusters because it is wider than the line. The word is the text between the
    /// opportunities around the cut. None for `.byCharWrapping`, which breaks words on purpose.
    static func brokenWords(_ label: PaddedLabel, _ layout: TextLayout) throws -> [String] {
        guard label.lineBreakMode != .byCharWrapping, layout.lines.count > 1 else { return [] }
        let utf16 = TextSegmentation.utf16(label.text, utf8Prefix: nil)
        let keepHangul = label.lineBreakStrategy.contains(.hangulWordPriority)
        var words: [String] = []
        for i in 1..<layout.lines.count {
            let line = layout.lines[i]
            let b: Int
            if case .text(let r)? = line.pieces.first { b = r.lowerBound } else { b = line.range.lowerBound }
            guard b > 0, b < utf16.count, !isParagraphSeparator(utf16[b - 1]) else { continue }
            let previous = layout.lines[i - 1]
            let start: Int
            if case .text(let r)? = previous.pieces.first { start = min(r.lowerBound, b) } else { start = min(previous.range.lowerBound, b) }
            // Opportunities depend on the text around them only: the previous line and a word's worth after the cut.
            let end = min(utf16.count, b + 4096)
            let breaks = try TextSegmentation.lineBreaks(Array(utf16[start..<end]), keepHangulWords: keepHangul).map { $0.offset + start }
            guard !breaks.contains(b) else { continue }
            let wordStart = breaks.last { $0 < b } ?? start
            let wordEnd = breaks.first { $0 > b } ?? end
            let word = TextSegmentation.string(utf16[wordStart..<wordEnd]).trimmingCharacters(in: .whitespacesAndNewlines)
            if !word.isEmpty, words.last != word { words.append(word) }
        }
        return words
    }

    /// U+000A … U+000D, U+0085, U+2028, U+2029: a line after one starts a paragraph.
    static func isParagraphSeparator(_ u: UInt16) -> Bool {
        (0x0A...0x0D).contains(u) || u == 0x85 || u == 0x2028 || u == 0x2029
    }

    /// The code points of `label`'s whole text that no font of its chain covers, each once, in text order: the
    /// layout's own fallback (`LazyShapedText`, what `TextLayout.missingScalars` reports for drawn text) over all of
    /// the text, for a label whose layouts do not draw all of it (middle truncation keeps one line). An attributed
    /// text's runs are asked of their own fonts' chains (`PaddedLabel.fontsByRange`), not the label's.
    static func uncoveredScalars(of label: PaddedLabel) throws -> [Unicode.Scalar] {
        let text = TextSegmentation.utf16(label.text)
        let bounds = try TextSegmentation.graphemeBoundaries(text)
        let runs = try label.fontsByRange()
        guard runs.count > 1 else { return try uncovered(text, bounds, in: nil, font: runs.first?.font ?? label.languageFont) }
        var fonts: [Font] = [], rangesByFont: [Font: [Range<Int>]] = [:]
        for run in runs {
            if rangesByFont[run.font] == nil { fonts.append(run.font) }
            rangesByFont[run.font, default: []].append(run.range)
        }
        let missing = Set(try fonts.flatMap { try uncovered(text, bounds, in: rangesByFont[$0], font: $0) }.map(\.value))
        // In text order, each once.
        return distinct(label.text.unicodeScalars.filter { missing.contains($0.value) })
    }

    /// The code points of `text`'s clusters (those starting in `ranges`, nil: all) that `font`'s chain does not cover.
    private static func uncovered(_ text: [UInt16], _ bounds: [Int], in ranges: [Range<Int>]?, font: Font) throws -> [Unicode.Scalar] {
        // Each distinct grapheme cluster once, one a line: fallback is chosen per cluster, so these give the same
        // code points in the same first-seen order as the whole text, at the cost of its distinct clusters (a
        // 5 MB translation of one letter is one cluster, not 5 million to shape).
        var seenUnit = [Bool](repeating: false, count: 1 << 16), seen = Set<ArraySlice<UInt16>>()
        var utf16: [UInt16] = []
        var start = 0, run = 0
        for end in bounds where end > start {
            defer { start = end }
            if let ranges {
                while run < ranges.count, ranges[run].upperBound <= start { run += 1 }
                guard run < ranges.count, ranges[run].contains(start) else { continue }
            }
            if end - start == 1 {
                let u = Int(text[start])
                if seenUnit[u] { continue }
                seenUnit[u] = true
            } else if !seen.insert(text[start..<end]).inserted { continue }
            utf16 += text[start..<end]
            utf16.append(0x0A)
        }
        let shaped = try LazyShapedText(utf16, font: font)
        try shaped.extend(through: utf16.count)
        return distinct(shaped.missingScalars(in: 0..<utf16.count))
    }

    /// The fonts a label's text was offered, by file name (`fontNames`): each font's chain of an attributed text's
    /// runs, in text order, each face once; the label's chain for a plain text.
    static func fontsTried(_ label: PaddedLabel) -> [String] {
        guard label.attributedText != nil, let runs = try? label.fontsByRange() else { return fontNames(label.languageFont.chain) }
        var chain: [FontFile] = []
        for run in runs { for file in run.font.chain where !chain.contains(file) { chain.append(file) } }
        return fontNames(chain)
    }

    /// `scalars` without repeats, in order.
    static func distinct(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var seen = Set<UInt32>()
        return scalars.filter { seen.insert($0.value).inserted }
    }

    /// A chain's fonts by file name, as the provenance names them: "DejaVuSans.ttf", a collection's face
    /// "NotoSansCJK-Regular.ttc#1", and "(not installed)" after a file that does not exist (the chain skips it).
    package static func fontNames(_ chain: [FontFile]) -> [String] {
        chain.map { f in
            let name = (f.path as NSString).lastPathComponent + (f.faceIndex == 0 ? "" : "#\(f.faceIndex)")
            return FileManager.default.fileExists(atPath: f.path) ? name : name + " (not installed)"
        }
    }

    /// `label.makeLayout()` for measuring only: nothing is drawn, so a label whose bitmap would pass the pixel
    /// limit (`LabelError.tooLarge`: a long paragraph on one line, or with no line limit) is laid out at a smaller
    /// `scale` instead, which moves no line break, width or truncation (layout is in points, the same at every
    /// scale), only the pixel rounding of line positions: one long translation never stops
    /// the whole sweep with the error of a label nobody made.
    /// - Throws: `LabelError`, `.tooLarge` only for a text too long even at the smallest scale (0.01).
    static func measuringLayout(_ label: PaddedLabel) throws -> TextLayout {
        do {
            return try label.makeLayout()
        } catch LabelError.tooLarge(let w, let h, _) {
            let side = Double(PaddedLabel.maximumPixelDimension), pixels = Double(PaddedLabel.maximumPixelCount)
            let wide = max(1, Double(w)), tall = max(1, Double(h))
            let factor = min(side / wide, side / tall, (pixels / (wide * tall)).squareRoot()) * 0.9
            var smaller = label
            smaller.scale = max(0.01, label.scale * CGFloat(factor))
            return try smaller.makeLayout()
        }
    }

    /// What `check` measured (`FitFailure`'s fields of the same names).
    package struct Failure: Sendable, Hashable {
        package var lines: Int, maxLines: Int
        package var overflow: Double
        package var axis: FitFailure.Axis
        package var lost: String
        /// nil when the whole text is shown (it fails for `uncovered` alone).
        package var truncation: LineBreakMode?
        package var uncovered: [Unicode.Scalar]
        package var fontsTried: [String]
        package var brokenWords: [String] = []
        /// `lines` and `overflow` are lower bounds (`FitFailure.atLeast`).
        package var atLeast = false
    }

    /// The text outside every range the layout's lines show, white space at the cuts dropped; the parts of a
    /// middle truncation are joined with "…".
    static func lostText(_ text: String, _ layout: TextLayout) -> String {
        let u = Array(text.utf16)
        // The shown ranges merged in order; the parts between them are lost (no per-unit work: texts run to megabytes).
        var shown: [Range<Int>] = []
        for line in layout.lines {
            for case .text(let r) in line.pieces where r.upperBound <= u.count && !r.isEmpty { shown.append(r) }
        }
        shown.sort { $0.lowerBound < $1.lowerBound }
        var parts: [String] = []
        var i = 0
        for r in shown + [u.count..<u.count] {
            if r.lowerBound > i {
                let part = String(decoding: u[i..<r.lowerBound], as: UTF16.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if !part.isEmpty { parts.append(part) }
            }
            i = max(i, r.upperBound)
        }
        return parts.joined(separator: "\u{2026}")
    }
}

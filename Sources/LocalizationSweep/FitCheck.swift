import Foundation
import LabelLayout
import StringResources
import Typesetting

/// One string that does not fit its label or draws boxes, with the numbers the layout engine computed.
public struct FitFailure: Sendable, Hashable {
    public var key: String
    public var locale: String
    /// "" or e.g. "plural=one" (see `LocalizedString.variant`).
    public var variant: String
    /// The text laid out (format specifiers expanded with the samples).
    public var text: String
    /// The translation's state, nil when the file records none.
    public var state: TranslationState?
    /// Lines the whole text needs at the label's width (the label with `numberOfLines = 0`).
    public var lines: Int
    /// Lines the label shows: `numberOfLines`, or fewer when its height holds fewer.
    public var maxLines: Int
    /// How much does not fit, pt: for a single-line label the text's width beyond the text rect; for a
    /// multi-line label (or a single line cut at a hard line break) the height of the lines cut off (`overflowAxis`).
    public var overflow: Double
    /// `.width` for single-line labels, `.height` for multi-line ones and hard line breaks.
    public var overflowAxis: Axis
    /// The characters truncation removed (from the lines `TextLayout` shows), "" when clipped or shown whole.
    public var lost: String
    /// How the layout cut it: `.byTruncatingTail`, `.byClipping`, `.byWordWrapping` …; nil when the whole text is
    /// shown (the string fails only for `uncovered`).
    public var truncation: LineBreakMode?
    /// The code points of the text drawn as .notdef boxes ("tofu"), each once, in text order: those of grapheme
    /// clusters that no font of `fontsTried` covers whole, which the primary font lacks (a cluster is drawn by one
    /// face, so a letter another face has is a box too inside such a cluster). Hidden (truncated-away) text counts
    /// too (DESIGN.md §7). Empty when every cluster has its glyphs.
    public var uncovered: [Unicode.Scalar] = []
    /// The fonts each cluster was offered, primary first (`FitCheck.fontNames`): "DejaVuSans.ttf", "NotoSansCJK-Regular.ttc#1".
    public var fontsTried: [String] = []
    /// Where the string came from.
    public var file: String
    public var line: Int

    public enum Axis: String, Sendable, Hashable { case width, height }

    /// What is wrong with a string; one string can have both.
    public enum Kind: String, Sendable, Hashable {
        /// Truncated, clipped or lines lost (`truncation`).
        case doesNotFit = "does_not_fit"
        /// Drawn with .notdef boxes (`uncovered`).
        case notCovered = "not_covered"
    }

    public var kinds: [Kind] {
        (truncation == nil ? [] : [.doesNotFit]) + (uncovered.isEmpty ? [] : [.notCovered])
    }
}

/// Lays out one string in its label and tells whether it fits, using only `TextLayout`'s own results:
/// a string fits when `makeLayout()` reports no truncation (no ellipsis, no clipping, no lines dropped) and
/// every code point of its text has a glyph in the label's font chain (the layout's own fallback).
public enum FitCheck {
    /// nil when `text` fits `style` in `language` and no font is missing for it.
    /// - Throws: `LabelError` (a font that cannot be loaded, invalid style values).
    public static func check(_ text: String, style: LabelStyle, language: String?) throws -> Failure? {
        let label = try style.makeLabelForChecking(text: text, language: language)
        let layout = try measuringLayout(label)
        guard let truncation = layout.truncation else {
            // All of the text is drawn, so the layout's missing code points are the whole text's.
            let uncovered = distinct(layout.missingScalars)
            if uncovered.isEmpty { return nil }
            return Failure(lines: layout.lines.count, maxLines: layout.lines.count, overflow: 0, axis: .width, lost: "",
                           truncation: nil, uncovered: uncovered, fontsTried: fontNames(label.languageFont.chain))
        }
        // Only for the strings that do not fit: the text with no line limit at the same width, and
        // (single line) its natural width.
        var unlimited = label
        unlimited.numberOfLines = 0
        unlimited.bounds = nil
        try unlimited.layout(width: style.width)
        let needed = try measuringLayout(unlimited)
        var overflow = 0.0, axis = FitFailure.Axis.width
        if label.numberOfLines == 1 || layout.lines.count >= needed.lines.count {
            var natural = label
            natural.bounds = nil
            natural.numberOfLines = 1
            let width = try measuringLayout(natural).lines.map { Double($0.rect.width) }.max() ?? 0
            overflow = width - Double(layout.textRect.width)
        }
        // Lines cut off (a multi-line label, or a single-line one whose text has hard line breaks): the height
        // from the last line drawn to the last line needed, in the unlimited layout.
        if overflow <= 0, needed.lines.count > layout.lines.count {
            let shown = needed.lines[max(0, layout.lines.count - 1)].rect.maxY
            overflow = Double((needed.lines.last?.rect.maxY ?? shown) - shown); axis = .height
        }
        let uncovered = try needed.truncation == nil ? distinct(needed.missingScalars) : uncoveredScalars(of: label)
        return Failure(lines: needed.lines.count, maxLines: layout.lines.count, overflow: max(0, overflow),
                       axis: axis, lost: lostText(label.text, layout), truncation: truncation, uncovered: uncovered,
                       fontsTried: uncovered.isEmpty ? [] : fontNames(label.languageFont.chain))
    }

    /// The code points of `label`'s whole text that no font of its chain covers, each once, in text order: the
    /// layout's own fallback (`LazyShapedText`, what `TextLayout.missingScalars` reports for drawn text) over all of
    /// the text, for a label whose layouts do not draw all of it (middle truncation keeps one line).
    static func uncoveredScalars(of label: PaddedLabel) throws -> [Unicode.Scalar] {
        let utf16 = TextSegmentation.utf16(label.text)
        let shaped = try LazyShapedText(utf16, font: label.languageFont)
        try shaped.extend(through: utf16.count)
        return distinct(shaped.missingScalars(in: 0..<utf16.count))
    }

    /// `scalars` without repeats, in order.
    static func distinct(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var seen = Set<UInt32>()
        return scalars.filter { seen.insert($0.value).inserted }
    }

    /// A chain's fonts by file name, as the provenance names them: "DejaVuSans.ttf", a collection's face
    /// "NotoSansCJK-Regular.ttc#1", and "(not installed)" after a file that does not exist (the chain skips it).
    public static func fontNames(_ chain: [FontFile]) -> [String] {
        chain.map { f in
            let name = (f.path as NSString).lastPathComponent + (f.faceIndex == 0 ? "" : "#\(f.faceIndex)")
            return FileManager.default.fileExists(atPath: f.path) ? name : name + " (not installed)"
        }
    }

    /// `label.makeLayout()` for measuring only: nothing is drawn, so a label whose bitmap would pass the pixel
    /// limit (`LabelError.tooLarge`: a long paragraph on one line, or with no line limit) is laid out at a smaller
    /// `scale` instead, which moves no line break, width or truncation (layout is in points, the same at every
    /// scale: DESIGN.md §2), only the pixel rounding of line positions. Before, one long translation stopped
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
    public struct Failure: Sendable, Hashable {
        public var lines: Int, maxLines: Int
        public var overflow: Double
        public var axis: FitFailure.Axis
        public var lost: String
        /// nil when the whole text is shown (it fails for `uncovered` alone).
        public var truncation: LineBreakMode?
        public var uncovered: [Unicode.Scalar]
        public var fontsTried: [String]
    }

    /// The text outside every range the layout's lines show, white space at the cuts dropped; the parts of a
    /// middle truncation are joined with "…".
    static func lostText(_ text: String, _ layout: TextLayout) -> String {
        let u = Array(text.utf16)
        var shown = [Bool](repeating: false, count: u.count)
        for line in layout.lines {
            for case .text(let r) in line.pieces where r.upperBound <= u.count { for i in r { shown[i] = true } }
        }
        var parts: [String] = []
        var i = 0
        while i < u.count {
            guard !shown[i] else { i += 1; continue }
            let start = i
            while i < u.count, !shown[i] { i += 1 }
            let part = String(decoding: u[start..<i], as: UTF16.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !part.isEmpty { parts.append(part) }
        }
        return parts.joined(separator: "…")
    }
}

import Foundation
import LabelRendering
import Imaging
import Typesetting

/// The label a set of strings goes into: a `PaddedLabel` template (font, insets, lines, line-break mode,
/// scale, colours; its text is ignored), the bounds width (and optionally height) it gets from its layout,
/// and per-key overrides by key pattern, because different strings live in different labels.
///
/// From JSON (keys named as `PaddedLabel`'s properties, lengths in pt):
/// `{"font": "DejaVu Sans", "size": 15, "insets": [4, 8, 4, 8], "width": 120, "numberOfLines": 1,
///   "lineBreakMode": "tail", "scale": 2, "overrides": [{"keys": "onboarding.*", "width": 280, "numberOfLines": 2}]}`
public struct LabelStyle: Sendable {
    /// The label every string is put into (`text` and `language` are set per string). Its `attributedText`, when
    /// set (JSON `"attributedText"`, runs by range), styles every string: the runs at the same UTF-16 offsets of
    /// each string, cut at its end; the text past the template's end takes its last character's attributes.
    public var label: PaddedLabel
    /// Width of the label's bounds, pt (the text rect is this minus the horizontal insets).
    public var width: CGFloat
    /// Height of the bounds, pt; nil = the height the text needs, up to `numberOfLines` lines (as Auto Layout
    /// with a fixed width and the intrinsic height).
    public var height: CGFloat?
    /// Values put into format specifiers.
    public var samples: FormatSamples
    /// Later overrides win; each applies to the keys its pattern matches.
    public var overrides: [Override]
    /// The catalog's strings are Markdown (inline syntax: strong, emphasis, code, strikethrough): each is
    /// swept as the attributed label `AttributedString(markdown:)` makes, in the font's family's faces, as an
    /// app that shows them with `attributedText` does. JSON `"markdown": true`.
    public var markdown = false
    /// The container behind the label, for the accessibility audit (`labelsnap audit`, `sweep --audit`), resolved per
    /// appearance and contrast; nil: `systemBackground`. JSON `"background"`: a colour (`"#F2F2F7"`) or a system
    /// colour's name (`"secondarySystemBackground"`).
    public var background: Color?
    /// The label is tapped: the audit also checks a touch target of at least 44 × 44 pt. JSON `"interactive": true`.
    public var interactive = false

    /// Changes to the style for the keys matching `keys` (glob: `*` any run of characters, `?` one).
    public struct Override: Sendable {
        public var keys: [String]
        public var apply: @Sendable (inout LabelStyle) -> Void
        public init(keys: [String], apply: @escaping @Sendable (inout LabelStyle) -> Void) {
            self.keys = keys
            self.apply = apply
        }
        package func matches(_ key: String) -> Bool { keys.contains { KeyPattern.matches($0, key) } }
    }

    public init(label: PaddedLabel = PaddedLabel(""), width: CGFloat, height: CGFloat? = nil,
                samples: FormatSamples = FormatSamples(), overrides: [Override] = []) {
        self.label = label
        self.width = width
        self.height = height
        self.samples = samples
        self.overrides = overrides
    }

    /// The style for `key`: every matching override applied in order.
    package func resolved(forKey key: String) -> LabelStyle {
        var style = self
        style.overrides = []
        for o in overrides where o.matches(key) { o.apply(&style) }
        return style
    }

    /// The label for one string: `text` in `language`, laid out at `width` × `height`, or — without a
    /// height — at `width` × the fitting height (`layout(width:)`), as the app shows it.
    /// - Throws: `LabelError` from `layout(width:)`.
    package func makeLabel(text: String, language: String?) throws -> PaddedLabel {
        var l = label
        try set(text, on: &l)
        l.language = language
        l.bounds = nil
        try l.layout(width: width)
        if let height { l.bounds = CGRect(x: 0, y: 0, width: width, height: height) }
        return l
    }

    /// The label for checking whether `text` fits, without measuring its height first: with no `height`
    /// and a line limit, bounds taller than `numberOfLines` lines can be (3 em or twice the font's line height a
    /// line) draw the same lines as
    /// the fitting height, because drawing keeps `numberOfLines` lines and the whole lines that fit.
    /// Saves one shaping per string; the drawn picture uses `makeLabel`. A style with an attributed template is
    /// measured by `makeLabel`: its runs' fonts and fixed line heights can make lines taller than that bound.
    func makeLabelForChecking(text: String, language: String?) throws -> PaddedLabel {
        guard height == nil, label.numberOfLines > 0, label.attributedText == nil else { return try makeLabel(text: text, language: language) }
        var l = label
        try set(text, on: &l)
        l.language = language
        // At least the font's own line height (twice over), so no font's lines are cut by these bounds.
        let fontLineHeight = (try? FontFace.load(l.font.file).metrics(pointSize: l.font.pointSize).lineHeight) ?? 0
        let lineBox = max(l.font.pointSize * 3, fontLineHeight * 2) * max(1, Double(l.lineHeightMultiple)) + Double(l.lineSpacing)
        l.bounds = CGRect(x: 0, y: 0, width: width, height: CGFloat(lineBox) * CGFloat(l.numberOfLines) + l.insets.vertical)
        return l
    }
}

extension LabelStyle {
    /// `text` as the label's text; with `markdown`, or with an `attributedText` on the style's label (its runs by
    /// range), as its attributed text (its characters as `text`): the string, parsed as Markdown when `markdown`
    /// is set, takes the template's attributes at the same UTF-16 offsets (`applyingAttributes(of:)`).
    /// - Throws: the Markdown parser's error for text it cannot read.
    func set(_ text: String, on l: inout PaddedLabel) throws {
        let template = label.attributedText
        guard markdown || template != nil else { l.text = text; return }
        var attributed = markdown ? try AttributedString(markdown: text) : AttributedString(text)
        if let template { attributed = attributed.applyingAttributes(of: template) }
        l.attributedText = attributed
    }
}

extension AttributedString {
    /// This string with `template`'s attributes at the same UTF-16 offsets, as a style's runs by range reach each
    /// catalog string: a run is cut at this string's end, and what lies past the template's end takes its last
    /// character's attributes (as text typed after it would, `typingAttributes`). An offset inside a character's
    /// UTF-16 units moves back to the start of its Unicode scalar. Attributes the string has (Markdown's) stay where
    /// the template sets none.
    func applyingAttributes(of template: AttributedString) -> AttributedString {
        var result = self
        let length = utf16.count
        guard length > 0 else { return result }
        var spans: [(lower: Int, upper: Int, attributes: AttributeContainer)] = []
        var offset = 0
        for run in template.runs {
            let lower = offset
            offset += template.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            spans.append((lower, offset, run.attributes))
        }
        guard !spans.isEmpty else { return result }
        spans[spans.count - 1].upper = length
        // The indices of every offset named, found in one walk over the scalars (a translation can be long).
        let wanted = Set(spans.flatMap { [min($0.lower, length), min($0.upper, length)] }).sorted()
        var indices: [Int: AttributedString.Index] = [:]
        var units = 0, next = 0
        var i = unicodeScalars.startIndex
        while next < wanted.count {
            let scalar = i < unicodeScalars.endIndex ? unicodeScalars[i] : nil
            let end = scalar.map { units + $0.utf16.count } ?? Int.max
            while next < wanted.count, wanted[next] < end { indices[wanted[next]] = i; next += 1 }
            guard scalar != nil else { break }
            units = end
            i = unicodeScalars.index(after: i)
        }
        for span in spans {
            guard let lower = indices[min(span.lower, length)], let upper = indices[min(span.upper, length)], lower < upper else { continue }
            result[lower..<upper].mergeAttributes(span.attributes)
        }
        return result
    }
}

/// Glob patterns for keys: `*` matches any run of characters (also dots), `?` one character.
package enum KeyPattern {
    public static func matches(_ pattern: String, _ key: String) -> Bool {
        let p = Array(pattern.unicodeScalars), k = Array(key.unicodeScalars)
        var pi = 0, ki = 0, star = -1, mark = 0
        while ki < k.count {
            if pi < p.count, p[pi] == "?" || p[pi] == k[ki] { pi += 1; ki += 1 }
            else if pi < p.count, p[pi] == "*" { star = pi; mark = ki; pi += 1 }
            else if star >= 0 { pi = star + 1; mark += 1; ki = mark }
            else { return false }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}

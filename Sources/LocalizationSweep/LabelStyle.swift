import Foundation
import LabelLayout
import MarkdownText
import Raster
import StringResources
import Typesetting

/// The label a set of strings goes into: a `PaddedLabel` template (font, insets, lines, line-break mode,
/// scale, colours; its text is ignored), the bounds width (and optionally height) it gets from its layout,
/// and per-key overrides by key pattern, because different strings live in different labels.
///
/// From JSON (keys named as `PaddedLabel`'s properties, lengths in pt):
/// `{"font": "DejaVu Sans", "size": 15, "insets": [4, 8, 4, 8], "width": 120, "numberOfLines": 1,
///   "lineBreakMode": "tail", "scale": 2, "overrides": [{"keys": "onboarding.*", "width": 280, "numberOfLines": 2}]}`
public struct LabelStyle: Sendable {
    /// The label every string is put into (`text` and `language` are set per string).
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
    /// Saves one shaping per string; the drawn picture uses `makeLabel`.
    func makeLabelForChecking(text: String, language: String?) throws -> PaddedLabel {
        guard height == nil, label.numberOfLines > 0 else { return try makeLabel(text: text, language: language) }
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
    /// `text` as the label's text, or with `markdown` as its attributed text (its characters as `text`).
    /// - Throws: the Markdown parser's error for text it cannot read.
    func set(_ text: String, on l: inout PaddedLabel) throws {
        guard markdown else { l.text = text; return }
        let attributed = try AttributedString(markdown: text)
        l.text = String(attributed.characters)
        l.attributedText = attributed
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

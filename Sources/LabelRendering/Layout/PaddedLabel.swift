import Foundation
import Imaging
import Typesetting

/// A `UILabel` subclass with edge insets, as a value: the model that LabelSnapshot lays out and renders.
/// Geometry is in points; pixels = points × `scale`. Defaults are UIKit's. Rules: docs/layout-rules.md and docs/drawing.md.
public struct PaddedLabel: Sendable {
    /// The text; hard breaks at LF, CR, CR LF, VT (U+000B), FF (U+000C), NEL (U+0085), U+2028 and U+2029 (the
    /// UAX #14 mandatory breaks). May be empty (the padding stays). Setting it clears `attributedText`; with
    /// `attributedText` set it reads that string's characters, as `UILabel.text`.
    public var text: String {
        get { storedText }
        set { storedText = newValue; storedAttributedText = nil }
    }
    private var storedText: String
    /// The styled text (`UILabel.attributedText`): Foundation's `AttributedString` with LabelSnapshot's attributes
    /// (`font`, `foregroundColor`, `backgroundColor`, `kern`, `tracking`, `baselineOffset`, `underlineStyle`,
    /// `strikethroughStyle`, their colours, `paragraphStyle`, `attachment`; `AttributeScopes.LabelSnapshotAttributes`).
    /// Attributes win; ranges without a font, a colour or a paragraph style take the label's `font`, `textColor`
    /// and its paragraph properties (`textAlignment`, `lineBreakMode`, `lineBreakStrategy`, `lineSpacing`,
    /// `lineHeightMultiple`, `tabStops`, `defaultTabInterval`), which act only there. A paragraph with its own
    /// `ParagraphStyle` breaks greedily unless the style asks for push-out (`lineBreakStrategy` `[]` by default,
    /// as Apple's). Setting it sets `text` to its characters; nil also empties `text`. Its values are checked when
    /// the label is laid out, as the label's own: `kern`, `tracking`, `baselineOffset`, `tailIndent` and an
    /// attachment's origin finite within ±1,000,000 pt, the paragraph style's other lengths and an attachment's size
    /// finite, non-negative and at most that (`LabelError.invalidAttribute`, naming the run's UTF-16 range); a run's
    /// font as the label's. docs/layout-rules.md, Attributed text.
    public var attributedText: AttributedString? {
        get { storedAttributedText }
        set { storedAttributedText = newValue; storedText = newValue.map { String($0.characters) } ?? "" }
    }
    private var storedAttributedText: AttributedString?
    /// The font and its fallback chain: `Font.system(size: 17)` by default, as `UILabel`'s (the system font's
    /// stand-in, Inter with SF Pro's metrics; `Font.default(size:)` is DejaVu Sans).
    /// A Dynamic Type font (`Font.preferred`, `Font.scaled`) reads at its size for `contentSizeCategory`, as a
    /// label with `adjustsFontForContentSizeCategory = true`; setting a font whose `pointSize` is neither
    /// its `.large` size nor the current one makes it fixed at that size.
    public var font: Font {
        get { storedFont.resolved(for: contentSizeCategory) }
        set {
            storedFont = newValue
            if let scaling = newValue.dynamicType, newValue.pointSize != scaling.basePointSize,
               newValue.pointSize != scaling.pointSize(in: contentSizeCategory) {
                storedFont.dynamicType = nil
            }
        }
    }
    private var storedFont: Font
    /// The user's text size (`UITraitCollection.preferredContentSizeCategory`); default `.large`. Scales
    /// Dynamic Type fonts and, with `adjustsInsetsForContentSizeCategory`, the insets.
    public var contentSizeCategory: ContentSizeCategory = .large
    /// Light or dark (`UITraitCollection.userInterfaceStyle`); resolves `Color.dynamic` text, background and
    /// border colours when the label is laid out. Default `.light`.
    public var userInterfaceStyle: UserInterfaceStyle = .light
    /// Normal or increased contrast (`UITraitCollection.accessibilityContrast`, the Increase Contrast
    /// setting); resolves the high-contrast variants of dynamic colours (the system colours' from Apple's
    /// tables) with `userInterfaceStyle`. Default `.normal`.
    public var accessibilityContrast: AccessibilityContrast = .normal
    /// Scales the insets with the text, as `UIFontMetrics(forTextStyle:).scaledValue(for:)` relative to the
    /// font's text style (`.body` for a fixed font); off by default (UIKit leaves padding to the app).
    public var adjustsInsetsForContentSizeCategory = false
    /// Colour of the glyphs (8-bit sRGB, straight alpha); default `.label` as `UILabel.textColor`: black in
    /// the light appearance, white in the dark one.
    public var textColor: Color = .label
    /// Fill of the bounds (default clear, as `UIView.backgroundColor`'s nil), inside `cornerRadius`.
    public var backgroundColor: Color = .clear
    /// Padding between the bounds and the text, pt. Setting it replaces `directionalInsets`; with
    /// `directionalInsets` set it reads them resolved for `effectiveLayoutDirection`.
    /// With `adjustsInsetsForContentSizeCategory` it reads them scaled for `contentSizeCategory` (setting
    /// sets the unscaled ones).
    public var insets: EdgeInsets {
        get {
            let given = directionalInsets?.resolved(for: effectiveLayoutDirection) ?? absoluteInsets
            guard adjustsInsetsForContentSizeCategory else { return given }
            let style = storedFont.dynamicType?.textStyle ?? .body
            func scaled(_ v: CGFloat) -> CGFloat { DynamicType.scaledValue(v, relativeTo: style, in: contentSizeCategory) }
            return EdgeInsets(top: scaled(given.top), left: scaled(given.left), bottom: scaled(given.bottom), right: scaled(given.right))
        }
        set { absoluteInsets = newValue; directionalInsets = nil }
    }
    private var absoluteInsets: EdgeInsets
    /// Padding by leading/trailing edge (`NSDirectionalEdgeInsets`), resolved by `effectiveLayoutDirection`
    /// (left-to-right when `layoutDirection` is nil, whatever the text).
    public var directionalInsets: DirectionalEdgeInsets?
    /// Maximum lines; 0 = unlimited (UIKit's default is 1).
    public var numberOfLines: Int = 1
    /// Wrapping and truncation (`NSLineBreakMode`); default tail truncation as `UILabel`.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// How wrapped lines are chosen (`NSParagraphStyle.lineBreakStrategy`): `.standard` (push-out and Hangul word
    /// priority) by default as `UILabel`; `[]` for plain greedy breaking.
    public var lineBreakStrategy: LineBreakStrategy = .standard
    /// Horizontal alignment of each line in the text rect; `.natural` follows the paragraph direction.
    public var textAlignment: TextAlignment = .natural
    /// The view's layout direction (`UIView.semanticContentAttribute` `.forceLeftToRight`/`.forceRightToLeft`).
    /// Set, it decides `.natural` alignment, how directional insets resolve, and the base direction of the
    /// paragraphs without a strong character; a paragraph with one keeps its first strong character's direction
    /// (UAX #9 P2–P3, as TextKit's `NSWritingDirection.natural`), so left-to-right text in a right-to-left cell
    /// reads left to right, aligned right. nil (default): each paragraph's direction from its first strong
    /// character (left-to-right without one), `.natural` alignment following it, and directional insets
    /// resolved left-to-right — never by the text, as UIKit resolves `NSDirectionalEdgeInsets` by the view's
    /// direction only (a Hebrew title in an English app keeps its leading padding on the left). docs/layout-rules.md, Bidi.
    public var layoutDirection: LayoutDirection?

    /// The view's direction (`effectiveUserInterfaceLayoutDirection`): `layoutDirection`, left-to-right when
    /// nil (the model knows no app language). Never the text's direction.
    public var effectiveLayoutDirection: LayoutDirection { layoutDirection ?? .leftToRight }
    /// Width of the *text* (insets excluded) at which a multi-line label wraps for its
    /// `intrinsicContentSize`, pt; 0 = no preferred width (measured on one line), and so is an unbounded
    /// width (`.infinity`, `.greatestFiniteMagnitude`, anything over `maximumLength`: ``isUnbounded(_:)``).
    /// NaN or negative throws `LabelError.invalidProperty`.
    public var preferredMaxLayoutWidth: CGFloat = 0
    /// Corner radius of the background, border and clip, pt (`CALayer.cornerRadius`), at the corners of
    /// `maskedCorners`; at most half the shorter side, as Core Animation clamps it. `cornerConfiguration`, when set,
    /// wins over it.
    public var cornerRadius: CGFloat = 0
    /// The corners `cornerRadius` rounds (`CALayer.maskedCorners`); default all four.
    public var maskedCorners: CornerMask = .all
    /// The corners' curve (`CALayer.cornerCurve`): `.circular` (default, as Core Animation's) or `.continuous`, Apple's
    /// smooth corner; for `cornerRadius` and `cornerConfiguration` alike. docs/drawing.md, Corners.
    public var cornerCurve: CornerCurve = .circular
    /// The corners resolved from the laid-out bounds (`UIView.cornerConfiguration`, UIKit 26): `.capsule()`,
    /// `.corners(radius:)`, `.uniformCorners(radius:)`, per-corner, per-edge and directional radii. nil (default): `cornerRadius`
    /// and `maskedCorners`; set, it wins over them, as a view's configuration manages its layer's corners.
    public var cornerConfiguration: CornerConfiguration?
    /// Clips the text, run backgrounds and attachments to the corner shape (`UIView.clipsToBounds`, anti-aliased as the
    /// shape's edge); default false: the text is clipped to the bounds rect only.
    public var clipsToBounds = false
    /// Border drawn inside the bounds, pt (`CALayer.borderWidth`).
    public var borderWidth: CGFloat = 0
    /// Colour of the border; default opaque black, as `CALayer.borderColor` (not dynamic: a `CGColor`).
    public var borderColor: Color = .black
    /// Tab stops, pt from the text rect's leading edge (`NSParagraphStyle.tabStops`); default twelve left stops
    /// every 28 pt, as `NSParagraphStyle.default`. A tab (U+0009) reaches the first stop beyond the pen.
    public var tabStops: [TextTab] = TextTab.defaultStops
    /// Interval of the stops beyond the last of `tabStops`, pt (`NSParagraphStyle.defaultTabInterval`);
    /// 0 (default): beyond the last stop a tab is as wide as a space.
    public var defaultTabInterval: CGFloat = 0
    /// Extra space between lines, pt (`NSParagraphStyle.lineSpacing`): added between lines, not after the last.
    public var lineSpacing: CGFloat = 0
    /// Multiplier of the font's line height (`NSParagraphStyle.lineHeightMultiple`); 0 = 1. The extra height
    /// goes above the text of each line, as TextKit does.
    public var lineHeightMultiple: CGFloat = 0
    /// Shrinks the font until the text fits (UIKit's `adjustsFontSizeToFitWidth`), down to
    /// `minimumScaleFactor × font.pointSize`: a single line until it fits the width, a multi-line label until its
    /// wrapped text fits `numberOfLines` and the height. The intrinsic size stays at the original size; a shrunk
    /// single line is placed by `baselineAdjustment`.
    public var adjustsFontSizeToFitWidth = false
    /// Where a single line shrunk by `adjustsFontSizeToFitWidth` sits (`UIBaselineAdjustment`); default
    /// `.alignBaselines` as `UILabel`.
    public var baselineAdjustment: BaselineAdjustment = .alignBaselines
    /// Smallest font scale for `adjustsFontSizeToFitWidth`, 0…1. 0, the default, means the text is not scaled
    /// down at all ("If you specify a value of 0 … the label doesn't scale the text down", UIKit).
    public var minimumScaleFactor: CGFloat = 0
    /// The text's language, a BCP 47 tag ("ko", "ja", "zh-Hans", "zh-Hant"), as the `languageIdentifier`
    /// of an attributed string: it picks the CJK design of the fallback font (Korean → Noto Sans CJK KR,
    /// Japanese → JP, Simplified Chinese → SC, Traditional → TC). nil: guessed from the text (`effectiveLanguage`).
    public var language: String?
    /// The view's opacity (`UIView.alpha`), 0…1; default 1. The whole label (background, text, border) is drawn
    /// once and then composited at this opacity, as Core Animation composites a layer group: where the text and the
    /// border overlap, the pixel is the opaque drawing's at this opacity, never the two each at it. Values below 0
    /// draw as 0 and above 1 as 1 (UIKit: "values below 0.0 are interpreted as 0.0, and values above 1.0 are
    /// interpreted as 1.0"); NaN throws `LabelError.invalidProperty`. At 1 it costs nothing. docs/drawing.md, View state.
    public var alpha: CGFloat = 1
    /// Whether the text draws enabled (`UILabel.isEnabled`); default true. Disabled, every text colour (the label's,
    /// the highlighted one, and attributed runs' foreground colours) keeps its RGB and has its alpha scaled by
    /// `Color.tertiaryLabel`'s alpha for the label's appearance and contrast (0.3 normal): Apple documents only
    /// that the label "dims the text somewhat"; the factor is LabelSnapshot's rule (docs/drawing.md, View state).
    /// Background, border and shadow are not dimmed.
    public var isEnabled = true
    /// Whether the text draws highlighted (`UILabel.isHighlighted`); default false. Draws in
    /// `highlightedTextColor` only when that is set, as UIKit.
    public var isHighlighted = false
    /// The text colour when `isHighlighted` (`UILabel.highlightedTextColor`); default nil: highlighting changes
    /// nothing. With attributed text it replaces every run's foreground colour too.
    public var highlightedTextColor: Color?
    /// The text's shadow colour (`UILabel.shadowColor`); default nil: no shadow. Set, every glyph is drawn again
    /// under the text, in this colour, `shadowOffset` away, without blur (colour emoji as their alpha shape).
    public var shadowColor: Color?
    /// The shadow's offset, pt, x right and y down (`UILabel.shadowOffset`); default (0, -1), UIKit's "top shadow".
    /// Drawn rounded to whole pixels (offset × `scale`).
    public var shadowOffset = CGSize(width: 0, height: -1)
    /// Pixels per point: 1, 2 or 3 like `UIScreen.scale`.
    public var scale: CGFloat = 1
    /// The label's bounds, pt; nil = its `intrinsicContentSize` at the origin.
    public var bounds: CGRect?

    /// A label with `text`, `font` and `insets` (pt); every other property has UIKit's default.
    public init(_ text: String, font: Font = .system(size: 17), insets: EdgeInsets = .zero) {
        self.storedText = text
        self.storedFont = font
        self.absoluteInsets = insets
    }

    /// A label showing `attributedText`; `font` fills the ranges without a font attribute.
    public init(attributedText: AttributedString, font: Font = .system(size: 17), insets: EdgeInsets = .zero) {
        self.init("", font: font, insets: insets)
        self.attributedText = attributedText
    }

    /// A label whose insets are given by leading/trailing edge, resolved for `layoutDirection`.
    public init(_ text: String, font: Font = .system(size: 17), directionalInsets: DirectionalEdgeInsets,
                layoutDirection: LayoutDirection? = nil) {
        self.init(text, font: font)
        self.directionalInsets = directionalInsets
        self.layoutDirection = layoutDirection
    }

    // MARK: Internals

    /// The colour a text colour draws in for the view state: `highlightedTextColor` replaces it when `isHighlighted`
    /// (and it is set), then a disabled label scales its alpha by `tertiaryLabel`'s (docs/drawing.md, View state).
    /// `color` is resolved for the appearance already; so is the result.
    func stateTextColor(_ color: Color) -> Color {
        var c = color
        if isHighlighted, let h = highlightedTextColor { c = h.resolved(for: userInterfaceStyle, contrast: accessibilityContrast) }
        if !isEnabled {
            let dim = Int(Color.tertiaryLabel.resolved(for: userInterfaceStyle, contrast: accessibilityContrast).alpha)
            c.alpha = UInt8((Int(c.alpha) * dim + 127) / 255)
        }
        return c
    }

    /// The `.layout` line of the view state (`alpha 0.5, disabled, highlighted #FF0000FF, shadow #000000FF 0,-1 pt`),
    /// nil when every part is at UIKit's default.
    var viewStateDescription: String? {
        let n = layoutNumber
        var parts: [String] = []
        if drawnAlpha != 1 { parts.append("alpha \(n(drawnAlpha))") }
        if !isEnabled { parts.append("disabled") }
        if isHighlighted { parts.append("highlighted" + (highlightedTextColor.map { " \($0.resolved(for: userInterfaceStyle, contrast: accessibilityContrast).hexString)" } ?? "")) }
        if let s = shadowColor { parts.append("shadow \(s.resolved(for: userInterfaceStyle, contrast: accessibilityContrast).hexString) \(n(shadowOffset.width)),\(n(shadowOffset.height)) pt") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// `alpha` clamped to 0…1, as UIKit reads `UIView.alpha`.
    package var drawnAlpha: CGFloat { min(1, max(0, alpha)) }

    /// `numberOfLines`, except that `.byTruncatingMiddle` lays out one line whatever it says: "using it with
    /// multiline text truncates the text into a single line" (UIKit, `NSLineBreakMode.byTruncatingMiddle`).
    var drawnNumberOfLines: Int { drawnNumberOfLines(numberOfLines) }

    /// `lines`, or 1 under `.byTruncatingMiddle` (as `drawnNumberOfLines`).
    func drawnNumberOfLines(_ lines: Int) -> Int { effectiveLineBreakMode == .byTruncatingMiddle ? 1 : lines }

    /// The line-break mode that truncates: `lineBreakMode`, or with `attributedText` the first paragraph's
    /// `ParagraphStyle.lineBreakMode` when it has a style (docs/layout-rules.md, Attributed text).
    var effectiveLineBreakMode: LineBreakMode {
        guard let attributed = storedAttributedText, let first = attributed.runs.first else { return lineBreakMode }
        return first.paragraphStyle?.lineBreakMode ?? lineBreakMode
    }

    func paddedSize(of measured: MeasuredText) -> CGSize {
        CGSize(width: max(0, pixelCeil(measured.size.width, scale: scale) + insets.horizontal),
               height: max(0, pixelCeil(measured.size.height, scale: scale) + insets.vertical))
    }

    func measure(maxWidth: CGFloat?, maxLines: Int) throws -> MeasuredText {
        try withEngine { try $0.measure(maxWidth: maxWidth, maxLines: maxLines) }
    }

    func validate() throws {
        // At least 0.01: widths are pixels ÷ scale, and a denormal scale made them infinite.
        guard scale.isFinite, scale >= 0.01, scale <= 16 else { throw LabelError.invalidScale(scale) }
        let m = PaddedLabel.maximumLength
        guard insets.isFinite, [insets.top, insets.left, insets.bottom, insets.right].allSatisfy({ abs($0) <= m }) else {
            throw LabelError.invalidInsets(insets)
        }
        guard numberOfLines >= 0 else { throw LabelError.invalidNumberOfLines(numberOfLines) }
        // Any width ≥ 0 (NaN fails): an unbounded one means no preferred width, as 0 does.
        guard preferredMaxLayoutWidth >= 0 else {
            throw LabelError.invalidProperty(name: "preferredMaxLayoutWidth", value: preferredMaxLayoutWidth)
        }
        for (name, value) in [("cornerRadius", cornerRadius),
                              ("borderWidth", borderWidth), ("lineSpacing", lineSpacing),
                              ("defaultTabInterval", defaultTabInterval),
                              ("lineHeightMultiple", lineHeightMultiple)] where !(value.isFinite && value >= 0 && value <= m) {
            throw LabelError.invalidProperty(name: name, value: value)
        }
        guard !alpha.isNaN else { throw LabelError.invalidProperty(name: "alpha", value: alpha) }
        guard shadowOffset.width.isFinite, shadowOffset.height.isFinite, abs(shadowOffset.width) <= m, abs(shadowOffset.height) <= m else {
            throw LabelError.invalidProperty(name: "shadowOffset", value: shadowOffset.width.isFinite && abs(shadowOffset.width) <= m ? shadowOffset.height : shadowOffset.width)
        }
        for value in cornerConfiguration?.lengths ?? [] where !(value.isFinite && value >= 0 && value <= Double(m)) {
            throw LabelError.invalidProperty(name: "cornerConfiguration", value: CGFloat(value))
        }
        if let b = bounds, !(b.size.width.isFinite && b.size.height.isFinite && b.origin.x.isFinite && b.origin.y.isFinite
                             && b.size.width >= 0 && b.size.height >= 0 && b.size.width <= m && b.size.height <= m) {
            throw LabelError.invalidBounds(b)
        }
        for tab in tabStops where !(tab.location.isFinite && tab.location >= 0 && tab.location <= m) {
            throw LabelError.invalidProperty(name: "tabStops", value: tab.location)
        }
        guard minimumScaleFactor.isFinite, minimumScaleFactor >= 0, minimumScaleFactor <= 1 else {
            throw LabelError.invalidProperty(name: "minimumScaleFactor", value: minimumScaleFactor)
        }
        if let language, !PaddedLabel.isWellFormedLanguageTag(language) { throw LabelError.invalidLanguage(language) }
        do { try font.validateSize(); try font.validateWeight() } catch let e as TypesettingError { throw LabelError.font(e) }
        try validateAttributes()
        // FreeType's advances collapse to 0 at tens of thousands of pixels per em.
        guard font.pointSize * scale <= PaddedLabel.maximumPixelsPerEm else {
            throw LabelError.invalidProperty(name: "font size × scale", value: font.pointSize * scale)
        }
    }

    /// Largest accepted length (insets, bounds, spacing, widths), pt: beyond it a label is rejected with an
    /// error rather than laid out with numbers that overflow.
    package static let maximumLength: CGFloat = 1_000_000

    /// Whether a length, pt, means "no limit" where one is optional (`textRect(forBounds:)`'s width and height,
    /// `preferredMaxLayoutWidth`): over ``maximumLength``, which `.infinity` and `.greatestFiniteMagnitude`
    /// (UIKit code's two spellings of an unbounded side; Apple documents neither) both are. NaN is not.
    package static func isUnbounded(_ length: CGFloat) -> Bool { length > maximumLength }
    /// Largest accepted `font.pointSize × scale`, px per em.
    package static let maximumPixelsPerEm = 16_384.0
}

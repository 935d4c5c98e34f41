import Foundation
package import Typesetting

/// A font (`UIFont`) drawn by the package's typesetter: the system font's stand-in (`Font.system`: Inter with SF
/// Pro's metrics, or the font `LABELSNAP_SYSTEM_FONT` names), registered and installed fonts by name, and the
/// Dynamic Type text styles with Apple's sizes. Metrics are the face's tables at `pointSize`.
open class UIFont: NSObject, @unchecked Sendable {
    /// The typesetter's font (with its Dynamic Type scaling, for `preferredFont` and `UIFontMetrics` fonts).
    package let font: Font

    package init(font: Font) { self.font = font }

    /// A registered (`FontRegistry`) or installed font by PostScript or full name; nil when no face has that name.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard let font = try? Font(name: fontName, size: Double(fontSize)) else { return nil }
        self.init(font: font)
    }

    /// The system font at `fontSize` and `weight` (the stand-in's face of that weight).
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(font: .system(size: Double(fontSize), weight: Font.Weight(rawValue: Double(weight.rawValue))))
    }
    /// The regular system font at `fontSize`.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }
    /// The bold system font at `fontSize`.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }
    /// The italic system font at `fontSize`.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(font: Font.system(size: Double(fontSize)).italic()) }
    /// The system font with digits of one width (OpenType `tnum`).
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(font: systemFont(ofSize: fontSize, weight: weight).font.monospacedDigit())
    }

    /// The font of a text style at the size of `traitCollection`'s content size category (else the current traits',
    /// `UITraitCollection.current`, else the app's: `.large` by default), Apple's sizes and weights; a label with `adjustsFontForContentSizeCategory` re-sizes it
    /// when its traits change.
    @MainActor open class func preferredFont(forTextStyle style: UIFont.TextStyle, compatibleWith traitCollection: UITraitCollection? = nil) -> UIFont {
        UIFont(font: Font.preferred(style.textStyle).resolved(for: UIFontMetrics.category(traitCollection)))
    }

    /// The same font at another size (fixed: no longer scaled with the text size).
    open func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(font: font.withSize(Double(fontSize))) }

    /// The size, pt.
    open var pointSize: CGFloat { CGFloat(font.pointSize) }
    /// Baseline to the top of the line box, pt (positive).
    open var ascender: CGFloat { CGFloat(metrics.ascender) }
    /// Baseline to the bottom of the line box, pt (negative).
    open var descender: CGFloat { CGFloat(metrics.descender) }
    /// Baseline-to-baseline distance, pt (ascender − descender + line gap).
    open var lineHeight: CGFloat { CGFloat(metrics.lineHeight) }
    /// The line gap, pt (`lineHeight − ascender + descender`).
    open var leading: CGFloat { lineHeight - ascender + descender }
    /// The height of capitals, pt (`OS/2.sCapHeight`).
    open var capHeight: CGFloat { CGFloat(heights.capHeight) }
    /// The height of lower-case letters, pt (`OS/2.sxHeight`).
    open var xHeight: CGFloat { CGFloat(heights.xHeight) }
    /// The face's PostScript name.
    open var fontName: String { font.file.info?.postScriptName ?? (font.file.path as NSString).lastPathComponent }
    /// The face's family name.
    open var familyName: String { font.file.info?.families.first ?? fontName }

    private var face: FontFace? { try? FontFace.load(font.file) }
    private var metrics: (ascender: Double, descender: Double, lineHeight: Double) {
        guard let m = face?.metrics(pointSize: font.pointSize) else { return (0, 0, 0) }
        return (m.ascender, m.descender, m.lineHeight)
    }
    private var heights: (capHeight: Double, xHeight: Double) { face?.glyphHeights(pointSize: font.pointSize) ?? (0, 0) }

    /// UIKit's standard sizes, pt.
    open class var systemFontSize: CGFloat { 14 }
    open class var smallSystemFontSize: CGFloat { 12 }
    open class var labelFontSize: CGFloat { 17 }
    open class var buttonFontSize: CGFloat { 18 }

    public override func isEqual(_ object: Any?) -> Bool { (object as? UIFont)?.font == font }
    public override var hash: Int { font.hashValue }
    public override var description: String { "UIFont(\(fontName) \(pointSize) pt)" }
}

extension UIFont {
    /// A font weight (`UIFont.Weight`, Apple's raw values from −0.8 to 0.62).
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(-0.8), thin = Weight(-0.6), light = Weight(-0.4), regular = Weight(0)
        public static let medium = Weight(0.23), semibold = Weight(0.3), bold = Weight(0.4), heavy = Weight(0.56), black = Weight(0.62)
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
    }

    /// A Dynamic Type text style (`UIFont.TextStyle`, Apple's raw values).
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// The typesetter's style (`.body` for an unknown raw value).
        package var textStyle: Typesetting.TextStyle {
            let pairs: [(TextStyle, Typesetting.TextStyle)] = [
                (.largeTitle, .largeTitle), (.title1, .title1), (.title2, .title2), (.title3, .title3), (.headline, .headline), (.body, .body),
                (.callout, .callout), (.subheadline, .subheadline), (.footnote, .footnote), (.caption1, .caption1), (.caption2, .caption2),
            ]
            return pairs.first { $0.0 == self }?.1 ?? .body
        }
    }
}

/// Scales fonts and lengths with the user's text size like a text style (`UIFontMetrics`): Apple's table of sizes
/// per style and category, as the typesetter's `DynamicType`.
public struct UIFontMetrics: Sendable {
    let style: UIFont.TextStyle
    public init(forTextStyle textStyle: UIFont.TextStyle) { style = textStyle }
    /// Scales relative to `.body`.
    public static var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    /// `font` scaled for the app's text size, and re-scaled by a label with `adjustsFontForContentSizeCategory`.
    @MainActor public func scaledFont(for font: UIFont) -> UIFont { scaledFont(for: font, maximumPointSize: 0, compatibleWith: nil) }
    /// `font` scaled for `traitCollection`'s text size (else the app's), at most `maximumPointSize` (0: no limit).
    @MainActor public func scaledFont(for font: UIFont, maximumPointSize: CGFloat = 0, compatibleWith traitCollection: UITraitCollection? = nil) -> UIFont {
        let scaled = Font.scaled(font.font, relativeTo: style.textStyle, maximumPointSize: maximumPointSize > 0 ? Double(maximumPointSize) : nil)
        return UIFont(font: scaled.resolved(for: category(traitCollection)))
    }
    /// `font` scaled for `traitCollection`'s text size.
    @MainActor public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        scaledFont(for: font, maximumPointSize: 0, compatibleWith: traitCollection)
    }
    /// `value`, pt at `.large`, scaled for `traitCollection`'s text size (else the app's).
    @MainActor public func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection? = nil) -> CGFloat {
        CGFloat(DynamicType.scaledValue(Double(value), relativeTo: style.textStyle, in: category(traitCollection)))
    }

    /// The category of `traits`, else of `UITraitCollection.current` (a view's, while UIKit draws, lays out or delivers
    /// traits), else the app's.
    @MainActor static func category(_ traits: UITraitCollection?) -> ContentSizeCategory {
        for t in [traits, UITraitCollection.current].compactMap({ $0 }) where t.preferredContentSizeCategory != .unspecified {
            return t.preferredContentSizeCategory.contentSizeCategory
        }
        return UIApplication.shared.preferredContentSizeCategory.contentSizeCategory
    }
    @MainActor private func category(_ traits: UITraitCollection?) -> ContentSizeCategory { UIFontMetrics.category(traits) }
}

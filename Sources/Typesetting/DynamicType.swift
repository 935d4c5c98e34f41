/// Dynamic Type: UIKit's content size categories, text styles, and the one place where a point size is
/// scaled by a category (`DynamicType.pointSize(_:relativeTo:in:maximumPointSize:)`). Rules: docs/layout-rules.md, Dynamic Type.

/// The user's preferred text size (`UIContentSizeCategory`), smallest first. `.large` is the default.
/// `Comparable` in that order, as UIKit's `<` on categories.
public enum ContentSizeCategory: Int, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// Short name for file names and captions: xS S M L xL xxL xxxL AX1 AX2 AX3 AX4 AX5 (Apple's own
    /// abbreviations in the Dynamic Type size tables of the Human Interface Guidelines).
    public var shortName: String {
        ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"][rawValue]
    }

    /// The category for a short name (`"AX3"`), case-sensitive; nil for anything else.
    public init?(shortName: String) {
        guard let match = ContentSizeCategory.allCases.first(where: { $0.shortName == shortName }) else { return nil }
        self = match
    }

    /// UIKit's `isAccessibilityCategory`: `.accessibilityMedium` and larger.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    public static func < (a: ContentSizeCategory, b: ContentSizeCategory) -> Bool { a.rawValue < b.rawValue }

    public var description: String { shortName }
}

extension Array where Element == ContentSizeCategory {
    /// All twelve categories, `.extraSmall` … `.accessibilityExtraExtraExtraLarge`.
    public static var all: [ContentSizeCategory] { ContentSizeCategory.allCases }
}

/// UIKit's eleven text styles (`UIFont.TextStyle`), largest first.
public enum TextStyle: String, CaseIterable, Hashable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2
}

/// Point sizes of the text styles by content size category, and the scaling curve derived from them.
public enum DynamicType {
    /// Apple's published Dynamic Type sizes (Human Interface Guidelines, "Typography", iOS), pt, by
    /// category from `.extraSmall` to `.accessibilityExtraExtraExtraLarge`.
    static let pointSizes: [TextStyle: [Double]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]

    /// The point size of `style` in `category`, from Apple's table (`UIFont.preferredFont(forTextStyle:)`).
    public static func pointSize(of style: TextStyle, in category: ContentSizeCategory) -> Double {
        pointSizes[style]?[category.rawValue] ?? 17
    }

    /// `value` (pt, the size at `.large`) scaled for `category` relative to `style`, as
    /// `UIFontMetrics(forTextStyle:).scaledValue(for:)` and `scaledFont(for:maximumPointSize:)`:
    /// `value × size(style, category) / size(style, .large)`, then at most `maximumPointSize` when given.
    /// Plain IEEE arithmetic, as `UIFontMetrics`' `CGFloat` result: a NaN `value` gives NaN, an infinite one
    /// infinity, and a NaN `maximum` is no limit. A label never sees such a size: `Font.scaled` with a NaN,
    /// zero or negative `maximumPointSize`, like a non-finite font size, is refused when the label is laid out
    /// (`TypesettingError.invalidMaximumPointSize`, `.invalidFontSize`).
    ///
    /// Apple does not publish UIFontMetrics' curve, and it is not this ratio (body 17 pt at `.medium`
    /// measures 16.33 pt on iOS, the ratio gives 16). This is the only place the curve is computed: a
    /// measured curve replaces this function. A style's own `.large` size maps exactly onto the table.
    public static func scaledValue(_ value: Double, relativeTo style: TextStyle, in category: ContentSizeCategory,
                                   maximum: Double? = nil) -> Double {
        let scaled = value * pointSize(of: style, in: category) / pointSize(of: style, in: .large)
        guard let maximum, !maximum.isNaN else { return scaled }
        return min(scaled, maximum)
    }
}

/// How a font follows the content size category (set by `Font.preferred` and `Font.scaled`), as a
/// `UIFont` made by `preferredFont(forTextStyle:)` or `UIFontMetrics` does in a label with
/// `adjustsFontForContentSizeCategory = true`.
public struct DynamicTypeScaling: Hashable, Sendable {
    /// The style whose curve the size follows.
    public var textStyle: TextStyle
    /// The size at `.large`, pt.
    public var basePointSize: Double
    /// The largest size it grows to, pt (`scaledFont(for:maximumPointSize:)`); nil = no limit.
    public var maximumPointSize: Double?

    public init(textStyle: TextStyle, basePointSize: Double, maximumPointSize: Double? = nil) {
        self.textStyle = textStyle
        self.basePointSize = basePointSize
        self.maximumPointSize = maximumPointSize
    }

    /// The point size in `category`.
    public func pointSize(in category: ContentSizeCategory) -> Double {
        DynamicType.scaledValue(basePointSize, relativeTo: textStyle, in: category, maximum: maximumPointSize)
    }
}

extension Font {
    /// The font of a text style in the system font (`Font.system`), as `UIFont.preferredFont(forTextStyle:)`: its
    /// point size comes from the label's `contentSizeCategory` by Apple's table (`DynamicType.pointSize(of:in:)`),
    /// re-read whenever the label is laid out (`adjustsFontForContentSizeCategory = true`), and its weight is Apple's
    /// for the style (HIG Typography: `.headline` semibold, every other style regular). `pointSize` is the `.large`
    /// size until a label resolves it; the system font's face follows the size (display design from 20 pt).
    public static func preferred(_ style: TextStyle) -> Font {
        let size = DynamicType.pointSize(of: style, in: .large)
        var font = Font.system(size: size, weight: style == .headline ? .semibold : .regular)
        font.dynamicType = DynamicTypeScaling(textStyle: style, basePointSize: size)
        return font
    }

    /// `font` scaled with the content size category like `style`, as
    /// `UIFontMetrics(forTextStyle: style).scaledFont(for: font, maximumPointSize:)`: in a label its size is
    /// `font.pointSize × size(style, category) / size(style, .large)`, at most `maximumPointSize` (pt; nil or
    /// `.infinity`: no limit; NaN, zero or negative: the label's layout throws `TypesettingError.invalidMaximumPointSize`).
    /// The curve is an approximation (DynamicType.scaledValue). Face and fallbacks stay those of `font`.
    public static func scaled(_ font: Font, relativeTo style: TextStyle = .body, maximumPointSize: Double? = nil) -> Font {
        var scaled = font
        let base = font.dynamicType?.basePointSize ?? font.pointSize
        scaled.pointSize = base
        scaled.dynamicType = DynamicTypeScaling(textStyle: style, basePointSize: base, maximumPointSize: maximumPointSize)
        return scaled
    }

    /// The font at its size for `category` (`pointSize` set, `dynamicType` kept, so the result still
    /// follows a later category); a fixed font is returned as it is.
    public func resolved(for category: ContentSizeCategory) -> Font {
        guard let dynamicType else { return self }
        var sized = self
        sized.pointSize = dynamicType.pointSize(in: category)
        return sized
    }
}

import Foundation

/// Horizontal alignment of a label's lines (`NSTextAlignment`, UIKit's raw values).
public enum NSTextAlignment: Int, Sendable, CaseIterable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// How a label wraps and truncates (`NSLineBreakMode`, UIKit's raw values).
public enum NSLineBreakMode: Int, Sendable, CaseIterable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// How wrapped lines are chosen (`NSParagraphStyle.LineBreakStrategy`); `UILabel`'s default is `.standard`.
public struct NSLineBreakStrategy: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let pushOut = NSLineBreakStrategy(rawValue: 1 << 0)
    public static let hangulWordPriority = NSLineBreakStrategy(rawValue: 1 << 1)
    public static let standard = NSLineBreakStrategy(rawValue: 0xFFFF)
}

/// Where a line shrunk by `adjustsFontSizeToFitWidth` sits (`UIBaselineAdjustment`).
public enum UIBaselineAdjustment: Int, Sendable, CaseIterable {
    case alignBaselines = 0, alignCenters, none
}

/// Light or dark appearance (`UIUserInterfaceStyle`).
public enum UIUserInterfaceStyle: Int, Sendable, CaseIterable {
    case unspecified = 0, light, dark
}

/// Left-to-right or right-to-left layout (`UIUserInterfaceLayoutDirection`).
public enum UIUserInterfaceLayoutDirection: Int, Sendable, CaseIterable {
    case leftToRight = 0, rightToLeft
}

/// A trait's layout direction (`UITraitEnvironmentLayoutDirection`).
public enum UITraitEnvironmentLayoutDirection: Int, Sendable, CaseIterable {
    case unspecified = -1, leftToRight = 0, rightToLeft = 1
}

/// Whether a view flips in a right-to-left layout (`UISemanticContentAttribute`).
public enum UISemanticContentAttribute: Int, Sendable, CaseIterable {
    case unspecified = 0, playback, spatial, forceLeftToRight, forceRightToLeft
}

/// The Increase Contrast setting (`UIAccessibilityContrast`).
public enum UIAccessibilityContrast: Int, Sendable, CaseIterable {
    case unspecified = -1, normal = 0, high = 1
}

/// The line style of an underline or strikethrough (`NSUnderlineStyle`, Apple's raw values).
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
}

/// The user's text size (`UIContentSizeCategory`, Apple's raw values), ordered from extra small to the largest
/// accessibility size.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// The twelve sizes, smallest first.
    public static let all: [UIContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge, .accessibilityMedium,
        .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge,
    ]
    /// Whether it is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { (UIContentSizeCategory.all.firstIndex(of: self) ?? 0) >= 7 }
    /// Ordered by size; `.unspecified` before every size.
    public static func < (a: UIContentSizeCategory, b: UIContentSizeCategory) -> Bool {
        (all.firstIndex(of: a) ?? -1) < (all.firstIndex(of: b) ?? -1)
    }
}

extension CALayer {
    /// The corners `cornerRadius` rounds (`CACornerMask`).
    public struct CornerMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layerMinXMinYCorner = CornerMask(rawValue: 1 << 0)
        public static let layerMaxXMinYCorner = CornerMask(rawValue: 1 << 1)
        public static let layerMinXMaxYCorner = CornerMask(rawValue: 1 << 2)
        public static let layerMaxXMaxYCorner = CornerMask(rawValue: 1 << 3)
    }
}

/// `CACornerMask`, the type `CALayer.maskedCorners` has.
public typealias CACornerMask = CALayer.CornerMask

/// The curve of a layer's corners (`CALayerCornerCurve`): `.circular` (default) or `.continuous`.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

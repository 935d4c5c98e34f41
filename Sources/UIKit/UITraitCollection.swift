import Foundation
package import Imaging
package import Typesetting

/// The traits a view draws with (`UITraitCollection`): appearance, text size, layout direction, display scale and
/// contrast. A trait made by one initialiser leaves the others unspecified; `init(traitsFrom:)` combines them, the
/// last specified value winning. A view's `traitCollection` fills what is unspecified with the defaults (light,
/// `.large`, left-to-right, scale 1, normal contrast).
public final class UITraitCollection: NSObject, @unchecked Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let preferredContentSizeCategory: UIContentSizeCategory
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    /// Pixels per point; 0 = unspecified.
    public let displayScale: CGFloat
    public let accessibilityContrast: UIAccessibilityContrast

    init(style: UIUserInterfaceStyle = .unspecified, category: UIContentSizeCategory = .unspecified,
         direction: UITraitEnvironmentLayoutDirection = .unspecified, scale: CGFloat = 0, contrast: UIAccessibilityContrast = .unspecified) {
        userInterfaceStyle = style
        preferredContentSizeCategory = category
        layoutDirection = direction
        displayScale = scale
        accessibilityContrast = contrast
    }

    /// Every trait unspecified.
    public override convenience init() { self.init(style: .unspecified) }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) { self.init(style: userInterfaceStyle) }
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) { self.init(category: preferredContentSizeCategory) }
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) { self.init(direction: layoutDirection) }
    public convenience init(displayScale: CGFloat) { self.init(scale: displayScale) }
    public convenience init(accessibilityContrast: UIAccessibilityContrast) { self.init(contrast: accessibilityContrast) }

    /// The traits of `traits` combined: each trait from the last collection that specifies it.
    public convenience init(traitsFrom traits: [UITraitCollection]) {
        let style = traits.last { $0.userInterfaceStyle != .unspecified }?.userInterfaceStyle ?? .unspecified
        let category = traits.last { $0.preferredContentSizeCategory != .unspecified }?.preferredContentSizeCategory ?? .unspecified
        let direction = traits.last { $0.layoutDirection != .unspecified }?.layoutDirection ?? .unspecified
        let scale = traits.last { $0.displayScale != 0 }?.displayScale ?? 0
        let contrast = traits.last { $0.accessibilityContrast != .unspecified }?.accessibilityContrast ?? .unspecified
        self.init(style: style, category: category, direction: direction, scale: scale, contrast: contrast)
    }

    /// Whether dynamic colours resolve differently in `other` (appearance or contrast differ).
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        guard let other else { return true }
        return userInterfaceStyle != other.userInterfaceStyle || accessibilityContrast != other.accessibilityContrast
    }

    /// Whether `other`'s specified traits all have the values these have.
    public func containsTraits(in other: UITraitCollection?) -> Bool {
        guard let other else { return true }
        return (other.userInterfaceStyle == .unspecified || other.userInterfaceStyle == userInterfaceStyle)
            && (other.preferredContentSizeCategory == .unspecified || other.preferredContentSizeCategory == preferredContentSizeCategory)
            && (other.layoutDirection == .unspecified || other.layoutDirection == layoutDirection)
            && (other.displayScale == 0 || other.displayScale == displayScale)
            && (other.accessibilityContrast == .unspecified || other.accessibilityContrast == accessibilityContrast)
    }

    /// The traits colours resolve with while UIKit draws, lays out or delivers traits (`UITraitCollection.current`):
    /// the view's during `draw(_:)`, `layoutSubviews()` and `traitCollectionDidChange(_:)`; elsewhere none is specified
    /// (colours resolve with the defaults, fonts with the app's text size).
    @MainActor public static var current = UITraitCollection()

    /// Runs `actions` with these traits as `current`.
    @MainActor public func performAsCurrent<R>(_ actions: () throws -> R) rethrows -> R {
        let saved = UITraitCollection.current
        UITraitCollection.current = self
        defer { UITraitCollection.current = saved }
        return try actions()
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UITraitCollection else { return false }
        return userInterfaceStyle == o.userInterfaceStyle && preferredContentSizeCategory == o.preferredContentSizeCategory
            && layoutDirection == o.layoutDirection && displayScale == o.displayScale && accessibilityContrast == o.accessibilityContrast
    }
    public override var hash: Int { Int(bitPattern: UInt(userInterfaceStyle.rawValue)) ^ preferredContentSizeCategory.rawValue.hashValue }

    public override var description: String {
        "<UITraitCollection: style \(userInterfaceStyle), category \(preferredContentSizeCategory.rawValue), direction \(layoutDirection), "
            + "scale \(displayScale), contrast \(accessibilityContrast)>"
    }

    // MARK: The pipeline's values

    /// A view's traits when nothing specifies them: light, `.large`, left-to-right, 1×, normal contrast.
    package static let defaults = UITraitCollection(style: .light, category: .large, direction: .leftToRight, scale: 1, contrast: .normal)

    /// These traits with the unspecified ones taken from `base`.
    package func filled(from base: UITraitCollection) -> UITraitCollection { UITraitCollection(traitsFrom: [base, self]) }

    package var rasterStyle: UserInterfaceStyle { userInterfaceStyle == .dark ? .dark : .light }
    package var rasterContrast: AccessibilityContrast { accessibilityContrast == .high ? .high : .normal }
    package var contentSizeCategory: ContentSizeCategory {
        ContentSizeCategory(rawValue: UIContentSizeCategory.all.firstIndex(of: preferredContentSizeCategory) ?? 3) ?? .large
    }
    /// Pixels per point for drawing: `displayScale`, 1 when unspecified.
    package var scale: CGFloat { displayScale > 0 ? displayScale : 1 }
}

extension UIContentSizeCategory {
    /// The pipeline's category (`.large` for `.unspecified`).
    package var contentSizeCategory: ContentSizeCategory { UITraitCollection(preferredContentSizeCategory: self).contentSizeCategory }
    package init(_ category: ContentSizeCategory) { self = UIContentSizeCategory.all[category.rawValue] }
}

/// What has a `traitCollection` and hears of its changes (`UITraitEnvironment`).
@MainActor public protocol UITraitEnvironment: AnyObject {
    var traitCollection: UITraitCollection { get }
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

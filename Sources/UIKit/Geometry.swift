import Foundation

/// Insets per edge, pt, as UIKit's `UIEdgeInsets` (positive values shrink a rect).
public struct UIEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No insets.
    public static let zero = UIEdgeInsets()
    /// `{top, left, bottom, right}`, as `NSStringFromUIEdgeInsets`.
    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}

/// Insets by leading and trailing edge, pt, as `NSDirectionalEdgeInsets`: leading is the left edge in a
/// left-to-right layout (the view's `effectiveUserInterfaceLayoutDirection`).
public struct NSDirectionalEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// No insets.
    public static let zero = NSDirectionalEdgeInsets()
    public var description: String { "{\(top), \(leading), \(bottom), \(trailing)}" }
}

extension CGRect {
    /// The rect shrunk by `insets` (grown by negative ones), as UIKit's `inset(by:)`: origin moved by `left`/`top`,
    /// size reduced by `left + right` and `top + bottom`, without clamping (insets wider than the rect leave a
    /// negative width, as `UIEdgeInsetsInsetRect` does).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - (insets.left + insets.right), height: size.height - (insets.top + insets.bottom))
    }
}

/// The corners of a rect (`UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`).
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners = UIRectCorner(rawValue: 0xF)
}

/// An Auto Layout priority (`UILayoutPriority`): 1000 required, 50 fitting size.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)
    public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool { a.rawValue < b.rawValue }
}

/// The width or height UIKit passes as "unbounded" (32-bit `FLT_MAX`, 3.4028235e38 pt) to
/// `textRect(forBounds:limitedToNumberOfLines:)` from `intrinsicContentSize` and `sizeThatFits(_:)`.
package let unboundedLength = CGFloat(Float.greatestFiniteMagnitude)

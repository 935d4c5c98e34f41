import Foundation

/// Insets in points, as `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    /// Insets per edge, pt; negative values grow the text rect beyond the bounds (drawing is clipped).
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No padding.
    public static let zero = EdgeInsets()
    /// The same inset on every edge.
    public init(all value: CGFloat) { self.init(top: value, left: value, bottom: value, right: value) }
    /// `left + right`, pt.
    public var horizontal: CGFloat { left + right }
    /// `top + bottom`, pt.
    public var vertical: CGFloat { top + bottom }
    var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

/// Insets by leading/trailing edge, as `NSDirectionalEdgeInsets`; resolved by the label's layout direction.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    /// Insets per edge, pt; leading is the left edge in left-to-right layouts.
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// Left/right insets for a layout direction: leading is left in left-to-right layouts.
    public func resolved(for direction: LayoutDirection) -> EdgeInsets {
        direction == .leftToRight
            ? EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
            : EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
    }
}

/// `UIUserInterfaceLayoutDirection`.
public enum LayoutDirection: String, Sendable, CaseIterable {
    case leftToRight, rightToLeft
}

/// `NSLineBreakMode`.
public enum LineBreakMode: String, Sendable, CaseIterable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// `NSParagraphStyle.LineBreakStrategy`: how wrapped lines are chosen beyond plain greedy breaking.
/// `UILabel`'s default is `.standard`; `[]` is greedy breaking (`NSParagraphStyle`'s default).
public struct LineBreakStrategy: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A paragraph's last line never holds a single word when the line before can give it one (docs/layout-rules.md,
    /// Line-break strategy): "the text system may extend individual lines … typically only pushes out the last line by one word".
    public static let pushOut = LineBreakStrategy(rawValue: 1 << 0)
    /// Korean words stay whole between spaces instead of breaking between syllables.
    public static let hangulWordPriority = LineBreakStrategy(rawValue: 1 << 1)
    /// Both: `UILabel`'s default.
    public static let standard: LineBreakStrategy = [.pushOut, .hangulWordPriority]
}

/// `UIBaselineAdjustment`: where a single line shrunk by `adjustsFontSizeToFitWidth` sits in its line box.
public enum BaselineAdjustment: String, Sendable, CaseIterable {
    /// On the baseline the original font size gives.
    case alignBaselines
    /// Its centre where the original line's centre is.
    case alignCenters
    /// Its top where the original line's top is ("relative to the top-left corner of the bounding box").
    case none
}

/// A left tab stop (`NSTextTab` with `.left` alignment): where a tab takes the pen, pt from the text rect's
/// leading edge. Right, centre and decimal tabs are not modelled.
public struct TextTab: Hashable, Sendable {
    /// Distance from the leading edge of the text rect, pt.
    public var location: CGFloat
    public init(location: CGFloat) { self.location = location }
    /// `NSParagraphStyle.default.tabStops`: twelve left stops at 28, 56 … 336 pt.
    public static let defaultStops = (1...12).map { TextTab(location: CGFloat($0) * 28) }
}

/// `NSTextAlignment`.
public enum TextAlignment: String, Sendable, CaseIterable {
    case left, center, right, justified, natural
}

extension CGRect {
    /// The rect shrunk by `insets` (grown by negative insets), as `UIEdgeInsetsInsetRect`;
    /// a negative width or height is clamped to zero, never a negative rect.
    public func inset(by insets: EdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: max(0, size.width - insets.left - insets.right),
               height: max(0, size.height - insets.top - insets.bottom))
    }
}

/// The one tolerance of layout, pt (docs/layout-rules.md, Tolerance): a line or block fits a width or height it
/// exceeds by at most `layoutTolerance`, and pixel rounding forgives half of it. A size the label reports is
/// therefore never more than `layoutTolerance / 2` short of its text, and that text always fits it again
/// (the other half absorbs the floating-point error of `bounds − insets`).
package let layoutTolerance: CGFloat = 1e-6

/// Pixel rounding of a length in points (docs/layout-rules.md, Pixel rounding): `ceil((v − layoutTolerance/2)·scale) / scale`.
@inline(__always)
package func pixelCeil(_ value: CGFloat, scale: CGFloat) -> CGFloat {
    ((value - layoutTolerance / 2) * scale).rounded(.up) / scale
}

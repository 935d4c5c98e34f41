import Foundation
import Imaging

/// One corner's radius (UIKit 26's `UICornerRadius`): `.fixed(12)` or a number literal, pt, or
/// `.containerConcentric(minimum:)`, which a label drawn alone (no container shape) resolves to its minimum, 0 without
/// one (docs/drawing.md, Corners; to check on a device).
public struct CornerRadius: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The radius drawn, pt.
    public let points: Double

    /// A fixed radius of `radius` pt (`UICornerRadius.fixed(_:)`).
    public static func fixed(_ radius: Double) -> CornerRadius { CornerRadius(points: radius) }

    /// A radius concentric with the view's container, at least `minimum` pt (`UICornerRadius.containerConcentric(minimum:)`):
    /// without a container, `minimum` (0 when nil).
    public static func containerConcentric(minimum: CGFloat? = nil) -> CornerRadius { CornerRadius(points: Double(minimum ?? 0)) }

    public init(floatLiteral value: Double) { points = value }
    public init(integerLiteral value: Int) { points = Double(value) }
    private init(points: Double) { self.points = points }
}

/// The corners of a view's shape (`UIView.cornerConfiguration`, UIKit 26's `UICornerConfiguration`): resolved from
/// the bounds the label is laid out in, so a capsule stays a capsule at every size and in every matrix cell.
/// Radii are `CornerRadius` values, pt. How they are clamped and drawn: docs/drawing.md, Corners.
public struct CornerConfiguration: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case capsule(maximumRadius: Double?)
        case corners(CornerRadii)
        case uniform(Double)
        case directional(topLeading: Double, topTrailing: Double, bottomLeading: Double, bottomTrailing: Double)
    }
    let kind: Kind

    /// A capsule: every corner's radius half the shorter side of the bounds, at most `maximumRadius` pt when given
    /// (`UICornerConfiguration.capsule(maximumRadius:)`).
    public static func capsule(maximumRadius: Double? = nil) -> CornerConfiguration { .init(kind: .capsule(maximumRadius: maximumRadius)) }

    /// `radius` at every corner, applied to each corner independently (`UICornerConfiguration.corners(radius:)`).
    public static func corners(radius: CornerRadius) -> CornerConfiguration { .init(kind: .corners(CornerRadii(uniform: radius.points))) }

    /// `radius` at every corner, the same for all (`UICornerConfiguration.uniformCorners(radius:)`; with fixed
    /// radii UIKit's two differ only for container-concentric radii, which a label alone resolves alike).
    public static func uniformCorners(radius: CornerRadius) -> CornerConfiguration { .init(kind: .uniform(radius.points)) }

    /// A radius per corner (`UICornerConfiguration.corners(topLeftRadius:topRightRadius:bottomLeftRadius:bottomRightRadius:)`):
    /// physical corners, the same in a right-to-left layout; nil is a square corner.
    public static func corners(topLeftRadius: CornerRadius?, topRightRadius: CornerRadius?, bottomLeftRadius: CornerRadius?,
                               bottomRightRadius: CornerRadius?) -> CornerConfiguration {
        .init(kind: .corners(CornerRadii(topLeft: topLeftRadius?.points ?? 0, topRight: topRightRadius?.points ?? 0,
                                         bottomLeft: bottomLeftRadius?.points ?? 0, bottomRight: bottomRightRadius?.points ?? 0)))
    }

    /// `topRadius` at both top corners, the bottom ones on their own (`UICornerConfiguration.uniformTopRadius(_:bottomLeftRadius:bottomRightRadius:)`);
    /// nil is a square corner.
    public static func uniformTopRadius(_ topRadius: CornerRadius, bottomLeftRadius: CornerRadius? = nil,
                                        bottomRightRadius: CornerRadius? = nil) -> CornerConfiguration {
        corners(topLeftRadius: topRadius, topRightRadius: topRadius, bottomLeftRadius: bottomLeftRadius, bottomRightRadius: bottomRightRadius)
    }

    /// `bottomRadius` at both bottom corners, the top ones on their own (`UICornerConfiguration.uniformBottomRadius(_:topLeftRadius:topRightRadius:)`).
    public static func uniformBottomRadius(_ bottomRadius: CornerRadius, topLeftRadius: CornerRadius? = nil,
                                           topRightRadius: CornerRadius? = nil) -> CornerConfiguration {
        corners(topLeftRadius: topLeftRadius, topRightRadius: topRightRadius, bottomLeftRadius: bottomRadius, bottomRightRadius: bottomRadius)
    }

    /// `leftRadius` at both left corners, the right ones on their own (`UICornerConfiguration.uniformLeftRadius(_:topRightRadius:bottomRightRadius:)`).
    public static func uniformLeftRadius(_ leftRadius: CornerRadius, topRightRadius: CornerRadius? = nil,
                                         bottomRightRadius: CornerRadius? = nil) -> CornerConfiguration {
        corners(topLeftRadius: leftRadius, topRightRadius: topRightRadius, bottomLeftRadius: leftRadius, bottomRightRadius: bottomRightRadius)
    }

    /// `rightRadius` at both right corners, the left ones on their own (`UICornerConfiguration.uniformRightRadius(_:topLeftRadius:bottomLeftRadius:)`).
    public static func uniformRightRadius(_ rightRadius: CornerRadius, topLeftRadius: CornerRadius? = nil,
                                          bottomLeftRadius: CornerRadius? = nil) -> CornerConfiguration {
        corners(topLeftRadius: topLeftRadius, topRightRadius: rightRadius, bottomLeftRadius: bottomLeftRadius, bottomRightRadius: rightRadius)
    }

    /// `topRadius` at the top corners, `bottomRadius` at the bottom ones (`UICornerConfiguration.uniformEdges(topRadius:bottomRadius:)`).
    public static func uniformEdges(topRadius: CornerRadius, bottomRadius: CornerRadius) -> CornerConfiguration {
        uniformTopRadius(topRadius, bottomLeftRadius: bottomRadius, bottomRightRadius: bottomRadius)
    }

    /// `leftRadius` at the left corners, `rightRadius` at the right ones (`UICornerConfiguration.uniformEdges(leftRadius:rightRadius:)`).
    public static func uniformEdges(leftRadius: CornerRadius, rightRadius: CornerRadius) -> CornerConfiguration {
        uniformLeftRadius(leftRadius, topRightRadius: rightRadius, bottomRightRadius: rightRadius)
    }

    /// A radius per corner by leading and trailing edge (SwiftUI's `RectangleCornerRadii` names; UIKit 26's
    /// configuration has only physical corners): resolved by the label's `effectiveLayoutDirection`, leading = left
    /// in a left-to-right layout and right in a right-to-left one, as `UnevenRoundedRectangle` under
    /// `layoutDirection`. nil is a square corner.
    public static func corners(topLeadingRadius: CornerRadius?, topTrailingRadius: CornerRadius?, bottomLeadingRadius: CornerRadius?,
                               bottomTrailingRadius: CornerRadius?) -> CornerConfiguration {
        .init(kind: .directional(topLeading: topLeadingRadius?.points ?? 0, topTrailing: topTrailingRadius?.points ?? 0,
                                 bottomLeading: bottomLeadingRadius?.points ?? 0, bottomTrailing: bottomTrailingRadius?.points ?? 0))
    }

    /// The radii asked for in bounds of `size` pt with `direction`, before clamping (`PaddedLabel.cornerRadii(in:)`
    /// clamps them).
    public func radii(in size: CGSize, layoutDirection direction: LayoutDirection) -> CornerRadii {
        switch kind {
        case .capsule(let maximum):
            let half = Double(min(size.width, size.height)) / 2
            return CornerRadii(uniform: maximum.map { min(half, $0) } ?? half)
        case .corners(let r): return r
        case .uniform(let r): return CornerRadii(uniform: r)
        case .directional(let tl, let tt, let bl, let bt):
            return direction == .rightToLeft
                ? CornerRadii(topLeft: tt, topRight: tl, bottomLeft: bt, bottomRight: bl)
                : CornerRadii(topLeft: tl, topRight: tt, bottomLeft: bl, bottomRight: bt)
        }
    }

    /// Every length the configuration holds (validation).
    var lengths: [Double] {
        switch kind {
        case .capsule(let maximum): maximum.map { [$0] } ?? []
        case .corners(let r): r.all
        case .uniform(let r): [r]
        case .directional(let a, let b, let c, let d): [a, b, c, d]
        }
    }

    /// `capsule`, `capsule:24`, `12` (`corners(radius:)` and `uniformCorners(radius:)` alike), `0,12,12,0` (top-left, top-right, bottom-left, bottom-right) or
    /// `leading:0,12,12,0`: the `--corners` syntax and the provenance's part.
    public var description: String {
        func n(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
        switch kind {
        case .capsule(let maximum): return "capsule" + (maximum.map { ":" + n($0) } ?? "")
        case .corners(let r): return r.isUniform ? n(r.topLeft) : r.all.map(n).joined(separator: ",")
        case .uniform(let r): return n(r)
        case .directional(let a, let b, let c, let d): return "leading:" + [a, b, c, d].map(n).joined(separator: ",")
        }
    }
}

/// Which corners `cornerRadius` rounds (`CACornerMask`): the layer's corners by its own axes, which in a view's
/// layer are min Y = top, min X = left, whatever the layout direction (Core Animation does not flip them).
public struct CornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Top-left (`kCALayerMinXMinYCorner`, 1 << 0).
    public static let layerMinXMinYCorner = CornerMask(rawValue: 1 << 0)
    /// Top-right (`kCALayerMaxXMinYCorner`, 1 << 1).
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 1 << 1)
    /// Bottom-left (`kCALayerMinXMaxYCorner`, 1 << 2).
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 1 << 2)
    /// Bottom-right (`kCALayerMaxXMaxYCorner`, 1 << 3).
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 1 << 3)
    /// All four, `CALayer.maskedCorners`' default.
    public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]

    /// The short names of `--masked-corners` and the provenance, in top-left, top-right, bottom-left, bottom-right order.
    package static let names: [(String, CornerMask)] = [
        ("topLeft", .layerMinXMinYCorner), ("topRight", .layerMaxXMinYCorner),
        ("bottomLeft", .layerMinXMaxYCorner), ("bottomRight", .layerMaxXMaxYCorner),
    ]
}

extension PaddedLabel {
    /// The radius of each corner drawn in bounds of `size` pt, clamped (`CornerRadii.clamped`): `cornerConfiguration`
    /// when set (it wins over `cornerRadius` and `maskedCorners`), else `cornerRadius` at the corners of
    /// `maskedCorners`.
    public func cornerRadii(in size: CGSize) -> CornerRadii {
        let asked: CornerRadii
        if let cornerConfiguration {
            asked = cornerConfiguration.radii(in: size, layoutDirection: effectiveLayoutDirection)
        } else {
            let r = Double(cornerRadius)
            func at(_ corner: CornerMask) -> Double { maskedCorners.contains(corner) ? r : 0 }
            asked = CornerRadii(topLeft: at(.layerMinXMinYCorner), topRight: at(.layerMaxXMinYCorner),
                                bottomLeft: at(.layerMinXMaxYCorner), bottomRight: at(.layerMaxXMaxYCorner))
        }
        return asked.clamped(width: Double(size.width), height: Double(size.height))
    }

    /// Whether the corners are more than the classic circular `cornerRadius` at all four corners: `.layout` then
    /// states the resolved radii (older references keep their text).
    package var statesCorners: Bool {
        cornerConfiguration != nil || maskedCorners != .all || cornerCurve != .circular || clipsToBounds
    }
}

import Foundation

/// A view's layer (`CALayer`): the background, corners, border, clip and shadow Core Animation draws around the
/// view's content. A view's `backgroundColor` is its layer's.
open class CALayer {
    /// The layer's background, under the content, inside the corners.
    open var backgroundColor: CGColor? { didSet { viewBackground = nil } }
    /// The view's `backgroundColor` as set (dynamic colours resolve with the view's traits when drawn); nil once the
    /// layer's own `backgroundColor` is set.
    package var viewBackground: UIColor?
    /// Radius of the corners in `maskedCorners`, pt; at most half the shorter side when drawn.
    open var cornerRadius: CGFloat = 0
    /// The corners `cornerRadius` rounds; default all four.
    open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    /// `.circular` (default) or `.continuous` corners.
    open var cornerCurve: CALayerCornerCurve = .circular
    /// Clips the content and sublayers to the corner shape (a view's `clipsToBounds`).
    open var masksToBounds = false
    /// Border inside the bounds, over everything, pt.
    open var borderWidth: CGFloat = 0
    /// The border's colour; default opaque black.
    open var borderColor: CGColor? = .black
    /// The shadow's colour (default opaque black), opacity (default 0: no shadow), offset (default (0, −3)) and blur
    /// radius (default 3), as Core Animation's: the layer's shape (or `shadowPath`) blurred under the layer.
    open var shadowColor: CGColor? = .black
    open var shadowOpacity: Float = 0
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var shadowRadius: CGFloat = 3
    /// The shadow's shape (nil: the layer's drawn pixels' alpha).
    open var shadowPath: CGPath?
    /// The layer's opacity (a view's `alpha`).
    open var opacity: Float = 1
    /// Hides the layer (a view's `isHidden`).
    open var isHidden = false

    public init() {}
}

/// A path's outline for `shadowPath` (`CGPath`): the shapes `UIBezierPath` makes.
public final class CGPath: @unchecked Sendable {
    package let shapes: [PathShape]
    package init(shapes: [PathShape]) { self.shapes = shapes }
}

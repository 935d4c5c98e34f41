@_exported import Foundation
internal import LabelRendering

/// The base of views (`UIResponder`).
@MainActor open class UIResponder {
    public init() {}
}

/// A view (`UIView`), laid out and drawn as UIKit does for what padded labels use: geometry (`frame`, `bounds` and
/// `center`, whose overrides' observers run), its layer (background, corners, border, clip, shadow), subviews drawn
/// in order at their frames, traits with `traitCollectionDidChange(_:)`, the intrinsic size, `sizeThatFits(_:)`,
/// layout and drawing. Properties Linux cannot act on (user interaction, accessibility, constraints) are stored as
/// set. Auto Layout constraints are not modelled: a view is sized by its own intrinsic size at a width.
@MainActor open class UIView: UIResponder, UITraitEnvironment {
    /// The layer Core Animation draws the view with.
    public let layer: CALayer
    private var storedBounds: CGRect
    private var storedCenter: CGPoint
    /// The view containing this one.
    public private(set) weak var superview: UIView?
    /// The subviews, back to front.
    public private(set) var subviews: [UIView] = []
    /// What layout, drawing and the snapshots track (needs layout, intrinsic size invalidations, dispatch errors).
    package var state = ViewState()

    /// `UIView.noIntrinsicMetric`: a dimension without an intrinsic size.
    public static let noIntrinsicMetric: CGFloat = -1
    /// The smallest size `systemLayoutSizeFitting(_:)` can give.
    public static let layoutFittingCompressedSize = CGSize.zero

    /// A view at `frame` (its bounds at the origin with `frame`'s size). The geometry is set without running
    /// the `bounds`/`frame`/`center` setters (DESIGN.md "To check on a device").
    public init(frame: CGRect) {
        layer = CALayer()
        storedBounds = CGRect(origin: .zero, size: frame.size)
        storedCenter = CGPoint(x: frame.midX, y: frame.midY)
        super.init()
    }
    /// A view from an archive: on Linux there is none, so the view has a zero frame (UIKit's defaults).
    public required init?(coder: NSCoder) {
        layer = CALayer()
        storedBounds = .zero
        storedCenter = .zero
        super.init()
    }
    /// A view with a zero frame.
    public convenience override init() { self.init(frame: .zero) }

    // MARK: Geometry

    /// The view's own coordinate space, pt: its origin is the top-left of what it draws; a change of size asks for
    /// layout. Overridable: the observers of an override run whenever the bounds are set, by `frame` and Auto
    /// Layout too.
    open var bounds: CGRect {
        get { storedBounds }
        set {
            let old = storedBounds
            storedBounds = newValue
            if old.size != newValue.size { setNeedsLayout() }
        }
    }
    /// The centre of the frame in the superview's coordinates, pt.
    open var center: CGPoint {
        get { storedCenter }
        set { storedCenter = newValue }
    }
    /// The rect in the superview's coordinates, pt: `center` and `bounds.size`. Setting it sets `bounds` (its size,
    /// keeping the origin) and then `center`, through their setters.
    open var frame: CGRect {
        get {
            let size = bounds.size
            let c = center
            return CGRect(x: c.x - size.width / 2, y: c.y - size.height / 2, width: size.width, height: size.height)
        }
        set {
            bounds = CGRect(origin: bounds.origin, size: newValue.size)
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    // MARK: Appearance

    /// The background, resolved with the view's traits when drawn (its layer's `backgroundColor`); nil: clear.
    open var backgroundColor: UIColor? {
        get { layer.viewBackground ?? layer.backgroundColor.map { UIColor(cgColor: $0) } }
        set {
            layer.backgroundColor = newValue.map { CGColor(color: $0.color(for: traitCollection)) }
            layer.viewBackground = newValue
        }
    }
    /// Opacity of the whole view, 0…1 (its layer's `opacity`).
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    /// Hides the view and its subviews.
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    /// Clips the content and subviews to the layer's corner shape (its layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    private var storedTintColor: UIColor?
    /// The tint: set, or the superview's, else the system blue.
    open var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? .systemBlue }
        set { storedTintColor = newValue; tintColorDidChange() }
    }
    /// Called when `tintColor` is set.
    open func tintColorDidChange() {}
    /// The corners resolved from the bounds (UIKit 26); set, it wins over the layer's `cornerRadius` and
    /// `maskedCorners`.
    open var cornerConfiguration: UICornerConfiguration?
    /// Whether the view flips in a right-to-left layout.
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified
    /// How the content is placed when the bounds change; stored (the snapshot draws the view afresh).
    open var contentMode: UIView.ContentMode = .scaleToFill

    // Stored as set: Linux has no touches, constraints or accessibility clients.
    open var isUserInteractionEnabled = true
    open var translatesAutoresizingMaskIntoConstraints = true
    open var isOpaque = true
    open var tag = 0
    open var isAccessibilityElement = false
    open var accessibilityLabel: String?
    open var accessibilityHint: String?
    open var accessibilityValue: String?
    open var accessibilityIdentifier: String?
    open var accessibilityTraits = UIAccessibilityTraits.none

    /// Called after the view is loaded from a storyboard; nothing here.
    open func awakeFromNib() {}
    /// Called when Interface Builder renders the view; nothing here.
    open func prepareForInterfaceBuilder() {}

    // MARK: Hierarchy

    /// Adds `view` on top of the subviews (removing it from its former superview); it takes this view's traits.
    open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }
    /// Inserts `view` at `index` of the subviews (0: at the back).
    open func insertSubview(_ view: UIView, at index: Int) {
        view.willMove(toSuperview: self)
        let previous = view.traitCollection
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superview = self
        view.didMoveToSuperview()
        view.deliverTraits(from: previous)
        setNeedsLayout()
    }
    /// Removes the view from its superview.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        willMove(toSuperview: nil)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        didMoveToSuperview()
    }
    /// Moves `view` to the front of the subviews.
    open func bringSubviewToFront(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
    }
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}

    // MARK: Layout and drawing (overridable; the dispatch is in UIView+Dispatch.swift)

    /// The size the view's content asks for, pt; a plain view has none (`noIntrinsicMetric` both ways).
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// Tells Auto Layout the intrinsic size changed: a pass in progress runs again (UIView+Dispatch.swift).
    open func invalidateIntrinsicContentSize() { noteIntrinsicSizeInvalidated() }
    /// The size that fits `size`, pt: a plain view answers its current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its frame's origin.
    open func sizeToFit() { baseSizeToFit() }
    /// The size Auto Layout gives the view for `targetSize` (see the priorities' variant).
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }
    /// The size Auto Layout gives the view: with a required horizontal priority, `targetSize.width` wide and as tall
    /// as its intrinsic size there, after the passes an override's `bounds { didSet }` or `layoutSubviews()` asks
    /// for (the view is left laid out at that size); otherwise its intrinsic size. Constraints are not modelled.
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize {
        let width = horizontalFittingPriority >= .required ? targetSize.width : nil
        do { return try layOutWithAutoLayout(width: width) } catch {
            state.errors.append("\(error)")
            return bounds.size
        }
    }
    /// Asks for `layoutSubviews()` at the next `layoutIfNeeded()`.
    open func setNeedsLayout() { state.needsLayout = true }
    /// Runs `layoutSubviews()` when layout was asked for, then lays out the subviews.
    open func layoutIfNeeded() { baseLayoutIfNeeded() }
    /// Positions subviews; a plain view does nothing (constraints are not modelled).
    open func layoutSubviews() {}
    open func setNeedsUpdateConstraints() {}
    open func updateConstraints() {}
    open func updateConstraintsIfNeeded() {}
    /// Asks for the view to be drawn again (a snapshot draws it afresh anyway).
    open func setNeedsDisplay() { state.needsDisplay = true }
    open func setNeedsDisplay(_ rect: CGRect) { state.needsDisplay = true }
    /// Draws the view's content in the current context (`UIGraphicsGetCurrentContext`, `UIBezierPath.fill()`), in
    /// bounds coordinates; a plain view draws nothing.
    open func draw(_ rect: CGRect) {}

    // MARK: Traits

    /// The view's traits: those a snapshot gives (or the superview's), the unspecified ones filled with the app's
    /// (`UIApplication.shared`: layout direction, text size) and the defaults (light, 1×, normal contrast).
    open var traitCollection: UITraitCollection {
        if let superview { return UITraitCollection(traitsFrom: [superview.traitCollection, state.traitOverride ?? UITraitCollection()]) }
        let app = UIApplication.shared
        let base = UITraitCollection(style: .light, category: app.preferredContentSizeCategory,
                                     direction: app.userInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight,
                                     scale: UIScreen.main.scale, contrast: .normal)
        return UITraitCollection(traitsFrom: [base, state.traitOverride ?? UITraitCollection()])
    }
    /// Called when the traits change (a snapshot's traits, a new superview), before the view is laid out and drawn.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The direction the view lays out in: forced by `semanticContentAttribute`, else its traits' (the app's).
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceRightToLeft: return .rightToLeft
        case .forceLeftToRight, .playback, .spatial: return .leftToRight
        case .unspecified: return traitCollection.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        }
    }
    /// The direction a view with `attribute` lays out in, in an app whose direction is the current one.
    public static func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        switch attribute {
        case .forceRightToLeft: return .rightToLeft
        case .forceLeftToRight, .playback, .spatial: return .leftToRight
        case .unspecified: return UIApplication.shared.userInterfaceLayoutDirection
        }
    }

    /// Calls `traitCollectionDidChange(previous)` on this view and its subviews whose traits differ from `previous`,
    /// with the traits as `UITraitCollection.current`.
    package func deliverTraits(from previous: UITraitCollection?) {
        let now = traitCollection
        if previous.map({ !$0.isEqual(now) }) ?? true {
            DispatchTrace.call(self, "traitCollectionDidChange(\(previous.map(DispatchTrace.describe) ?? "nil"))") {
                now.performAsCurrent { traitCollectionDidChange(previous) }
            }
        }
        for view in subviews { view.deliverTraits(from: previous.map { UITraitCollection(traitsFrom: [$0, view.state.traitOverride ?? UITraitCollection()]) }) }
    }

    /// Gives the view `traits` (over its superview's or the app's), as a window with overridden traits does, and
    /// delivers the change.
    package func overrideTraits(_ traits: UITraitCollection?) {
        let previous = traitCollection
        state.traitOverride = traits
        deliverTraits(from: previous)
    }
}

extension UIView {
    /// How a view's content is placed in its bounds (`UIView.ContentMode`).
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }
}

/// What an element is to assistive technologies (`UIAccessibilityTraits`); stored only.
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
}

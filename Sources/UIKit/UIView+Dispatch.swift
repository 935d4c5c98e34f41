import Foundation
internal import LabelRendering

/// The most Auto Layout passes one layout runs before it stops with an error naming what kept invalidating.
package let maximumAutoLayoutPasses = 8

/// An Auto Layout pass that never settles, or a size a view cannot be drawn at.
package struct ViewLayoutError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

extension UIView {
    /// `invalidateIntrinsicContentSize()`'s base: remembers what the engine was doing (so a pass in progress runs again).
    func noteIntrinsicSizeInvalidated() {
        state.invalidatedBy = state.invalidatedBy ?? state.enginePhase ?? "elsewhere"
        DispatchTrace.note("invalidateIntrinsicContentSize()")
    }

    /// `sizeToFit()`'s base: `frame.size = self.sizeThatFits(bounds.size)`, the origin kept.
    func baseSizeToFit() {
        let proposal = bounds.size
        let fitted = DispatchTrace.base(self, "sizeToFit()", calling: "sizeThatFits(_:)", stopped: proposal) {
            DispatchTrace.call(self, "sizeToFit → sizeThatFits(\(DispatchTrace.describe(proposal)))", answered: true) {
                sizeThatFits(proposal)
            }
        }
        let origin = frame.origin
        frame = CGRect(origin: origin, size: fitted)
    }

    /// `layoutIfNeeded()`'s base: `layoutSubviews()` (with the view's traits current) when layout was asked for and is
    /// not already running, then the subviews'.
    func baseLayoutIfNeeded() {
        if state.needsLayout, !state.inLayout {
            state.needsLayout = false
            state.inLayout = true
            DispatchTrace.call(self, "layoutIfNeeded → layoutSubviews()") { traitCollection.performAsCurrent { layoutSubviews() } }
            state.inLayout = false
        }
        for view in subviews { view.layoutIfNeeded() }
    }

    /// Auto Layout at `width` (nil: the intrinsic width), as the engine lays out a view with a width constraint or
    /// none: each pass reads `intrinsicContentSize`, sets `bounds` and `center` to that size, gives a multi-line label
    /// the width (its automatic preferred width) and runs `layoutIfNeeded()`; when anything in the pass invalidated the
    /// intrinsic size (an override's `bounds { didSet }` setting `preferredMaxLayoutWidth`, `layoutSubviews()`), the
    /// pass runs again, at most `maximumAutoLayoutPasses` times. Returns the size it settled at.
    /// - Throws: `ViewLayoutError` naming the view, what invalidated it in the last pass and the sizes each pass gave.
    package func layOutWithAutoLayout(width: CGFloat?) throws -> CGSize {
        var sizes: [String] = []
        var last = "elsewhere"
        defer { state.enginePhase = nil }
        for pass in 1...maximumAutoLayoutPasses {
            state.invalidatedBy = nil
            state.enginePhase = "intrinsicContentSize"
            let place = width.map { " at width \(DispatchTrace.number($0))" } ?? ""
            let ics = DispatchTrace.call(self, "Auto Layout pass \(pass)\(place): intrinsicContentSize", answered: true) {
                traitCollection.performAsCurrent { intrinsicContentSize }
            }
            let size = CGSize(width: width ?? (ics.width == UIView.noIntrinsicMetric ? bounds.width : ics.width),
                              height: ics.height == UIView.noIntrinsicMetric ? bounds.height : ics.height)
            guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                throw ViewLayoutError("\(type(of: self)): Auto Layout cannot give it the size \(DispatchTrace.describe(size)) "
                    + "(its intrinsicContentSize is \(DispatchTrace.describe(ics))); the width and height must be finite and at least 0")
            }
            state.enginePhase = "the bounds setter (an override's `bounds { didSet }`)"
            DispatchTrace.call(self, "bounds = \(DispatchTrace.describe(CGRect(origin: bounds.origin, size: size)))") {
                bounds = CGRect(origin: bounds.origin, size: size)
            }
            state.enginePhase = "the center setter (an override's `center { didSet }`)"
            center = CGPoint(x: size.width / 2, y: size.height / 2)
            state.enginePhase = "UILabel's automatic preferred width"
            (self as? UILabel)?.engineGaveWidth(size.width)
            state.enginePhase = "layoutSubviews()"
            layoutIfNeeded()
            sizes.append(DispatchTrace.describe(size))
            guard let invalidator = state.invalidatedBy else { return size }
            last = invalidator
            DispatchTrace.note("intrinsic size invalidated by \(invalidator): another pass")
        }
        throw ViewLayoutError("\(type(of: self)) did not settle\(width.map { " at width \(DispatchTrace.number($0))" } ?? "") in "
            + "\(maximumAutoLayoutPasses) Auto Layout passes: \(last) invalidated its intrinsic size again in the last one (sizes "
            + "\(sizes.joined(separator: ", "))). An override that sets preferredMaxLayoutWidth or calls "
            + "invalidateIntrinsicContentSize() must reach the same answer for the same bounds")
    }

    /// Lays the view out as a snapshot's `layout` says, for drawing at `bounds`.
    /// - Throws: `ViewLayoutError`.
    package func layOut(for layout: ViewLayout) throws {
        switch layout {
        case .intrinsic: _ = try layOutWithAutoLayout(width: nil)
        case .width(let w): _ = try layOutWithAutoLayout(width: w)
        case .fixed(let size):
            DispatchTrace.call(self, "frame = \(DispatchTrace.describe(CGRect(origin: .zero, size: size)))") { frame = CGRect(origin: .zero, size: size) }
            layoutIfNeeded()
        case .sizeThatFits(let proposal):
            let fitted = DispatchTrace.call(self, "sizeThatFits(\(DispatchTrace.describe(proposal)))", answered: true) {
                traitCollection.performAsCurrent { sizeThatFits(proposal) }
            }
            // As a container lays a child out by it: the proposed width, the answered height.
            let width = proposal.width > 0 && proposal.width <= PaddedLabel.maximumLength ? proposal.width : fitted.width
            let framed = CGRect(x: 0, y: 0, width: width, height: fitted.height)
            DispatchTrace.call(self, "frame = \(DispatchTrace.describe(framed))") { frame = framed }
            layoutIfNeeded()
        case .frame:
            layoutIfNeeded()
        }
    }
}

/// How a snapshot sizes a view before drawing it (the strategies' `layout:`).
package enum ViewLayout: Sendable, Hashable {
    /// Auto Layout without a width: the intrinsic size.
    case intrinsic
    /// Auto Layout at a width: the height from the intrinsic size, with the passes overrides ask for.
    case width(CGFloat)
    /// The frame set to this size.
    case fixed(CGSize)
    /// The frame a container gives from `sizeThatFits(size)`: `size.width` wide (the answered width when `size.width`
    /// is 0 or unbounded) and as tall as the answer.
    case sizeThatFits(CGSize)
    /// The view's own frame.
    case frame
}

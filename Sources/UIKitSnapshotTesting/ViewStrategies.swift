import Foundation
import LabelSnapshotTesting
import Support
import LabelDescription
import Typesetting
import UIKit

/// How a snapshot sizes a view before drawing it (the `layout:` of `.image` and `.layout`).
public enum ViewSnapshotLayout: Sendable, Hashable, CustomStringConvertible {
    /// Auto Layout without a width: the intrinsic size, after the passes an override asks for.
    case intrinsic
    /// Auto Layout at a width, pt: the height from the intrinsic size, repeating the pass while an override's
    /// `bounds { didSet }` or `layoutSubviews()` changes `preferredMaxLayoutWidth` or invalidates the intrinsic size.
    case width(CGFloat)
    /// The frame set to `width` × `height` pt, then `layoutIfNeeded()`.
    case fixed(width: CGFloat, height: CGFloat)
    /// The frame a container gives from `sizeThatFits(size)`: `size.width` wide (the answered width when `size.width`
    /// is 0 or unbounded) and as tall as the answer.
    case sizeThatFits(CGSize)
    /// The view's own frame, after `layoutIfNeeded()`.
    case frame

    var viewLayout: ViewLayout {
        switch self {
        case .intrinsic: return .intrinsic
        case .width(let w): return .width(w)
        case .fixed(let w, let h): return .fixed(CGSize(width: w, height: h))
        case .sizeThatFits(let s): return .sizeThatFits(s)
        case .frame: return .frame
        }
    }

    public var description: String {
        let n = { (v: CGFloat) in v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : "\(v)" }
        switch self {
        case .intrinsic: return "intrinsic"
        case .width(let w): return "width \(n(w))"
        case .fixed(let w, let h): return "fixed \(n(w)) × \(n(h))"
        case .sizeThatFits(let s): return "sizeThatFits \(n(s.width)) × \(n(s.height))"
        case .frame: return "frame"
        }
    }
}

extension Snapshotting where Value: UIView, Format == Bitmap {
    /// The view laid out at its intrinsic size and drawn, compared exactly.
    public static var image: Snapshotting { .image() }

    /// The view laid out as `layout` says with `traits` (delivered through `traitCollectionDidChange(_:)`; scale,
    /// text size, appearance, direction and contrast), drawn as UIKit composites it, and compared with
    /// swift-snapshot-testing's tolerances: `precision` is the share of pixels that must match, a pixel matching when
    /// CIE ΔE94 ≤ (1 − `perceptualPrecision`)·100. A label's reference carries the provenance of the text it drew.
    /// - Parameters:
    ///   - layout: how the view is sized (`.intrinsic` by default).
    ///   - precision: the share of pixels, 0…1, that must match (1: all).
    ///   - perceptualPrecision: the per-pixel perceptual match, 0…1 (1: exact).
    ///   - traits: the traits the view is drawn with; unspecified ones are the app's and UIKit's defaults (1×).
    /// - Returns: the strategy.
    public static func image(layout: ViewSnapshotLayout = .intrinsic, precision: Double = 1, perceptualPrecision: Double = 1,
                             traits: UITraitCollection = UITraitCollection()) -> Snapshotting {
        let comparison: ImageComparison = precision == 1 && perceptualPrecision == 1
            ? .exact : .precision(precision, perceptualPrecision: perceptualPrecision)
        return .image(layout: layout, comparison: comparison, traits: traits)
    }

    /// As ``image(layout:precision:perceptualPrecision:traits:)``, compared with `comparison` (`ImageComparison`).
    /// - Parameters:
    ///   - layout: how the view is sized.
    ///   - comparison: the tolerance.
    ///   - traits: the traits the view is drawn with.
    /// - Returns: the strategy.
    public static func image(layout: ViewSnapshotLayout = .intrinsic, comparison: ImageComparison,
                             traits: UITraitCollection = UITraitCollection()) -> Snapshotting {
        let image = Snapshotting<Bitmap, Bitmap>.image(comparison)
        return Snapshotting(format: image.format, check: image.check) { view in
            let drawing = try ViewSnapshots.draw(view, layout: layout, traits: traits, tracing: false)
            guard let text = drawing.texts.first else { return SnapshotOutput(value: drawing.image) }
            let provenance = ViewProvenance(text)
            return SnapshotOutput(value: drawing.image, format: { $0.recording { try provenance.get() } }) {
                MissingGlyphs.warning(scalars: drawing.texts.flatMap(\.layout.missingScalars), chain: text.label.languageFont.chain)
                    .map { "Warning: " + $0 + "." }
            }
        }
    }
}

extension Snapshotting where Value: UIView, Format == String {
    /// The view's layout as text at its intrinsic size: see ``layout(layout:traits:)``.
    public static var layout: Snapshotting { .layout() }

    /// A readable `.txt` reference of the view laid out as `layout` says with `traits`: its frame, the calls its base
    /// methods made to its overridable ones with their arguments and answers
    /// (`intrinsicContentSize → textRect(forBounds: (0, 0, 3.4e38, 3.4e38), limitedToNumberOfLines: 0) = (0, 0, 187, 40)`),
    /// and each text its base `drawText(in:)` drew: the rect it was given, the lines, the truncation.
    /// - Parameters:
    ///   - layout: how the view is sized.
    ///   - traits: the traits the view is drawn with.
    /// - Returns: the strategy.
    public static func layout(layout: ViewSnapshotLayout = .intrinsic, traits: UITraitCollection = UITraitCollection()) -> Snapshotting {
        Snapshotting<String, String>.text.pullback { (view: Value) in
            ViewSnapshots.describe(try ViewSnapshots.draw(view, layout: layout, traits: traits, tracing: true), of: view, layout: layout)
        }
    }
}

/// The main-actor side of the strategies.
enum ViewSnapshots {
    /// `view` laid out and drawn on the main actor.
    /// - Throws: when not on the main thread, or the view's own `ViewLayoutError`.
    static func draw<V: UIView>(_ view: V, layout: ViewSnapshotLayout, traits: UITraitCollection, tracing: Bool) throws -> ViewSnapshotDrawing {
        guard Thread.isMainThread else { throw ViewSnapshotError.offTheMainActor(String(describing: V.self)) }
        return try MainActor.assumeIsolated {
            let base = view.state.snapshotBase
            return try view.snapshotDrawing(layout: base?.layout ?? layout.viewLayout,
                                            traits: UITraitCollection(traitsFrom: [base?.traits ?? UITraitCollection(), traits]), tracing: tracing)
        }
    }

    /// The `.layout` text of a drawing.
    static func describe(_ drawing: ViewSnapshotDrawing, of view: some UIView, layout: ViewSnapshotLayout) -> String {
        let d = { (v: Any) in DispatchTrace.describe(v) }
        var out = ["view: \(type(of: view)), layout: \(layout), traits: \(d(drawing.traits))", "frame: \(d(drawing.frame))", "calls:"]
        out += drawing.calls.map { "  " + $0 }
        for (i, text) in drawing.texts.enumerated() {
            out.append("text \(i + 1) drawn in \(d(text.rect)):")
            out += text.layout.layoutDescription.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 }
        }
        return out.joined(separator: "\n") + "\n"
    }
}

/// Why a view could not be snapshotted before it was drawn.
enum ViewSnapshotError: Error, CustomStringConvertible {
    case offTheMainActor(String)

    var description: String {
        switch self {
        case .offTheMainActor(let type):
            return "\(type) is a UIView: snapshot it on the main actor (mark the test @MainActor; under XCTest on Linux also async)"
        }
    }
}

/// A drawn text's provenance, made at most once and only when a file is written or a mismatch explained.
final class ViewProvenance: Sendable {
    let text: DrawnText
    private let made = Locked<SnapshotProvenance?>(nil)
    init(_ text: DrawnText) { self.text = text }
    func get() throws -> SnapshotProvenance {
        try made.withLock { made in
            if let made { return made }
            let value = try SnapshotProvenance(label: text.label, layout: text.layout)
            made = value
            return value
        }
    }
}

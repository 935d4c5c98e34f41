import Foundation

/// What layout, drawing and the snapshots track of a view.
package struct ViewState {
    /// The traits a snapshot (or a test) gives the view, over its superview's or the app's.
    package var traitOverride: UITraitCollection?
    /// A matrix combination's traits and layout, under a snapshot strategy's own traits (the layout wins over the
    /// strategy's); nil outside a matrix.
    package var snapshotBase: (traits: UITraitCollection, layout: ViewLayout?)?
    /// A snapshot has drawn the view: it is in the snapshot's window, which it entered then.
    var inSnapshotWindow = false
    var needsLayout = true
    var needsDisplay = true
    /// `layoutSubviews()` is running (a `layoutIfNeeded()` inside it does not run it again).
    var inLayout = false
    /// Set by `invalidateIntrinsicContentSize()`: where it was called from during an Auto Layout pass.
    var invalidatedBy: String?
    /// The base methods running on this view, each with the overridable method it is calling (the cycle guard).
    var runningBase: [(method: String, callee: String)] = []
    /// What the dispatch could not do (a cycle between overrides, an error laying the text out), in order; a snapshot
    /// fails with them.
    package var errors: [String] = []
    /// The width the Auto Layout engine gave a multi-line label whose `preferredMaxLayoutWidth` is 0 (iOS 8's automatic
    /// preferred width), nil outside the engine's passes.
    var automaticLayoutWidth: CGFloat?
    /// What the engine is doing while an override runs (`bounds { didSet }`, `layoutSubviews()`), named when it does
    /// not settle.
    var enginePhase: String?
}

/// The calls a view's base methods make to its overridable methods, with their arguments and answers, recorded while
/// a snapshot lays out and draws the view (the `.layout` text's calls), and the guard that stops two overrides calling
/// each other through a base method.
@MainActor package final class DispatchTrace {
    /// The recording in progress (nil: nothing is recorded).
    package static var current: DispatchTrace?
    package private(set) var lines: [String] = []
    private var depth = 0

    package init() {}

    /// Runs `body` on `view`, recording `text` (and ` = ` its answer when `answered`) indented under the call that
    /// made it.
    @discardableResult
    package static func call<R>(_ view: UIView, _ text: @autoclosure () -> String, answered: Bool = false, _ body: () -> R) -> R {
        guard let trace = current else { return body() }
        let index = trace.lines.count
        trace.lines.append(String(repeating: "  ", count: trace.depth) + text())
        trace.depth += 1
        let result = body()
        trace.depth -= 1
        if answered { trace.lines[index] += " = " + describe(result) }
        return result
    }

    /// Records a line without a call.
    // The texts are autoclosures: untraced (every snapshot but `.layout`), no text is built.
    package static func note(_ text: @autoclosure () -> String) {
        guard let trace = current else { return }
        trace.lines.append(String(repeating: "  ", count: trace.depth) + text())
    }

    /// Runs the base implementation `method` of `view`, which calls the overridable `callee`: when `method` is already
    /// running on `view` (an override of `callee`, or one it calls, asked for `method` again), the two would call each
    /// other without end, as a stack overflow on iOS. Then `body` is not run: the error naming both is kept on the
    /// view (a snapshot fails with it) and `stopped` is the answer.
    package static func base<R>(_ view: UIView, _ method: String, calling callee: String, stopped: R, _ body: () -> R) -> R {
        if let running = view.state.runningBase.first(where: { $0.method == method }) {
            let message = "\(type(of: view)): \(running.callee) and \(method) call each other without end (the base \(method) "
                + "asks \(running.callee), whose override asks \(method) again; on iOS a stack overflow). Stopped at the second "
                + "\(method), which answered \(describe(stopped)); make one of them stop asking the other"
            if !view.state.errors.contains(message) { view.state.errors.append(message) }
            note("\(method) stopped: it calls itself again through \(running.callee)")
            return stopped
        }
        view.state.runningBase.append((method, callee))
        defer { view.state.runningBase.removeLast() }
        return body()
    }

    // MARK: Words

    /// A number as `.layout` writes it: whole numbers bare, others to three decimals, UIKit's unbounded lengths as
    /// `3.4e38` (32-bit FLT_MAX) and `1.8e308` (`greatestFiniteMagnitude`).
    nonisolated package static func number(_ v: CGFloat) -> String {
        if v == unboundedLength { return "3.4e38" }
        if v == .greatestFiniteMagnitude { return "1.8e308" }
        if !v.isFinite { return v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf") }
        if abs(v) >= 1e9 { return String(format: "%.2g", Double(v)) }
        if v == v.rounded() { return String(Int(v)) }
        var s = String(format: "%.3f", Double(v))
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    nonisolated package static func describe(_ value: Any) -> String {
        switch value {
        case let r as CGRect: return "(\(number(r.minX)), \(number(r.minY)), \(number(r.width)), \(number(r.height)))"
        case let s as CGSize: return "(\(number(s.width)), \(number(s.height)))"
        case let p as CGPoint: return "(\(number(p.x)), \(number(p.y)))"
        case let v as CGFloat: return number(v)
        case let t as UITraitCollection:
            return "\(t.userInterfaceStyle) \(t.preferredContentSizeCategory.contentSizeCategory) \(t.layoutDirection == .rightToLeft ? "rtl" : "ltr")"
                + " \(number(t.scale))x\(t.accessibilityContrast == .high ? " highContrast" : "")"
        default: return "\(value)"
        }
    }
}

import SnapshotStore

/// A way to snapshot values of `Value`, as swift-snapshot-testing's `Snapshotting`: what a value becomes
/// (`snapshot`) and how that is stored and compared (`format`, a `SnapshotFormat` such as `.text` or `.image`).
/// A new strategy is one value: an existing one pulled back through a function (`pullback`). The label's
/// `.layout` is the text format pulled back through the layout's description; a strategy of your own is
/// made the same way and given to the label assertions as a `LabelSnapshotStrategy`:
///
/// ```swift
/// extension LabelSnapshotStrategy {
///     /// How many lines the label lays out, as a one-line `.txt` reference.
///     static let lineCount = LabelSnapshotStrategy(
///         Snapshotting(format: .text).pullback { (label: PaddedLabel) in "\(try label.makeLayout().lines.count) lines\n" })
/// }
/// assertLabelSnapshot(of: badge, as: .lineCount)
/// ```
public struct Snapshotting<Value, Format>: Sendable {
    /// How the snapshot is stored (file extension, encoding) and compared.
    public var format: SnapshotFormat<Format>
    /// The value turned into what is stored; an error it throws fails the assertion like a value that cannot be
    /// produced.
    public var snapshot: @Sendable (Value) throws -> Format

    /// A strategy that stores `snapshot(value)` in `format`.
    public init(format: SnapshotFormat<Format>, snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.format = format
        self.snapshot = snapshot
    }

    /// This strategy for values of `NewValue`: each is turned into a `Value` by `transform`, then snapshotted as
    /// before (same format, so the same files and comparison).
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(format: format) { try snapshot(transform($0)) }
    }
}

extension Snapshotting where Value == Format {
    /// The format itself: a value is stored as it is (`Snapshotting(format: .text)` for strings).
    public init(format: SnapshotFormat<Format>) {
        self.init(format: format) { $0 }
    }
}

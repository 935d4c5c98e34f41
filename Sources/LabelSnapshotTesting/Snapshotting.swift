import SnapshotStore

/// A way to snapshot values of `Value`, as swift-snapshot-testing's `Snapshotting`: what a value becomes
/// (`snapshot`) and how that is stored and compared (`format`, a `SnapshotFormat` such as `.text` or `.image`).
/// A new strategy is one value: an existing one pulled back through a function (`pullback`). The label's
/// strategies are made so: `.layout` is the text format pulled back through the layout's description, `.image` the
/// image format pulled back through the label's drawing; a strategy of your own is made the same way and given to
/// the label assertions as a `LabelSnapshotStrategy`:
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
    /// produced. Setting it replaces how values are made (and drops what a built-in strategy added per value,
    /// such as `.image`'s provenance chunk).
    public var snapshot: @Sendable (Value) throws -> Format {
        get {
            let make = self.make
            return { try make($0).value }
        }
        set { make = { SnapshotOutput(value: try newValue($0)) } }
    }

    /// How the strategy runs: a value made into what is stored, with what that value alone adds to `format`.
    var make: @Sendable (Value) throws -> SnapshotOutput<Format>
    /// Checked before any value is made: the strategy's own arguments (an image comparison's options), so a wrong
    /// argument is named before the value's own error.
    var check: @Sendable () throws -> Void = {}

    /// A strategy that stores `snapshot(value)` in `format`.
    public init(format: SnapshotFormat<Format>, snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.init(format: format) { SnapshotOutput(value: try snapshot($0)) }
    }

    /// A strategy that makes each value's `SnapshotOutput` (its value, and what it adds to `format`).
    init(format: SnapshotFormat<Format>, check: @escaping @Sendable () throws -> Void = {},
         make: @escaping @Sendable (Value) throws -> SnapshotOutput<Format>) {
        self.format = format
        self.check = check
        self.make = make
    }

    /// This strategy for values of `NewValue`: each is turned into a `Value` by `transform`, then snapshotted as
    /// before (same format, so the same files and comparison; what the strategy adds per value is kept).
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
        let make = self.make
        return Snapshotting<NewValue, Format>(format: format, check: check) { try make(transform($0)) }
    }
}

extension Snapshotting where Value == Format {
    /// The format itself: a value is stored as it is (`Snapshotting(format: .text)` for strings).
    public init(format: SnapshotFormat<Format>) {
        self.init(format: format) { $0 }
    }
}

/// One value snapshotted: what is stored, and what this value alone adds to the strategy's format. The label's
/// `.image` adds the label's provenance chunk to what it records, and a note of glyphs no font had to a failure,
/// both from the drawing made for the snapshot (the format cannot know them: it is made before the value).
struct SnapshotOutput<Format> {
    var value: Format
    /// The strategy's format for this value (`{ $0 }`: the format as it is).
    var format: @Sendable (SnapshotFormat<Format>) -> SnapshotFormat<Format> = { $0 }
    /// A line added to a failure's message (nil: none), read only when the check fails.
    var failureNote: @Sendable () -> String? = { nil }
}

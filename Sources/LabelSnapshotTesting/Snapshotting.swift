import Imaging
import SnapshotStore

/// A way to snapshot values of `Value`, as swift-snapshot-testing's `Snapshotting`: what a value becomes
/// (`snapshot`) and how that is stored and compared (`format`, a `SnapshotFormat` such as `.text` or `.image`,
/// swift-snapshot-testing's `Diffing`). Every assertion takes one (`assertSnapshot(of: label, as: .image)`); the
/// built-in ones are static members: `.image`, `.image(precision:perceptualPrecision:)`, `.layout` and
/// `.contactSheet` of a `PaddedLabel`, `.image` of a `Bitmap`, `.text` of a `String`.
///
/// A new strategy is one value: an existing one pulled back through a function (``pullback(_:)``). The label's own
/// are made so: `.layout` is the text format pulled back through the layout's description, `.image` the image
/// format pulled back through the label's drawing.
///
/// ```swift
/// extension Snapshotting where Value == PaddedLabel, Format == String {
///     /// How many lines the label lays out, as a one-line `.txt` reference.
///     static let lineCount = Snapshotting<String, String>.text.pullback { (label: PaddedLabel) in
///         "\(try label.makeLayout().lines.count) lines\n"
///     }
/// }
/// assertSnapshot(of: badge, as: .lineCount)
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
    package var check: @Sendable () throws -> Void
    /// `.contactSheet`'s snapshot of a whole matrix (one reference for all its combinations); nil for the strategies
    /// of one value, which the matrix checks per combination. Not kept by `pullback`.
    var matrixSheet: (@Sendable () -> Snapshotting<MatrixRun, Bitmap>)? = nil

    /// A strategy that stores `snapshot(value)` in `format`.
    /// - Parameters:
    ///   - format: how what `snapshot` makes is stored and compared.
    ///   - snapshot: the value turned into what is stored; an error it throws fails the assertion.
    public init(format: SnapshotFormat<Format>, snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.init(format: format) { SnapshotOutput(value: try snapshot($0)) }
    }

    /// A strategy that makes each value's `SnapshotOutput` (its value, and what it adds to `format`), after `check`.
    package init(format: SnapshotFormat<Format>, check: @escaping @Sendable () throws -> Void = {},
                 make: @escaping @Sendable (Value) throws -> SnapshotOutput<Format>) {
        self.format = format
        self.check = check
        self.make = make
    }

    /// This strategy for values of `NewValue`: each is turned into a `Value` by `transform`, then snapshotted as
    /// before (same format, so the same files and comparison; what the strategy adds per value is kept).
    /// - Parameter transform: a `NewValue` made into the `Value` this strategy snapshots; an error it throws fails
    ///   the assertion.
    /// - Returns: the strategy for `NewValue`.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
        let make = self.make
        return Snapshotting<NewValue, Format>(format: format, check: check) { try make(transform($0)) }
    }
}

extension Snapshotting where Value == Format {
    /// The format itself: a value is stored as it is (`Snapshotting(format: .text)` for strings).
    /// - Parameter format: how values are stored and compared.
    public init(format: SnapshotFormat<Format>) {
        self.init(format: format) { SnapshotOutput(value: $0) }
    }
}

extension Snapshotting where Value == String, Format == String {
    /// Strings as UTF-8 `.txt` references, compared exactly, a failure showing a line-by-line diff.
    public static var text: Snapshotting { Snapshotting(format: .text) }

    /// Strings as UTF-8 references with the file extension `pathExtension` (`"json"`, `"md"`), compared as `.text`.
    /// - Parameter pathExtension: the references' file extension, without the dot.
    /// - Returns: the strategy.
    public static func text(pathExtension: String) -> Snapshotting { Snapshotting(format: .text(pathExtension: pathExtension)) }
}

/// One value snapshotted: what is stored, and what this value alone adds to the strategy's format. The label's
/// `.image` adds the label's provenance chunk to what it records, and a note of glyphs no font had to a failure,
/// both from the drawing made for the snapshot (the format cannot know them: it is made before the value).
package struct SnapshotOutput<Format> {
    package var value: Format
    /// The strategy's format for this value (`{ $0 }`: the format as it is).
    package var format: @Sendable (SnapshotFormat<Format>) -> SnapshotFormat<Format>
    /// A line added to a failure's message (nil: none), read only when the check fails.
    package var failureNote: @Sendable () -> String?

    package init(value: Format, format: @escaping @Sendable (SnapshotFormat<Format>) -> SnapshotFormat<Format> = { $0 },
                 failureNote: @escaping @Sendable () -> String? = { nil }) {
        self.value = value
        self.format = format
        self.failureNote = failureNote
    }
}

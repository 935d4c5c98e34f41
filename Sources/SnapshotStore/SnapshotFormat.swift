/// How values of one kind are stored and compared: the file extension, the encoding of a value to
/// the bytes of a reference file and back, and the comparison that decides whether an actual
/// value matches its reference. `SnapshotFormat.image(...)` stores `Bitmap`s as PNG and compares
/// them with ImageDiff; `SnapshotFormat.text` stores UTF-8 text and compares it line by line.
public struct SnapshotFormat<Value>: Sendable {
    /// File extension without the dot (`png`, `txt`).
    public var pathExtension: String
    /// The bytes of a reference file holding `value`. Deterministic: equal values, equal bytes.
    public var encode: @Sendable (Value) throws -> [UInt8]
    /// The value held by a reference file; throws for a corrupt or unreadable file.
    public var decode: @Sendable ([UInt8]) throws -> Value
    /// `nil` when `actual` matches `reference` under the format's tolerance, else what differs.
    public var compare: @Sendable (_ reference: Value, _ actual: Value) -> SnapshotMismatch?
    /// A short description of a value for messages (`120×40 px`, `3 lines, 52 bytes`).
    public var describe: @Sendable (Value) -> String
    /// The tolerance in force, for messages (`exact`, `precision 0.99`).
    public var tolerance: String
    /// On a mismatch, what differs between the environment that recorded the reference file (its bytes)
    /// and this one, one line each ("recorded with FreeType 2.12.1, now 2.13.2"); empty when nothing
    /// differs or nothing is known. The message puts these lines before the numbers. Nil: not known.
    public var environmentDifferences: (@Sendable (_ referenceFile: [UInt8]) -> [String])? = nil
    /// On a mismatch, what changed in the value's own description since the reference file was recorded (as the
    /// file records it; the caller that knows the value reads it: the testing module's label properties), one entry
    /// each (`text="Padding" → text="QQ"`); the message states these apart from the environment's lines. Nil: not known.
    package var valueChanges: (@Sendable (_ referenceFile: [UInt8]) -> [String])? = nil
    /// True only when the reference file's bytes, with what `memo` remembers of earlier decodes on this
    /// machine, prove without decoding that the file holds exactly `actual` (a pass then needs no decode and
    /// no compare: `ImageReferenceDigest` for images). Never from what the file states about itself.
    /// False says nothing: the verifier decodes and compares. Nil: no such proof for this format.
    package var provesMatch: (@Sendable (_ referenceFile: [UInt8], _ actual: Value, _ memo: DecodedImageMemo) -> Bool)? = nil
    /// Called by the verifier after it decoded a reference file, so that `provesMatch` can prove the same
    /// file later (`ImageReferenceDigest.remember` for images). Nil: nothing to remember.
    package var rememberDecoded: (@Sendable (_ referenceFile: [UInt8], _ decoded: Value, _ memo: DecodedImageMemo) -> Void)? = nil

    /// A format of your own: how a value is stored (`encode`, `decode`, the file's `pathExtension`) and compared
    /// (`compare` returns nil when the two match), `describe` for the failure message and `tolerance` for the record.
    public init(pathExtension: String,
                encode: @escaping @Sendable (Value) throws -> [UInt8],
                decode: @escaping @Sendable ([UInt8]) throws -> Value,
                compare: @escaping @Sendable (_ reference: Value, _ actual: Value) -> SnapshotMismatch?,
                describe: @escaping @Sendable (Value) -> String = { _ in "" },
                tolerance: String = "exact") {
        self.init(pathExtension: pathExtension, encode: encode, decode: decode, compare: compare, describe: describe,
                  tolerance: tolerance, provesMatch: nil, rememberDecoded: nil)
    }

    /// A format whose passes can be proven without decoding (the image format's pixel digest, remembered in `memo`).
    package init(pathExtension: String,
                 encode: @escaping @Sendable (Value) throws -> [UInt8],
                 decode: @escaping @Sendable ([UInt8]) throws -> Value,
                 compare: @escaping @Sendable (_ reference: Value, _ actual: Value) -> SnapshotMismatch?,
                 describe: @escaping @Sendable (Value) -> String = { _ in "" },
                 tolerance: String = "exact",
                 provesMatch: (@Sendable (_ referenceFile: [UInt8], _ actual: Value, _ memo: DecodedImageMemo) -> Bool)?,
                 rememberDecoded: (@Sendable (_ referenceFile: [UInt8], _ decoded: Value, _ memo: DecodedImageMemo) -> Void)?) {
        self.provesMatch = provesMatch
        self.rememberDecoded = rememberDecoded
        self.pathExtension = pathExtension
        self.encode = encode
        self.decode = decode
        self.compare = compare
        self.describe = describe
        self.tolerance = tolerance
    }
}

/// What differs between a reference and an actual value, as the format reports it.
public struct SnapshotMismatch: Sendable {
    /// Lines of numbers for the failure message, e.g.
    /// `differing pixels: 37 of 4800 (0.77%)`, `largest channel delta: 212`.
    public var summary: [String]
    /// The same numbers for the machine-readable failure record.
    public var metrics: [String: SnapshotMetric]
    /// Extra artifacts (diff image, composite, text diff), written beside the actual value.
    public var attachments: [SnapshotAttachment]

    public init(summary: [String], metrics: [String: SnapshotMetric] = [:], attachments: [SnapshotAttachment] = []) {
        self.summary = summary
        self.metrics = metrics
        self.attachments = attachments
    }
}

/// One artifact file of a failure: `<testName>.<id>.<kind>.<pathExtension>`.
public struct SnapshotAttachment: Sendable {
    /// `diff`, `composite`, … (sanitised into the file name).
    public var kind: String
    public var pathExtension: String
    /// Produces the file's bytes; called only when artifacts are written.
    public var bytes: @Sendable () throws -> [UInt8]

    public init(kind: String, pathExtension: String, bytes: @escaping @Sendable () throws -> [UInt8]) {
        self.kind = kind
        self.pathExtension = pathExtension
        self.bytes = bytes
    }
}

/// A number (or short list of numbers, or text) in a failure record; encodes as a plain JSON value.
public enum SnapshotMetric: Sendable, Equatable, Codable, CustomStringConvertible {
    case int(Int)
    case double(Double)
    case ints([Int])
    case string(String)

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let v = try? c.decode(Int.self) { self = .int(v); return }
        if let v = try? c.decode(Double.self) { self = .double(v); return }
        if let v = try? c.decode([Int].self) { self = .ints(v); return }
        self = .string(try c.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .int(let v): try c.encode(v)
        case .double(let v): try c.encode(v)
        case .ints(let v): try c.encode(v)
        case .string(let v): try c.encode(v)
        }
    }

    public var description: String {
        switch self {
        case .int(let v): return String(v)
        case .double(let v): return String(v)
        case .ints(let v): return "[" + v.map(String.init).joined(separator: ", ") + "]"
        case .string(let v): return v
        }
    }
}

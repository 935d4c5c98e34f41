/// When a snapshot assertion writes its reference file (docs/snapshots.md), with the values of
/// swift-snapshot-testing's `SNAPSHOT_TESTING_RECORD`.
public enum RecordMode: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// Write every snapshot, then fail so that record mode is not left on by accident.
    case all
    /// Write a reference that does not exist yet, then fail. The default outside CI.
    case missing
    /// Write a missing reference, and rewrite a reference that does not match (or cannot be
    /// decoded); both fail.
    case failed
    /// Write no reference; a missing one fails. The default when `CI` is set.
    case never

    /// The environment variable read when no `record:` argument is given.
    public static let environmentVariable = "SNAPSHOT_TESTING_RECORD"

    public var description: String { rawValue }

    /// The allowed values, as one string for messages: `all, missing, failed, never`.
    package static var allowedValues: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Parses a record-mode name; surrounding white space and letter case are ignored.
    /// - Throws: `SnapshotStoreError.unknownRecordMode` naming the allowed values.
    package init(parsing text: String, source: String = "the record mode") throws {
        let trimmed = text.trimmingWhitespace().lowercased()
        guard let mode = RecordMode(rawValue: trimmed) else {
            throw SnapshotStoreError.unknownRecordMode(value: text, source: source)
        }
        self = mode
    }

    /// The record mode in force, first match wins:
    /// 1. `argument` (the assertion's `record:` parameter, or a `withSnapshotTesting(record:)` scope);
    /// 2. `SNAPSHOT_TESTING_RECORD` when set and not empty (an unknown value throws);
    /// 3. `.never` when `CI` is set, not empty, and not `0` / `false` (any letter case);
    /// 4. `.missing`.
    /// - Throws: `SnapshotStoreError.unknownRecordMode` for an unknown `SNAPSHOT_TESTING_RECORD`.
    package static func resolve(argument: RecordMode?, environment: [String: String]) throws -> RecordMode {
        if let argument { return argument }
        if let value = environment[environmentVariable], !value.trimmingWhitespace().isEmpty {
            return try RecordMode(parsing: value, source: "environment variable \(environmentVariable)")
        }
        if isCI(environment) { return .never }
        return .missing
    }

    /// Whether `CI` is set to something other than empty, `0` or `false`.
    package static func isCI(_ environment: [String: String]) -> Bool {
        guard let ci = environment["CI"]?.trimmingWhitespace(), !ci.isEmpty else { return false }
        let lower = ci.lowercased()
        return lower != "0" && lower != "false"
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

extension String {
    /// nil for the empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}

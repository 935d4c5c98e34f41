import Foundation

/// The machine-readable record of one failed snapshot assertion, written as
/// `<artifacts>/<TestModule>/<TestFileName>/<testName>.<id>.failure.json` for `labelsnap review`, `accept`,
/// `reject` and `report`. Paths are absolute. Keys are stable; new keys may be added (check
/// `version` before relying on a key's absence).
package struct SnapshotFailureRecord: Codable, Sendable, Equatable {
    /// Format version of the record (currently 1).
    package static let currentVersion = 1

    package var version: Int
    /// What went wrong.
    package var kind: SnapshotFailureKind
    /// Sanitised test name (`testBadge`).
    package var testName: String
    /// The test file (`#filePath`).
    package var testFile: String
    /// `<testName>.<id>`.
    package var snapshotName: String
    /// Folder holding `Package.swift`.
    package var packageRoot: String
    /// The reference file (it may not exist).
    package var reference: String
    /// The reference relative to the package root (`__Snapshots__/AppTests/BadgeTests/testBadge.1.png`).
    package var referenceRelative: String
    /// The actual value's file, when one was written.
    package var actual: String?
    /// Further artifacts by kind (`diff`, `composite`).
    package var artifacts: [String: String]
    /// The record mode in force.
    package var recordMode: RecordMode
    /// Whether the assertion wrote the reference (record modes `all`, `missing`, `failed`).
    package var referenceWritten: Bool
    /// Short descriptions (`120×40 px`) of reference and actual, when known.
    package var referenceDescription: String?
    package var actualDescription: String?
    /// The tolerance in force (`exact`, `precision 0.99`).
    package var tolerance: String
    /// The numbers of the comparison: `differingPixels`, `differingRatio`, `largestDelta`,
    /// `boundingBox` ([x, y, w, h]), sizes, … (format-specific keys).
    package var metrics: [String: SnapshotMetric]
    /// The comparison's lines of numbers, as in the message.
    package var summary: [String]
    /// The whole failure message.
    package var message: String
    /// `labelsnap accept <this record>`, when there is an actual value to accept.
    package var acceptCommand: String?
    /// The command that re-records the reference from the test.
    package var rerecordCommand: String
    /// When the failure happened, ISO 8601 in UTC.
    package var recordedAt: String
    /// FNV-1a 64 (hex) of the reference file as it was when the record was written; nil when there was
    /// none. `labelsnap accept` refuses to replace a reference that changed since.
    package var referenceDigest: String?
    /// The contact sheet of the matrix this snapshot belongs to (`assertSnapshots(of:matrix:)`), an image shared by
    /// the matrix's records: shown by `labelsnap report`, never deleted with one record. Optional key.
    package var contactSheet: String? = nil
    /// The folder of references in force (`<package root>/__Snapshots__`, or the one `snapshotDirectory:` or
    /// `LABELSNAP_SNAPSHOTS_DIR` named), absolute: `labelsnap accept` writes only inside it. Optional key
    /// (records without it: `<package root>/__Snapshots__`).
    package var snapshotsFolder: String? = nil

    /// FNV-1a 64 of `bytes`, 16 hex digits.
    package static func digest(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return SnapshotNaming.hex(h)
    }

    /// The record stored at `path`.
    /// - Throws: `SnapshotStoreError.invalidFailureRecord` or a read error.
    package static func load(_ path: String) throws -> SnapshotFailureRecord {
        guard let bytes = try SnapshotFileSystem.readIfPresent(path) else {
            throw SnapshotStoreError.invalidFailureRecord(path: path, reason: "no such file")
        }
        do {
            let record = try JSONDecoder().decode(SnapshotFailureRecord.self, from: Data(bytes))
            guard record.version <= currentVersion else {
                throw SnapshotStoreError.invalidFailureRecord(path: path, reason: "version \(record.version) is newer than this tool (\(currentVersion))")
            }
            return record
        } catch let error as SnapshotStoreError {
            throw error
        } catch {
            throw SnapshotStoreError.invalidFailureRecord(path: path, reason: decodingProblem(error)
                + "; it was edited or cut short: run the failing test again to rewrite it, or delete the file")
        }
    }

    /// What is wrong with a record's JSON, in a few words: JSONDecoder's own description is a dump of
    /// coding paths and "Debug description" text.
    static func decodingProblem(_ error: Error) -> String {
        func key(_ path: [CodingKey]) -> String { path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".") }
        switch error as? DecodingError {
        case .keyNotFound(let missing, let context)?:
            return "no \"\(key(context.codingPath + [missing]))\" in it"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return context.codingPath.isEmpty ? "not a JSON object" : "\"\(key(context.codingPath))\" has the wrong type"
        case .dataCorrupted(let context)?:
            return context.codingPath.isEmpty ? "not valid JSON" : "\"\(key(context.codingPath))\" has an invalid value"
        default:
            return "\(error)"
        }
    }

    /// Every record under an artifacts root, sorted by path.
    package static func loadAll(in artifactsRoot: String) throws -> [(path: String, record: SnapshotFailureRecord)] {
        guard let walker = FileManager.default.enumerator(atPath: artifactsRoot) else { return [] }
        var paths: [String] = []
        while let next = walker.nextObject() as? String {
            if next.hasSuffix(".failure.json") { paths.append(artifactsRoot + "/" + next) }
        }
        return try paths.sorted().map { ($0, try load($0)) }
    }

    /// The record as stable, pretty JSON (sorted keys, trailing newline).
    package func jsonBytes() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [0x0A]
    }

    /// Every artifact file the record names (actual first).
    package var artifactPaths: [String] { (actual.map { [$0] } ?? []) + artifacts.keys.sorted().compactMap { artifacts[$0] } }
}

/// What a snapshot assertion reports.
public enum SnapshotFailureKind: String, Codable, Sendable, CaseIterable {
    /// No reference existed; `referenceWritten` says whether it was recorded.
    case missingReference
    /// Record mode `all` wrote the reference.
    case recorded
    /// The actual value does not match the reference.
    case mismatch
    /// The reference exists but cannot be decoded.
    case corruptReference
    /// The reference exists but cannot be read (permissions, a folder, too large).
    case unreadableReference
    /// The record mode (argument or environment) is invalid.
    case configuration
    /// The snapshot could not be written (read-only `__Snapshots__`, disk full, …).
    case writeFailed
    /// The value to snapshot could not be produced or encoded.
    case valueFailed
}

/// The store's side of a failure's files: a pass removes what an earlier failure of the same snapshot left.
/// Accepting and rejecting a failure is `SnapshotReview`'s (`PendingFailure.accept`, `reject`), the one
/// implementation `labelsnap`, the plugin and the tests use: it knows the folder of references a record
/// names, `LABELSNAP_SNAPSHOTS_DIR` and the checkout it writes into.
package enum SnapshotArtifacts {
    /// Removes the failure's artifacts (those next to its record) and the record, leaving the reference as it is.
    package static func removeFailure(recordAt path: String) throws {
        let record = try SnapshotFailureRecord.load(path)
        let folder = SnapshotFileSystem.split(SnapshotLocation.normalize(path)).0
        for artifact in record.artifactPaths where SnapshotLocation.normalize(artifact).hasPrefix(folder + "/") {
            try SnapshotFileSystem.removeIfPresent(artifact)
        }
        try SnapshotFileSystem.removeIfPresent(path)
    }
}

import Foundation
import PNGCodec
import SnapshotMessages
import SnapshotStore

/// What accepting one failure did (or, with `dryRun`, would do).
package struct AcceptOutcome: Sendable, Equatable {
    package enum Change: Sendable, Equatable {
        /// There was no reference; it now holds the actual file.
        case created(new: String)
        /// The reference was replaced; descriptions of the old and new file (`8×6 px, 81 bytes`).
        case replaced(old: String, new: String)
        /// The reference already held the actual bytes.
        case unchanged
    }
    package var reference: ResolvedReference
    package var change: Change
    /// Artifact files (and the record) removed.
    package var removedFiles: Int
}

/// What rejecting one failure did (or would do).
package struct RejectOutcome: Sendable, Equatable {
    /// The reference kept as it is (the record's path).
    package var reference: String
    /// Artifact files (and the record) removed, or that would be removed.
    package var removedFiles: Int
    /// Whether a file is there to keep: a missing reference (never recorded, or deleted since) is not.
    package var referenceExists: Bool = true
}

extension PendingFailure {
    /// Makes the actual file the reference (a temporary file in the same folder, then rename; synced),
    /// then removes this failure's artifacts and record.
    /// - Parameters:
    ///   - force: replace a reference that changed after the failure was recorded.
    ///   - dryRun: check everything and say what would happen; change nothing.
    ///   - environment: the caller's (the CLI reads the process's once), read for `LABELSNAP_SNAPSHOTS_DIR`
    ///     (see `resolveReference`).
    /// - Throws: `ReviewError` when there is no actual file or it is gone, it is not a valid PNG for a
    ///   PNG reference, its extension differs from the reference's, the reference is outside its folder
    ///   of references (`ResolvedReference.folder`), or it changed since the failure (without `force`); a write error otherwise.
    package func accept(force: Bool = false, dryRun: Bool = false, environment: [String: String]) throws -> AcceptOutcome {
        let reference = try resolveReference(environment: environment)
        guard let actualPath else {
            throw ReviewError("\(displayName) has no actual file to accept (\(FailureText.kind(record.kind))); re-record instead: \(record.rerecordCommand)")
        }
        guard let bytes = try SnapshotFileSystem.readIfPresent(actualPath) else {
            throw ReviewError("the actual file of \(displayName) is gone: \(actualPath); run the test again (\(record.rerecordCommand.replacingOccurrences(of: "SNAPSHOT_TESTING_RECORD=failed ", with: "")))")
        }
        let refExt = PathText.base(reference.path).split(separator: ".").last.map(String.init) ?? ""
        guard actualPath.hasSuffix("." + refExt) else {
            throw ReviewError("refusing \(recordPath): the actual file \(actualPath) is not a .\(refExt) file like its reference \(reference.path)")
        }
        if refExt == "png" {
            do { _ = try PNGCodec.decode(bytes) } catch {
                throw ReviewError("refusing to accept \(actualPath): it is not a valid PNG (\(error)); the reference was left untouched")
            }
        }
        let old = try SnapshotFileSystem.readIfPresent(reference.path)
        if referenceUnchanged(at: reference.path) == false, !force {
            throw ReviewError("refusing \(displayName): its reference \(reference.path) changed after the failure was recorded; run the test again, or pass --force to replace it anyway")
        }
        let change: AcceptOutcome.Change
        if let old {
            change = old == bytes ? .unchanged
                : .replaced(old: FailureText.describeFile(old, path: reference.path), new: FailureText.describeFile(bytes, path: reference.path))
        } else {
            change = .created(new: FailureText.describeFile(bytes, path: reference.path))
        }
        let files = existingFiles
        if dryRun { return AcceptOutcome(reference: reference, change: change, removedFiles: files.count) }
        if old != bytes {
            try SnapshotFileSystem.writeAtomically(bytes, to: reference.path, existing: .replace, sync: true)
        }
        try removeArtifacts()
        return AcceptOutcome(reference: reference, change: change, removedFiles: files.count)
    }

    /// Discards the failure: removes its artifacts and record (only files next to the record named
    /// `<snapshot>.…`), keeps the reference exactly as it is.
    /// - Throws: a removal error.
    package func reject(dryRun: Bool = false) throws -> RejectOutcome {
        let files = existingFiles
        if !dryRun { try removeArtifacts() }
        return RejectOutcome(reference: record.reference, removedFiles: files.count,
                             referenceExists: SnapshotFileSystem.exists(record.reference))
    }

    /// The artifact files and the record that exist now.
    var existingFiles: [String] { (artifactFiles + [recordPath]).filter(SnapshotFileSystem.exists) }

    func removeArtifacts() throws {
        for path in artifactFiles + [recordPath] { try SnapshotFileSystem.removeIfPresent(path) }
    }
}

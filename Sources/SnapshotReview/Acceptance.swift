import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Imaging
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
    /// then removes this failure's artifacts and record. The check that the reference is still the one
    /// compared and the rename happen under an exclusive `flock(2)` on the folder of references, so of two
    /// accepts of one reference at once (failures from two shards) the second sees the first's file and refuses.
    /// - Parameters:
    ///   - force: replace a reference that changed after the failure was recorded.
    ///   - dryRun: check everything and say what would happen; change nothing.
    ///   - environment: the caller's (the CLI reads the process's once), read for `LABELSNAP_SNAPSHOTS_DIR`
    ///     (see `resolveReference`).
    ///   - beforeReplacing: called under the lock after the check, before the write (tests widen the window there).
    /// - Throws: `ReviewError` when there is no actual file or it is gone, it is not a valid PNG for a
    ///   PNG reference, its extension differs from the reference's, the reference is outside its folder
    ///   of references (`ResolvedReference.folder`), or it changed since the failure
    ///   (replaced, deleted, or created where there was none; without `force`); a write error otherwise.
    package func accept(force: Bool = false, dryRun: Bool = false, environment: [String: String],
                        beforeReplacing: () -> Void = {}) throws -> AcceptOutcome {
        let reference = try resolveReference(environment: environment)
        guard let actualPath else {
            if let named = record.actual {
                throw ReviewError("refusing \(displayName): the actual file its record names, \(named), lies outside its artifacts folder \(folder) (only files named \(record.snapshotName).… next to the record are accepted); run the test again: \(record.rerecordCommand.replacingOccurrences(of: "SNAPSHOT_TESTING_RECORD=failed ", with: ""))")
            }
            throw ReviewError("\(displayName) has no actual file to accept (\(FailureText.kind(record.kind))); re-record instead: \(record.rerecordCommand)")
        }
        var st = stat()
        if lstat(actualPath, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK {
            throw ReviewError("refusing \(displayName): its actual file \(actualPath) is a symbolic link; accept copies only the file the test wrote: run the test again")
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
        if dryRun { return try replaceReference(reference, with: bytes, force: force, dryRun: true, beforeReplacing: beforeReplacing) }
        // Another accept of the same reference (a second shard's failure, another terminal) must see this
        // one's write, or refuse: the check and the rename happen under one lock on the folder of references.
        try SnapshotFileSystem.makeDirectories(reference.folder)
        return try FolderLock.holding(reference.folder) {
            try replaceReference(reference, with: bytes, force: force, dryRun: false, beforeReplacing: beforeReplacing)
        }
    }

    /// Checks that the reference is still the one compared, then (unless `dryRun`) replaces it and removes
    /// the artifacts.
    private func replaceReference(_ reference: ResolvedReference, with bytes: [UInt8], force: Bool, dryRun: Bool,
                                  beforeReplacing: () -> Void) throws -> AcceptOutcome {
        let old = try SnapshotFileSystem.readIfPresent(reference.path)
        if !force, let why = changeSinceFailure(old) {
            throw ReviewError("refusing \(displayName): its reference \(reference.path) \(why); run the test again, or pass --force to \(old == nil ? "create" : "replace") it anyway")
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
        beforeReplacing()
        if old != bytes {
            try SnapshotFileSystem.writeAtomically(bytes, to: reference.path, existing: .replace, sync: true)
        }
        try removeArtifacts()
        return AcceptOutcome(reference: reference, change: change, removedFiles: files.count)
    }

    /// How the reference (`current`, nil when missing) differs from the one the failure compared, said
    /// after "its reference <path>"; nil when it is that one.
    private func changeSinceFailure(_ current: [UInt8]?) -> String? {
        guard let expected = record.referenceDigest else {
            // No reference then: one that appeared since (another accept of this snapshot) is not replaced silently.
            guard record.kind == .missingReference, current != nil else { return nil }
            return "was created after the failure was recorded (there was none then)"
        }
        guard let current else { return "is missing now: it was deleted after the failure was recorded" }
        return SnapshotFailureRecord.digest(current) == expected ? nil : "changed after the failure was recorded"
    }

    /// Discards the failure: removes its artifacts and record (only files next to the record named
    /// `<snapshot>.…`), keeps the reference exactly as it is. A record whose reference accept refuses (`resolveReference`)
    /// is refused too, and nothing is removed: the record was edited, or its folder needs `LABELSNAP_SNAPSHOTS_DIR`.
    /// - Parameter environment: read for `LABELSNAP_SNAPSHOTS_DIR` (see `resolveReference`).
    /// - Throws: `ReviewError` for such a record; a removal error.
    package func reject(dryRun: Bool = false, environment: [String: String]) throws -> RejectOutcome {
        let reference = try resolveReference(environment: environment).path
        let files = existingFiles
        if !dryRun { try removeArtifacts() }
        return RejectOutcome(reference: reference, removedFiles: files.count,
                             referenceExists: SnapshotFileSystem.exists(reference))
    }

    /// The artifact files and the record that exist now.
    var existingFiles: [String] { (artifactFiles + [recordPath]).filter(SnapshotFileSystem.exists) }

    func removeArtifacts() throws {
        for path in artifactFiles + [recordPath] { try SnapshotFileSystem.removeIfPresent(path) }
    }
}

import Support
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CSnapshotStore

/// Durable writes made together (a matrix records hundreds of references at once): one `fsync` per file and
/// one per folder cost a journal commit each (432 references: about 1.5 s of waiting on this machine's disk),
/// while the same guarantee for the whole batch costs a few.
///
/// While a batch is `current` (a task-local), `SnapshotFileSystem.writeAtomically(_:to:existing:sync: true)`
/// only writes the temporary file beside the destination and answers as it would have (`.keep` sees a file
/// already there now); nothing appears under the destination's name yet. `commit()` then
/// 1. `fdatasync`s every temporary file (in parallel, so the journal groups them),
/// 2. renames each synced one into place (`.keep`: `renameat2(RENAME_NOREPLACE)`), in the order staged,
/// 3. `fsync`s each folder once.
/// So a reference under its real name is always complete and durable first: a crash leaves at most hidden
/// temporary files, never a half-written, empty or shared reference. A write that could not be made durable,
/// or whose `.keep` found a file that appeared meanwhile, is reported by `commit()` and not published: the
/// caller checks that snapshot again on its own (the verifier then compares against the other file, or fails
/// with the error). A batch that is never committed removes its temporary files when it goes away.
package final class SnapshotWriteBatch: @unchecked Sendable {
    /// The batch that durable writes of this task join; nil = each write syncs itself.
    @TaskLocal package static var current: SnapshotWriteBatch?

    /// What became of one staged write.
    package enum Outcome: Equatable, Sendable {
        /// Durable under its name.
        case written
        /// `.keep`, and a file appeared at the destination after staging: left as it is, nothing written.
        case kept
        /// Not written (the destination is unchanged): syncing or renaming failed.
        case failed(SnapshotStoreError)
    }

    private struct Entry {
        let temp: String, path: String, folder: String
        let existing: SnapshotFileSystem.ExistingFile
    }

    private let entries = Locked<[Entry]>([])

    package init() {}

    deinit { discard() }

    /// How many writes wait for `commit()`.
    package var stagedCount: Int { entries.withLock { $0.count } }

    /// Writes the temporary file of a durable write (`folder` exists); false when `.keep` finds `path` taken.
    func stage(_ bytes: [UInt8], to path: String, folder: String, name: String,
               existing: SnapshotFileSystem.ExistingFile) throws -> Bool {
        if existing == .keep && SnapshotFileSystem.exists(path) { return false }
        let temp = try SnapshotFileSystem.writeTemporary(bytes, folder: folder, name: name, sync: false)
        entries.withLock { $0.append(Entry(temp: temp, path: path, folder: folder, existing: existing)) }
        return true
    }

    /// Makes every staged write durable and visible (the three steps above) and empties the batch.
    /// - Returns: each staged destination's outcome (a destination staged twice: the later write's).
    @discardableResult
    package func commit() -> [String: Outcome] {
        let staged = entries.withLock { e in defer { e.removeAll() }; return e }
        guard !staged.isEmpty else { return [:] }
        let errors = Self.syncAll(staged.map(\.temp))
        var outcomes: [String: Outcome] = [:]
        var folders: [String] = []
        for (entry, code) in zip(staged, errors) {
            guard code == 0 else {
                unlink(entry.temp)
                outcomes[entry.path] = .failed(SnapshotFileSystem.writeError(code, path: entry.temp, operation: "syncing"))
                continue
            }
            do {
                outcomes[entry.path] = try SnapshotFileSystem.publish(entry.temp, to: entry.path, existing: entry.existing)
                    ? .written : .kept
                if !folders.contains(entry.folder) { folders.append(entry.folder) }
            } catch let error as SnapshotStoreError {
                outcomes[entry.path] = .failed(error)
            } catch {
                outcomes[entry.path] = .failed(.io(operation: "renaming into", path: entry.path, errno: EIO))
            }
        }
        for folder in folders { SnapshotFileSystem.syncFolder(folder) }
        return outcomes
    }

    /// Removes every staged temporary file without publishing anything.
    package func discard() {
        for entry in entries.withLock({ e in defer { e.removeAll() }; return e }) { unlink(entry.temp) }
    }

    /// `lsf_sync_files` over `paths`: 0 or an errno for each.
    static func syncAll(_ paths: [String]) -> [Int32] {
        var errors = [Int32](repeating: 0, count: paths.count)
        // C strings that live through the call (strdup'd: `withCString` nests only one at a time).
        let cPaths = paths.map { strdup($0) }
        defer { for path in cPaths { free(path) } }
        guard !cPaths.contains(where: { $0 == nil }) else { return [Int32](repeating: ENOMEM, count: paths.count) }
        let pointers: [UnsafePointer<CChar>?] = cPaths.map { UnsafePointer($0) }
        pointers.withUnsafeBufferPointer { p in
            errors.withUnsafeMutableBufferPointer { e in lsf_sync_files(p.baseAddress, p.count, e.baseAddress) }
        }
        return errors
    }
}

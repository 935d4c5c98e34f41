#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SnapshotStore

/// The references no test used in the last run (`labelsnap orphans`), judged only from a run that
/// is trusted to have run every test and passed (`SnapshotRunManifest.problems`).
public struct OrphanScan: Sendable, Equatable {
    /// The run judged: the newest one under the artifacts folder.
    public var run: SnapshotRunManifest
    /// The folders of references looked through: those the run used that exist here.
    public var folders: [String]
    /// Files in those folders that the run did not use (absolute, sorted).
    public var orphans: [String]
    /// References in those folders that the run used.
    public var usedCount: Int

    /// Finds the unused references of the newest run under `artifactsRoot`.
    ///
    /// Only the newest run counts: a filtered run after a complete one may have recorded references the
    /// complete run never saw, so an older run is never judged in its place. Only the folders of
    /// references the run used are looked through (a checkout moved since the run has none of them here,
    /// and nothing is judged). Hidden files (`.gitkeep`) are never orphans.
    /// - Throws: `ReviewError` when there is no run, or the run is not trusted: its reasons, and what to run.
    public static func scan(artifactsRoot: String,
                            isRunning: (String) -> Bool = SnapshotRunManifest.isRunning) throws -> OrphanScan {
        guard let run = SnapshotRunManifest.runs(in: artifactsRoot).first else {
            throw ReviewError("no run manifest in \(artifactsRoot)/\(SnapshotRunManifest.folderName): run the whole test suite once (swift test), then labelsnap orphans again")
        }
        let problems = run.problems(isRunning: isRunning)
        guard problems.isEmpty else {
            throw ReviewError("cannot tell unused references from the last run (\(run.folder)):\n"
                + problems.map { "  - " + $0 }.joined(separator: "\n")
                + "\nA reference is unused only if no test used it in a run of every test that passed. Run the whole suite "
                + "with swift test (no --filter or --skip; --parallel is fine), fix what fails, then run labelsnap orphans again.")
        }
        let used = run.references
        let folders = run.snapshotsFolders.filter(isFolder).sorted()
        guard !folders.isEmpty else {
            throw ReviewError("none of the folders of references the last run used exists here (\(run.snapshotsFolders.sorted().joined(separator: ", "))): was the checkout moved since? Run swift test here, then labelsnap orphans again")
        }
        var orphans: [String] = [], usedCount = 0
        for folder in folders {
            for file in files(under: folder) {
                if used.contains(file) { usedCount += 1 } else { orphans.append(file) }
            }
        }
        return OrphanScan(run: run, folders: folders, orphans: orphans.sorted(), usedCount: usedCount)
    }

    /// Deletes the orphans, then the folders they leave empty (never a folder of references itself).
    /// - Returns: the files deleted.
    /// - Throws: a removal error (files deleted before it stay deleted).
    @discardableResult
    public func delete() throws -> [String] {
        var deleted: [String] = []
        for file in orphans {
            try SnapshotFileSystem.removeIfPresent(file)
            deleted.append(file)
            var folder = PathText.parent(file)
            while !folders.contains(folder), folders.contains(where: { folder.hasPrefix($0 + "/") }), rmdir(folder) == 0 {
                folder = PathText.parent(folder)
            }
        }
        return deleted
    }

    static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Regular files and links below `folder` (not hidden ones, not inside hidden folders), absolute.
    static func files(under folder: String) -> [String] {
        var found: [String] = []
        for name in SnapshotRunManifest.entries(folder) where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFDIR: found += files(under: path)
            case S_IFREG, S_IFLNK: found.append(path)
            default: break
            }
        }
        return found
    }
}

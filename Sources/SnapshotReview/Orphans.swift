#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SnapshotStore
import SnapshotMessages

/// The references no test used in the last run (`labelsnap orphans`), judged only from a run that
/// is trusted to have run every test and passed (`SnapshotRunManifest.problems`).
package struct OrphanScan: Sendable, Equatable {
    /// The run judged: the newest one under the artifacts folder.
    package var run: SnapshotRunManifest
    /// The folders of references looked through: those the run used that exist here.
    package var folders: [String]
    /// Files in those folders that the run did not use (absolute, sorted); never one changed since the
    /// run started, never one in a folder outside the package (`outside`). What `delete()` removes.
    package var orphans: [String]
    /// Files in those folders the run did not use that were created or modified after the run started
    /// (absolute, sorted): a test added since (`git pull`, a run with another `SNAPSHOT_ARTIFACTS`)
    /// may use them, so they are not judged and never deleted.
    package var newer: [String] = []
    /// References in those folders that the run used.
    package var usedCount: Int
    /// Unused files in folders of references outside `packageRoot` (absolute, sorted): such a folder may be
    /// shared with another package or a test target another `swift test` runs, whose references this run
    /// cannot speak for. Listed, never deleted.
    package var outside: [String] = []
    /// The folders of references outside `packageRoot`.
    package var outsideFolders: [String] = []
    /// Unused files named for a test the run skipped (`<test>.<id>.<ext>` with the skipped case's method
    /// name; absolute, sorted): the test did not run, so its references were not used. Listed, never deleted.
    package var skipped: [String] = []
    /// Hidden temporary files (`.<name>.tmp-<pid>-…`) in the folders of references whose writing process is
    /// gone (a test killed while it recorded): never references, always safe to delete (`SnapshotFileSystem`).
    package var abandonedTemporaries: [String] = []
    /// Unused files that a pending failure under the artifacts folder still names as its reference
    /// (absolute, sorted): `labelsnap accept` or `reject` decides about them, so they are listed, never deleted.
    package var pending: [String] = []

    /// The extensions of the files the library writes as references (`.image` and `.layout`); a run's
    /// own formats (`SnapshotFormat.text(pathExtension:)`) add theirs, taken from the references it used.
    package static let referenceExtensions: Set<String> = ["png", "txt"]

    /// Finds the unused references of the newest run under `artifactsRoot`.
    ///
    /// Only the newest run counts: a filtered run after a complete one may have recorded references the
    /// complete run never saw, so an older run is never judged in its place. Only the folders of
    /// references the run used are looked through (a checkout moved since the run has none of them here,
    /// and nothing is judged), and in each only the `<TestModule>` folders the run used a reference of (a
    /// folder shared by two test targets or packages holds the others' references too); only files with an
    /// extension of a reference (`referenceExtensions` and those of the references used: a `README.md` is
    /// no reference). Hidden files (`.gitkeep`) are never orphans. A file whose modification or
    /// status-change time (creation, rename, `git checkout`) is at or after the run's start is newer than
    /// what the run can speak for: it goes to `newer`, never to `orphans`.
    /// - Parameters:
    ///   - packageRoot: the package `labelsnap` runs in; unused files of a folder outside it go to `outside`
    ///     (nil: every folder counts as inside).
    ///   - changed: the last modification or status change of a file, seconds since 1970.
    /// - Throws: `ReviewError` when there is no run, or the run is not trusted: its reasons, and what to run.
    package static func scan(artifactsRoot: String, packageRoot: String? = nil,
                            isRunning: (String) -> Bool = SnapshotRunManifest.isRunning,
                            changed: (String) -> Double? = OrphanScan.lastChange) throws -> OrphanScan {
        guard let run = SnapshotRunManifest.runs(in: artifactsRoot).first else {
            throw ReviewError("no run manifest in \(artifactsRoot)/\(SnapshotRunManifest.folderName): run the whole test suite once (swift test), then \(SnapshotCommand.labelsnap("orphans")) again")
        }
        let problems = run.problems(isRunning: isRunning)
        guard problems.isEmpty else {
            throw ReviewError("cannot tell unused references from the last run (\(run.folder)):\n"
                + problems.map { "  - " + $0 }.joined(separator: "\n")
                + "\nA reference is unused only if no test used it in a run of every test that passed. Run the whole suite "
                + "with swift test (no --filter or --skip; --parallel is fine), fix what fails, then run \(SnapshotCommand.labelsnap("orphans")) again.")
        }
        let used = run.references
        let folders = run.snapshotsFolders.filter(isFolder).sorted()
        guard !folders.isEmpty else {
            throw ReviewError("none of the folders of references the last run used exists here (\(run.snapshotsFolders.sorted().joined(separator: ", "))): was the checkout moved since? Run swift test here, then \(SnapshotCommand.labelsnap("orphans")) again")
        }
        let extensions = referenceExtensions.union(used.compactMap(pathExtension))
        let outsideFolders = folders.filter { folder in
            packageRoot.map { folder != $0 && !folder.hasPrefix($0 + "/") } ?? false
        }
        // A skipped XCTest case is `Class.testMethod`; its references are `<testMethod>.<id>.<ext>` in the
        // folder of its file, which the name does not tell: any file of that test name counts.
        let skippedNames = Set(run.skippedTests.map { String($0.split(separator: ".").last ?? Substring($0)) })
        var orphans: [String] = [], newer: [String] = [], outside: [String] = [], skipped: [String] = [], usedCount = 0
        for folder in folders {
            let modules = Set(used.compactMap { moduleFolder(of: $0, in: folder) })
            for module in modules.sorted() {
                for file in files(under: folder + "/" + module) where pathExtension(file).map(extensions.contains) == true {
                    if used.contains(file) {
                        usedCount += 1
                    } else if (changed(file) ?? .infinity) >= run.started {
                        newer.append(file)  // unknown time: not judged either
                    } else if let test = PathText.base(file).split(separator: ".").first, skippedNames.contains(String(test)) {
                        skipped.append(file)
                    } else if outsideFolders.contains(folder) {
                        outside.append(file)
                    } else {
                        orphans.append(file)
                    }
                }
            }
        }
        // A reference a pending failure names is the review's to decide: deleting it would leave `reject`
        // keeping nothing and `accept` creating what was deleted.
        let named = Set(((try? ArtifactsFolders.scan([artifactsRoot]))?.failures ?? []).map { $0.record.reference })
        let pending = orphans.filter(named.contains)
        orphans.removeAll(where: named.contains)
        let temporaries = folders.flatMap { SnapshotFileSystem.abandonedTemporaries(in: $0, recursive: true) }
        return OrphanScan(run: run, folders: folders, orphans: orphans.sorted(), newer: newer.sorted(), usedCount: usedCount,
                          outside: outside.sorted(), outsideFolders: outsideFolders, skipped: skipped.sorted(),
                          abandonedTemporaries: temporaries.sorted(), pending: pending.sorted())
    }

    /// Deletes the orphans and the abandoned temporary files, then the folders they leave empty (never a
    /// folder of references itself).
    /// - Returns: the files deleted.
    /// - Throws: a removal error (files deleted before it stay deleted).
    @discardableResult
    package func delete() throws -> [String] {
        var deleted: [String] = []
        for file in orphans + abandonedTemporaries {
            try SnapshotFileSystem.removeIfPresent(file)
            deleted.append(file)
            var folder = PathText.parent(file)
            while !folders.contains(folder), folders.contains(where: { folder.hasPrefix($0 + "/") }), rmdir(folder) == 0 {
                folder = PathText.parent(folder)
            }
        }
        return deleted
    }

    /// The later of a file's modification and status-change time (seconds since 1970; the link itself
    /// for a symbolic link), nil when it cannot be read. The status change time is set on creation and
    /// rename and cannot be set back by hand, so a copy that kept an old modification time still counts as new.
    package static func lastChange(_ path: String) -> Double? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        func seconds(_ t: timespec) -> Double { Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }
        return max(seconds(st.st_mtim), seconds(st.st_ctim))
    }

    /// `<TestModule>` of a reference `<folder>/<TestModule>/<TestFile>/<name>`; nil when it is not below `folder`.
    static func moduleFolder(of reference: String, in folder: String) -> String? {
        guard reference.hasPrefix(folder + "/") else { return nil }
        let rest = reference.dropFirst(folder.count + 1)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        return String(rest[..<slash])
    }

    /// The file name's extension without the dot (`png`); nil when it has none.
    static func pathExtension(_ path: String) -> String? {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return String(name[name.index(after: dot)...])
    }

    static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Regular files and links below `folder` (not hidden ones, not inside hidden folders), absolute.
    static func files(under folder: String) -> [String] {
        var found: [String] = []
        for name in SnapshotFileSystem.entries(folder) where !name.hasPrefix(".") {
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

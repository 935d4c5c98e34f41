#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import SnapshotStore

/// What a scan of one or more artifacts folders found.
package struct PendingScan: Sendable {
    /// Readable records, sorted by artifacts folder (in the order given), then path; one per reference.
    package var failures: [PendingFailure] = []
    /// Records that could not be read, and records refused because another folder holds a different
    /// failure of the same reference (both paths in the message).
    package var errors: [(path: String, message: String)] = []
    /// Records left out because another folder holds the same failure (same actual bytes): a
    /// retried CI job, or one folder given twice.
    package var duplicates: [(path: String, sameAs: String)] = []
    /// The folders scanned, as given.
    package var roots: [String] = []

    package init() {}
}

/// The artifacts folders a review command works on.
package enum ArtifactsFolders {
    /// The package root of the working folder: the nearest folder at or above it holding
    /// `Package.swift` (the working folder itself when none does).
    package static func currentPackageRoot() -> String {
        SnapshotLocation.packageRoot(containing: SnapshotLocation.absolutePath(".") + "/-")
    }

    /// The package root around the working folder when there is one: the checkout `labelsnap accept`
    /// writes into, whatever package root a record names (artifacts from CI, or from another clone).
    package static func currentCheckout() -> String? {
        let root = currentPackageRoot()
        return SnapshotFileSystem.exists(root + "/Package.swift") ? root : nil
    }

    /// The default folder: `$SNAPSHOT_ARTIFACTS` (relative to the package root, like the assertions),
    /// else `<package root>/.build/snapshot-artifacts`. `environment` is the caller's (the CLI reads the process's once).
    package static func defaultRoot(environment: [String: String]) -> String {
        SnapshotLocation.artifactsRoot(packageRoot: currentPackageRoot(), environment: environment)
    }

    /// The folders of references of the working folder's package: `<package root>/__Snapshots__` and the folder
    /// `LABELSNAP_SNAPSHOTS_DIR` names (relative to the package root), absolute.
    package static func referencesFolders(environment: [String: String]) -> [String] {
        let root = currentPackageRoot()
        var folders = [root + "/" + SnapshotLocation.snapshotsFolderName]
        if let named = environment[SnapshotLocation.snapshotsDirectoryVariable]?.trimmingCharacters(in: .whitespaces), !named.isEmpty {
            folders.append(SnapshotLocation.absolutePath(named.hasPrefix("/") ? named : root + "/" + named))
        }
        return folders
    }

    /// The folders named with `--artifacts` (relative to the working folder, deduplicated), or the
    /// default one. Named folders must exist; without one the working folder must be inside a package
    /// (or `SNAPSHOT_ARTIFACTS` set), so that a typo or the wrong folder is an error, not "no failures".
    /// A folder inside a folder of references (`referencesFolders`, or any `__Snapshots__` below the package
    /// root) is refused: the assertions refuse to write artifacts there.
    /// - Throws: `ReviewError` saying which folder is missing or inside the references.
    package static func resolve(_ options: [String], environment: [String: String]) throws -> [String] {
        let named = options.filter { !$0.isEmpty }
        let references = referencesFolders(environment: environment)
        if named.isEmpty {
            if environment["SNAPSHOT_ARTIFACTS"]?.isEmpty ?? true,
               !SnapshotFileSystem.exists(currentPackageRoot() + "/Package.swift") {
                throw ReviewError("no Package.swift at or above \(FileManager.default.currentDirectoryPath): run it inside your package, or pass --artifacts DIR")
            }
            let root = defaultRoot(environment: environment)
            if let folder = SnapshotLocation.referencesFolder(containing: root, folders: references, base: currentPackageRoot()) {
                let source = "\(SnapshotLocation.artifactsVariable)=\(environment[SnapshotLocation.artifactsVariable] ?? "")"
                throw ReviewError(SnapshotLocation.artifactsInReferencesMessage(root, references: folder, source: source))
            }
            return [root]
        }
        var roots: [String] = []
        for option in named {
            let root = SnapshotLocation.absolutePath(option)
            if let folder = SnapshotLocation.referencesFolder(containing: root, folders: references, base: currentPackageRoot()) {
                throw ReviewError(SnapshotLocation.artifactsInReferencesMessage(root, references: folder, source: "--artifacts \(option)"))
            }
            guard SnapshotFileSystem.exists(root) else {
                throw ReviewError("artifacts folder \(root) does not exist: check the --artifacts path")
            }
            if !roots.contains(root) { roots.append(root) }
        }
        return roots
    }

    /// Every failure under `roots`, merged: shards of one suite (several CI jobs) each leave a folder.
    /// The same reference in two folders is one failure when both actual files hold the same bytes
    /// (kept from the first folder), and refused with both paths when they differ: accepting either
    /// would silently drop the other.
    /// - Throws: `ReviewError` when a root is a file or cannot be read.
    /// - Parameter checkout: the package root `accept` writes into (`PendingFailure.checkout`).
    package static func scan(_ roots: [String], checkout: String? = nil) throws -> PendingScan {
        var scan = PendingScan()
        scan.roots = roots
        var byReference: [String: Int] = [:]   // referenceRelative → index in scan.failures
        var refused = Set<String>()
        for root in roots {
            for path in try recordPaths(in: root) {
                let failure: PendingFailure
                do {
                    failure = PendingFailure(recordPath: path, record: try SnapshotFailureRecord.load(path), artifactsRoot: root,
                                             checkout: checkout)
                } catch {
                    scan.errors.append((path, "\(error)"))
                    continue
                }
                let key = failure.record.referenceRelative
                if refused.contains(key) {
                    scan.errors.append((path, "refusing \(path): another artifacts folder holds a different failure of \(key)"))
                    continue
                }
                guard let i = byReference[key] else {
                    byReference[key] = scan.failures.count
                    scan.failures.append(failure)
                    continue
                }
                let first = scan.failures[i]
                if sameActual(first, failure) {
                    scan.duplicates.append((path, first.recordPath))
                } else {
                    refused.insert(key)
                    scan.errors.append((first.recordPath, "conflicting failures of \(key): \(first.recordPath) and \(path) hold different actual values; review each folder on its own (--artifacts once) or re-run the tests"))
                }
            }
        }
        scan.failures.removeAll { refused.contains($0.record.referenceRelative) }
        return scan
    }

    /// Whether two failures of one reference would accept the same bytes.
    static func sameActual(_ a: PendingFailure, _ b: PendingFailure) -> Bool {
        guard a.record.kind == b.record.kind, let pa = a.actualPath, let pb = b.actualPath,
              let ba = try? SnapshotFileSystem.readIfPresent(pa), let bb = try? SnapshotFileSystem.readIfPresent(pb) else {
            return a.record.actual == nil && b.record.actual == nil && a.record.kind == b.record.kind
        }
        return ba == bb
    }

    /// Every `*.failure.json` under `root`, sorted (hidden temporary files skipped, symbolic links to
    /// folders not followed, at most 8 levels deep). A missing folder holds nothing.
    static func recordPaths(in root: String) throws -> [String] {
        var st = stat()
        guard stat(root, &st) == 0 else {
            if errno == ENOENT { return [] }
            throw ReviewError("cannot read artifacts folder \(root): \(String(cString: strerror(errno)))")
        }
        guard (st.st_mode & S_IFMT) == S_IFDIR else { throw ReviewError("artifacts folder \(root) is not a folder") }
        var paths: [String] = []
        func walk(_ folder: String, depth: Int) {
            guard depth < 8, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names where !name.hasPrefix(".") {
                let path = folder + "/" + name
                var s = stat()
                guard lstat(path, &s) == 0 else { continue }
                switch s.st_mode & S_IFMT {
                case S_IFDIR: walk(path, depth: depth + 1)
                case S_IFREG where name.hasSuffix(".failure.json"): paths.append(path)
                default: break
                }
            }
        }
        walk(root, depth: 0)
        return paths.sorted()
    }

    /// The record at a path given on the command line.
    /// - Throws: `ReviewError` when it is missing or corrupt.
    package static func load(recordAt path: String, checkout: String? = nil) throws -> PendingFailure {
        let absolute = SnapshotLocation.absolutePath(path)
        do {
            let record = try SnapshotFailureRecord.load(absolute)
            return PendingFailure(recordPath: absolute, record: record, artifactsRoot: PathText.parent(PathText.parent(absolute)),
                                  checkout: checkout)
        } catch {
            throw ReviewError("\(error)")
        }
    }
}

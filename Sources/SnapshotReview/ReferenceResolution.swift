#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SnapshotStore

/// Where accepting a failure writes, and how the current reference relates to the compared one.
public struct ResolvedReference: Sendable, Equatable {
    /// The reference file, inside `<package root>/__Snapshots__`.
    public var path: String
    /// Set when the record's package root does not exist here and the current one is used instead
    /// (artifacts downloaded from CI).
    public var note: String?
}

extension PendingFailure {
    /// Where accepting this failure writes, checked to stay inside `<package root>/__Snapshots__`: the
    /// record's reference when its package root exists here (holds `Package.swift`), else the record's
    /// relative reference under the current package root. Lexical `..` and symbolic links that lead
    /// out of `__Snapshots__` are refused.
    /// - Throws: `ReviewError` naming the record and the path refused.
    public func resolveReference() throws -> ResolvedReference {
        let folderName = SnapshotLocation.snapshotsFolderName
        let recordRoot = SnapshotLocation.absolutePath(record.packageRoot)
        let root: String
        let reference: String
        var note: String?
        if record.packageRoot.hasPrefix("/"), SnapshotFileSystem.exists(recordRoot + "/Package.swift") {
            root = recordRoot
            guard record.reference.hasPrefix("/") else {
                throw ReviewError("refusing \(recordPath): its reference \(record.reference) is not an absolute path")
            }
            reference = SnapshotLocation.absolutePath(record.reference)
        } else {
            root = ArtifactsFolders.currentPackageRoot()
            guard SnapshotFileSystem.exists(root + "/Package.swift") else {
                throw ReviewError("the package root \(record.packageRoot) of \(recordPath) does not exist here, and the working folder is not inside a package; run labelsnap from the package the snapshot belongs to")
            }
            let parts = record.referenceRelative.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count >= 2, parts.first.map(String.init) == folderName,
                  !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
                throw ReviewError("refusing \(recordPath): its reference \(record.referenceRelative) is not a path inside \(folderName)/")
            }
            reference = root + "/" + record.referenceRelative
            note = "package root \(record.packageRoot) does not exist here; using \(root)"
        }
        let snapshots = root + "/" + folderName
        guard reference.hasPrefix(snapshots + "/") else {
            throw ReviewError("refusing \(recordPath): its reference \(reference) is outside \(snapshots)")
        }
        let realSnapshots = Self.realPathOfExistingPrefix(snapshots)
        let realFolder = Self.realPathOfExistingPrefix(PathText.parent(reference))
        guard realFolder == realSnapshots || realFolder.hasPrefix(realSnapshots + "/") else {
            throw ReviewError("refusing \(recordPath): the folder of its reference \(reference) leads to \(realFolder), outside \(realSnapshots)")
        }
        return ResolvedReference(path: reference, note: note)
    }

    /// Whether the reference in `__Snapshots__` is still the one this failure was compared against
    /// (FNV-1a digest in the record). `nil` when the record has no digest (no reference then).
    public func referenceUnchanged(at path: String) -> Bool? {
        guard let expected = record.referenceDigest else { return nil }
        let current = (try? SnapshotFileSystem.readIfPresent(path)).flatMap { $0 }
        return current.map(SnapshotFailureRecord.digest) == expected
    }

    /// `realpath` of the longest existing prefix of `path`, with the remaining components appended.
    static func realPathOfExistingPrefix(_ path: String) -> String {
        var head = path
        var tail: [String] = []
        while true {
            if let resolved = realpath(head, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                return tail.isEmpty ? base : (base == "/" ? "" : base) + "/" + tail.reversed().joined(separator: "/")
            }
            if head == "/" || head.isEmpty { return path }
            tail.append(PathText.base(head))
            head = PathText.parent(head)
        }
    }
}

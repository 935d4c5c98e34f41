import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SnapshotStore

/// Where accepting a failure writes, and how the current reference relates to the compared one.
package struct ResolvedReference: Sendable, Equatable {
    /// The reference file, inside `folder`.
    package var path: String
    /// The folder of references it must stay in: `<package root>/__Snapshots__`, or the folder the
    /// failing assertion named (`snapshotDirectory:`, `LABELSNAP_SNAPSHOTS_DIR`), in this checkout.
    package var folder: String
    /// Set when the record's package root is not this checkout (artifacts downloaded from CI, or made by
    /// another clone on this machine) and the reference is placed in this checkout instead.
    package var note: String?
}

extension PendingFailure {
    /// Where accepting this failure writes, checked to stay inside the folder of references the failure
    /// used (`record.snapshotsFolder`, else `<package root>/__Snapshots__`).
    ///
    /// In the record's own checkout (its package root is `checkout`, or with no `checkout` it exists
    /// here) that is the record's reference. In another checkout the same place is found from the
    /// record's paths relative to its package root: `<checkout>/<referenceRelative>`, inside
    /// `<checkout>/<the folder's path in the package>`. A folder of references outside the record's
    /// package (an absolute `LABELSNAP_SNAPSHOTS_DIR` on the machine that ran the tests) is mapped only
    /// to the folder `LABELSNAP_SNAPSHOTS_DIR` names here. Lexical `..` and symbolic links that lead
    /// out of the folder are refused.
    /// - Parameter environment: read for `LABELSNAP_SNAPSHOTS_DIR` (another checkout only).
    /// - Throws: `ReviewError` naming the record and the path refused.
    package func resolveReference(environment: [String: String]) throws -> ResolvedReference {
        let recordRoot = SnapshotLocation.absolutePath(record.packageRoot)
        let recordFolder = SnapshotLocation.absolutePath(record.snapshotsFolder ?? recordRoot + "/" + SnapshotLocation.snapshotsFolderName)
        let sameCheckout = record.packageRoot.hasPrefix("/") && (checkout.map { Self.samePath($0, recordRoot) }
            ?? SnapshotFileSystem.exists(recordRoot + "/Package.swift"))
        let folder: String, reference: String
        var note: String?
        if sameCheckout {
            guard record.reference.hasPrefix("/") else {
                throw ReviewError("refusing \(recordPath): its reference \(record.reference) is not an absolute path")
            }
            folder = recordFolder
            reference = SnapshotLocation.absolutePath(record.reference)
        } else {
            let root = checkout ?? ArtifactsFolders.currentPackageRoot()
            guard SnapshotFileSystem.exists(root + "/Package.swift") else {
                throw ReviewError("the package root \(record.packageRoot) of \(recordPath) does not exist here, and the working folder is not inside a package; run labelsnap from the package the snapshot belongs to")
            }
            (folder, reference) = try placeInCheckout(root, recordRoot: recordRoot, recordFolder: recordFolder, environment: environment)
            note = SnapshotFileSystem.exists(recordRoot + "/Package.swift")
                ? "package root \(record.packageRoot) is another checkout; writing into this one, \(root)"
                : "package root \(record.packageRoot) does not exist here; using \(root)"
        }
        guard reference.hasPrefix(folder + "/"), !reference.split(separator: "/").contains("..") else {
            throw ReviewError("refusing \(recordPath): its reference \(reference) is outside \(folder)")
        }
        let realFolder = Self.realPathOfExistingPrefix(folder)
        let realParent = Self.realPathOfExistingPrefix(PathText.parent(reference))
        guard realParent == realFolder || realParent.hasPrefix(realFolder + "/") else {
            throw ReviewError("refusing \(recordPath): the folder of its reference \(reference) leads to \(realParent), outside \(realFolder)")
        }
        return ResolvedReference(path: reference, folder: folder, note: note)
    }

    /// The folder of references and the reference in checkout `root` for a record made in `recordRoot`.
    private func placeInCheckout(_ root: String, recordRoot: String, recordFolder: String,
                                 environment: [String: String]) throws -> (folder: String, reference: String) {
        func clean(_ relative: String) -> Bool {
            let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
            return !parts.isEmpty && !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }
        }
        if recordFolder.hasPrefix(recordRoot + "/") {
            let folderInPackage = String(recordFolder.dropFirst(recordRoot.count + 1))
            guard record.referenceRelative.hasPrefix(folderInPackage + "/"), clean(record.referenceRelative) else {
                throw ReviewError("refusing \(recordPath): its reference \(record.referenceRelative) is not a path inside \(folderInPackage)/")
            }
            return (root + "/" + folderInPackage, root + "/" + record.referenceRelative)
        }
        let named = environment[SnapshotLocation.snapshotsDirectoryVariable].map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !named.isEmpty else {
            throw ReviewError("refusing \(recordPath): its reference was in \(recordFolder), outside its package \(record.packageRoot), on the machine that ran the test; set \(SnapshotLocation.snapshotsDirectoryVariable) to that folder's place here and accept again")
        }
        let inFolder = SnapshotLocation.absolutePath(record.reference).hasPrefix(recordFolder + "/")
            ? String(SnapshotLocation.absolutePath(record.reference).dropFirst(recordFolder.count + 1)) : ""
        guard clean(inFolder) else {
            throw ReviewError("refusing \(recordPath): its reference \(record.reference) is not inside its folder of references \(recordFolder)")
        }
        let folder = SnapshotLocation.absolutePath(named.hasPrefix("/") ? named : root + "/" + named)
        return (folder, folder + "/" + inFolder)
    }

    /// Whether two paths name the same folder (lexically, or once symbolic links are resolved).
    static func samePath(_ a: String, _ b: String) -> Bool {
        let a = SnapshotLocation.absolutePath(a), b = SnapshotLocation.absolutePath(b)
        return a == b || realPathOfExistingPrefix(a) == realPathOfExistingPrefix(b)
    }

    /// Whether the reference in `__Snapshots__` is still the one this failure was compared against
    /// (FNV-1a digest in the record). `nil` when the record has no digest (no reference then).
    package func referenceUnchanged(at path: String) -> Bool? {
        guard let expected = record.referenceDigest else { return nil }
        let current = (try? SnapshotFileSystem.readIfPresent(path)).flatMap { $0 }
        return current.map(SnapshotFailureRecord.digest) == expected
    }

    /// Whether something other than a regular file is at `path` (a FIFO, a folder, a device; a symbolic
    /// link is followed): accept cannot read it to compare, so refuses it until it is deleted.
    package static func holdsOtherThanAFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) != S_IFREG
    }

    /// `realpath` of the longest existing prefix of `path`, with the remaining components appended.
    package static func realPathOfExistingPrefix(_ path: String) -> String {
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

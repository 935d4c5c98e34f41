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
    /// Where accepting this failure writes: a folder of references this machine resolves itself, never one a
    /// record names. The record (a file we did not write) only says which of them (`claimedReference`) and the
    /// reference's place below it, `[<Module>/]<TestFile>/<snapshot>.<ext>`; here that folder is:
    ///
    /// - `<checkout>/__Snapshots__` for a record whose folder was its package's `__Snapshots__`;
    /// - the folder `LABELSNAP_SNAPSHOTS_DIR` names in `environment` (relative: from the checkout) for a folder that
    ///   was outside the record's package, or is that folder;
    /// - for another folder inside the record's package (a `snapshotDirectory:`), the same folder in the checkout,
    ///   only when it already holds references of that test (so no record can start a folder of its own).
    ///
    /// The checkout is `checkout` (the package around `labelsnap`'s working folder), else the record's own package
    /// root when the record lies inside it. The folder must pass `SnapshotLocation.referencesFolderProblem` (not the
    /// filesystem root, the package root, the artifacts or build folder, or a source folder), lexically and once
    /// symbolic links are resolved, and stay inside the checkout (except the `LABELSNAP_SNAPSHOTS_DIR` one, which is
    /// this machine's setting); the reference's folder must stay inside it, the reference may not be a symbolic link,
    /// and its extension is `png` or `txt`, or that of a format of your own that already has references of the test
    /// beside it (never a source file's). `force` widens none of this.
    /// - Parameter environment: read for `LABELSNAP_SNAPSHOTS_DIR`.
    /// - Throws: `ReviewError` naming the record, what it claims and what was expected or refused.
    package func resolveReference(environment: [String: String]) throws -> ResolvedReference {
        let claim = try claimedReference()
        let root = try checkoutToWrite(claim)
        func refuse(_ why: String) -> ReviewError { ReviewError("refusing \(recordPath): \(why)") }
        let variable = SnapshotLocation.snapshotsDirectoryVariable
        let named = environment[variable].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            .map { SnapshotLocation.absolutePath($0.hasPrefix("/") ? $0 : root + "/" + $0) }
        let folder: String
        var mustHoldReferences = false
        if claim.folder == claim.packageRoot + "/" + SnapshotLocation.snapshotsFolderName {
            folder = root + "/" + SnapshotLocation.snapshotsFolderName
        } else if let inPackage = claim.folderInPackage {
            folder = root + "/" + inPackage
            mustHoldReferences = folder != named
        } else if let named {
            folder = named
        } else {
            throw refuse("its reference was in \(claim.folder), outside its package \(claim.packageRoot), on the machine that ran the test; set \(variable) to that folder's place here and accept again")
        }
        let reference = folder + "/" + claim.inFolder
        let realRoot = Self.realPathOfExistingPrefix(root), realFolder = Self.realPathOfExistingPrefix(folder)
        for (path, base) in [(folder, root), (realFolder, realRoot)] {
            if let problem = SnapshotLocation.referencesFolderProblem(path, packageRoot: base, artifactsRoot: Self.realPathOfExistingPrefix(artifactsRoot)) {
                throw refuse("accept would write its reference into \(path == folder ? folder : "\(folder), which leads to \(path),"), which \(problem)")
            }
        }
        if folder != named, realFolder != realRoot, !realFolder.hasPrefix(realRoot + "/") {
            throw refuse("its folder of references \(folder) leads to \(realFolder) (a symbolic link), outside the package \(realRoot)")
        }
        let realParent = Self.realPathOfExistingPrefix(PathText.parent(reference))
        guard realParent == realFolder || realParent.hasPrefix(realFolder + "/") else {
            throw refuse("the folder of its reference \(reference) leads to \(realParent), outside \(realFolder)")
        }
        var st = stat()
        if lstat(reference, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: reference)) ?? "?"
            throw refuse("its reference \(reference) is a symbolic link (to \(target)); a reference is a regular file: delete the link, then accept")
        }
        let ext = claim.pathExtension
        let beside = Self.referenceExtensions(ofTest: record.testName, in: PathText.parent(reference))
        guard Self.formatExtensions.contains(ext) || (beside.contains(ext) && !Self.sourceExtensions.contains(ext.lowercased())) else {
            throw refuse("its reference \(reference) is a .\(ext) file: accept writes only snapshot references (.png, .txt, or the extension of a format of your own that already has references of \(record.testName) beside it)")
        }
        if mustHoldReferences && beside.isEmpty {
            throw refuse("its folder of references \(folder) (a snapshotDirectory: folder) holds no reference of \(record.testName) in \(PathText.parent(reference)); accept writes into such a folder only once it holds references of the test: record them with the test here, or set \(variable)=\(folder) to name the folder")
        }
        var note: String?
        if !Self.samePath(root, claim.packageRoot) {
            note = SnapshotFileSystem.exists(claim.packageRoot + "/Package.swift")
                ? "package root \(record.packageRoot) is another checkout; writing into this one, \(root)"
                : "package root \(record.packageRoot) does not exist here; using \(root)"
        }
        return ResolvedReference(path: reference, folder: folder, note: note)
    }

    /// The extensions of the library's own formats (`.image`: png, `.layout` and `.text`: txt).
    static let formatExtensions: Set<String> = ["png", "txt"]
    /// Extensions SwiftPM compiles or reads as a target's sources: never a reference, whatever is beside it.
    static let sourceExtensions: Set<String> = ["swift", "c", "cc", "cpp", "cxx", "c++", "m", "mm", "h", "hh", "hpp", "s",
                                                "metal", "modulemap", "resolved"]

    /// The extensions of the regular files `<testName>.<id>.<ext>` in `folder` (not hidden, not links).
    static func referenceExtensions(ofTest testName: String, in folder: String) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var found = Set<String>()
        for name in names where name.hasPrefix(testName + ".") && !name.hasPrefix(".") {
            var st = stat()
            guard lstat(folder + "/" + name, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG,
                  let dot = name.lastIndex(of: "."), name.distance(from: name.startIndex, to: dot) > testName.count + 1 else { continue }
            found.insert(String(name[name.index(after: dot)...]))
        }
        return found
    }

    /// The package root accept writes into: `checkout`, else the record's own package root when the record lies
    /// inside it (a record elsewhere, downloaded or edited, cannot pick a package on this machine).
    private func checkoutToWrite(_ claim: ReferenceClaim) throws -> String {
        if let checkout { return SnapshotLocation.absolutePath(checkout) }
        let root = claim.packageRoot
        guard SnapshotFileSystem.exists(root + "/Package.swift") else {
            throw ReviewError("the package root \(record.packageRoot) of \(recordPath) does not exist here, and the working folder is not inside a package; run accept from the package the snapshot belongs to")
        }
        let realRecord = Self.realPathOfExistingPrefix(recordPath), realRoot = Self.realPathOfExistingPrefix(root)
        guard realRecord.hasPrefix(realRoot + "/") else {
            throw ReviewError("refusing \(recordPath): the working folder is not inside a package, and the record lies outside the package root it names (\(root)); run accept from the package the snapshot belongs to")
        }
        return root
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

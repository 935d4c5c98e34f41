// The one check of every `-o` of the CLI, made before anything is computed or written.
import Foundation
import SnapshotReview
import SnapshotStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Refuses an output path that would replace something other than an earlier output of the same kind:
/// a file in a folder of references (`__Snapshots__`, `LABELSNAP_SNAPSHOTS_DIR`) or in the artifacts folder
/// (whose files the tests and the review commands own; `ownedInArtifacts` allows a `.<ext>` file directly in
/// one of `artifacts`, where `report` writes by default), anything that is not a regular file (a folder, a
/// FIFO, a symbolic link), an existing file of another extension (`Package.swift`), a missing folder.
/// Checked lexically and with symbolic links resolved.
/// - Parameters:
///   - path: the `-o` value; `ext`: what is written (`png`, `html`, without the dot).
///   - artifacts: the artifacts folders in force (absolute).
/// - Throws: `UsageError` saying what is refused and what to do; nothing is written then.
func checkOutputPath(_ path: String, writes ext: String, artifacts: [String], ownedInArtifacts: Bool = false) throws {
    guard !path.isEmpty else { throw UsageError("the output path is empty: give a file name, e.g. -o label.\(ext)") }
    let absolute = SnapshotLocation.absolutePath(path)
    let (folder, name) = SnapshotFileSystem.split(absolute)
    let resolved = SnapshotLocation.absolutePath(PendingFailure.realPathOfExistingPrefix(folder) + "/" + name)
    let other = "; choose another path for the .\(ext) file"
    let named = ArtifactsFolders.referencesFolders(environment: commandEnvironment)
    let references = named + named.map(PendingFailure.realPathOfExistingPrefix)
    let artifactRoots = artifacts + artifacts.map(PendingFailure.realPathOfExistingPrefix)
    for candidate in Set([absolute, resolved]) {
        if let folder = SnapshotLocation.referencesFolder(containing: candidate, folders: references) {
            throw UsageError("-o \(path) is inside the folder of references \(folder), which holds only references (labelsnap accept writes them)\(other)")
        }
        for root in artifactRoots where candidate == root || candidate.hasPrefix(root + "/") {
            if ownedInArtifacts, SnapshotFileSystem.split(candidate).0 == root, candidate.hasSuffix("." + ext) { continue }
            throw UsageError("-o \(path) is inside the artifacts folder \(root), whose files the snapshot tests and labelsnap review own\(other)")
        }
    }
    var status = stat()
    if lstat(absolute, &status) == 0 {
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard name.lowercased().hasSuffix("." + ext) else {
                throw UsageError("-o \(path) is an existing file that is not a .\(ext) file; it would be replaced\(other)")
            }
        case S_IFDIR: throw UsageError("cannot write \(path): it is a folder; give a file name inside it")
        case S_IFLNK: throw UsageError("-o \(path) is a symbolic link, which would be replaced by a file\(other)")
        default: throw UsageError("-o \(path) exists and is not a regular file (a FIFO, socket or device)\(other)")
        }
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw UsageError("cannot write \(path): the folder \(folder) does not exist; create it first (mkdir -p \(folder))")
    }
}

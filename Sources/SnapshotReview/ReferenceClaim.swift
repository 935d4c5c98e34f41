import SnapshotStore

/// Where a failure record says its reference is, checked to be a place the assertions could have written it:
/// `<folder of references>/[<Module>/]<TestFile>/<snapshot>.<ext>`, every part a sanitised name that agrees with
/// the record's test file and snapshot name. A record is a file we did not write (a CI artifact): these paths
/// only say which reference of which folder it means; where that folder is here, `resolveReference` decides.
struct ReferenceClaim {
    /// The record's package root, folder of references and reference: absolute and plain (no `.`, `..`, `//`).
    let packageRoot: String, folder: String, reference: String
    /// The reference below its folder: `[<Module>/]<TestFile>/<snapshot>.<ext>`.
    let inFolder: String
    /// The reference's extension, without the dot (`png`).
    let pathExtension: String
    /// The folder's path inside the record's package, nil when it was outside it.
    var folderInPackage: String? {
        folder.hasPrefix(packageRoot + "/") ? String(folder.dropFirst(packageRoot.count + 1)) : nil
    }
}

extension PendingFailure {
    /// The record's reference, checked as `ReferenceClaim` says.
    /// - Throws: `ReviewError` saying what the record claims and what a snapshot of that name would have had.
    func claimedReference() throws -> ReferenceClaim {
        let r = record
        func refuse(_ why: String) -> ReviewError { ReviewError("refusing \(recordPath): \(why)") }
        func plain(_ key: String, _ value: String) throws -> String {
            guard value.hasPrefix("/"), SnapshotLocation.normalize(value) == value, !value.contains("\0") else {
                throw refuse("its \(key) \(value) is not a plain absolute path (records name every path absolute, without . or .. parts); the record was edited: run the test again to rewrite it")
            }
            return value
        }
        let root = try plain("packageRoot", r.packageRoot)
        let folder = try plain("snapshotsFolder", r.snapshotsFolder ?? root + "/" + SnapshotLocation.snapshotsFolderName)
        if let problem = SnapshotLocation.referencesFolderProblem(folder, packageRoot: root, artifactsRoot: nil) {
            throw refuse("it names \(folder) as its folder of references, which \(problem); no assertion records there, so the record was edited: run the test again to rewrite it")
        }
        let reference = try plain("reference", r.reference)
        let testFile = SnapshotNaming.testFileName(r.testFile)
        let name = PathText.base(reference)
        let ext = name.hasPrefix(r.snapshotName + ".") ? String(name.dropFirst(r.snapshotName.count + 1)) : ""
        let parts = reference.hasPrefix(folder + "/") ? reference.dropFirst(folder.count + 1).split(separator: "/").map(String.init) : []
        // The module as the reference names it (none in the layout before modules), else as the test file's path says.
        let moduleName: String? = parts.count == 3 ? parts[0] : parts.count == 2 ? nil
            : SnapshotLocation.moduleName(fileID: nil, filePath: r.testFile, packageRoot: root)
        let module = moduleName.map { $0 + "/" } ?? ""
        let expected = "\(folder)/\(module)\(testFile)/\(r.snapshotName).\(ext.isEmpty ? "<ext>" : ext)"
        func safe(_ part: String) -> Bool { !part.isEmpty && SnapshotNaming.sanitize(part) == part }
        let id = r.snapshotName.hasPrefix(r.testName + ".") ? String(r.snapshotName.dropFirst(r.testName.count + 1)) : ""
        guard (2...3).contains(parts.count), parts.dropLast().allSatisfy(safe), parts[parts.count - 2] == testFile,
              safe(r.testName), safe(id), safe(ext), reference == expected else {
            throw refuse("it claims its reference is \(reference), but a snapshot \(r.snapshotName) of test \(r.testName) in \(r.testFile) would have \(expected); the record was edited: run the test again to rewrite it")
        }
        let relative = reference.hasPrefix(root + "/") ? String(reference.dropFirst(root.count + 1)) : reference
        guard r.referenceRelative == relative else {
            throw refuse("its paths disagree: referenceRelative is \(r.referenceRelative), but its reference \(reference) in package root \(root) makes it \(relative); the record was edited: run the test again to rewrite it")
        }
        return ReferenceClaim(packageRoot: root, folder: folder, reference: reference,
                              inFolder: String(reference.dropFirst(folder.count + 1)), pathExtension: ext)
    }
}

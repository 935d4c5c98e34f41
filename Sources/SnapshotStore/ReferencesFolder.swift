// Whether a path lies in a folder of references: nothing but references (and the accept that writes them) goes there.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SnapshotLocation {
    /// The folder of references `path` is in or is: the part of `path` up to its last `__Snapshots__`
    /// component (below `base` when `path` is inside it: a package kept in such a folder is not refused
    /// whole), else the first of `folders` (absolute: `LABELSNAP_SNAPSHOTS_DIR`, `snapshotDirectory:`) that
    /// is `path` or holds it; nil when none. Lexical: `path` and `folders` are normalized, not resolved.
    package static func referencesFolder(containing path: String, folders: [String], base: String? = nil) -> String? {
        let path = absolutePath(path)
        let parts = path.split(separator: "/")
        let skipped = base.map { absolutePath($0) }.map { path.hasPrefix($0 + "/") ? $0.split(separator: "/").count : 0 } ?? 0
        if let index = parts.lastIndex(of: Substring(snapshotsFolderName)), index >= skipped {
            return "/" + parts[...index].joined(separator: "/")
        }
        return folders.map(absolutePath).first { path == $0 || path.hasPrefix($0 == "/" ? "/" : $0 + "/") }
    }

    /// The message refusing an artifacts folder inside a folder of references: the failure images, `.manifests/`
    /// and `.runs/` would sit among the references, to be committed with them. `source` names the setting.
    package static func artifactsInReferencesMessage(_ artifacts: String, references: String, source: String) -> String {
        "\(source) puts the artifacts folder (\(artifacts)) inside the folder of references \(references): failure "
            + "images and run files would be committed with the references, and nothing was written; name a folder "
            + "outside it (the default is <package root>/\(defaultArtifactsFolder))"
    }
}

extension SnapshotLocation {
    /// The top folders of a package whose subfolders are targets' sources (SwiftPM's conventions).
    static let sourceFolders = ["Sources", "Tests", "Plugins"]

    /// Why `folder` cannot be a folder of references, said after "… names <folder>, which ", or nil when it can.
    ///
    /// One rule for every folder an assertion is told to record into (`snapshotDirectory:`, `LABELSNAP_SNAPSHOTS_DIR`)
    /// and every folder `labelsnap accept` writes into: not the filesystem root; not the package root or a folder
    /// above it (references would sit among the package's own files); not the artifacts folder, a folder inside it
    /// or one holding it (either way failure images would be committed with references, or references deleted with
    /// artifacts); not inside the package's build folder `.build` (`swift package clean` deletes it); not at or
    /// inside a source folder (`Sources/`, `Tests/`, `Plugins/` and their targets: a PNG there becomes a file of the
    /// target) unless below a folder named `__Snapshots__` there, swift-snapshot-testing's place beside a test file.
    /// Lexical: the caller resolves symbolic links when it must (accept checks the real path too).
    /// - Parameters:
    ///   - packageRoot: the package's root; nil when there is none (only the root and artifacts rules apply).
    ///   - artifactsRoot: the artifacts folder in force, when known.
    package static func referencesFolderProblem(_ folder: String, packageRoot: String?, artifactsRoot: String?) -> String? {
        let folder = normalize(folder)
        func inside(_ path: String, _ outer: String) -> Bool { outer == "/" || path.hasPrefix(outer + "/") }
        if folder == "/" { return "is the filesystem root" }
        if let root = packageRoot.map(normalize) {
            if folder == root { return "is the package root \(root) (references would sit among its sources)" }
            if inside(root, folder) { return "is above the package root \(root) (references would sit among its files)" }
        }
        if let artifacts = artifactsRoot.map(normalize) {
            if folder == artifacts { return "is the artifacts folder" }
            if inside(folder, artifacts) { return "is inside the artifacts folder \(artifacts)" }
            if inside(artifacts, folder) { return "holds the artifacts folder \(artifacts) (failure images would be committed with the references)" }
        }
        guard let root = packageRoot.map(normalize), inside(folder, root) else { return nil }
        let parts = folder.dropFirst(root.count + 1).split(separator: "/")
        if parts.first == ".build" { return "is inside the build folder \(root)/.build (swift package clean deletes it)" }
        if let top = parts.first, sourceFolders.contains(String(top)), !parts.contains(Substring(snapshotsFolderName)) {
            let target = root + "/" + parts.prefix(2).joined(separator: "/")
            return parts.count == 1
                ? "is the source folder \(target), whose subfolders are targets"
                : "is inside the source folder \(target) (the files would become the target's)"
        }
        return nil
    }
}

extension SnapshotLocation {
    /// Why `folder` cannot be a folder, said after "… names <folder>, which ": `is a file, not a folder`, or
    /// `lies below <path>, a file, not a folder` (`LABELSNAP_SNAPSHOTS_DIR=Package.swift`, where reading a reference
    /// says only ENOTDIR); nil when it is a folder or can be made one.
    package static func fileInTheWay(of folder: String) -> String? {
        var path = normalize(folder)
        while path != "/" {
            var st = stat()
            if stat(path, &st) == 0 {
                if (st.st_mode & S_IFMT) == S_IFDIR { return nil }
                return path == normalize(folder) ? "is a file, not a folder" : "lies below \(path), a file, not a folder"
            }
            path = SnapshotFileSystem.split(path).0
        }
        return nil
    }
}

// Whether a path lies in a folder of references: nothing but references (and the accept that writes them) goes there.

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

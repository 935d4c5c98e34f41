import SnapshotStore

/// The files of a failure that a test report attaches: the reference that was compared, the actual
/// value and the diff (Swift Testing attachments, see `recordSnapshotFailure`).
enum SnapshotAttachments {
    /// (kind, path) in the order reference, actual, diff; only files the failure wrote or named.
    static func files(of failure: SnapshotFailure) -> [(String, String)] {
        guard let record = failure.record else { return [] }
        var files: [(String, String)] = []
        files.append(("reference", record.artifacts["reference"] ?? record.reference))
        if let actual = record.actual { files.append(("actual", actual)) }
        if let diff = record.artifacts["diff"] { files.append(("diff", diff)) }
        return files
    }

    /// `<test>.<id>.<kind>.<ext>`: the extension of the file, so that the attachment's content type is its own.
    static func name(of failure: SnapshotFailure, kind: String, path: String) -> String {
        let ext = path.split(separator: "/").last.flatMap { $0.split(separator: ".").last }.map(String.init) ?? "bin"
        return (failure.record?.snapshotName ?? "snapshot") + "." + kind + "." + ext
    }
}

import Foundation
import SnapshotStore

/// Where the report's images go: inlined as `data:` URIs (one self-contained file), or, when that
/// would make the page larger than `inlineLimit`, written as files into a folder beside the report
/// and linked relatively (the page then travels with that folder, as CI artifacts do).
struct ReportImages {
    /// Inlined pages up to about 4 MB open quickly in every browser; beyond that, files.
    static let inlineLimit = 4 << 20

    /// nil: inline. Else the folder written to, and its name relative to the report.
    let folder: (absolute: String, relative: String)?
    private(set) var written: [String] = []

    /// - Parameters: `estimatedBytes`: the images' total size; `reportPath`: nil for stdout (always inline).
    init(estimatedBytes: Int, reportPath: String?) {
        if let reportPath, estimatedBytes * 4 / 3 > Self.inlineLimit {
            let base = (reportPath as NSString).lastPathComponent
            let name = (base.hasSuffix(".html") ? String(base.dropLast(5)) : base) + "-images"
            folder = ((reportPath as NSString).deletingLastPathComponent + "/" + name, name)
        } else {
            folder = nil
        }
    }

    var inline: Bool { folder == nil }

    /// The `src` of a PNG: a data URI, or `<folder>/<name>` after writing the file.
    /// - Throws: when the file cannot be written.
    mutating func source(png bytes: [UInt8], name: String) throws -> String {
        guard let folder else { return "data:image/png;base64," + Data(bytes).base64EncodedString() }
        let file = SnapshotNaming.sanitize(name) + ".png"
        try SnapshotFileSystem.writeAtomically(bytes, to: folder.absolute + "/" + file)
        written.append(file)
        return folder.relative + "/" + file
    }
}

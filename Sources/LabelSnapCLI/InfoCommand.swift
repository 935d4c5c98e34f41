import Foundation
import PNGCodec
import ReferenceProvenance
import SnapshotStore

let infoUsage = """
usage: labelsnap info REFERENCE.png…

Prints where each reference image came from: its size (from IHDR; no pixel is decoded) and the provenance text chunk the snapshot
assertions write (library, FreeType, HarfBuzz, ICU and libpng versions, each font's file, face,
revision, head checksum adjustment and version string, the scale and the label's properties), then any
other text chunks. The stated image-chunks digest is followed by whether it matches the file (a PNG
optimiser rewrites the image chunks; such a reference still passes, by decoding). A reference without the chunk (recorded before it existed, or rewritten by a PNG
tool) says so. Exit status: 0, or 2 when a file cannot be read.
"""

/// `labelsnap info`: the size and provenance of reference PNGs (IHDR and text chunks, read without decoding pixels).
func runInfoCommand(_ arguments: [String]) -> Int32 {
    if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
        print(infoUsage)
        return arguments.isEmpty ? 2 : 0
    }
    // Paths only: an option (info has none) was read as a file name ("cannot read PNG file --json").
    let split = arguments.firstIndex(of: "--")
    let before = arguments[..<(split ?? arguments.endIndex)]
    if let option = before.first(where: { $0.hasPrefix("-") }) {
        printError("info: unknown option \(option): info takes only PNG paths (put -- before a path that starts with -)")
        return 2
    }
    let paths = Array(before) + (split.map { Array(arguments[($0 + 1)...]) } ?? [])
    var status: Int32 = 0
    let style = TerminalStyle.out
    for (index, path) in paths.enumerated() {
        if index > 0 { print("") }
        do {
            // One read; the size is IHDR's (the pixels are not decoded: a reference can be megapixels).
            let bytes = try PNGCodec.fileContents(path)
            let header = try PNGCodec.header(of: bytes)
            let chunks = try PNGCodec.textChunks(in: bytes)
            print("\(style.path(path)): \(style.numbers("\(header.width)×\(header.height)")) px")
            let provenance = chunks.filter { $0.keyword == SnapshotProvenance.keyword }
            if provenance.isEmpty {
                print("  " + style.warn("no provenance chunk (a contact sheet recorded with as: .contactSheet has none; another reference was recorded before provenance, or rewritten by a PNG tool); it still compares by pixels"))
            }
            for chunk in provenance {
                let matches = imageChunksMatch(chunk.text, bytes)
                for line in chunk.text.split(separator: "\n") {
                    var shown = bounded(line)
                    if let matches, line.hasPrefix(ImageReferenceDigest.imageChunksKey + ": ") {
                        shown += matches ? " (matches this file)"
                            : " (does not match: the image chunks were rewritten (e.g. by a PNG optimiser); passes compare by decoding)"
                    }
                    if line.hasPrefix(ImageReferenceDigest.legacyPixelsKey + ": ") {
                        shown += " (SHA-256, recorded before XXH3: passes decode this reference; re-record it to pass by digest)"
                    }
                    print("  " + keyValue(shown, style))
                }
            }
            for chunk in chunks where chunk.keyword != SnapshotProvenance.keyword {
                print("  " + style.dim("\(chunk.kind.rawValue) \(chunk.keyword):") + " \(chunk.text)")
            }
        } catch {
            printError("info: \(path): \(error)")
            status = 2
        }
    }
    return status
}

/// Whether the chunk's stated `image-chunks-sha256` is the file's own (`PNGCodec.imageChunksDigest`);
/// nil when the chunk states no well-formed digests.
private func imageChunksMatch(_ text: String, _ file: [UInt8]) -> Bool? {
    guard let stated = ImageReferenceDigest(text: text) else { return nil }
    return PNGCodec.imageChunksDigest(of: file) == stated.imageChunks
}

/// A provenance line as printed: whole up to 1,000 characters; a longer one (a reference recorded before
/// the label line stated long texts by prefix, length and digest) cut, with the count left off.
private func bounded(_ line: Substring) -> String {
    let limit = 1_000
    guard line.utf8.count > limit, line.count > limit else { return String(line) }
    return "\(line.prefix(limit))… (\(line.count - limit) more characters not shown)"
}

/// A provenance line `key: value` with the key dimmed.
private func keyValue(_ line: String, _ style: TerminalStyle) -> String {
    guard let colon = line.range(of: ": ") else { return line }
    return style.dim(String(line[..<colon.upperBound])) + String(line[colon.upperBound...])
}

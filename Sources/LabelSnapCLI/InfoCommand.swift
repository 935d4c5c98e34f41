import Foundation
import Imaging
import LabelDescription
import SnapshotStore

let infoSpec = CommandSpec(summary: """
    usage: labelsnap info REFERENCE.png…

    Prints where each reference image came from: its size (from IHDR) and the provenance text chunk the snapshot
    assertions write (library, FreeType, HarfBuzz, ICU and libpng versions, each font's file, face,
    revision, head checksum adjustment and version string, the scale and the label's properties), then any
    other text chunks. The stated digests are followed by whether they describe the file: the image chunks
    hash to the stated value (a PNG optimiser rewrites them; such a reference still passes, by decoding) and
    the file decodes to the stated size and pixels (a chunk copied from another image does not; images over
    4 Mpx are not decoded). A file without the chunk says so: `labelsnap render`'s output and images from
    elsewhere have none; references recorded by the assertions do. Exit status: 0, or 2 when a file cannot be read.
    """, options: [])

/// `labelsnap info`: the size and provenance of reference PNGs (IHDR and text chunks, read without decoding pixels).
func runInfoCommand(_ arguments: [String]) -> Int32 {
    if arguments.isEmpty { print(infoSpec.help); return 2 }
    let paths: [String]
    do {
        let r = try infoSpec.read(arguments)
        if r.wantsHelp { print(infoSpec.help); return 0 }
        paths = r.positionals
    } catch {
        // Paths only: an option (info has none) was read as a file name ("cannot read PNG file --json").
        printError("info: \(error): info takes only PNG paths (put -- before a path that starts with -)")
        return 2
    }
    var status: Int32 = 0
    let style = TerminalStyle.out
    for (index, path) in paths.enumerated() {
        if index > 0 { print("") }
        do {
            // One read; the size is IHDR's (the pixels are decoded only to check a stated pixel digest).
            let bytes = try PNGCodec.fileContents(path)
            let header = try PNGCodec.header(of: bytes)
            let chunks = try PNGCodec.textChunks(in: bytes)
            print("\(style.path(path)): \(style.numbers("\(header.width)×\(header.height)")) px")
            let provenance = chunks.filter { $0.keyword == SnapshotProvenance.keyword }
            if provenance.isEmpty { print("  " + style.warn(noProvenance(header))) }
            for chunk in provenance {
                let verdict = digestVerdict(chunk.text, bytes, header)
                for line in chunk.text.split(separator: "\n") {
                    var shown = untrusted(bounded(line))
                    if let verdict, line.hasPrefix(ImageReferenceDigest.pixelsKey + ": ") {
                        shown += verdict.pixels
                    }
                    if let verdict, line.hasPrefix(ImageReferenceDigest.imageChunksKey + ": ") {
                        shown += verdict.imageChunks
                    }
                    if line.hasPrefix(ImageReferenceDigest.legacyPixelsKey + ": ") {
                        shown += " (SHA-256, recorded before XXH3; re-record it to state pixels-xxh128)"
                    }
                    print("  " + keyValue(shown, style))
                }
            }
            for chunk in chunks where chunk.keyword != SnapshotProvenance.keyword {
                print("  " + style.dim("\(chunk.kind.rawValue) \(untrusted(chunk.keyword)):") + " \(untrusted(chunk.text, keepingLineBreaks: true))")
            }
        } catch {
            printError("info: \(path): \(error)")
            status = 2
        }
    }
    return status
}

/// What `info` says of a file without the provenance chunk: which files have none, and whether it can be compared
/// at all (a file over `Bitmap.maximumPixelCount` cannot be decoded).
private func noProvenance(_ header: PNGCodec.Header) -> String {
    let none = "no provenance chunk: `labelsnap render`'s output and images from elsewhere have none, nor has a contact sheet "
        + "recorded with as: .contactSheet; references recorded by the other snapshot assertions do (unless recorded before "
        + "provenance or rewritten by a PNG tool)"
    let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
    guard overflow || pixels > Bitmap.maximumPixelCount else { return none + "; it compares by pixels" }
    return none + "; it cannot be compared: \(header.width)×\(header.height) px is more than the \(Bitmap.maximumPixelCount) pixels "
        + "an image may have, so it cannot be decoded"
}

/// What `info` says after the two digest lines; nil when the chunk states no well-formed digests.
/// "(matches this file)" only when both hold: the image chunks hash to the stated value *and* the file
/// decodes to the stated size and pixels (a chunk copied from another reference, its image-chunks digest
/// recomputed, passes the first test and fails the second).
private func digestVerdict(_ text: String, _ file: [UInt8], _ header: PNGCodec.Header) -> (pixels: String, imageChunks: String)? {
    guard let stated = ImageReferenceDigest(text: text) else { return nil }
    let chunksMatch = PNGCodec.imageChunksDigest(of: file) == stated.imageChunks
    let rewritten = " (does not match: the image chunks were rewritten (e.g. by a PNG optimiser); passes compare by decoding)"
    if stated.width != header.width || stated.height != header.height {
        return (" (does not match: the file is \(header.width)×\(header.height) px; this chunk was written for another image)",
                chunksMatch ? " (matches the image chunks, but the stated pixels are another image's: the chunk was copied or forged)" : rewritten)
    }
    guard header.width * header.height <= 4_000_000 else {
        return (" (not checked: over 4 Mpx, not decoded)", chunksMatch ? " (matches this file's image chunks; pixels not checked)" : rewritten)
    }
    guard let decoded = try? PNGCodec.decode(file) else {
        return (" (not checked: the file does not decode)", chunksMatch ? " (matches this file's image chunks)" : rewritten)
    }
    if ImageReferenceDigest.pixelDigest(of: decoded) != stated.pixels {
        return (" (does not match: the file decodes to other pixels; this chunk was written for another image)",
                chunksMatch ? " (matches the image chunks, but the stated pixels are another image's: the chunk was copied or forged)" : rewritten)
    }
    return (" (matches this file's pixels)", chunksMatch ? " (matches this file)" : rewritten)
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

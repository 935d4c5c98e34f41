import Support
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What this machine found when it decoded a reference: for the image chunks of a PNG file (their
/// ``PNGCodec/imageChunksDigest(of:)``), the size and pixel digest they decode to. The pass path proves a
/// reference equal by this memo alone (docs/snapshots.md), never by digests the file states about itself: a
/// file can carry any text, but only a decode on this machine writes an entry.
///
/// Entries live in the process (every decode and every recording of this process) and, when a package
/// root is known and exists, in `<package root>/.build/snapshot-decoded/<image-chunks SHA-256 hex>`, one
/// small file each (`<width>x<height> rgba8 <XXH3-128 hex>`), so the next `swift test` on this machine
/// passes by digest too. The folder is SwiftPM's build folder: never committed, thrown away by `swift
/// package clean`, and a fresh CI checkout starts without it (each reference is then decoded once).
package struct DecodedImageMemo: Sendable {
    /// What a file's image chunks decode to.
    package struct Entry: Equatable, Sendable {
        /// The decoded size, in px.
        package var width: Int, height: Int
        /// `ImageReferenceDigest.pixelDigest(of:)` of the decoded bitmap.
        package var pixels: XXH128Digest

        package init(width: Int, height: Int, pixels: XXH128Digest) {
            self.width = width; self.height = height; self.pixels = pixels
        }

        /// The entry's file text, `<width>x<height> rgba8 <hex>` and a newline.
        var line: String { "\(width)x\(height) rgba8 \(pixels.hex)\n" }

        init?(line: String) {
            guard line.hasSuffix("\n") else { return nil }  // a torn write is not an entry
            let parts = line.dropLast().split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[1] == "rgba8", parts[2].count == 32 else { return nil }
            let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
            guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0,
                  let pixels = XXH128Digest(hex: parts[2]) else { return nil }
            self.init(width: w, height: h, pixels: pixels)
        }
    }

    /// The folder's name under `.build`.
    package static let folderName = "snapshot-decoded"

    /// The folder of this memo's files; nil: this process only.
    package let folder: String?

    /// The memo of the package at `packageRoot`: its files under `<root>/.build/snapshot-decoded`, or none
    /// when the root is nil or does not exist (a package moved away: nothing is created under a missing path).
    package init(packageRoot: String?) {
        var st = stat()
        if let packageRoot, stat(packageRoot, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            folder = packageRoot + "/.build/" + Self.folderName
        } else {
            folder = nil
        }
    }

    /// Entries of this process, whatever the package (content-addressed: an entry is true anywhere).
    private static let process = Locked<[SHA256Digest: Entry]>([:])

    /// What the image chunks with digest `chunks` decode to, if this process or this machine decoded them.
    package func entry(for chunks: SHA256Digest) -> Entry? {
        if let known = Self.process.withLock({ $0[chunks] }) { return known }
        guard let folder,
              let bytes = try? SnapshotFileSystem.readIfPresent(folder + "/" + chunks.hex, limit: 256),
              let entry = Entry(line: String(decoding: bytes, as: UTF8.self)) else { return nil }
        Self.process.withLock { $0[chunks] = entry }
        return entry
    }

    /// Notes that image chunks with digest `chunks` decoded to `entry`. Only a decode made here may call
    /// this. The file is best effort (a read-only `.build` only costs the next process a decode).
    package func remember(_ entry: Entry, for chunks: SHA256Digest) {
        Self.process.withLock { $0[chunks] = entry }
        guard let folder else { return }
        let path = folder + "/" + chunks.hex
        if let bytes = try? SnapshotFileSystem.readIfPresent(path, limit: 256),
           Entry(line: String(decoding: bytes, as: UTF8.self)) == entry { return }
        _ = try? SnapshotFileSystem.writeAtomically(Array(entry.line.utf8), to: path)
    }

    /// Forgets this process's entries (tests: a run of a new process).
    package static func forgetProcessEntries() { process.withLock { $0.removeAll() } }
}

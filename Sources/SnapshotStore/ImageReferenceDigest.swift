import Support
import Imaging
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The digest lines of a reference PNG's `LabelSnapshot` text chunk (docs/snapshots.md): the digest of its
/// decoded pixels and of its own image chunks, written when the file is recorded. They describe the file
/// for `labelsnap info` and people; the pass path does not trust them (a file can state anything about
/// itself): it passes by digest only through ``DecodedImageMemo``, what this machine decoded, and decodes
/// everything else.
///
/// The chunk's two lines:
///
/// ```
/// pixels-xxh128: 387x72 rgba8 9f2c…(32 hex digits)
/// image-chunks-sha256: 51d0…(64 hex digits)
/// ```
///
/// `pixels-xxh128` is XXH3-128 (`xxhsum -H2`) of `"rgba8 <width>x<height>\n"` followed by the pixels as
/// `Bitmap` holds them (RGBA8, straight alpha, row-major, no padding), so size and format are part of the
/// digest. `image-chunks-sha256` is ``PNGCodec/imageChunksDigest(of:)`` of the file. References recorded
/// before XXH3 state `pixels-sha256` (SHA-256 of the same bytes) instead.
package struct ImageReferenceDigest: Equatable, Sendable {
    /// The keyword of the text chunk that holds the lines (the provenance chunk, `SnapshotProvenance`).
    package static let chunkKeyword = "LabelSnapshot"
    /// The line keys.
    package static let pixelsKey = "pixels-xxh128", imageChunksKey = "image-chunks-sha256"
    /// The pixel-digest key of references recorded before XXH3 (SHA-256): replaced when re-recorded, never trusted.
    package static let legacyPixelsKey = "pixels-sha256"

    /// The size the pixel digest covers, in px.
    package var width: Int, height: Int
    /// XXH3-128 of the decoded pixels with their size and format.
    package var pixels: XXH128Digest
    /// ``PNGCodec/imageChunksDigest(of:)`` of the file the pixels were decoded from.
    package var imageChunks: SHA256Digest

    package init(width: Int, height: Int, pixels: XXH128Digest, imageChunks: SHA256Digest) {
        self.width = width; self.height = height; self.pixels = pixels; self.imageChunks = imageChunks
    }

    /// The digests of an encoded PNG, before its text chunks are added: the pixels are those the file
    /// decodes to (not the bitmap that was encoded), so the digest can only ever describe the file.
    /// - Throws: the decoder's `PNGError`; ``ImageReferenceDigestError`` when a digest cannot be computed.
    package init(ofEncoded png: [UInt8]) throws {
        let decoded = try PNGCodec.decode(png)
        guard let pixels = Self.pixelDigest(of: decoded), let chunks = PNGCodec.imageChunksDigest(of: png) else {
            throw ImageReferenceDigestError.digestFailed
        }
        self.init(width: decoded.width, height: decoded.height, pixels: pixels, imageChunks: chunks)
        // Decoded here: the next pass of this process against the written file needs no decode.
        DecodedImageMemo(packageRoot: nil).remember(DecodedImageMemo.Entry(width: width, height: height, pixels: pixels), for: chunks)
    }

    /// The lines for the text chunk, as (key, value), in order.
    package var entries: [(key: String, value: String)] {
        [(Self.pixelsKey, "\(width)x\(height) rgba8 \(pixels.hex)"), (Self.imageChunksKey, imageChunks.hex)]
    }

    /// The digests stated in a chunk's text; nil unless each key starts exactly one line (not the first)
    /// of the form above. Read byte by byte with `memmem`: the pass path parses it on every assertion.
    package init?(text: String) {
        var text = text
        guard let parsed = text.withUTF8({ Self.parse(UnsafeRawBufferPointer($0)) }) else { return nil }
        self = parsed
    }

    static func parse(_ text: UnsafeRawBufferPointer) -> ImageReferenceDigest? {
        guard let pixelLine = line(after: "\npixels-xxh128: ", in: text),
              let chunkLine = line(after: "\nimage-chunks-sha256: ", in: text),
              let chunks = SHA256Digest(hexDigits: chunkLine) else { return nil }
        // "<width>x<height> rgba8 <32 hex digits>"
        guard let x = offset(of: UInt8(ascii: "x"), in: pixelLine), let space = offset(of: UInt8(ascii: " "), in: pixelLine),
              x < space,
              let width = decimal(UnsafeRawBufferPointer(rebasing: pixelLine[..<x])),
              let height = decimal(UnsafeRawBufferPointer(rebasing: pixelLine[(x + 1)..<space])),
              width > 0, height > 0 else { return nil }
        let rest = UnsafeRawBufferPointer(rebasing: pixelLine[(space + 1)...])
        let format: StaticString = "rgba8 "
        guard rest.count == format.utf8CodeUnitCount + 32, let restBase = rest.baseAddress,
              memcmp(restBase, format.utf8Start, format.utf8CodeUnitCount) == 0,
              let pixels = XXH128Digest(hexDigits: UnsafeRawBufferPointer(rebasing: rest[format.utf8CodeUnitCount...])) else { return nil }
        return ImageReferenceDigest(width: width, height: height, pixels: pixels, imageChunks: chunks)
    }

    /// The offset of the first `byte` in `bytes` (`memchr`: no per-byte Swift in debug builds).
    private static func offset(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, let hit = memchr(base, Int32(byte), bytes.count) else { return nil }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    /// The rest of the line that `marker` ("\n" + key) starts, without its newline; nil when the marker
    /// is absent or occurs twice.
    private static func line(after marker: StaticString, in text: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let start = find(marker, in: text, from: 0) else { return nil }
        let valueStart = start + marker.utf8CodeUnitCount
        if find(marker, in: text, from: valueStart) != nil { return nil }
        let tail = UnsafeRawBufferPointer(rebasing: text[valueStart...])
        return UnsafeRawBufferPointer(rebasing: tail[..<(offset(of: UInt8(ascii: "\n"), in: tail) ?? tail.count)])
    }

    /// The offset of the first `marker` (which starts with "\n") at or after `from`: `memchr` to each
    /// newline, `memcmp` there.
    private static func find(_ marker: StaticString, in text: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard let base = text.baseAddress else { return nil }
        let count = marker.utf8CodeUnitCount
        var offset = from
        while offset + count <= text.count, let hit = memchr(base + offset, 0x0A, text.count - offset) {
            let at = base.distance(to: UnsafeRawPointer(hit))
            if at + count <= text.count, memcmp(base + at, marker.utf8Start, count) == 0 { return at }
            offset = at + 1
        }
        return nil
    }

    /// A positive decimal number of at most 9 digits (bitmaps are at most 32768 px a side).
    private static func decimal(_ digits: UnsafeRawBufferPointer) -> Int? {
        guard (1...9).contains(digits.count) else { return nil }
        var value = 0
        for d in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(d) else { return nil }
            value = value * 10 + Int(d - UInt8(ascii: "0"))
        }
        return value
    }

    /// XXH3-128 of `"rgba8 <width>x<height>\n"` and the bitmap's pixels; nil when out of memory.
    package static func pixelDigest(of bitmap: Bitmap) -> XXH128Digest? {
        guard var hasher = XXH128Hasher() else { return nil }
        hasher.update(Array("rgba8 \(bitmap.width)x\(bitmap.height)\n".utf8))
        hasher.update(bitmap.pixels)
        return hasher.finalize()
    }

    /// Whether the reference file `png` provably decodes to exactly `bitmap`, without decoding it: its
    /// header states `bitmap`'s size, and `memo` (this process or this machine) decoded the file's image
    /// chunks before and found `bitmap`'s pixel digest. The digests the file states about itself prove
    /// nothing here: a file can carry any text (a chunk copied from another reference, its image-chunks
    /// digest recomputed). False says nothing (never decoded here, a stripped, edited, re-optimised or
    /// corrupt file, other pixels): the caller decodes, compares and calls ``remember(decoded:of:in:)``.
    package static func proves(_ png: [UInt8], holds bitmap: Bitmap, memo: DecodedImageMemo) -> Bool {
        guard let header = try? PNGCodec.header(of: png), header.width == bitmap.width, header.height == bitmap.height,
              let chunks = PNGCodec.imageChunks(of: png, textKeyword: nil),
              let known = memo.entry(for: chunks.digest),
              known.width == bitmap.width, known.height == bitmap.height
        else { return false }
        return pixelDigest(of: bitmap) == known.pixels
    }

    /// Notes in `memo` that the file `png` decoded to `decoded` (a decode made here, never a stated digest).
    package static func remember(decoded: Bitmap, of png: [UInt8], in memo: DecodedImageMemo) {
        guard let chunks = PNGCodec.imageChunksDigest(of: png), let pixels = pixelDigest(of: decoded) else { return }
        memo.remember(DecodedImageMemo.Entry(width: decoded.width, height: decoded.height, pixels: pixels), for: chunks)
    }

    /// Whether the chunk's stated digests describe the file `png`: its image chunks hash to the stated
    /// value and the pixels it decodes to (decoded here) have the stated size and digest. A chunk copied
    /// from another reference with its image-chunks digest recomputed states the other image's pixels.
    package func describes(_ png: [UInt8], decoded: Bitmap) -> Bool {
        PNGCodec.imageChunksDigest(of: png) == imageChunks && decoded.width == width && decoded.height == height
            && Self.pixelDigest(of: decoded) == pixels
    }
}

/// The digests of a reference could not be computed.
package enum ImageReferenceDigestError: Error, CustomStringConvertible {
    /// libcrypto or libxxhash failed (out of memory).
    case digestFailed

    package var description: String {
        switch self {
        case .digestFailed: return "the reference's digests could not be computed (libcrypto or libxxhash failed: out of memory?)"
        }
    }
}

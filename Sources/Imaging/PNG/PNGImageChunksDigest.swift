// The digest of what decides a PNG file's pixels, taken from its bytes without inflating anything:
// the pass path's proof that a reference is still the file its pixel digest was computed from
// (docs/snapshots.md).

import Support
import CImaging

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension PNGCodec {
    /// SHA-256 of every byte of a PNG file that can decide its decoded pixels: the signature and every
    /// chunk up to and including `IEND`, whole (length, type, data and CRC), except the text chunks
    /// (`tEXt`, `zTXt`, `iTXt`), which the decoder skips. So a text chunk can be added, changed or
    /// removed without changing the digest, and any change to `IHDR`, `PLTE`, `tRNS`, `IDAT` (pixels,
    /// filters, zlib level: a re-optimised file), any other chunk or any CRC changes it. Nothing is
    /// inflated or decoded; the file's structure is checked only as far as the walk needs.
    ///
    /// - Returns: nil when the bytes are not a PNG that can be vouched for: no signature, a first chunk
    ///   other than a 13-byte `IHDR`, a chunk that overruns the file, no `IEND`, or a text chunk between
    ///   two `IDAT` chunks (where leaving it out would join image data a decoder keeps apart); also
    ///   when libcrypto fails. Callers then decode.
    package static func imageChunksDigest(of png: [UInt8]) -> SHA256Digest? {
        imageChunks(of: png, textKeyword: nil)?.digest
    }

    /// What the pass path reads of a reference in one walk, without inflating anything.
    package struct ImageChunks: Sendable {
        /// ``imageChunksDigest(of:)`` of the file.
        package var digest: SHA256Digest
        /// Where the text of the one uncompressed iTXt chunk with the asked keyword lies in the file's
        /// bytes; nil when there is none, or more than one, or it is compressed.
        package var text: Range<Int>?
    }

    /// ``imageChunksDigest(of:)`` and, in the same walk, the text of the uncompressed iTXt chunk whose
    /// keyword is `textKeyword`. Every text chunk's CRC is checked (a decoder rejects a bad one, so nothing
    /// may be vouched for then). Nil in the cases ``imageChunksDigest(of:)`` lists and for a bad text CRC.
    package static func imageChunks(of png: [UInt8], textKeyword: String?) -> ImageChunks? {
        let keyword: [UInt8] = textKeyword.map { Array($0.utf8) + [0] } ?? []
        return png.withUnsafeBytes { file -> ImageChunks? in
            guard file.count >= 8 + 12 + 13, let base = file.baseAddress,
                  memcmp(base, pngSignature, 8) == 0,
                  readBE32(file, 8) == 13, chunkTypeIs(file, 8, "IHDR"),
                  var hasher = SHA256Hasher() else { return nil }
            // Runs of hashed bytes are handed to libcrypto whole: a text chunk ends one.
            var runStart = 0
            var offset = 8
            var sawImageData = false, textAfterImageData = false
            var text: Range<Int>?, textCount = 0
            while true {
                guard offset + 12 <= file.count else { return nil }
                let length = Int(readBE32(file, offset))
                guard length <= 0x7fff_ffff, length <= file.count - offset - 12 else { return nil }
                let end = offset + 12 + length
                if chunkTypeIs(file, offset, "IDAT") {
                    if textAfterImageData { return nil }
                    sawImageData = true
                } else if chunkTypeIs(file, offset, "tEXt") || chunkTypeIs(file, offset, "zTXt") || chunkTypeIs(file, offset, "iTXt") {
                    guard lsp_png_crc32(0, base + offset + 4, length + 4) == readBE32(file, offset + 8 + length) else { return nil }
                    hasher.update(UnsafeRawBufferPointer(rebasing: file[runStart..<offset]))
                    runStart = end
                    textAfterImageData = sawImageData
                    // iTXt: keyword NUL, compression flag 0, method 0, language tag NUL, translated keyword NUL, text.
                    let data = offset + 8
                    if !keyword.isEmpty, chunkTypeIs(file, offset, "iTXt"), length >= keyword.count + 4,
                       memcmp(base + data, keyword, keyword.count) == 0 {
                        textCount += 1
                        let flags = data + keyword.count
                        if file[flags] == 0, file[flags + 1] == 0,
                           let tagEnd = memchr(base + flags + 2, 0, data + length - flags - 2) {
                            let afterTag = base.distance(to: UnsafeRawPointer(tagEnd)) + 1
                            if afterTag < data + length, let translatedEnd = memchr(base + afterTag, 0, data + length - afterTag) {
                                text = (base.distance(to: UnsafeRawPointer(translatedEnd)) + 1)..<(data + length)
                            }
                        }
                    }
                }
                if chunkTypeIs(file, offset, "IEND") {
                    hasher.update(UnsafeRawBufferPointer(rebasing: file[runStart..<end]))
                    guard let digest = hasher.finalize() else { return nil }
                    return ImageChunks(digest: digest, text: textCount == 1 ? text : nil)
                }
                offset = end
            }
        }
    }

    /// Whether the chunk at `offset` has the four-letter type `type` (ASCII).
    private static func chunkTypeIs(_ bytes: UnsafeRawBufferPointer, _ offset: Int, _ type: StaticString) -> Bool {
        let t = type.utf8Start
        return bytes[offset + 4] == t[0] && bytes[offset + 5] == t[1] && bytes[offset + 6] == t[2] && bytes[offset + 7] == t[3]
    }
}

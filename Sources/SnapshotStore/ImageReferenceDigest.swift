import ContentDigest
import PNGCodec
import Raster

/// The pixel-digest shortcut of the pass path (DESIGN.md §3): a reference PNG states, in its
/// `LabelSnapshot` text chunk, the digest of its decoded pixels and the digest of its own image chunks.
/// While the file's image chunks still hash to the stated value, the stated pixel digest is the digest
/// of exactly the pixels the file decodes to, so a rendered bitmap with that pixel digest is equal to
/// the reference without decoding it. Every other case decodes and compares as before.
///
/// The chunk's two lines:
///
/// ```
/// pixels-sha256: 387x72 rgba8 9f2c…(64 hex digits)
/// image-chunks-sha256: 51d0…(64 hex digits)
/// ```
///
/// `pixels-sha256` is SHA-256 of `"rgba8 <width>x<height>\n"` followed by the pixels as `Bitmap`
/// holds them (RGBA8, straight alpha, row-major, no padding), so size and format are part of the
/// digest. `image-chunks-sha256` is ``PNGCodec/imageChunksDigest(of:)`` of the file.
public struct ImageReferenceDigest: Equatable, Sendable {
    /// The keyword of the text chunk that holds the lines (the provenance chunk, issue 11).
    public static let chunkKeyword = "LabelSnapshot"
    /// The line keys.
    public static let pixelsKey = "pixels-sha256", imageChunksKey = "image-chunks-sha256"

    /// The size the pixel digest covers, in px.
    public var width: Int, height: Int
    /// SHA-256 of the decoded pixels with their size and format.
    public var pixels: SHA256Digest
    /// ``PNGCodec/imageChunksDigest(of:)`` of the file the pixels were decoded from.
    public var imageChunks: SHA256Digest

    public init(width: Int, height: Int, pixels: SHA256Digest, imageChunks: SHA256Digest) {
        self.width = width; self.height = height; self.pixels = pixels; self.imageChunks = imageChunks
    }

    /// The digests of an encoded PNG, before its text chunks are added: the pixels are those the file
    /// decodes to (not the bitmap that was encoded), so the digest can only ever describe the file.
    /// - Throws: the decoder's `PNGError`; ``ImageReferenceDigestError`` when libcrypto fails.
    public init(ofEncoded png: [UInt8]) throws {
        let decoded = try PNGCodec.decode(png)
        guard let pixels = Self.pixelDigest(of: decoded), let chunks = PNGCodec.imageChunksDigest(of: png) else {
            throw ImageReferenceDigestError.digestFailed
        }
        self.init(width: decoded.width, height: decoded.height, pixels: pixels, imageChunks: chunks)
    }

    /// The lines for the text chunk, as (key, value), in order.
    public var entries: [(key: String, value: String)] {
        [(Self.pixelsKey, "\(width)x\(height) rgba8 \(pixels.hex)"), (Self.imageChunksKey, imageChunks.hex)]
    }

    /// The digests stated in a chunk's text; nil unless each key is on exactly one line of the form above.
    public init?(text: String) {
        var pixelLines: [Substring] = [], chunkLines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix(Self.pixelsKey + ": ") { pixelLines.append(line.dropFirst(Self.pixelsKey.count + 2)) }
            if line.hasPrefix(Self.imageChunksKey + ": ") { chunkLines.append(line.dropFirst(Self.imageChunksKey.count + 2)) }
        }
        guard pixelLines.count == 1, chunkLines.count == 1, let chunks = SHA256Digest(hex: chunkLines[0]) else { return nil }
        let fields = pixelLines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[1] == "rgba8", let pixels = SHA256Digest(hex: fields[2]) else { return nil }
        let size = fields[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]), width > 0, height > 0 else { return nil }
        self.init(width: width, height: height, pixels: pixels, imageChunks: chunks)
    }

    /// The digests stated in a PNG's `LabelSnapshot` chunk; nil when there is no such chunk, more than one,
    /// a text chunk with a bad CRC or malformed content, or no well-formed digest lines.
    public static func stated(in png: [UInt8]) -> ImageReferenceDigest? {
        guard let chunks = try? PNGCodec.textChunks(in: png) else { return nil }
        let ours = chunks.filter { $0.keyword == chunkKeyword }
        guard ours.count == 1 else { return nil }
        return ImageReferenceDigest(text: ours[0].text)
    }

    /// SHA-256 of `"rgba8 <width>x<height>\n"` and the bitmap's pixels; nil when libcrypto fails.
    public static func pixelDigest(of bitmap: Bitmap) -> SHA256Digest? {
        guard var hasher = SHA256Hasher() else { return nil }
        hasher.update(Array("rgba8 \(bitmap.width)x\(bitmap.height)\n".utf8))
        hasher.update(bitmap.pixels)
        return hasher.finalize()
    }

    /// Whether the reference file `png` provably decodes to exactly `bitmap`, without decoding it: its
    /// chunk states digests, its image chunks hash to the stated value, and the stated size and pixel
    /// digest are `bitmap`'s. False says nothing (no chunk, a stripped, edited, re-optimised or corrupt
    /// file, other pixels): the caller decodes and compares.
    public static func proves(_ png: [UInt8], holds bitmap: Bitmap) -> Bool {
        guard let stated = stated(in: png), stated.width == bitmap.width, stated.height == bitmap.height,
              PNGCodec.imageChunksDigest(of: png) == stated.imageChunks else { return false }
        return pixelDigest(of: bitmap) == stated.pixels
    }
}

/// The digests of a reference could not be computed.
public enum ImageReferenceDigestError: Error, CustomStringConvertible {
    /// libcrypto failed (out of memory).
    case digestFailed

    public var description: String {
        switch self {
        case .digestFailed: return "OpenSSL's libcrypto could not compute a SHA-256 digest (out of memory?)"
        }
    }
}

// PNG text chunks (tEXt, zTXt, iTXt; PNG specification, 3rd edition, §11.3.3): written into an encoded
// PNG right after IHDR, read back by walking the chunks without decoding any pixel data.
//
// The pixel decoder skips text chunks (only their CRC is checked), so text never changes decoded
// pixels. Insertion works on encoded bytes, so it is independent of the encoder's settings.

import CImaging

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One PNG text chunk: a keyword and its text.
package struct PNGTextChunk: Equatable, Sendable {
    /// The chunk type that holds the text.
    package enum Kind: String, Sendable {
        /// `iTXt`: UTF-8 text (written uncompressed, with empty language tag and translated keyword).
        case international = "iTXt"
        /// `tEXt`: Latin-1 text (every scalar ≤ U+00FF).
        case latin1 = "tEXt"
        /// `zTXt`: compressed Latin-1 text. Read only: writing one throws.
        case compressedLatin1 = "zTXt"
    }

    /// 1–79 bytes of printable Latin-1 (U+0020–U+007E, U+00A1–U+00FF), no leading, trailing or
    /// consecutive spaces (PNG §11.3.3.2). Keys of registered meaning: "Title", "Software", "Comment" ….
    package var keyword: String
    /// The text; no NUL characters.
    package var text: String
    package var kind: Kind
    /// The iTXt language tag (RFC 3066, e.g. "en"); empty for tEXt and zTXt.
    package var languageTag: String

    package init(keyword: String, text: String, kind: Kind = .international, languageTag: String = "") {
        self.keyword = keyword
        self.text = text
        self.kind = kind
        self.languageTag = languageTag
    }
}

extension PNGCodec {
    /// The libpng linked at run time (`1.6.39`).
    package static var libpngVersion: String { String(cString: lsp_png_libpng_version()) }

    /// Largest text a compressed chunk may inflate to (the same cap libpng puts on ancillary chunks).
    package static let maximumTextByteCount = 8_000_000

    /// Encodes `bitmap` like ``encode(_:compression:)`` and adds `textChunks`, in order, right after `IHDR`.
    ///
    /// Deterministic: the same bitmap and chunks give the same bytes (no time chunk). Decoding the
    /// result gives the same pixels as decoding ``encode(_:compression:)``'s output.
    /// - Throws: the errors of ``encode(_:compression:)``; ``PNGError/invalidTextChunk(_:)`` for a keyword or
    ///   text PNG does not allow (see ``PNGTextChunk``).
    package static func encode(_ bitmap: Bitmap, textChunks: [PNGTextChunk]) throws -> [UInt8] {
        try inserting(textChunks, into: encode(bitmap))
    }

    /// Returns `png` with `textChunks` inserted, in order, right after its `IHDR` chunk; existing
    /// chunks are kept as they are. Only the signature and the `IHDR` header are checked.
    /// - Throws: ``PNGError/notPNG(leadingBytes:)``, ``PNGError/corrupt(_:)`` when the file does not
    ///   start with an `IHDR` chunk, ``PNGError/invalidTextChunk(_:)``.
    package static func inserting(_ textChunks: [PNGTextChunk], into png: [UInt8]) throws -> [UInt8] {
        guard png.count >= 8, Array(png[0..<8]) == pngSignature else {
            throw PNGError.notPNG(leadingBytes: Array(png.prefix(8)))
        }
        guard png.count >= 8 + 12 + 13, chunkType(png, at: 8) == "IHDR", readBE32(png, 8) == 13 else {
            throw PNGError.corrupt("the file does not start with a 13-byte IHDR chunk")
        }
        let afterHeader = 8 + 12 + 13
        var out = Array(png[0..<afterHeader])
        for chunk in textChunks { out += try serialise(chunk) }
        out += png[afterHeader...]
        return out
    }

    /// The text chunks of a PNG, in file order, read without decoding pixels.
    ///
    /// Every chunk up to `IEND` is walked and every text chunk's CRC is checked; the image data is
    /// skipped. Compressed text (zTXt, compressed iTXt) is inflated up to ``maximumTextByteCount``.
    /// - Throws: ``PNGError/notPNG(leadingBytes:)``, ``PNGError/truncated(byteCount:)`` when a chunk
    ///   or `IEND` is missing, ``PNGError/corrupt(_:)`` for a CRC mismatch or a malformed text chunk.
    package static func textChunks(in png: [UInt8]) throws -> [PNGTextChunk] {
        try requireSignature(png)
        var chunks: [PNGTextChunk] = []
        var offset = 8
        while true {
            guard offset + 12 <= png.count else { throw PNGError.truncated(byteCount: png.count) }
            let length = Int(readBE32(png, offset))
            guard length <= 0x7fff_ffff else { throw PNGError.corrupt("chunk length \(length) exceeds 2^31 − 1") }
            guard length <= png.count - offset - 12 else { throw PNGError.truncated(byteCount: png.count) }
            let type = chunkType(png, at: offset)
            let dataStart = offset + 8
            if let kind = PNGTextChunk.Kind(rawValue: type) {
                let crc = png.withUnsafeBufferPointer { lsp_png_crc32(0, $0.baseAddress! + offset + 4, length + 4) }
                guard crc == readBE32(png, dataStart + length) else {
                    throw PNGError.corrupt("\(type): CRC error")
                }
                chunks.append(try parse(kind, Array(png[dataStart..<(dataStart + length)])))
            }
            if type == "IEND" { return chunks }
            offset = dataStart + length + 4
        }
    }

    /// The text chunks of the PNG file at `path` (see ``textChunks(in:)``).
    /// - Throws: additionally ``PNGError/unreadableFile(path:reason:)``.
    package static func textChunks(contentsOf path: String) throws -> [PNGTextChunk] {
        try textChunks(in: fileContents(path))
    }

    // MARK: - Internals

    private static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func serialise(_ chunk: PNGTextChunk) throws -> [UInt8] {
        let keyword = try latin1(chunk.keyword, what: "keyword")
        guard (1...79).contains(keyword.count),
              keyword.allSatisfy({ (0x20...0x7E).contains($0) || (0xA1...0xFF).contains($0) }),
              keyword.first != 0x20, keyword.last != 0x20,
              !zip(keyword, keyword.dropFirst()).contains(where: { $0 == 0x20 && $1 == 0x20 }) else {
            throw PNGError.invalidTextChunk("keyword \"\(chunk.keyword)\" must be 1–79 printable Latin-1 characters without leading, trailing or double spaces")
        }
        guard !chunk.text.unicodeScalars.contains("\0") else {
            throw PNGError.invalidTextChunk("the text of \"\(chunk.keyword)\" contains a NUL character")
        }
        var data = keyword + [0]
        switch chunk.kind {
        case .latin1:
            data += try latin1(chunk.text, what: "tEXt text")
        case .international:
            guard chunk.languageTag.unicodeScalars.allSatisfy({ $0.isASCII && $0 != "\0" }) else {
                throw PNGError.invalidTextChunk("language tag \"\(chunk.languageTag)\" must be ASCII")
            }
            data += [0, 0] + Array(chunk.languageTag.utf8) + [0] + [0] + Array(chunk.text.utf8)
        case .compressedLatin1:
            throw PNGError.invalidTextChunk("zTXt is read only; write .international (iTXt) or .latin1 (tEXt)")
        }
        guard data.count <= maximumTextByteCount else {
            throw PNGError.invalidTextChunk("\"\(chunk.keyword)\" holds \(data.count) bytes, more than \(maximumTextByteCount)")
        }
        let typeAndData = Array(chunk.kind.rawValue.utf8) + data
        let crc = typeAndData.withUnsafeBufferPointer { lsp_png_crc32(0, $0.baseAddress, $0.count) }
        return be32(UInt32(data.count)) + typeAndData + be32(crc)
    }

    private static func latin1(_ string: String, what: String) throws -> [UInt8] {
        try string.unicodeScalars.map { scalar in
            guard scalar.value <= 0xFF else {
                throw PNGError.invalidTextChunk("\(what) \"\(string)\" has \(scalar.escaped(asASCII: true)), outside Latin-1")
            }
            return UInt8(scalar.value)
        }
    }

    private static func parse(_ kind: PNGTextChunk.Kind, _ data: [UInt8]) throws -> PNGTextChunk {
        guard let keywordEnd = data.firstIndex(of: 0), (1...79).contains(keywordEnd) else {
            throw PNGError.corrupt("\(kind.rawValue): missing or over-long keyword")
        }
        let keyword = String(String.UnicodeScalarView(data[..<keywordEnd].map { Unicode.Scalar($0) }))
        let rest = data[(keywordEnd + 1)...]
        func latin1Text<C: Collection<UInt8>>(_ bytes: C) -> String {
            String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        switch kind {
        case .latin1:
            return PNGTextChunk(keyword: keyword, text: latin1Text(rest), kind: .latin1)
        case .compressedLatin1:
            guard let method = rest.first, method == 0 else { throw PNGError.corrupt("zTXt: unknown compression method") }
            return PNGTextChunk(keyword: keyword, text: latin1Text(try inflate(Array(rest.dropFirst()), kind)), kind: .compressedLatin1)
        case .international:
            guard rest.count >= 2, rest[rest.startIndex] <= 1, rest[rest.startIndex + 1] == 0 else {
                throw PNGError.corrupt("iTXt: bad compression flag or method")
            }
            let compressed = rest[rest.startIndex] == 1
            let fields = rest.dropFirst(2)
            guard let tagEnd = fields.firstIndex(of: 0),
                  let translatedEnd = fields[(tagEnd + 1)...].firstIndex(of: 0) else {
                throw PNGError.corrupt("iTXt: missing language tag or translated keyword")
            }
            let tag = String(decoding: fields[..<tagEnd], as: UTF8.self)
            var text = Array(fields[(translatedEnd + 1)...])
            if compressed { text = try inflate(text, kind) }
            guard let string = String(validating: text, as: UTF8.self) else {
                throw PNGError.corrupt("iTXt: the text is not UTF-8")
            }
            return PNGTextChunk(keyword: keyword, text: string, kind: .international, languageTag: tag)
        }
    }

    private static func inflate(_ data: [UInt8], _ kind: PNGTextChunk.Kind) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let status = data.withUnsafeBufferPointer { lsp_png_inflate($0.baseAddress, $0.count, maximumTextByteCount, &out, &size) }
        defer { lsp_png_free(out) }
        switch status {
        case 0: return out.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        case 2: throw PNGError.corrupt("\(kind.rawValue): text inflates to more than \(maximumTextByteCount) bytes")
        case 3: throw PNGError.corrupt("\(kind.rawValue): out of memory inflating the text")
        default: throw PNGError.corrupt("\(kind.rawValue): bad compressed text")
        }
    }
}

// A PNG file's chunk layout (PNG specification, 3rd edition, §5.2–5.3 and §11.2.1): the signature, chunks of
// a big-endian length, a four-letter type, data and CRC, and the IHDR header first. Shared by the readers
// that walk chunks without inflating anything: text chunks, the image-chunks digest and `header(of:)`.

import CImaging
import Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension PNGCodec {
    /// What a PNG's `IHDR` chunk declares (PNG §11.2.1).
    package struct Header: Equatable, Sendable {
        /// Image size in pixels (each 1 … 2³¹ − 1).
        package var width: Int, height: Int
        /// Bits per sample (or per palette index): 1, 2, 4, 8 or 16, as the colour type allows.
        package var bitDepth: Int
        /// 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
        package var colorType: Int
        /// Adam7 interlacing.
        package var interlaced: Bool

        package init(width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool) {
            (self.width, self.height, self.bitDepth, self.colorType, self.interlaced) = (width, height, bitDepth, colorType, interlaced)
        }
    }

    /// The `IHDR` of `png`, read without inflating or decoding anything: only the signature and the first
    /// chunk (a 13-byte `IHDR` with a correct CRC and values PNG allows) are checked, so a file whose image
    /// data is damaged still has a header; decode it to know that its pixels are readable.
    /// - Throws: ``PNGError/notPNG(leadingBytes:)``, ``PNGError/truncated(byteCount:)`` when the file ends
    ///   inside the header, ``PNGError/corrupt(_:)`` for a missing, damaged or impossible `IHDR`.
    package static func header(of png: [UInt8]) throws -> Header {
        try requireSignature(png)
        guard png.count >= 8 + 12 + 13 else { throw PNGError.truncated(byteCount: png.count) }
        guard readBE32(png, 8) == 13, chunkType(png, at: 8) == "IHDR" else {
            throw PNGError.corrupt("the file does not start with a 13-byte IHDR chunk")
        }
        let crc = png.withUnsafeBufferPointer { lsp_png_crc32(0, $0.baseAddress! + 12, 4 + 13) }
        guard crc == readBE32(png, 8 + 8 + 13) else { throw PNGError.corrupt("IHDR: CRC error") }
        let width = Int(readBE32(png, 16)), height = Int(readBE32(png, 20))
        let bitDepth = Int(png[24]), colorType = Int(png[25])
        guard (1...0x7fff_ffff).contains(width), (1...0x7fff_ffff).contains(height) else {
            throw PNGError.corrupt("IHDR: image size \(width)×\(height) (each side must be 1 to 2^31 − 1)")
        }
        let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard depths[colorType]?.contains(bitDepth) == true else {
            throw PNGError.corrupt("IHDR: bit depth \(bitDepth) with colour type \(colorType) is not a PNG format")
        }
        guard png[26] == 0, png[27] == 0, png[28] <= 1 else {
            throw PNGError.corrupt("IHDR: unknown compression, filter or interlace method")
        }
        return Header(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: png[28] == 1)
    }

    /// The `IHDR` of the PNG file at `path` (``header(of:)``), from its first 33 bytes alone: a size known before a
    /// huge image is read or decoded.
    /// - Throws: as ``header(of:)`` and ``fileContents(_:)``.
    package static func header(contentsOf path: String) throws -> Header {
        let fd: Int32
        do { fd = try RegularFile.openForReading(path).descriptor } catch { throw unreadable(error) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 8 + 12 + 13)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw PNGError.unreadableFile(path: path, reason: errnoDescription(errno)) }
            if n == 0 { break }
            done += n
        }
        return try header(of: Array(bytes.prefix(done)))
    }

    /// The bytes of the file at `path`, for the readers that take a file's bytes (``header(of:)``,
    /// ``textChunks(in:)``, ``imageChunksDigest(of:)``), so that one read serves them all.
    /// Read through `RegularFile`, so a FIFO or a device is refused at once (it would block or never end).
    /// - Throws: ``PNGError/unreadableFile(path:reason:)`` with the system's errno text, or "it is a FIFO, not a
    ///   regular file …".
    package static func fileContents(_ path: String) throws -> [UInt8] {
        do { return try RegularFile.contents(path) } catch { throw unreadable(error) }
    }

    /// `RegularFile`'s refusal as ``PNGError/unreadableFile(path:reason:)``: system errors with their errno text.
    static func unreadable(_ error: RegularFileError) -> PNGError {
        switch error.problem {
        case .missing: .unreadableFile(path: error.path, reason: errnoDescription(ENOENT))
        case .directory: .unreadableFile(path: error.path, reason: errnoDescription(EISDIR))
        case .system(let code): .unreadableFile(path: error.path, reason: errnoDescription(code))
        default: .unreadableFile(path: error.path, reason: error.reason)
        }
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Throws unless `png` starts with the PNG signature: ``PNGError/truncated(byteCount:)`` for a file cut
    /// inside it, else ``PNGError/notPNG(leadingBytes:)``.
    static func requireSignature(_ png: [UInt8]) throws {
        guard png.count >= 8, Array(png[0..<8]) == pngSignature else {
            if !png.isEmpty, png.count < 8, Array(pngSignature.prefix(png.count)) == png {
                throw PNGError.truncated(byteCount: png.count)
            }
            throw PNGError.notPNG(leadingBytes: Array(png.prefix(8)))
        }
    }

    /// The big-endian 32-bit number at `offset` (chunk lengths, CRCs, IHDR's width and height). Generic so that
    /// arrays and the pass path's raw buffers share it; called a few times per chunk, never per byte.
    static func readBE32<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ offset: Int) -> UInt32 where Bytes.Index == Int {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// The four-letter type of the chunk that starts at `offset`.
    static func chunkType(_ bytes: [UInt8], at offset: Int) -> String {
        String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
    }
}

// PNG for Imaging (docs/comparison.md): `Bitmap` ⇄ PNG bytes with libpng, in memory or from a file.
//
// libpng reports errors with longjmp. Every libpng call lives in the C target `CPNGShim`, inside a
// C function that set the jump target itself, so no longjmp ever crosses a Swift frame.

import CImaging
import Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// PNG encoding and decoding for `Bitmap` (RGBA8, row-major, straight alpha, sRGB).
///
/// **Decoding rule: stored samples, no colour management.** A snapshot framework compares what the
/// file stores, so the decoder never gamma-corrects or composites:
/// - `gAMA`, `cHRM`, `sRGB`, `iCCP`, `sBIT` and `bKGD` are ignored (their CRC is still checked);
///   text, time and other ancillary chunks are skipped without being decompressed.
/// - 16-bit samples keep their high byte: `v8 = v16 >> 8` (libpng's `png_set_strip_16`; Pillow's
///   unpackers for 16-bit RGB, RGBA and grey+alpha do the same).
/// - Grey of bit depth 1, 2 and 4 is scaled by bit replication to 0…255 (`v · 255 / (2^d − 1)`),
///   then copied to R, G and B.
/// - Palette images take the palette's RGB; `tRNS` gives the alpha of each palette entry (entries
///   past the end of `tRNS` are opaque).
/// - `tRNS` on grey or RGB images makes pixels equal to its colour, compared at the file's own bit
///   depth (before the 16 → 8 reduction), fully transparent (alpha 0); every other pixel is opaque.
/// - Existing alpha stays straight (not premultiplied): a pixel with alpha 0 keeps its colour.
/// - Interlaced (Adam7) images decode to the same pixels as their non-interlaced twins.
///
/// **Strictness.** Decoding reads through `IEND`: a file cut anywhere, even after the last image
/// row, is ``PNGError/truncated(byteCount:)``. A CRC mismatch in any chunk (critical or ancillary)
/// and a bad zlib checksum are ``PNGError/corrupt(_:)``. Bytes after `IEND` are ignored.
///
/// **Limits.** The pixel count `width × height` from `IHDR` is checked against the limit before any
/// pixel memory is allocated, and so is the file's length: deflate expands at most 1032:1, so a file
/// whose remaining bytes cannot hold the image's rows is refused (with libpng's own truncated or
/// corrupt error) without allocating the image. A file of n bytes thus never allocates more than
/// 32 × 1032 × n bytes of pixels (1-bit grey becomes 4 bytes of RGBA): 34 MB for a file under 1 KB.
/// Ancillary chunks libpng buffers are capped at 8 MB each. Widths and
/// heights up to PNG's own 2³¹ − 1 are accepted as long as the pixel count fits. Peak memory of a
/// decode is the bitmap (4 bytes per pixel; RGBA8 files one byte a row more) plus, on the libpng path,
/// two row buffers (up to 8 bytes per pixel of one row each), on the fast path the file's IDAT data.
///
/// **Two paths, one result.** The PNGs most tools write — 8-bit grey, grey + alpha, RGB, RGBA, and
/// 1/2/4/8-bit palette with `tRNS`, not interlaced, every CRC right, a 32 KiB zlib window — are read by
/// a fast path: the chunks are walked and checked in C, libdeflate inflates all image data at once into
/// the end of the bitmap's buffer, rows are unfiltered towards its start (a 1000×1000 RGBA page: about
/// 2 ms instead of libpng's 10, three quarters of which was zlib's row-by-row inflate). Every other file,
/// and any fault the fast path meets, goes to libpng, which decodes it or names the fault, so pixels and
/// errors are libpng's. One difference is known and tested: the reserved length symbols 286 and 287 of
/// RFC 1951 in a fixed-Huffman block, which zlib refuses and libdeflate reads as length 258 (as 285);
/// no encoder writes them, and a file only carries them with its CRC and Adler-32 intact.
///
/// All functions are thread-safe (no shared state); each call owns its libpng objects.
package enum PNGCodec {
    /// How hard ``encode(_:compression:)`` compresses. Both give the same pixels back and the same bytes for
    /// the same bitmap; only size and time differ.
    package enum Compression: Sendable, Hashable {
        /// For references (committed, compared): within 2% of `optipng -o2` on label images, zlib level 8
        /// with no filter (images of 1024 × 1024 px and more: the filter/strategy a zlib level-1 probe finds
        /// smaller).
        case smallest
        /// For large artifacts that are looked at, not kept (a matrix's contact sheet): the Up filter at zlib
        /// level 1, stripes of about 1 MiB deflated on all cores into one zlib stream (as pigz does; the stripes
        /// depend on the image only, so the bytes do not depend on the cores). A 73-Mpx sheet: a quarter of
        /// `.smallest`'s CPU time spread over the cores, 1.5× its size.
        case fast
    }

    /// Encodes `bitmap` as a non-interlaced PNG in the smallest colour type that keeps every RGBA byte:
    /// a palette (1, 2, 4 or 8 bits, `tRNS` for translucent entries) for at most 256 distinct values,
    /// else 8-bit grey, grey + alpha, RGB or RGBA. Decoding gives back the bitmap exactly.
    ///
    /// Deterministic: the same bitmap and `compression` give the same bytes (no `tIME` or text chunks, no
    /// colour chunks; `Compression` says which filter and zlib level). With `.smallest`, sizes come within
    /// 2% of `optipng -o2` on label images. The file holds `IHDR`, `PLTE` and `tRNS`
    /// for palette images, `IDAT` and `IEND`. The bytes can change with a different libpng or zlib
    /// version, so compare decoded pixels, not files.
    ///
    /// Alpha is stored straight: colours under alpha 0 survive a round trip.
    /// - Throws: ``PNGError/emptyImage(width:height:)`` for a bitmap without pixels (PNG needs at
    ///   least 1×1), ``PNGError/pixelCountMismatch(expected:actual:)`` when `pixels` does not hold
    ///   `width × height × 4` bytes, ``PNGError/encodingFailed(_:)`` when libpng fails (out of memory).
    package static func encode(_ bitmap: Bitmap, compression: Compression = .smallest) throws -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0 else {
            throw PNGError.emptyImage(width: bitmap.width, height: bitmap.height)
        }
        let (count, overflow) = bitmap.width.multipliedReportingOverflow(by: bitmap.height)
        guard !overflow, count <= Int.max / 4, bitmap.pixels.count == count * 4 else {
            throw PNGError.pixelCountMismatch(expected: overflow ? Int.max : count &* 4, actual: bitmap.pixels.count)
        }
        guard let width = UInt32(exactly: bitmap.width), let height = UInt32(exactly: bitmap.height),
              width <= 0x7fff_ffff, height <= 0x7fff_ffff else {
            throw PNGError.encodingFailed("\(bitmap.width)×\(bitmap.height) px exceeds PNG's limit of 2147483647 px per side")
        }

        var output: UnsafeMutablePointer<UInt8>? = nil
        var outputSize = 0
        var message = [CChar](repeating: 0, count: Int(LSP_PNG_MESSAGE_CAPACITY))
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { text in
                lsp_png_encode_rgba8(pixels.baseAddress, width, height, compression == .fast ? LSP_PNG_FAST : LSP_PNG_SMALLEST,
                                     &output, &outputSize, text.baseAddress)
            }
        }
        defer { lsp_png_free(output) }
        guard status == LSP_PNG_OK, let output else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if status == LSP_PNG_NO_MEMORY {
                throw PNGError.encodingFailed("out of memory while encoding \(bitmap.width)×\(bitmap.height) px")
            }
            throw PNGError.encodingFailed(text.isEmpty ? "libpng status \(status.rawValue)" : text)
        }
        return Array(UnsafeBufferPointer(start: output, count: outputSize))
    }

    /// Decodes any valid PNG (every colour type, bit depths 1–16, interlaced or not, palette with
    /// `tRNS`, grey or RGB with `tRNS`) to an RGBA8 straight-alpha `Bitmap`, following the rules in
    /// the ``PNGCodec`` overview (stored samples, no gamma; 16-bit → high byte).
    ///
    /// - Parameter maximumPixelCount: the largest `width × height` accepted, checked against the
    ///   `IHDR` before any pixel memory is allocated. Values above `Bitmap.maximumPixelCount` are
    ///   lowered to it (a `Bitmap` cannot hold more).
    /// - Throws: ``PNGError/notPNG(leadingBytes:)``, ``PNGError/truncated(byteCount:)``,
    ///   ``PNGError/corrupt(_:)``, ``PNGError/tooLarge(width:height:limit:)``.
    package static func decode(_ bytes: [UInt8], maximumPixelCount: Int = Bitmap.maximumPixelCount) throws -> Bitmap {
        try bytes.withUnsafeBufferPointer { buffer in
            if let bitmap = fastDecode(buffer, maximumPixelCount: maximumPixelCount) { return bitmap }
            guard let decoder = lsp_png_decoder_create_memory(buffer.baseAddress, buffer.count) else {
                throw PNGError.corrupt("out of memory creating the libpng decoder")
            }
            defer { lsp_png_decoder_destroy(decoder) }
            return try decode(with: decoder, maximumPixelCount: maximumPixelCount, path: nil)
        }
    }

    /// Decodes the PNG file at `path`. A file the fast path can take (its `IHDR` says so, and it is no
    /// larger than twice its filtered rows plus 1 MiB) is read whole; any other is streamed from disk by
    /// libpng (never read whole; reading stops at `IEND`). Same rules and errors as
    /// ``decode(_:maximumPixelCount:)``.
    ///
    /// - Throws: additionally ``PNGError/unreadableFile(path:reason:)`` when the file cannot be
    ///   opened or read (missing, permission denied, a directory), with the system's errno text, and for
    ///   anything but a regular file (a FIFO, a device: `RegularFile`), refused without blocking or reading.
    ///   Errors about the content do not repeat the path: callers name the file in their message.
    package static func decode(contentsOf path: String, maximumPixelCount: Int = Bitmap.maximumPixelCount) throws -> Bitmap {
        // Checked open: a FIFO or a device is refused before a byte is read (it would block or never end).
        let fd: Int32
        do { fd = try RegularFile.openForReading(path).descriptor } catch { throw unreadable(error) }
        defer { close(fd) }
        var size = 0
        if let data = lsp_png_fast_read_file(fd, &size) {
            defer { lsp_png_fast_free(data) }
            if let bitmap = fastDecode(UnsafeBufferPointer(start: data, count: size), maximumPixelCount: maximumPixelCount) {
                return bitmap
            }
        }
        guard let decoder = lsp_png_decoder_create_fd(fd) else {
            throw PNGError.corrupt("out of memory creating the libpng decoder")
        }
        defer { lsp_png_decoder_destroy(decoder) }
        return try decode(with: decoder, maximumPixelCount: maximumPixelCount, path: path)
    }

    // MARK: - Internals

    /// The fast path (`CPNGShim/pngfast.c`): libdeflate inflates the whole image at once, 4–6× faster than
    /// libpng's row-by-row zlib, for the PNGs it decodes exactly as libpng does (8-bit grey, grey + alpha,
    /// RGB, RGBA; 1–8-bit palette with tRNS; not interlaced; every CRC right). nil for anything else and
    /// for any fault, and libpng decodes the file (and names its fault): the two paths give the same
    /// pixels and the same errors (`FastPathTests.testFastPathDecodesAsLibpng`).
    static func fastDecode(_ data: UnsafeBufferPointer<UInt8>, maximumPixelCount: Int) -> Bitmap? {
        var info = lsp_png_fast_info()
        guard lsp_png_fast_probe(data.baseAddress, data.count, &info) == LSP_FAST_OK else { return nil }
        let count = Int(info.width) * Int(info.height)   // each side < 2³¹: no overflow
        guard count <= max(0, min(maximumPixelCount, Bitmap.maximumPixelCount)) else { return nil }
        var decoded = false
        // The image is inflated into the end of this buffer (RGBA8: a byte a row more than the bitmap).
        let pixels = [UInt8](unsafeUninitializedCapacity: lsp_png_fast_capacity(&info)) { buffer, initialized in
            decoded = lsp_png_fast_decode(data.baseAddress, data.count, &info, buffer.baseAddress, buffer.count) == LSP_FAST_OK
            initialized = decoded ? count * 4 : 0
        }
        guard decoded else { return nil }
        return try? Bitmap(width: Int(info.width), height: Int(info.height), pixels: pixels)
    }

    /// libpng alone, without the fast path: the reference the fast path is tested against.
    static func decodeWithLibpng(_ bytes: [UInt8]) throws -> Bitmap {
        try bytes.withUnsafeBufferPointer { buffer in
            guard let decoder = lsp_png_decoder_create_memory(buffer.baseAddress, buffer.count) else {
                throw PNGError.corrupt("out of memory creating the libpng decoder")
            }
            defer { lsp_png_decoder_destroy(decoder) }
            return try decode(with: decoder, maximumPixelCount: Bitmap.maximumPixelCount, path: nil)
        }
    }

    private static func decode(with decoder: OpaquePointer, maximumPixelCount: Int, path: String?) throws -> Bitmap {
        var width: UInt32 = 0, height: UInt32 = 0
        var bitDepth: UInt8 = 0, colorType: UInt8 = 0, interlaced: UInt8 = 0
        try check(lsp_png_decoder_read_header(decoder, &width, &height, &bitDepth, &colorType, &interlaced),
                  decoder, path: path)

        // The size check, before any pixel memory exists.
        let limit = max(0, min(maximumPixelCount, Bitmap.maximumPixelCount))
        let (count, overflow) = Int(width).multipliedReportingOverflow(by: Int(height))
        guard width > 0, height > 0, !overflow, count <= limit else {
            throw PNGError.tooLarge(width: Int(width), height: Int(height), limit: limit)
        }

        // A file whose remaining bytes cannot decompress to its image (deflate expands at most 1032:1)
        // is decoded into one scratch row instead, so that it fails with libpng's own error without
        // the image ever being allocated.
        guard lsp_png_decoder_data_can_fill_image(decoder) != 0 else {
            try check(lsp_png_decoder_read_discarding(decoder), decoder, path: path)
            throw PNGError.corrupt("the image data is shorter than the image its header declares")
        }

        // Left uninitialised: the shim writes every byte on success (and zeroes first for Adam7), so a
        // file that declares a large image and then stops costs address space, not memory.
        var status = LSP_PNG_INVALID_ARGUMENT
        let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            status = lsp_png_decoder_read_rgba8(decoder, buffer.baseAddress, buffer.count)
            initialized = status == LSP_PNG_OK ? count * 4 : 0
        }
        try check(status, decoder, path: path)
        do {
            return try Bitmap(width: Int(width), height: Int(height), pixels: pixels)
        } catch {
            throw PNGError.tooLarge(width: Int(width), height: Int(height), limit: limit)
        }
    }

    private static func check(_ status: lsp_png_status, _ decoder: OpaquePointer, path: String?) throws {
        switch status {
        case LSP_PNG_OK:
            return
        case LSP_PNG_NOT_PNG:
            var leading = [UInt8](repeating: 0, count: 8)
            let n = leading.withUnsafeMutableBufferPointer { lsp_png_decoder_leading_bytes(decoder, $0.baseAddress) }
            throw PNGError.notPNG(leadingBytes: Array(leading.prefix(n)))
        case LSP_PNG_TRUNCATED:
            throw PNGError.truncated(byteCount: lsp_png_decoder_bytes_read(decoder))
        case LSP_PNG_READ_ERROR:
            throw PNGError.unreadableFile(path: path ?? "<memory>", reason: errnoDescription(lsp_png_decoder_read_errno(decoder)))
        default:
            let message = String(cString: lsp_png_decoder_message(decoder))
            throw PNGError.corrupt(message.isEmpty ? "libpng status \(status.rawValue)" : message)
        }
    }

    static func errnoDescription(_ code: Int32) -> String {
        // glibc's strerror is thread-safe for known codes (a static table; unknown ones use TLS).
        let text: String = strerror(code).map { String(cString: $0) } ?? ""
        return text.isEmpty ? "errno \(code)" : "\(text) (errno \(code))"
    }
}

/// Errors from ``PNGCodec``. Each description says what happened and what to do.
package enum PNGError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The data does not start with the 8-byte PNG signature (`leadingBytes` are its first bytes,
    /// empty for empty data).
    case notPNG(leadingBytes: [UInt8])
    /// The data ends after `byteCount` bytes, before `IEND`.
    case truncated(byteCount: Int)
    /// libpng rejected the data; the associated value is libpng's message (e.g. "IDAT: CRC error").
    case corrupt(String)
    /// `IHDR` declares `width × height` pixels, more than `limit`; nothing was allocated.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The file could not be opened or read; `reason` is the system's errno text.
    case unreadableFile(path: String, reason: String)
    /// Encoding a bitmap without pixels: PNG images are at least 1×1.
    case emptyImage(width: Int, height: Int)
    /// Encoding a bitmap whose `pixels` array does not hold `width × height × 4` bytes.
    case pixelCountMismatch(expected: Int, actual: Int)
    /// libpng failed while encoding (in practice: out of memory).
    case encodingFailed(String)
    /// A text chunk PNG cannot hold (bad keyword, NUL in the text, non-Latin-1 tEXt); see `PNGTextChunk`.
    case invalidTextChunk(String)

    package var description: String {
        switch self {
        case .notPNG(let leading) where leading.isEmpty:
            return "not a PNG: the data is empty (0 bytes). Check that the file was written completely, or re-record it."
        case .notPNG(let leading):
            let hex = leading.map { b in (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) }.joined(separator: " ")
            let ascii = String(leading.map { (32...126).contains($0) ? Character(UnicodeScalar($0)) : "." })
            // A Git LFS pointer ("version https://git-lfs.github.com/spec/v1\noid sha256:…") in place of the image.
            if ascii == "version " {
                return "not a PNG: the data starts with \(hex) (\"\(ascii)\"), as a Git LFS pointer file does: the image "
                    + "itself was not fetched. Run `git lfs pull` (with Git LFS installed), or re-record the reference."
            }
            return "not a PNG: the data starts with \(hex) (\"\(ascii)\") instead of the PNG signature "
                + "89 50 4E 47 0D 0A 1A 0A. Use a PNG file (convert other formats first), or re-record the reference."
        case .truncated(let count):
            return "truncated PNG: the data ends after \(count) bytes, before the image is complete (no IEND chunk). "
                + "The file was cut short (interrupted write, copy or Git LFS pointer?); restore it or re-record it."
        case .corrupt(let message):
            return "corrupt PNG: libpng says \"\(message)\". Restore the file from version control or re-record it."
        case .tooLarge(let w, let h, let limit):
            return "PNG too large: \(w)×\(h) px = \(w.multipliedReportingOverflow(by: h).partialValue) pixels exceeds the limit of "
                + "\(limit) pixels; nothing was allocated. Pass a larger maximumPixelCount (at most "
                + "\(Bitmap.maximumPixelCount)) if the image is expected."
        case .unreadableFile(let path, let reason):
            return "cannot read PNG file \(path): \(reason). Check that the path exists, is a file and is readable."
        case .emptyImage(let w, let h):
            return "cannot encode a \(w)×\(h) px bitmap as PNG: a PNG image has at least 1×1 pixels. "
                + "Give the label bounds of at least 1 px each way (a 0 pt width or height, e.g. layout(width: 0) or --width 0, is empty), "
                + "or, where the size comes from the content, insets or visible text (empty or white-space-only text is 0 pt wide: trailing white space is not measured; so is text a negative kern "
                + "or tracking pulls together to nothing: use a kern above minus the glyphs' advances)."
        case .pixelCountMismatch(let expected, let actual):
            return "cannot encode bitmap: its pixels array holds \(actual) bytes where width × height × 4 = \(expected)."
        case .encodingFailed(let message):
            return "PNG encoding failed: \(message)."
        case .invalidTextChunk(let message):
            return "invalid PNG text chunk: \(message)."
        }
    }
}

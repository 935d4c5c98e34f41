import TestSupport
import Foundation
import Imaging
import XCTest

/// Bad input of every kind throws a clear `PNGError`, never crashes or allocates wildly.
final class HardeningTests: XCTestCase {
    private func sample(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: TestPaths.pngSuite.appendingPathComponent(name)))
    }

    private func encodedSample() throws -> [UInt8] {
        var rng = SeededGenerator(seed: 99)
        return try PNGCodec.encode(randomBitmap(width: 6, height: 5, using: &rng))
    }

    func testTruncationAtEveryLength() throws {
        for (name, png) in [("encoded", try encodedSample()), ("basi3p02.png", try sample("basi3p02.png")),
                            ("basn0g16.png", try sample("basn0g16.png"))] {
            XCTAssertNoThrow(try PNGCodec.decode(png))
            XCTAssertEqual(expectPNGError { try PNGCodec.decode([]) }, .notPNG(leadingBytes: []))
            for length in 1..<png.count {
                let error = expectPNGError("\(name) cut at \(length) of \(png.count)") { try PNGCodec.decode(Array(png.prefix(length))) }
                XCTAssertEqual(error, .truncated(byteCount: length), "\(name) cut at \(length) of \(png.count)")
            }
        }
    }

    func testTruncatedFileOnDisk() throws {
        let png = try encodedSample()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pngcodec-trunc-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(png.prefix(png.count - 5)).write(to: url)
        XCTAssertEqual(expectPNGError { try PNGCodec.decode(contentsOf: url.path) }, .truncated(byteCount: png.count - 5))
    }

    /// Every single-bit flip of every byte is caught: the signature check, CRCs on every chunk
    /// (ancillary included) and zlib's Adler-32 leave no byte unchecked.
    func testEverySingleBitFlipThrows() throws {
        for (name, png) in [("encoded", try encodedSample()), ("basn3p04.png", try sample("basn3p04.png")),
                            ("tbbn2c16.png", try sample("tbbn2c16.png"))] {
            var kinds: [String: Int] = [:]
            for position in 0..<png.count {
                for bit in 0..<8 {
                    var damaged = png
                    damaged[position] ^= UInt8(1 << bit)
                    guard let error = expectPNGError("\(name): flip bit \(bit) of byte \(position)", {
                        try PNGCodec.decode(damaged)
                    }) else { continue }
                    switch error {
                    case .notPNG: kinds["notPNG", default: 0] += 1
                    case .truncated: kinds["truncated", default: 0] += 1
                    case .corrupt: kinds["corrupt", default: 0] += 1
                    case .tooLarge: kinds["tooLarge", default: 0] += 1
                    default: XCTFail("\(name): unexpected \(error)")
                    }
                }
            }
            XCTAssertEqual(kinds["notPNG"], 64, "\(name): each of the 64 signature bits")
            XCTAssertEqual(kinds.values.reduce(0, +), png.count * 8, "\(name): \(kinds)")
        }
    }

    /// Random multi-byte damage: never a crash; either a PNGError or (rarely) a consistent bitmap.
    func testRandomDamageNeverCrashes() throws {
        var rng = SeededGenerator(seed: 2024)
        let samples = [try encodedSample(), try sample("basi6a16.png"), try sample("s09i3p02.png")]
        var errors = 0
        for iteration in 0..<1500 {
            var png = samples[iteration % samples.count]
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let start = Int.random(in: 8..<png.count, using: &rng)
                let end = min(png.count, start + Int.random(in: 1...16, using: &rng))
                for i in start..<end { png[i] = UInt8.random(in: 0...255, using: &rng) }
            }
            do {
                let bitmap = try PNGCodec.decode(png)
                XCTAssertEqual(bitmap.pixels.count, bitmap.width * bitmap.height * 4)
            } catch is PNGError {
                errors += 1
            }
        }
        XCTAssertGreaterThan(errors, 1400)
    }

    func testNonPNGData() throws {
        let cases: [[UInt8]] = [
            Array("GIF89a\u{01}\u{00}".utf8),
            [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46],  // JPEG
            Array("hello, this is text and not an image".utf8),
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0B],  // last signature byte wrong
            Array("version https://git-lfs.github.com/spec/v1\n".utf8),
        ]
        for data in cases {
            let error = expectPNGError { try PNGCodec.decode(data) }
            XCTAssertEqual(error, .notPNG(leadingBytes: Array(data.prefix(8))))
            XCTAssertTrue(error?.description.contains("not a PNG") ?? false)
        }
        XCTAssertEqual(PNGError.notPNG(leadingBytes: Array("GIF89a\u{01}\u{00}".utf8)).description,
                       "not a PNG: the data starts with 47 49 46 38 39 61 01 00 (\"GIF89a..\") instead of the PNG "
                       + "signature 89 50 4E 47 0D 0A 1A 0A. Use a PNG file (convert other formats first), or re-record the reference.")
        // A Git LFS pointer (the spec's first line, git-lfs.github.com/spec/v1) is named, with the command that fetches the image.
        let pointer = Array("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 12345\n".utf8)
        XCTAssertEqual(expectPNGError { try PNGCodec.decode(pointer) }?.description,
                       "not a PNG: the data starts with 76 65 72 73 69 6F 6E 20 (\"version \"), as a Git LFS pointer file does: the "
                       + "image itself was not fetched. Run `git lfs pull` (with Git LFS installed), or re-record the reference.")
        var rng = SeededGenerator(seed: 5)
        for _ in 0..<500 {
            let data = (0..<Int.random(in: 1...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            XCTAssertNotNil(expectPNGError { try PNGCodec.decode(data) })
        }
    }

    func testEmptyData() throws {
        let error = expectPNGError { try PNGCodec.decode([]) }
        XCTAssertEqual(error, .notPNG(leadingBytes: []))
        XCTAssertEqual(error?.description, "not a PNG: the data is empty (0 bytes). Check that the file was written completely, or re-record it.")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pngcodec-empty-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data().write(to: url)
        XCTAssertEqual(expectPNGError { try PNGCodec.decode(contentsOf: url.path) }, .notPNG(leadingBytes: []))
        XCTAssertEqual(expectPNGError { try PNGCodec.decode(PNGBuilder.signature) }, .truncated(byteCount: 8))
    }

    /// A valid signature and IHDR (correct CRC) declaring 100000×100000 px: the size error comes
    /// from the header, before any pixel memory (40 GB here) is allocated.
    func testHugeDeclaredSizeThrowsBeforeAllocating() throws {
        let header = PNGBuilder.signature + PNGBuilder.ihdr(width: 100_000, height: 100_000, bitDepth: 8, colorType: 6)
        let idat = PNGBuilder.chunk("IDAT", PNGBuilder.zlibStored([0, 0, 0, 0, 0]))
        for png in [header + idat, header + idat + PNGBuilder.chunk("IEND", [])] {
            let error = expectPNGError { try PNGCodec.decode(png) }
            XCTAssertEqual(error, .tooLarge(width: 100_000, height: 100_000, limit: Bitmap.maximumPixelCount))
            XCTAssertEqual(error?.description,
                           "PNG too large: 100000×100000 px = 10000000000 pixels exceeds the limit of 268435456 pixels; "
                           + "nothing was allocated. Pass a larger maximumPixelCount (at most 268435456) if the image is expected.")
            // A caller cannot raise the limit past what a Bitmap can hold.
            XCTAssertEqual(expectPNGError { try PNGCodec.decode(png, maximumPixelCount: .max) },
                           .tooLarge(width: 100_000, height: 100_000, limit: Bitmap.maximumPixelCount))
        }
        // PNG's largest dimensions.
        let widest = PNGBuilder.signature + PNGBuilder.ihdr(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, bitDepth: 16, colorType: 6) + idat
        XCTAssertEqual(expectPNGError { try PNGCodec.decode(widest) },
                       .tooLarge(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, limit: Bitmap.maximumPixelCount))
    }

    /// The limit is checked against the IHDR, before the pixel data is read: with the limit one
    /// below the size the error is `tooLarge`; at the size, decoding goes on and finds the data missing.
    func testLimitIsCheckedBeforeReadingPixels() throws {
        let png = PNGBuilder.signature + PNGBuilder.ihdr(width: 1000, height: 1000, bitDepth: 8, colorType: 0)
            + PNGBuilder.chunk("IDAT", PNGBuilder.zlibStored([0]))
        XCTAssertEqual(expectPNGError { try PNGCodec.decode(png, maximumPixelCount: 999_999) },
                       .tooLarge(width: 1000, height: 1000, limit: 999_999))
        guard case .corrupt? = expectPNGError("", { try PNGCodec.decode(png, maximumPixelCount: 1_000_000) }) else {
            return XCTFail("expected .corrupt (image data missing) once the size is allowed")
        }
        // A small valid image against a tight limit.
        let small = try PNGCodec.encode(Bitmap(width: 3, height: 2))
        XCTAssertEqual(expectPNGError { try PNGCodec.decode(small, maximumPixelCount: 5) }, .tooLarge(width: 3, height: 2, limit: 5))
        XCTAssertNoThrow(try PNGCodec.decode(small, maximumPixelCount: 6))
        XCTAssertEqual(expectPNGError { try PNGCodec.decode(small, maximumPixelCount: -1) }, .tooLarge(width: 3, height: 2, limit: 0))
    }

    /// A header at the limit (16384×16384 = 2^28 px, 1 GiB of RGBA) followed by almost no data, interlaced
    /// or not: refused without touching the 1 GiB (the 73-byte interlaced file used to
    /// zero-fill the whole bitmap first). The error is libpng's own.
    func testHeaderAtTheLimitWithoutDataFailsCleanly() throws {
        for interlace: UInt8 in [0, 1] {
            let png = PNGBuilder.signature + PNGBuilder.ihdr(width: 16384, height: 16384, bitDepth: 8, colorType: 6, interlace: interlace)
                + PNGBuilder.chunk("IDAT", PNGBuilder.zlibStored([0, 0, 0, 0, 0])) + PNGBuilder.chunk("IEND", [])
            XCTAssertLessThan(png.count, 80)
            let peak = try peakMemoryGrowth {
                guard case .corrupt? = expectPNGError("interlace \(interlace)", { try PNGCodec.decode(png) }) else {
                    return XCTFail("expected .corrupt for interlace \(interlace)")
                }
            }
            XCTAssertLessThan(peak, 64 << 20, "interlace \(interlace): peak memory grew by \(peak >> 20) MiB")
        }
    }

    /// Any file under 1 KB stays under 64 MB of peak memory: every colour type and bit depth, interlaced or
    /// not, declaring the largest image a Bitmap can hold, with 900 bytes of (stored, so incompressible)
    /// image data, in memory and on disk. The same bound holds for truncated files (cut before IEND).
    func testSmallFilesDeclaringLargeImagesStayUnder64MB() throws {
        let formats: [(colorType: UInt8, depths: [UInt8])] = [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pngcodec-small-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        for (colorType, depths) in formats {
            for depth in depths {
                for interlace: UInt8 in [0, 1] {
                    let palette = colorType == 3 ? PNGBuilder.chunk("PLTE", [1, 2, 3]) : []
                    let head = PNGBuilder.signature + PNGBuilder.ihdr(width: 16384, height: 16384, bitDepth: depth,
                                                                      colorType: colorType, interlace: interlace) + palette
                    let idat = PNGBuilder.chunk("IDAT", PNGBuilder.zlibStored([UInt8](repeating: 0, count: 900)))
                    for png in [head + idat + PNGBuilder.chunk("IEND", []), head + idat] {
                        let what = "colour type \(colorType), \(depth) bit, interlace \(interlace), \(png.count) B"
                        XCTAssertLessThan(png.count, 1024, what)
                        try Data(png).write(to: url)
                        let peak = try peakMemoryGrowth {
                            XCTAssertNotNil(expectPNGError(what) { try PNGCodec.decode(png) })
                            XCTAssertNotNil(expectPNGError(what) { try PNGCodec.decode(contentsOf: url.path) })
                        }
                        XCTAssertLessThan(peak, 64 << 20, "\(what): peak memory grew by \(peak >> 20) MiB")
                    }
                }
            }
        }
    }

    /// The length check never refuses a valid file: zlib's best case (an all-zero image, about 1030:1,
    /// close to deflate's 1032:1 limit) still decodes, from memory and from disk.
    func testHighlyCompressedImagesStillDecode() throws {
        let zero = try Bitmap(width: 1024, height: 1024)
        let png = try PNGCodec.encode(zero)
        XCTAssertLessThan(png.count, 1024 * 4097 / 1000, "nearly at deflate's limit")
        XCTAssertEqual(try PNGCodec.decode(png), zero)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pngcodec-zero-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(png).write(to: url)
        XCTAssertEqual(try PNGCodec.decode(contentsOf: url.path), zero)
    }

    func testInvalidHeaders() throws {
        let idat = PNGBuilder.chunk("IDAT", PNGBuilder.zlibStored([0, 0]))
        let bad: [(String, [UInt8])] = [
            ("zero width", PNGBuilder.ihdr(width: 0, height: 1, bitDepth: 8, colorType: 0)),
            ("width ≥ 2^31", PNGBuilder.ihdr(width: 0x8000_0000, height: 1, bitDepth: 8, colorType: 0)),
            ("bit depth 3", PNGBuilder.ihdr(width: 1, height: 1, bitDepth: 3, colorType: 0)),
            ("colour type 5", PNGBuilder.ihdr(width: 1, height: 1, bitDepth: 8, colorType: 5)),
            ("interlace 2", PNGBuilder.ihdr(width: 1, height: 1, bitDepth: 8, colorType: 0, interlace: 2)),
            ("palette without PLTE", PNGBuilder.ihdr(width: 1, height: 1, bitDepth: 8, colorType: 3)),
        ]
        for (what, ihdr) in bad {
            let png = PNGBuilder.signature + ihdr + idat + PNGBuilder.chunk("IEND", [])
            guard case .corrupt(let message)? = expectPNGError(what, { try PNGCodec.decode(png) }) else {
                XCTFail("\(what): expected .corrupt"); continue
            }
            XCTAssertFalse(message.isEmpty, what)
        }
        // An unknown critical chunk is an error; a missing IHDR too.
        let unknownCritical = PNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [[1]],
                                             before: [PNGBuilder.chunk("ABCD", [1, 2])])
        XCTAssertNotNil(expectPNGError { try PNGCodec.decode(unknownCritical) })
        XCTAssertNotNil(expectPNGError { try PNGCodec.decode(PNGBuilder.signature + idat + PNGBuilder.chunk("IEND", [])) })
        // Too little image data for the declared size.
        let short = PNGBuilder.signature + PNGBuilder.ihdr(width: 4, height: 4, bitDepth: 8, colorType: 0)
            + PNGBuilder.chunk("IDAT", PNGBuilder.zlibStored([0, 1])) + PNGBuilder.chunk("IEND", [])
        guard case .corrupt? = expectPNGError("", { try PNGCodec.decode(short) }) else { return XCTFail("expected .corrupt") }
    }

    func testUnreadableFiles() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/a.png"
        XCTAssertEqual(expectPNGError { try PNGCodec.decode(contentsOf: missing) },
                       .unreadableFile(path: missing, reason: "No such file or directory (errno 2)"))
        XCTAssertEqual(PNGError.unreadableFile(path: missing, reason: "No such file or directory (errno 2)").description,
                       "cannot read PNG file \(missing): No such file or directory (errno 2). "
                       + "Check that the path exists, is a file and is readable.")
        let dir = FileManager.default.temporaryDirectory.path
        XCTAssertEqual(expectPNGError { try PNGCodec.decode(contentsOf: dir) },
                       .unreadableFile(path: dir, reason: "Is a directory (errno 21)"))
        XCTAssertEqual(expectPNGError { try PNGCodec.decode(contentsOf: "") }, .unreadableFile(path: "", reason: "the path is empty"))
        XCTAssertEqual(expectPNGError { try PNGCodec.decode(contentsOf: "a\u{0}b.png") },
                       .unreadableFile(path: "a\u{0}b.png", reason: "the path contains a NUL byte"))
    }
}

import TestSupport
import Foundation
import Imaging
import XCTest

final class RoundTripTests: XCTestCase {
    func testRandomBitmapsRoundTripExactly() throws {
        var rng = SeededGenerator(seed: 42)
        for (w, h) in [(1, 1), (2, 3), (17, 5), (64, 64), (255, 1), (1, 300), (33, 47)] {
            let bitmap = try randomBitmap(width: w, height: h, using: &rng)
            let decoded = try PNGCodec.decode(PNGCodec.encode(bitmap))
            XCTAssertEqual(decoded.width, w)
            XCTAssertEqual(decoded.height, h)
            XCTAssertEqual(decoded.pixels, bitmap.pixels, "\(w)×\(h) round trip changed pixels")
        }
    }

    func testStraightAlphaSurvives() throws {
        var bitmap = try Bitmap(width: 3, height: 1)
        bitmap[0, 0] = Color(red: 200, green: 100, blue: 50, alpha: 0)
        bitmap[1, 0] = Color(red: 1, green: 2, blue: 3, alpha: 1)
        bitmap[2, 0] = Color(red: 255, green: 255, blue: 255, alpha: 128)
        let decoded = try PNGCodec.decode(PNGCodec.encode(bitmap))
        XCTAssertEqual(decoded[0, 0], Color(red: 200, green: 100, blue: 50, alpha: 0))
        XCTAssertEqual(decoded[1, 0], Color(red: 1, green: 2, blue: 3, alpha: 1))
        XCTAssertEqual(decoded[2, 0], Color(red: 255, green: 255, blue: 255, alpha: 128))
    }

    func testEncodingIsDeterministicAndCanonical() throws {
        var rng = SeededGenerator(seed: 7)
        let bitmap = try randomBitmap(width: 40, height: 30, using: &rng)
        let first = try PNGCodec.encode(bitmap)
        let second = try PNGCodec.encode(bitmap)
        XCTAssertEqual(first, second)
        // Re-encoding the decoded image gives the same file again.
        XCTAssertEqual(try PNGCodec.encode(PNGCodec.decode(first)), first)
        // Equal bitmaps built separately give equal bytes.
        let copy = try Bitmap(width: 40, height: 30, pixels: bitmap.pixels)
        XCTAssertEqual(try PNGCodec.encode(copy), first)
    }

    /// `.fast` (contact sheets) keeps every RGBA byte and the same-bitmap-same-bytes rule too, in every colour
    /// type; it differs from `.smallest` only in size and time.
    func testFastCompressionRoundTripsAndIsDeterministic() throws {
        var rng = SeededGenerator(seed: 11)
        var opaque = try Bitmap(width: 300, height: 120, fill: Color(red: 0xF2, green: 0xF2, blue: 0xF2))
        for y in 0..<120 { for x in 0..<300 where (x / 8 + y / 8) % 2 == 0 { opaque[x, y] = Color(red: 0xD9, green: 0xD9, blue: 0xD9) } }
        opaque[150, 60] = Color(red: 200, green: 10, blue: 10)
        // Several stripes of about 1 MiB of samples each (deflated on separate cores into one zlib stream):
        // RGBA (random), RGB (a checkerboard with text-like noise), grey and an 8-bit palette, odd sizes.
        var large = try Bitmap(width: 1001, height: 900, fill: .white)
        for y in 0..<900 { for x in 0..<1001 where (x / 8 + y / 8) % 2 == 0 { large[x, y] = Color(red: 0xD9, green: 0xD9, blue: 0xD9) } }
        for _ in 0..<20_000 {
            large[Int.random(in: 0..<1001, using: &rng), Int.random(in: 0..<900, using: &rng)] =
                Color(red: UInt8.random(in: 0...255, using: &rng), green: 40, blue: 90)
        }
        var grey = try Bitmap(width: 1500, height: 1700, fill: .white)
        for y in 0..<1700 { for x in 0..<1500 where (x * 7 + y * 3) % 11 < 4 { let v = UInt8((x + y) % 256); grey[x, y] = Color(red: v, green: v, blue: v) } }
        var palette = try Bitmap(width: 1201, height: 1000, fill: .clear)
        for y in 0..<1000 { for x in 0..<1201 where (x ^ y) % 5 == 0 { palette[x, y] = Color(red: UInt8(x % 40), green: 9, blue: UInt8(y % 5)) } }
        for bitmap in [opaque, try randomBitmap(width: 64, height: 48, using: &rng), try randomBitmap(width: 1, height: 1, using: &rng),
                       try randomBitmap(width: 700, height: 800, using: &rng), large, grey, palette] {
            let fast = try PNGCodec.encode(bitmap, compression: .fast)
            XCTAssertEqual(try PNGCodec.decode(fast).pixels, bitmap.pixels)
            XCTAssertEqual(try PNGCodec.encode(Bitmap(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels), compression: .fast), fast)
            XCTAssertEqual(try PNGCodec.decode(PNGCodec.encode(bitmap)).pixels, bitmap.pixels)
        }
    }

    /// The chunk types of a PNG file, in order.
    private func chunkTypes(_ bytes: [UInt8]) -> [String] {
        var chunks: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            chunks.append(String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += 12 + length
        }
        XCTAssertEqual(offset, bytes.count, "chunks end exactly at the end of the file")
        return chunks
    }

    /// The encoder stores the smallest colour type that keeps every RGBA byte (PNG spec §6.1, as
    /// optipng's reductions): palette + tRNS for ≤ 256 distinct values, else grey, grey + alpha, RGB,
    /// RGBA. The expected type is derived here from the pixels alone; every file decodes to the bitmap.
    func testEncoderStoresTheSmallestLosslessColourType() throws {
        var rng = SeededGenerator(seed: 5)
        let single = try Bitmap(width: 5, height: 7, fill: Color(red: 9, green: 8, blue: 7, alpha: 6))
        func pixels(_ count: Int, _ rgba: (Int) -> [UInt8]) -> [UInt8] { (0..<count).flatMap(rgba) }
        let greyRamp = try Bitmap(width: 256, height: 2, pixels: pixels(512) { i -> [UInt8] in
            let v = UInt8(i % 256)
            return [v, v, v, 255]
        })
        let greyAlpha = try Bitmap(width: 300, height: 3, pixels: pixels(900) { i -> [UInt8] in
            let v = UInt8(i % 256)
            return [v, v, v, UInt8(i / 3 % 256)]
        })
        var opaque = try randomBitmap(width: 40, height: 30, using: &rng)
        for i in stride(from: 3, to: opaque.pixels.count, by: 4) { opaque.pixels[i] = 255 }
        let random = try randomBitmap(width: 40, height: 30, using: &rng)
        // (bitmap, IHDR bit depth, IHDR colour type, chunks)
        let cases: [(String, Bitmap, UInt8, UInt8, [String])] = [
            ("one translucent colour", single, 1, 3, ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]),
            ("256 opaque greys", greyRamp, 8, 0, ["IHDR", "IDAT", "IEND"]),
            ("grey with alpha, > 256 values", greyAlpha, 8, 4, ["IHDR", "IDAT", "IEND"]),
            ("opaque colour, > 256 values", opaque, 8, 2, ["IHDR", "IDAT", "IEND"]),
            ("random RGBA", random, 8, 6, ["IHDR", "IDAT", "IEND"]),
        ]
        for (what, bitmap, depth, type, chunks) in cases {
            let bytes = try PNGCodec.encode(bitmap)
            XCTAssertEqual(Array(bytes.prefix(8)), PNGBuilder.signature, what)
            XCTAssertEqual(Array(bytes[8..<16]), [0, 0, 0, 13] + Array("IHDR".utf8), what)
            XCTAssertEqual(Array(bytes[16..<29]), PNGBuilder.be32(UInt32(bitmap.width)) + PNGBuilder.be32(UInt32(bitmap.height))
                               + [depth, type, 0, 0, 0], what)
            XCTAssertEqual(chunkTypes(bytes), chunks, "\(what): no time, text or colour-management chunks")
            XCTAssertEqual(try PNGCodec.decode(bytes), bitmap, "\(what): lossless")
        }
        // A palette of 2, 4 and 16 colours packs 1, 2 and 4 bits a pixel.
        for (colours, depth) in [(2, 1), (4, 2), (16, 4), (17, 8)] {
            let b = try Bitmap(width: 33, height: 3, pixels: pixels(99) { i -> [UInt8] in [UInt8(i % colours * 7), 0, 0, 255] })
            let bytes = try PNGCodec.encode(b)
            XCTAssertEqual(bytes[24], UInt8(depth), "\(colours) colours")
            XCTAssertEqual(bytes[25], 3, "\(colours) colours: palette")
            XCTAssertEqual(try PNGCodec.decode(bytes), b)
        }
    }

    func testOneByOne() throws {
        let bitmap = try Bitmap(width: 1, height: 1, fill: Color(red: 0x12, green: 0x34, blue: 0x56, alpha: 0x78))
        let bytes = try PNGCodec.encode(bitmap)
        let decoded = try PNGCodec.decode(bytes)
        XCTAssertEqual(decoded.width, 1)
        XCTAssertEqual(decoded.height, 1)
        XCTAssertEqual(decoded.pixels, [0x12, 0x34, 0x56, 0x78])
    }

    func testEmptyBitmapsAreAClearError() throws {
        for (w, h) in [(0, 0), (0, 5), (5, 0)] {
            let bitmap = try Bitmap(width: w, height: h)
            let error = expectPNGError { try PNGCodec.encode(bitmap) }
            XCTAssertEqual(error, .emptyImage(width: w, height: h))
            XCTAssertTrue(error?.description.contains("at least 1×1") ?? false, error?.description ?? "")
        }
    }

    func testPixelArrayOfWrongLengthIsAnError() throws {
        var bitmap = try Bitmap(width: 2, height: 2)
        bitmap.pixels.removeLast()
        XCTAssertEqual(expectPNGError { try PNGCodec.encode(bitmap) }, .pixelCountMismatch(expected: 16, actual: 15))
    }

    /// libpng's default limit is 1,000,000 px per side; the codec lifts it to PNG's 2^31 − 1 so
    /// only the pixel-count limit applies.
    func testVeryWideBitmapRoundTrips() throws {
        var bitmap = try Bitmap(width: 1_100_000, height: 1, fill: .white)
        bitmap[1_099_999, 0] = Color(red: 1, green: 2, blue: 3, alpha: 0)
        let decoded = try PNGCodec.decode(PNGCodec.encode(bitmap))
        XCTAssertEqual(decoded.width, 1_100_000)
        XCTAssertEqual(decoded.pixels, bitmap.pixels)
    }

    func testDecodeFromFile() throws {
        var rng = SeededGenerator(seed: 3)
        let bitmap = try randomBitmap(width: 9, height: 4, using: &rng)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pngcodec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("a.png")
        try Data(PNGCodec.encode(bitmap)).write(to: url)
        XCTAssertEqual(try PNGCodec.decode(contentsOf: url.path), bitmap)
    }

    func testConcurrentCodecCallsAgree() throws {
        var rng = SeededGenerator(seed: 11)
        let bitmap = try randomBitmap(width: 50, height: 50, using: &rng)
        let expected = try PNGCodec.encode(bitmap)
        let suite = TestPaths.pngSuite.appendingPathComponent("basi6a16.png").path
        let reference = try? PNGCodec.decode(contentsOf: suite)
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 32) { i in
            do {
                let bytes = try PNGCodec.encode(bitmap)
                let back = try PNGCodec.decode(bytes)
                let other = try? PNGCodec.decode(contentsOf: suite)
                if bytes != expected || back != bitmap || other != reference { failures.withLock { $0 += 1 } }
            } catch {
                failures.withLock { $0 += 1 }
            }
            _ = i
        }
        XCTAssertEqual(failures.withLock { $0 }, 0)
    }
}

/// A tiny lock-protected box for counting from concurrent closures.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

import Foundation
import PNGCodec
import Raster
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

    func testEncodedFileIsMinimalRGBA8() throws {
        let bitmap = try Bitmap(width: 5, height: 7, fill: Color(red: 9, green: 8, blue: 7, alpha: 6))
        let bytes = try PNGCodec.encode(bitmap)
        XCTAssertEqual(Array(bytes.prefix(8)), PNGBuilder.signature)
        // IHDR: width 5, height 7, depth 8, colour type 6 (RGBA), compression 0, filter 0, interlace 0.
        XCTAssertEqual(Array(bytes[8..<16]), [0, 0, 0, 13] + Array("IHDR".utf8))
        XCTAssertEqual(Array(bytes[16..<29]), [0, 0, 0, 5, 0, 0, 0, 7, 8, 6, 0, 0, 0])
        var chunks: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            chunks.append(String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += 12 + length
        }
        XCTAssertEqual(offset, bytes.count, "chunks end exactly at the end of the file")
        XCTAssertEqual(chunks.first, "IHDR")
        XCTAssertEqual(chunks.last, "IEND")
        XCTAssertEqual(Set(chunks), ["IHDR", "IDAT", "IEND"], "no time, text or colour chunks")
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

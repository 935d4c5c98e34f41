import Foundation
import XCTest
import CImaging
@testable import Imaging
import TestSupport

/// The fast decode path (libdeflate, `pngfast.c`) must give libpng's pixels for every file it takes and
/// leave every other file, and every error, to libpng: checked on PngSuite, on PNGs this package writes,
/// and on seeded damage to all of them (bytes flipped with and without the CRCs repaired, files cut short).
/// The one known difference: RFC 1951's reserved length symbols 286 and 287 in a fixed-Huffman block, which
/// zlib refuses ("invalid literal/length code") and libdeflate reads as length 258, like 285. No encoder
/// writes them; a damaged file only gets there with its CRC and Adler-32 still right, and then decodes to
/// the undamaged pixels (checked below).
final class FastPathTests: XCTestCase {

    private enum Outcome: Equatable {
        case pixels(Bitmap)
        case error(PNGError)
    }

    private func outcome(_ body: () throws -> Bitmap) -> Outcome {
        do { return .pixels(try body()) } catch let e as PNGError { return .error(e) } catch {
            XCTFail("unexpected error \(error)"); return .error(.corrupt("?"))
        }
    }

    private func samples() throws -> [[UInt8]] {
        var files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.pngSuite.path)
            .filter { $0.hasSuffix(".png") }.sorted()
            .map { [UInt8](try Data(contentsOf: TestPaths.pngSuite.appendingPathComponent($0))) }
        // What this package writes: palette (1–8 bits), grey, grey + alpha, RGB, RGBA; several IDAT chunks.
        var rng = SeededGenerator(seed: 77)
        for (w, h, colours) in [(37, 11, 2), (40, 9, 5), (33, 17, 200), (300, 40, 0)] {
            var b = try Bitmap(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    let v = colours == 0 ? UInt8.random(in: 0...255, using: &rng) : UInt8((x * 7 + y * 3) % colours * (255 / colours))
                    b[x, y] = Color(red: v, green: colours == 0 ? UInt8(x % 256) : v, blue: v, alpha: colours == 5 ? 128 : 255)
                }
            }
            files.append(try PNGCodec.encode(b))
        }
        return files
    }

    func testFastPathDecodesAsLibpng() throws {
        var rng = SeededGenerator(seed: 1405)
        var taken = 0, damagedTaken = 0
        var reservedSymbols = 0
        for original in try samples() {
            var variants = [original]
            let chunks = wellFormedChunks(original)
            for n in 0..<24 {
                var v = original
                switch n % 3 {
                case 0:   // bytes flipped, CRCs as they were
                    for _ in 0..<(1 + n % 2) { v[Int.random(in: 8..<v.count, using: &rng)] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng)) }
                case 1 where !chunks.isEmpty:   // a byte of a chunk's data flipped, its CRC repaired
                    var edited = chunks
                    if let i = edited.indices.filter({ !edited[$0].data.isEmpty }).randomElement(using: &rng) {
                        edited[i].data[Int.random(in: 0..<edited[i].data.count, using: &rng)] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
                    }
                    v = PNGEditing.file(edited)
                case 1:
                    v[8 + n % (v.count - 8)] ^= 0x10
                default:  // cut short
                    v = Array(original.prefix(Int.random(in: 0..<original.count, using: &rng)))
                }
                variants.append(v)
            }
            let intact = outcome { try PNGCodec.decodeWithLibpng(original) }
            for (index, v) in variants.enumerated() {
                let libpng = outcome { try PNGCodec.decodeWithLibpng(v) }
                let fast = v.withUnsafeBufferPointer { PNGCodec.fastDecode($0, maximumPixelCount: Bitmap.maximumPixelCount) }
                if let fast {
                    taken += 1
                    if index > 0 { damagedTaken += 1 }
                    if libpng == .error(.corrupt("IDAT: invalid literal/length code")) {
                        reservedSymbols += 1
                        XCTAssertEqual(Outcome.pixels(fast), intact, "a reserved symbol read as length 258 gives the intact pixels")
                        continue
                    }
                    XCTAssertEqual(Outcome.pixels(fast), libpng, "the fast path decoded what libpng decodes otherwise (variant \(index))")
                }
                XCTAssertEqual(outcome { try PNGCodec.decode(v) }, libpng, "decode = libpng, pixels and errors (variant \(index))")
            }
        }
        // The fast path must actually have been taken, also for damaged files it can still read exactly
        // (e.g. an ancillary chunk's byte flipped and its CRC repaired).
        XCTAssertGreaterThan(taken, 150)
        XCTAssertGreaterThan(damagedTaken, 10)
        XCTAssertLessThan(reservedSymbols, 3, "the reserved-symbol difference is rare (12 of 173,856 repaired bit flips of PngSuite's IDATs)")
    }

    /// The chunks of `png` when every length fits the file (PngSuite's damaged files do not), else none.
    private func wellFormedChunks(_ png: [UInt8]) -> [PNGEditing.Chunk] {
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            guard length <= png.count - offset - 12 else { return [] }
            offset += 12 + length
        }
        return offset == png.count ? PNGEditing.chunks(png) : []
    }

    /// Files are read whole for the fast path, streamed for the rest; both give the same as from memory.
    func testFilePathTakesTheSameRoute() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fastpath-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for original in try samples().prefix(200) {
            let url = dir.appendingPathComponent("f.png")
            try Data(original).write(to: url)
            XCTAssertEqual(outcome { try PNGCodec.decode(contentsOf: url.path) }, outcome { try PNGCodec.decodeWithLibpng(original) })
        }
    }

    /// A file that declares a large image but holds too little data for it allocates nothing on the fast
    /// path either (deflate expands at most 1032:1): it is declined before any pixel memory exists.
    func testTooLittleDataIsDeclinedBeforeAllocating() throws {
        var b = try Bitmap(width: 400, height: 400)
        for i in stride(from: 0, to: b.pixels.count, by: 4) { b.pixels[i + 3] = 255 }
        let small = try PNGCodec.encode(b)
        var info = lsp_png_fast_info()
        XCTAssertEqual(small.withUnsafeBufferPointer { lsp_png_fast_probe($0.baseAddress, $0.count, &info) }, LSP_FAST_OK)
        // The same file claiming 20000 × 20000 px: its IDAT cannot fill that.
        var chunks = PNGEditing.chunks(small)
        chunks[0].data.replaceSubrange(0..<8, with: PNGEditing.be32(20000) + PNGEditing.be32(20000))
        let claimed = PNGEditing.file(chunks)
        XCTAssertEqual(claimed.withUnsafeBufferPointer { lsp_png_fast_probe($0.baseAddress, $0.count, &info) }, LSP_FAST_DECLINED)
    }
}

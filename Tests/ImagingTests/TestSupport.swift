import TestSupport
import Foundation
import Imaging
import XCTest

/// Paths relative to this package (found from this file, so tests run from any working directory).
enum TestPaths {
    /// The package root: the folder above `Tests/ImagingTests/`.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// PngSuite (Willem van Schaik's test images, freely redistributable: see its LICENSE), kept in
    /// the repository so that a fresh clone tests alone.
    static let pngSuite = packageRoot.appendingPathComponent("Tests/ImagingTests/Fixtures/pngsuite")
    static let expectations = packageRoot.appendingPathComponent("Tests/ImagingTests/Fixtures/pngsuite-expectations.json")
}

/// 64-bit FNV-1a, as in Scripts/make-pngsuite-expectations.py.
func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes {
        hash ^= UInt64(b)
        hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
}


func randomBitmap(width: Int, height: Int, using rng: inout SeededGenerator) throws -> Bitmap {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for i in pixels.indices { pixels[i] = UInt8.random(in: 0...255, using: &rng) }
    // Make a good share of pixels fully transparent while keeping their (non-zero) colour.
    for p in stride(from: 0, to: width * height, by: 3) { pixels[p * 4 + 3] = 0 }
    return try Bitmap(width: width, height: height, pixels: pixels)
}

/// Builds PNG files byte by byte (chunks with correct CRCs, zlib streams of stored blocks), so tests
/// can state exact sample values and headers no encoder would produce.
enum PNGBuilder {
    static let signature = PNGEditing.signature
    static func crc32(_ bytes: [UInt8]) -> UInt32 { PNGEditing.crc32(bytes) }
    static func be32(_ v: UInt32) -> [UInt8] { PNGEditing.be32(v) }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { PNGEditing.bytes(PNGEditing.Chunk(type: type, data: data)) }

    static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, interlace: UInt8 = 0) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [bitDepth, colorType, 0, 0, interlace])
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] { PNGEditing.zlibStored(data) }

    /// A non-interlaced PNG from unfiltered scanlines (`rows` hold the packed samples of each row).
    static func png(width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8,
                    rows: [[UInt8]], before: [[UInt8]] = []) -> [UInt8] {
        var raw: [UInt8] = []
        for row in rows { raw += [0] + row }
        return signature + ihdr(width: width, height: height, bitDepth: bitDepth, colorType: colorType)
            + before.flatMap { $0 } + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }
}

/// Runs `body`, which must throw a `PNGError`; returns it (nil after recording a failure otherwise).
@discardableResult
func expectPNGError<T>(_ context: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line,
                       _ body: () throws -> T) -> PNGError? {
    do {
        _ = try body()
        XCTFail("expected a PNGError, but decoding succeeded. \(context())", file: file, line: line)
        return nil
    } catch let error as PNGError {
        return error
    } catch {
        XCTFail("expected a PNGError, got \(type(of: error)): \(error). \(context())", file: file, line: line)
        return nil
    }
}

/// How much the process's peak resident memory (Linux `VmHWM`) grew above its resident size while
/// `body` ran, in bytes. The peak is reset first through `/proc/self/clear_refs` (Linux ≥ 4.0).
func peakMemoryGrowth(_ body: () throws -> Void) throws -> Int {
    func status(_ key: String) throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
              let kB = Int(line.split(separator: " ").dropFirst().first ?? "") else {
            throw XCTSkip("/proc/self/status has no \(key)")
        }
        return kB * 1024
    }
    guard FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs") else {
        throw XCTSkip("/proc/self/clear_refs is not writable: cannot reset the peak memory")
    }
    try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let before = try status("VmRSS")
    try body()
    return try status("VmHWM") - before
}

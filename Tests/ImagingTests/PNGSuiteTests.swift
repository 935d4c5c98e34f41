import Foundation
import Imaging
import XCTest

/// Every PngSuite file against the expectations Scripts/make-pngsuite-expectations.py computed with
/// Pillow (an independent decoder) under the codec's documented rule.
final class PNGSuiteTests: XCTestCase {
    struct Expectations: Decodable {
        struct Spot: Decodable { let x: Int; let y: Int; let rgba: String }
        struct File: Decodable {
            let name: String
            let status: String
            let width: Int?
            let height: Int?
            let fnv1a64: String?
            let spots: [Spot]?
            let colorType: Int?
            let bitDepth: Int?
            let interlaced: Bool?
        }
        let decoder: String
        let files: [File]
    }

    private func loadExpectations() throws -> Expectations {
        let data = try Data(contentsOf: TestPaths.expectations)
        return try JSONDecoder().decode(Expectations.self, from: data)
    }

    private func suiteFiles() throws -> [String] {
        let dir = TestPaths.pngSuite
        guard FileManager.default.fileExists(atPath: dir.path) else {
            XCTFail("PngSuite not found at \(dir.path); it belongs in the repository (git checkout it)")
            return []
        }
        return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }.sorted()
    }

    func testExpectationsCoverEveryFileOfTheSuite() throws {
        let expectations = try loadExpectations()
        let names = try suiteFiles()
        XCTAssertEqual(names.count, 175, "PngSuite has 175 PNG files (plus its LICENSE)")
        XCTAssertEqual(expectations.files.map(\.name), names)
        XCTAssertEqual(expectations.files.filter { $0.status == "corrupt" }.count, 14)
        XCTAssertEqual(expectations.files.filter { $0.status == "corrupt" }.map(\.name), names.filter { $0.hasPrefix("x") })
    }

    func testEveryValidFileDecodesToTheExpectedRGBA() throws {
        let expectations = try loadExpectations()
        var checked = 0
        for file in expectations.files where file.status == "ok" {
            let path = TestPaths.pngSuite.appendingPathComponent(file.name).path
            let bitmap: Bitmap
            do {
                bitmap = try PNGCodec.decode(contentsOf: path)
            } catch {
                XCTFail("\(file.name): \(error)")
                continue
            }
            XCTAssertEqual(bitmap.width, file.width, file.name)
            XCTAssertEqual(bitmap.height, file.height, file.name)
            XCTAssertEqual(String(format: "%016llx", fnv1a64(bitmap.pixels)), file.fnv1a64,
                           "\(file.name): RGBA differs from \(expectations.decoder)")
            for spot in file.spots ?? [] {
                XCTAssertEqual(bitmap[spot.x, spot.y].hexString, "#" + spot.rgba, "\(file.name) pixel (\(spot.x), \(spot.y))")
            }
            // The in-memory path gives the same bitmap as the streaming file path.
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertEqual(try PNGCodec.decode(bytes), bitmap, file.name)
            checked += 1
        }
        XCTAssertEqual(checked, 161)
    }

    /// `PNGCodec.header(of:)` (what `labelsnap info` prints) is IHDR as Pillow read it, for every valid file;
    /// of the damaged ones, those PngSuite breaks in the signature or IHDR (bad signature, colour type, bit
    /// depth, IHDR CRC) are refused, and the two damaged after IHDR (an IDAT CRC, no IDAT) still have one.
    func testHeaderIsTheIHDRPillowReads() throws {
        let expectations = try loadExpectations()
        for file in expectations.files {
            let bytes = try [UInt8](Data(contentsOf: TestPaths.pngSuite.appendingPathComponent(file.name)))
            if file.status == "ok" || ["xcsn0g01.png", "xdtn0g01.png"].contains(file.name) {
                let header = try PNGCodec.header(of: bytes)
                guard file.status == "ok" else { continue }
                XCTAssertEqual(header, PNGCodec.Header(width: file.width ?? -1, height: file.height ?? -1, bitDepth: file.bitDepth ?? -1,
                                                       colorType: file.colorType ?? -1, interlaced: file.interlaced ?? false), file.name)
            } else {
                XCTAssertNotNil(expectPNGError(file.name, { try PNGCodec.header(of: bytes) }), file.name)
            }
        }
    }

    func testCorruptFilesThrowClearErrors() throws {
        let expectations = try loadExpectations()
        var kinds: [String: String] = [:]
        for file in expectations.files where file.status == "corrupt" {
            let path = TestPaths.pngSuite.appendingPathComponent(file.name).path
            guard let error = expectPNGError(file.name, { try PNGCodec.decode(contentsOf: path) }) else { continue }
            XCTAssertFalse(error.description.isEmpty)
            switch error {
            case .notPNG: kinds[file.name] = "notPNG"
            case .truncated: kinds[file.name] = "truncated"
            case .corrupt: kinds[file.name] = "corrupt"
            default: XCTFail("\(file.name): unexpected \(error)")
            }
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertEqual(expectPNGError(file.name, { try PNGCodec.decode(bytes) }), error, "same error from memory and file")
        }
        XCTAssertEqual(kinds.count, 14)
        // Signature damage (xs*: bad signature bytes, xcr/xlf: CR/LF mangled by text-mode transfer).
        for name in ["xs1n0g01.png", "xs2n0g01.png", "xs4n0g01.png", "xs7n0g01.png", "xcrn0g04.png", "xlfn0g04.png"] {
            XCTAssertEqual(kinds[name], "notPNG", name)
        }
        // Checksum and structure damage is reported with libpng's message.
        for name in ["xc1n0g08.png", "xc9n2c08.png", "xcsn0g01.png", "xd0n2c08.png", "xd3n2c08.png",
                     "xd9n2c08.png", "xhdn0g08.png"] {
            XCTAssertEqual(kinds[name], "corrupt", name)
        }
        // Missing IDAT: IEND comes before any image data.
        XCTAssertEqual(kinds["xdtn0g01.png"], "corrupt")
        let xd0 = expectPNGError { try PNGCodec.decode(contentsOf: TestPaths.pngSuite.appendingPathComponent("xd0n2c08.png").path) }
        XCTAssertEqual(xd0, .corrupt("Invalid IHDR data (Invalid bit depth in IHDR)"))
        XCTAssertEqual(xd0?.description, "corrupt PNG: libpng says \"Invalid IHDR data (Invalid bit depth in IHDR)\". "
                       + "Restore the file from version control or re-record it.")
    }

    func testInterlacedFilesEqualTheirNonInterlacedTwins() throws {
        let names = try suiteFiles().filter { $0.hasPrefix("basi") }
        XCTAssertEqual(names.count, 15)
        for interlaced in names {
            let plain = "basn" + interlaced.dropFirst(4)
            let a = try PNGCodec.decode(contentsOf: TestPaths.pngSuite.appendingPathComponent(interlaced).path)
            let b = try PNGCodec.decode(contentsOf: TestPaths.pngSuite.appendingPathComponent(String(plain)).path)
            XCTAssertEqual(a, b, "\(interlaced) vs \(plain)")
        }
    }
}

import Foundation
import PNGCodec
import Raster
import XCTest

/// What `info` and `diff` say of files the assertions did not record, and repeats that would keep only their last
/// value: refused naming both, or warned about.
final class CommandMessageTests: XCTestCase {
    /// `labelsnap render` writes no provenance chunk: `info` says render's output has none, and does not suggest
    /// the file was rewritten by a PNG tool.
    func testInfoOnRenderOutputSaysRenderWritesNoChunk() throws {
        let dir = try temporaryFolder("info-render")
        let render = try labelsnap(["render", "Padding", "-o", "badge.png"], cwd: dir)
        XCTAssertEqual(render.status, 0, render.stderr)
        let info = try labelsnap(["info", "badge.png"], cwd: dir)
        XCTAssertEqual(info.status, 0, info.stderr)
        let lines = info.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, info.stdout)
        XCTAssertTrue(lines[1].hasPrefix("  no provenance chunk: `labelsnap render`'s output and images from elsewhere have none"), info.stdout)
        XCTAssertTrue(lines[1].hasSuffix("; it compares by pixels"), info.stdout)
    }

    /// A PNG whose IHDR declares 100000×100000 px (10¹⁰ px, over `Bitmap.maximumPixelCount` = 2²⁸): `info` does not
    /// claim it compares by pixels, and `diff`'s error names no API parameter (the CLI has no such option).
    func testAnUndecodablySizedPNGIsNotSaidToCompareAndDiffAdvisesNoAPIParameter() throws {
        let dir = try temporaryFolder("info-huge")
        let huge = dir + "/huge.png", small = dir + "/small.png"
        try Data(hugePNG(width: 100_000, height: 100_000)).write(to: URL(fileURLWithPath: huge))
        try Data(PNGCodec.encode(try bitmap(2, 2))).write(to: URL(fileURLWithPath: small))
        let info = try labelsnap(["info", huge], cwd: dir)
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertTrue(info.stdout.hasPrefix("\(huge): 100000×100000 px\n"), info.stdout)
        XCTAssertFalse(info.stdout.contains("compares by pixels"), info.stdout)
        XCTAssertTrue(info.stdout.contains("it cannot be compared: 100000×100000 px is more than the 268435456 pixels an image may have"), info.stdout)
        let diff = try labelsnap(["diff", huge, small], cwd: dir)
        XCTAssertEqual(diff.status, 2, diff.stderr)
        XCTAssertEqual(diff.stderr, "labelsnap diff: cannot read \(huge): PNG too large: 100000×100000 px = 10000000000 pixels exceeds the "
                       + "268435456 pixels an image may have; nothing was allocated. labelsnap diff cannot compare it.\n")
    }

    /// An `--ignore` rectangle reaching outside the reference is clamped, and said: a 10×10 reference and actual
    /// differing in one pixel (3, 4) pass with it ignored, with a warning on stderr; one inside warns of nothing.
    func testAnIgnoreRectangleOutsideTheImageIsWarnedAbout() throws {
        let dir = try temporaryFolder("diff-ignore")
        try Data(PNGCodec.encode(try bitmap(10, 10))).write(to: URL(fileURLWithPath: dir + "/a.png"))
        try Data(PNGCodec.encode(try bitmap(10, 10, marks: [(3, 4)]))).write(to: URL(fileURLWithPath: dir + "/b.png"))
        let outside = try labelsnap(["diff", "a.png", "b.png", "--ignore", "0,0,99999999999,99999999999"], cwd: dir)
        XCTAssertEqual(outside.status, 0, outside.stderr)
        XCTAssertEqual(outside.stderr, "labelsnap diff: warning: --ignore 0,0,99999999999,99999999999 reaches outside the 10×10 px reference; "
                       + "only its part inside the image is ignored\n")
        let negative = try labelsnap(["diff", "a.png", "b.png", "--ignore", "-1,3,5,5"], cwd: dir)
        XCTAssertEqual(negative.status, 0, negative.stderr)
        XCTAssertTrue(negative.stderr.contains("--ignore -1,3,5,5 reaches outside"), negative.stderr)
        let inside = try labelsnap(["diff", "a.png", "b.png", "--ignore", "0,0,10,10"], cwd: dir)
        XCTAssertEqual(inside.status, 0, inside.stderr)
        XCTAssertEqual(inside.stderr, "")
    }

    /// One tag given twice keeps only its last value: refused naming both; two tags still repeat.
    func testATagGivenTwiceIsRefusedAndAFlagTwiceToo() throws {
        let dir = try temporaryFolder("render-tags")
        let out = dir + "/out.png"
        let cases: [([String], String)] = [
            (["render", "x", "--variation", "wght=400", "--variation", "wght=700"],
             "labelsnap: --variation gives the tag wght twice, as 'wght=400' and 'wght=700': give each tag once"),
            (["render", "x", "--feature", "tnum", "--feature", "tnum=0"],
             "labelsnap: --feature gives the tag tnum twice, as 'tnum' and 'tnum=0': give each tag once"),
            (["render", "x", "--feature", "tnum,smcp,tnum"],
             "labelsnap: --feature gives the tag tnum twice, as 'tnum' and 'tnum': give each tag once"),
            (["sweep", "x.xcstrings", "--style", "a.json", "--pseudo", "--pseudo"], "labelsnap: sweep: --pseudo is given twice: give it once"),
            (["diff", "a.png", "b.png", "--json", "--json"], "labelsnap diff: --json is given twice: give it once"),
        ]
        for (args, message) in cases {
            let run = try labelsnap(args + (args[0] == "render" ? ["-o", out] : []), cwd: dir)
            XCTAssertEqual(run.status, 2, "\(args): \(run.stderr)")
            XCTAssertEqual(run.stderr, message + "\n", "\(args)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(args)")
        }
        let two = try labelsnap(["render", "x", "--feature", "tnum", "--feature", "smcp=0"], cwd: dir)
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertTrue(two.stdout.contains("features smcp=0,tnum=1"), two.stdout)
    }

    /// A PNG of an IHDR declaring `width`×`height` RGBA px and one tiny IDAT (CRCs computed here, ISO 3309).
    private func hugePNG(width: UInt32, height: UInt32) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            be32(UInt32(data.count)) + Array(type.utf8) + data + be32(crc32(Array(type.utf8) + data))
        }
        // zlib header 78 01, one stored final block of 5 zero bytes, Adler-32 of them (1).
        let idat: [UInt8] = [0x78, 0x01, 0x01, 0x05, 0x00, 0xFA, 0xFF, 0, 0, 0, 0, 0, 0, 0x05, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", idat) + chunk("IEND", [])
    }
}

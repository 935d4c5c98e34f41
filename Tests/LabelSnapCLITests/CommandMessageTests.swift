import Foundation
import Imaging
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
}

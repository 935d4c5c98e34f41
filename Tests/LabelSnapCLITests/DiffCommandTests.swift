import Foundation
import Imaging
import XCTest

/// `labelsnap diff` as a user runs it: exit 0 pass / 1 fail / 2 error, the numbers, `--json`, `-o`.
final class DiffCommandTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "labelsnap-diff-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func png(_ name: String, _ b: Bitmap) throws -> String {
        let path = folder + "/" + name
        try Data(try PNGCodec.encode(b)).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testIdenticalDifferentAndJSON() throws {
        let a = try png("a.png", try bitmap(10, 8))
        let b = try png("b.png", try bitmap(10, 8, marks: [(2, 3), (3, 3), (7, 6)]))
        let same = try labelsnap(["diff", a, a], cwd: folder)
        XCTAssertEqual(same.status, 0, same.stderr)
        let different = try labelsnap(["diff", a, b], cwd: folder)
        XCTAssertEqual(different.status, 1)
        XCTAssertTrue(different.stdout.contains("3 of 80 px differ"), different.stdout)
        let json = try labelsnap(["diff", a, b, "--json"], cwd: folder)
        XCTAssertEqual(json.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["pass"] as? Bool, false)
        XCTAssertEqual(object["diff_pixels"] as? Int, 3)
        XCTAssertEqual(object["aa_pixels"] as? Int, 0)
        XCTAssertEqual(object["max_delta"] as? Int, 255)
        XCTAssertEqual(object["bbox"] as? [Int], [2, 3, 6, 4])
        XCTAssertEqual((object["size"] as? [String: [Int]])?["reference"], [10, 8])
        XCTAssertEqual(object["ratio"] as? Double ?? -1, 3.0 / 80, accuracy: 1e-9)
        // Tolerances: three differing pixels pass with --max-diff-pixels 3 (also as --name=value), not with 2.
        XCTAssertEqual(try labelsnap(["diff", a, b, "--max-diff-pixels", "3"], cwd: folder).status, 0)
        XCTAssertEqual(try labelsnap(["diff", a, b, "--max-diff-pixels=2"], cwd: folder).status, 1)
        // Ignoring the changed area passes.
        XCTAssertEqual(try labelsnap(["diff", a, b, "--ignore", "2,3,2,1", "--ignore", "7,6,1,1"], cwd: folder).status, 0)
    }

    func testDiffImageIsWrittenAndInputsAreNeverOverwritten() throws {
        let a = try png("a.png", try bitmap(6, 4))
        let b = try png("b.png", try bitmap(6, 4, marks: [(1, 1)]))
        let out = folder + "/diff.png"
        XCTAssertEqual(try labelsnap(["diff", a, b, "-o", out], cwd: folder).status, 1)
        let diff = try PNGCodec.decode(contentsOf: out)
        XCTAssertEqual([diff.width, diff.height], [6, 4])
        XCTAssertEqual(diff[1, 1], Color(red: 0, green: 160, blue: 255), "diffColorAlt (blue) where the actual is darker, as pixelmatch")
        let before = FileManager.default.contents(atPath: a)
        let refused = try labelsnap(["diff", a, b, "-o", a], cwd: folder)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("would overwrite an input image"), refused.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: a), before)
    }

    /// Two images whose diff image (their union, 20000 × 20000 px) is over `Bitmap.maximumPixelCount`: `-o` is refused
    /// from the headers, before either is read further (these hold one tiny IDAT, which decoding would refuse as
    /// truncated), and nothing is written; without `-o` the comparison goes on to the decode.
    func testADiffImageTooLargeIsRefusedFromTheHeaders() throws {
        let wide = folder + "/wide.png", tall = folder + "/tall.png", out = folder + "/d.png"
        try Data(hugePNG(width: 20_000, height: 1)).write(to: URL(fileURLWithPath: wide))
        try Data(hugePNG(width: 1, height: 20_000)).write(to: URL(fileURLWithPath: tall))
        let refused = try labelsnap(["diff", wide, tall, "-o", out], cwd: folder)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "labelsnap diff: -o: the diff image would be 20000×20000 px (the union of both sizes), over the "
                       + "268435456 pixels an image may have; nothing was decoded. Compare without -o.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        let decoded = try labelsnap(["diff", wide, tall, "--json"], cwd: folder)
        XCTAssertEqual(decoded.status, 2)
        XCTAssertTrue(decoded.stderr.hasPrefix("labelsnap diff: cannot read \(wide): "), decoded.stderr)
    }

    func testErrorsExitTwoWithAReason() throws {
        let a = try png("a.png", try bitmap(4, 4))
        let text = folder + "/not.png"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
        for (args, reason) in [([a], "expected two PNG files"),
                               ([a, folder + "/missing.png"], "missing.png"),
                               ([a, text], "not.png"),
                               ([a, a, "--threshold", "x"], "--threshold needs a finite number"),
                               ([a, a, "--threshold", "2"], "threshold"),
                               ([a, a, "--ignore", "1,2,3"], "--ignore expects x,y,w,h"),
                               ([a, a, "--include-aa"], "--include-aa only applies with --threshold"),
                               ([a, a, "--bogus"], "unknown option --bogus")] {
            let run = try labelsnap(["diff"] + args, cwd: folder)
            XCTAssertEqual(run.status, 2, "\(args)")
            XCTAssertTrue(run.stderr.contains(reason), "\(args): \(run.stderr)")
        }
        // Huge ignore rectangles are clipped, never an overflow; one left empty by the clipping is an error.
        XCTAssertEqual(try labelsnap(["diff", a, a, "--ignore", "9000000000000000000,0,9223372036854775807,1"], cwd: folder).status, 0)
        let empty = try labelsnap(["diff", a, a, "--ignore", "9223372036854775807,0,9223372036854775807,1"], cwd: folder)
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.contains("is empty"), empty.stderr)
    }
}

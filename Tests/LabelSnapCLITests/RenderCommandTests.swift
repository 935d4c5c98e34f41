import Foundation
import LabelRendering
import Imaging
import Typesetting
import XCTest

/// `labelsnap render --json` as `render --help` and README describe it, and the PNG it writes.
final class RenderCommandTests: XCTestCase {
    func render(_ args: [String]) throws -> [String: Any] {
        let run = try labelsnap(["render"] + args + ["--json"], cwd: NSTemporaryDirectory())
        XCTAssertEqual(run.status, 0, run.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
    }

    func testKoreanBadgeRendersJSONAndPNG() throws {
        let out = NSTemporaryDirectory() + "labelsnap-render-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let json = try render(["않이 패딩이 왜 없어..?", "--insets", "8,16,8,16", "--scale", "2", "-o", out])
        // The CLI reports what the library computes for the same label (the system font by default, as UILabel).
        var label = PaddedLabel("않이 패딩이 왜 없어..?", font: .system(size: 17), insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        label.scale = 2
        let size = try label.intrinsicContentSize
        XCTAssertEqual(json["intrinsic_pt"] as? [Double], [size.width, size.height])
        XCTAssertEqual(json["size_pt"] as? [Double], [size.width, size.height])
        XCTAssertEqual(json["size_px"] as? [Int], [Int(size.width * 2), Int(size.height * 2)])
        XCTAssertEqual(json["lines"] as? [String], ["않이 패딩이 왜 없어..?"])
        XCTAssertEqual(json["missing"] as? [String], [])
        XCTAssertEqual(json["fonts"] as? [String], try label.makeLayout().fontsUsed.map(\.path))
        XCTAssertEqual((json["fonts"] as? [String])?.map { ($0 as NSString).lastPathComponent }, ["Inter-4.1.ttf", "NotoSansCJK-Regular.ttc"])
        let png = try PNGCodec.decode(contentsOf: out)
        XCTAssertEqual([png.width, png.height], [Int(size.width * 2), Int(size.height * 2)])
    }

    /// `--corners`: a capsule's radius is half of the label's own height (DejaVu Sans 17 pt: ascender 1901, descender
    /// 483 of 2048 units, line gap 0 → 19.789 pt → 20 px at 1x, + 4 + 4 insets = 28 pt, radius 14), per-corner radii in
    /// TL,TR,BL,BR order; a label without corner options reports none; bad values say what is accepted.
    func testCorners() throws {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let capsule = try render(["3 new", "--font", font, "--insets", "4,10,4,10", "--corners", "capsule"])
        XCTAssertEqual(capsule["size_pt"] as? [Double], [(capsule["size_pt"] as? [Double])?.first ?? 0, 28])
        XCTAssertEqual(capsule["corners_pt"] as? [Double], [14, 14, 14, 14])
        let chip = try render(["3 new", "--font", font, "--insets", "4,10,4,10", "--corners", "0,6,12,3", "--corner-curve", "continuous"])
        XCTAssertEqual(chip["corners_pt"] as? [Double], [0, 6, 12, 3])
        let plain = try render(["3 new", "--font", font, "--corner-radius", "4"])
        XCTAssertNil(plain["corners_pt"])
        // Without --json the summary states them too, with the curve; a plain --corner-radius label's summary is unchanged.
        let temporary = NSTemporaryDirectory()
        let text = try labelsnap(["render", "3 new", "--font", font, "--insets", "4,10,4,10", "--corners", "capsule", "--corner-curve", "continuous"],
                                 cwd: temporary)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("px @1x\ncorners: 14 14 14 14 pt continuous\nlines: 1\n"), text.stdout)
        let plainText = try labelsnap(["render", "3 new", "--font", font, "--corner-radius", "4"], cwd: temporary)
        XCTAssertFalse(plainText.stdout.contains("corners"), plainText.stdout)
        let bad = try labelsnap(["render", "x", "--corners", "1,2", "-o", NSTemporaryDirectory() + "labelsnap-corners-\(UUID().uuidString).png"],
                                cwd: NSTemporaryDirectory())
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--corners must be capsule, capsule:MAX, a radius or TL,TR,BL,BR, got '1,2'"), bad.stderr)
    }

    /// A valued option followed by another option says so: `--lines --alpha 0.5` took "--alpha" as its value
    /// and failed with "render takes one TEXT argument" over the stray "0.5". Values that start with a minus still pass.
    func testAnOptionFollowedByAnotherOptionNeedsAValue() throws {
        let dir = try temporaryFolder("render-option-value")
        for (args, next) in [(["--lines", "--alpha", "0.5"], "--alpha"), (["--color", "--json"], "--json"),
                             (["--corners", "--corner-curve=continuous"], "--corner-curve=continuous")] {
            let run = try labelsnap(["render", "x"] + args + ["-o", dir + "/out.png"], cwd: dir)
            XCTAssertEqual(run.status, 2, "\(args): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("option \(args[0]) needs a value, but the option \(next) follows it; see --help"), run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"), "\(args)")
        }
        let fine = try labelsnap(["render", "x", "--clips-to-bounds", "true", "--alpha", "0.5", "--shadow-color", "#000", "--shadow-offset", "-1,-2",
                                  "-o", dir + "/out.png"], cwd: dir)
        XCTAssertEqual(fine.status, 0, fine.stderr)
    }

    /// `--line-break-strategy`: the default pushes a lone last word out (the line before gives one up);
    /// `none` restores greedy lines; the lines are the same at every scale.
    /// `--text-file -` reads the text from standard input, as CLI users expect (`/dev/stdin` was once refused
    /// as "cannot be read (check its permissions)"); more than 64 MiB is refused, not read without end.
    func testTextFromStandardInput() throws {
        for path in ["-", "/dev/stdin"] {
            let run = try labelsnap(["render", "--text-file", path, "--lines", "0", "--json"], cwd: NSTemporaryDirectory(),
                                    standardInput: Data("from stdin\nsecond line".utf8))
            XCTAssertEqual(run.status, 0, run.stderr)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
            XCTAssertEqual(json["lines"] as? [String], ["from stdin", "second line"], path)
        }
        let tooMuch = try labelsnap(["render", "--text-file", "-"], cwd: NSTemporaryDirectory(),
                                    standardInput: Data(repeating: 0x61, count: (64 << 20) + 1))
        XCTAssertEqual(tooMuch.status, 2)
        XCTAssertTrue(tooMuch.stderr.contains("standard input holds more than 67108864 bytes"), tooMuch.stderr)
    }

    func testLineBreakStrategyOption() throws {
        let text = "Snapshot tests catch labels"   // in DejaVu Sans, whose widths these breaks were worked out with
        let standard = try render([text, "--font", "DejaVu Sans", "--width", "200", "--lines", "0"])
        XCTAssertEqual(standard["lines"] as? [String], ["Snapshot tests", "catch labels"])
        XCTAssertEqual(try render([text, "--font", "DejaVu Sans", "--width", "200", "--lines", "0", "--line-break-strategy", "push-out"])["lines"] as? [String],
                       ["Snapshot tests", "catch labels"])
        XCTAssertEqual(try render([text, "--font", "DejaVu Sans", "--width", "200", "--lines", "0", "--line-break-strategy", "none"])["lines"] as? [String],
                       ["Snapshot tests catch", "labels"])
        for scale in ["2", "3"] {
            XCTAssertEqual(try render([text, "--font", "DejaVu Sans", "--width", "200", "--lines", "0", "--scale", scale])["lines"] as? [String],
                           ["Snapshot tests", "catch labels"], "@\(scale)x")
        }
        let bad = try labelsnap(["render", text, "--line-break-strategy", "greedy"], cwd: NSTemporaryDirectory())
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("standard, push-out, hangul or none"), bad.stderr)
    }

    func testWidthActsAsBoundsAndTruncatedLinesShowTheEllipsis() throws {
        let wrapped = try render(["UILabel With Padding", "--insets", "8,16,8,16", "--width", "120", "--lines", "0"])
        XCTAssertEqual(wrapped["lines"] as? [String], ["UILabel", "With", "Padding"])
        XCTAssertEqual((wrapped["size_pt"] as? [Double])?.first, 120)
        let truncated = try render(["UILabel With Padding", "--width", "90", "--line-break-mode", "tail"])
        let line = try XCTUnwrap((truncated["lines"] as? [String])?.first)
        XCTAssertTrue(line.hasSuffix("…") && line.hasPrefix("UILabel"), line)
        let tofu = try render(["a\u{13000}b"])
        XCTAssertEqual(tofu["missing"] as? [String], ["U+13000"])
    }
}

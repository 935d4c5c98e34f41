import Foundation
import XCTest

/// An option given twice, or two options that set one property, are refused naming both (the last one silently
/// won: `--attributed FILE --markdown TEXT` drew the Markdown, `--appearance dark --user-interface-style light`
/// dark); the list options (`--feature`, `--font`, `--artifacts` …) still repeat. A word after a switch that is no
/// true or false is the switch's refused value when TEXT is given too.
final class RenderRepeatedOptionsTests: XCTestCase {
    func testRepeatsAndConflictsExit2NamingBothWritingNothing() throws {
        let dir = try temporaryFolder("render-repeats")
        try Data(#"{"text": "hello"}"#.utf8).write(to: URL(fileURLWithPath: dir + "/a.json"))
        let out = dir + "/out.png"
        let cases: [([String], String)] = [
            (["--attributed", "a.json", "--markdown", "**x**"], "--markdown '**x**' and --attributed 'a.json' set the same thing: give one of them"),
            (["--markdown", "a", "--markdown", "b"], "--markdown is given twice ('a' and 'b'): it takes one value, give it once"),
            (["x", "--appearance", "dark", "--user-interface-style", "light"],
             "--user-interface-style 'light' and --appearance 'dark' set the same thing: give one of them"),
            (["x", "--size", "12", "--size=14"], "--size is given twice ('12' and '14'): it takes one value, give it once"),
            (["x", "--lines", "1", "--lines", "2", "--lines", "3"], "--lines is given 3 times ('1', '2' …): it takes one value, give it once"),
            (["x", "--disabled", "--disabled", "false"], "--disabled is given twice: give it once (bare or with true, or with false)"),
            (["x", "--highlighted=true", "--highlighted"], "--highlighted is given twice: give it once (bare or with true, or with false)"),
            (["x", "--output", dir + "/other.png"], "-o '\(out)' and --output '\(dir)/other.png' set the same thing: give one of them"),
            (["x", "--font", "DejaVu Sans", "--font-name", "DejaVuSans-Bold"],
             "--font 'DejaVu Sans' and --font-name 'DejaVuSans-Bold' set the same thing: give one of them"),
            (["x", "--adjusts-font-size-to-fit-width", "false", "--min-scale", "0.5"],
             "--adjusts-font-size-to-fit-width false and --min-scale '0.5' (which turns it on) contradict: drop one"),
            (["x", "--disabled", "yes"], "--disabled takes true or false (or nothing, for true), got 'yes'"),
            (["--disabled", "yes", "x"], "--disabled takes true or false (or nothing, for true), got 'yes'"),
            (["--markdown", "**x**", "--clips-to-bounds", "on"], "--clips-to-bounds takes true or false (or nothing, for true), got 'on'"),
        ]
        for (args, message) in cases {
            let run = try labelsnap(["render"] + args + ["-o", out], cwd: dir)
            XCTAssertEqual(run.status, 2, "\(args): \(run.stderr)")
            XCTAssertEqual(run.stderr, "labelsnap: \(message)\n", "\(args)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(args)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/other.png"), "\(args)")
        }
    }

    /// The list options take every value; a word after a switch with no TEXT given is the TEXT, as before.
    func testListOptionsRepeatAndAWordAfterASwitchIsTheTextAlone() throws {
        let dir = try temporaryFolder("render-repeats")
        let features = try labelsnap(["render", "x", "--feature", "tnum", "--feature", "smcp"], cwd: dir)
        XCTAssertEqual(features.status, 0, features.stderr)
        XCTAssertTrue(features.stdout.contains("features smcp=1,tnum=1"), features.stdout)
        let text = try labelsnap(["render", "--disabled", "yes"], cwd: dir)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("  1: yes\n"), text.stdout)
    }

    /// The other commands refuse a repeated single value as render does; `--artifacts` merges folders.
    func testOtherCommandsRefuseRepeatsButMergeArtifactsFolders() throws {
        let dir = try temporaryFolder("render-repeats")
        let diff = try labelsnap(["diff", "a.png", "b.png", "--threshold", "0.1", "--threshold", "0.2"], cwd: dir)
        XCTAssertEqual(diff.status, 2, diff.stderr)
        XCTAssertEqual(diff.stderr, "labelsnap diff: --threshold is given twice ('0.1' and '0.2'): it takes one value, give it once\n")
        let sweep = try labelsnap(["sweep", "x.xcstrings", "--style", "a.json", "--style", "b.json"], cwd: dir)
        XCTAssertEqual(sweep.status, 2, sweep.stderr)
        XCTAssertEqual(sweep.stderr, "labelsnap: sweep: --style is given twice ('a.json' and 'b.json'): it takes one value, give it once\n")
        for folder in ["one", "two"] { try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true) }
        let review = try labelsnap(["review", "--list", "--artifacts", dir + "/one", "--artifacts", dir + "/two"], cwd: dir)
        XCTAssertEqual(review.status, 0, review.stderr)
    }
}

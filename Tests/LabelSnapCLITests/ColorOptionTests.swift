import Foundation
import Imaging
import XCTest

/// Colour: on a terminal only (the tests run through pipes), forced with --colors always, never with
/// --colors never or NO_COLOR.
final class ColorOptionTests: XCTestCase {
    func testColorIsForcedOnlyWhenAskedAndNeverWithNoColor() throws {
        let pkg = try FailurePackage()
        try pkg.fail("testBadge()", named: "1", reference: try bitmap(4, 4), actual: try bitmap(4, 4, marks: [(0, 0)]))
        let escape = "\u{1B}["
        let piped = try labelsnap(["review"], cwd: pkg.root)
        XCTAssertFalse(piped.stdout.contains(escape), "no colour into a pipe")
        let forced = try labelsnap(["review", "--colors", "always"], cwd: pkg.root)
        XCTAssertTrue(forced.stdout.contains("\u{1B}[31mmismatch\u{1B}[0m"), forced.stdout)
        XCTAssertTrue(forced.stdout.contains("\u{1B}[1;35m16\u{1B}[0m px differ"), "numbers: \(forced.stdout)")
        // The same text once the escapes are removed.
        XCTAssertEqual(forced.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression), piped.stdout)
        XCTAssertFalse(try labelsnap(["--colors=never", "review"], cwd: pkg.root).stdout.contains(escape))
        XCTAssertFalse(try labelsnap(["review"], cwd: pkg.root, environment: ["NO_COLOR": "1"]).stdout.contains(escape))
        let render = try labelsnap(["render", "Hi", "--colors", "always"], cwd: pkg.root)
        XCTAssertTrue(render.stdout.contains(escape), render.stdout)
        let bad = try labelsnap(["review", "--colors", "sometimes"], cwd: pkg.root)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "labelsnap: --colors takes auto, always or never, got 'sometimes'\n")
    }

    /// Every command that prints follows the one option the same way: `always` colours (also with NO_COLOR,
    /// which only changes `auto`), `never`, `auto` into a pipe and NO_COLOR give the plain text, and the
    /// coloured text is the plain text once the escapes are removed. `sweep` and `info` printed no colour.
    func testEveryCommandThatPrintsFollowsTheColorOption() throws {
        let pkg = try FailurePackage()
        try pkg.fail("testBadge()", named: "1", reference: try bitmap(4, 4), actual: try bitmap(4, 4, marks: [(0, 0)]))
        let a = pkg.root + "/a.png", b = pkg.root + "/b.png"
        try pkg.write(try PNGCodec.encode(try bitmap(4, 4)), to: a)
        try pkg.write(try PNGCodec.encode(try bitmap(4, 4, marks: [(1, 1)])), to: b)
        let examples = SweepCommandTests.root + "/Examples/Sweep"
        let commands: [[String]] = [
            ["render", "Hi"], ["diff", a, b], ["review"], ["review", "--list"], ["report", "-o", pkg.root + "/r.html"],
            ["info", pkg.reference("testBadge.1")], ["accept", "--all", "--dry-run"], ["reject", "--all", "--dry-run"],
            ["sweep", examples + "/Localizable.xcstrings", "--style", examples + "/badge-style.json", "--locales", "de", "--no-sheets"],
        ]
        let escape = "\u{1B}["
        func plain(_ s: String) -> String { s.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) }
        for command in commands {
            let piped = try labelsnap(command, cwd: pkg.root)
            XCTAssertFalse(piped.stdout.isEmpty, "\(command): \(piped.stderr)")
            XCTAssertFalse(piped.stdout.contains(escape), "\(command) coloured a pipe")
            for forced in [try labelsnap(command + ["--colors", "always"], cwd: pkg.root),
                           try labelsnap(["--colors=always"] + command, cwd: pkg.root, environment: ["NO_COLOR": "1"])] {
                XCTAssertEqual(forced.status, piped.status, "\(command)")
                XCTAssertTrue(forced.stdout.contains(escape), "\(command) --colors always: \(forced.stdout)")
                XCTAssertEqual(plain(forced.stdout), piped.stdout, "\(command)")
            }
            XCTAssertEqual(try labelsnap(command + ["--colors", "never"], cwd: pkg.root).stdout, piped.stdout, "\(command)")
            XCTAssertEqual(try labelsnap(command + ["--colors", "auto"], cwd: pkg.root, environment: ["NO_COLOR": "1"]).stdout,
                           piped.stdout, "\(command)")
        }
        // JSON is for programs: never coloured, whatever --colors says.
        for command in [["render", "Hi", "--json"], ["diff", a, b, "--json"], ["review", "--json"], commands[8] + ["--json"]] {
            let json = try labelsnap(command + ["--colors", "always"], cwd: pkg.root)
            XCTAssertFalse(json.stdout.isEmpty, "\(command): \(json.stderr)")
            XCTAssertFalse(json.stdout.contains(escape), "\(command)")
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)), "\(command)")
        }
        // Errors: the "labelsnap:" prefix is coloured the same way, on standard error.
        let missing = try labelsnap(["info", pkg.root + "/none.png", "--colors", "always"], cwd: pkg.root)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("\u{1B}[31mlabelsnap:\u{1B}[0m info: \(pkg.root)/none.png: "), missing.stderr)
    }

    /// `render --color HEX` is the text colour (README), not the terminal option: only auto, always and never
    /// are taken from a render's arguments.
    func testRenderColorIsTheTextColour() throws {
        let pkg = try FailurePackage()
        let out = pkg.root + "/red.png"
        let r = try labelsnap(["render", "I", "--size", "40", "--color", "#FF0000", "--colors", "always", "-o", out], cwd: pkg.root)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("\u{1B}["), r.stdout)
        let image = try PNGCodec.decode(try XCTUnwrap(pkg.bytes(out)))
        let opaque = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0 + 3] == 255 }
        XCTAssertFalse(opaque.isEmpty)
        for i in opaque { XCTAssertEqual(Array(image.pixels[i..<i + 3]), [255, 0, 0]) }
        let equals = try labelsnap(["render", "I", "--color=#00FF00", "-o", out], cwd: pkg.root)
        XCTAssertEqual(equals.status, 0, equals.stderr)
        // Before the command, --color is the terminal option only.
        XCTAssertEqual(try labelsnap(["--color", "#FF0000", "render", "I"], cwd: pkg.root).status, 2)
    }

    /// The switch was spelled --color, which render's --color HEX shadowed: the old spelling with a mode names the new
    /// one, wherever it stands, and changes nothing.
    func testTheOldSpellingOfTheSwitchNamesTheNewOne() throws {
        let pkg = try FailurePackage()
        for args in [["review", "--color", "never"], ["--color=always", "review"], ["render", "Hi", "--color", "auto"], ["--colour", "never", "info"]] {
            let r = try labelsnap(args, cwd: pkg.root)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains(": the colour switch is --colors auto|always|never (--color is render's text colour, --color HEX); run it again with --colors "), r.stderr)
            XCTAssertEqual(r.stdout, "")
        }
    }
}

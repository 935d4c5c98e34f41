import Foundation
import Imaging
import LabelDescription
import XCTest

/// Each command's options are declared once and its help derived from them: every option appears once in the options
/// part, its help starting in one column; and every `--json` is a JSON document that decodes back to what was printed.
final class CommandSpecTests: XCTestCase {
    static let commands = ["render", "diff", "review", "report", "accept", "reject", "sweep", "orphans", "audit", "info"]

    func testEveryOptionAppearsOnceAlignedInItsCommandsHelp() throws {
        for command in Self.commands {
            let help = try labelsnap([command, "--help"], cwd: "/")
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(help.stdout.hasPrefix("usage: labelsnap \(command)"), help.stdout)
            let lines = help.stdout.components(separatedBy: "\n")
            let start = try XCTUnwrap(lines.firstIndex(of: "options:"), "\(command): no options part")
            var seen: [String] = []
            for line in lines[(start + 1)...].prefix(while: { !$0.isEmpty }) where line.hasPrefix("  -") {
                let head = line.dropFirst(2).prefix { $0 != " " || false }
                let names = line.dropFirst(2).components(separatedBy: "  ")[0].components(separatedBy: ", ")
                    .map { $0.components(separatedBy: " ")[0] }
                seen += names
                // A head shorter than the column has its help start at column 26; a longer one has it on the next line.
                if line.count > 26, !head.isEmpty, line.dropFirst(2).components(separatedBy: "  ")[0].count < 23 {
                    let column = line.index(line.startIndex, offsetBy: 26)
                    XCTAssertNotEqual(line[column], " ", "\(command): \(line)")
                    XCTAssertEqual(line[line.index(before: column)], " ", "\(command): \(line)")
                }
            }
            XCTAssertEqual(seen.count, Set(seen).count, "\(command): an option listed twice: \(seen)")
            XCTAssertEqual(seen.filter { $0 == "--help" }.count, 1, "\(command): \(seen)")
            // Every listed option is one the parser knows: none is refused as unknown.
            for name in seen where name.hasPrefix("--") && name != "--help" {
                let run = try labelsnap([command, name, "x", "--help"], cwd: "/")
                XCTAssertFalse(run.stderr.contains("unknown option \(name)"), "\(command) \(name): \(run.stderr)")
            }
        }
    }

    func testJSONDecodesBackToWhatWasPrinted() throws {
        let dir = try temporaryFolder("command-spec")
        let text = "say \"hi\" \\ back\tslash"
        let render = try labelsnap(["render", text, "--json"], cwd: dir)
        XCTAssertEqual(render.status, 0, render.stderr)
        let object = try jsonObject(render.stdout)
        XCTAssertEqual(object["lines"] as? [String], [text])
        XCTAssertEqual((object["size_px"] as? [Int])?.count, 2)
        XCTAssertEqual((object["intrinsic_pt"] as? [Double])?.count, 2)
        XCTAssertEqual(object["missing"] as? [String], [])
        let a = dir + "/a.png", b = dir + "/b.png"
        try PNGCodec.encode(try bitmap(4, 3)).withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: a)) }
        try PNGCodec.encode(try bitmap(4, 3, marks: [(1, 2)])).withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: b)) }
        let same = try jsonObject(try labelsnap(["diff", a, a, "--json"], cwd: dir).stdout)
        XCTAssertEqual(same["pass"] as? Bool, true)
        XCTAssertTrue(same["bbox"] is NSNull, "\(same)")
        let different = try jsonObject(try labelsnap(["diff", a, b, "--json"], cwd: dir).stdout)
        XCTAssertEqual(different["diff_pixels"] as? Int, 1)
        XCTAssertEqual(different["bbox"] as? [Int], [1, 2, 1, 1])
        XCTAssertEqual((different["size"] as? [String: [Int]])?["reference"], [4, 3])
        XCTAssertEqual(different["ratio"] as? Double, 1.0 / 12)
    }

    /// `labelsnap render --help` lists every option of the table with its argument, the help text from column 27.
    func testRenderHelpListsEveryOptionOfThePropertyTable() throws {
        let help = try labelsnap(["render", "--help"], cwd: "/").stdout.split(separator: "\n").map(String.init)
        for property in LabelProperty.all {
            for option in property.options {
                let head = "  \(option.flag) \(option.placeholder)"
                let at = help.firstIndex { $0 == head || $0.hasPrefix(head + " ") }
                XCTAssertNotNil(at, option.flag)
                // The help text starts at column 27, on the option's line or (after a long option) the next.
                let first = String(repeating: " ", count: 26) + String(option.help.prefix { $0 != "\n" })
                XCTAssertTrue(at.map { help[$0] == head.padding(toLength: 26, withPad: " ", startingAt: 0) + first.dropFirst(26)
                    || help[$0] == head && help[$0 + 1] == first } ?? false, option.flag)
            }
        }
        XCTAssertEqual(help.first { $0.hasPrefix("  --lines") }, "  --lines N               numberOfLines, 0 = unlimited (default 1)")
    }
}

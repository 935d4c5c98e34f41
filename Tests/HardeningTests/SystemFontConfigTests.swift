import Foundation
import XCTest

/// The system font draws the package's own Inter, so the machine's Inter (Debian's `fonts-inter`, any version, or
/// none) changes no pixel: the same labels rendered by `labelsnap` in a child process under fontconfig's configuration
/// and under one that hides every installed Inter file are byte-identical PNGs.
final class SystemFontConfigTests: XCTestCase {
    func testTheMachinesInterChangesNoSystemFontPixel() throws {
        let dir = Scratch.directory("system-font-config")
        let config = dir + "/fonts.conf"
        // All installed fonts but Inter's files (the fallback fonts stay the system's).
        try Data("""
            <?xml version="1.0"?>
            <fontconfig><dir>/usr/share/fonts</dir><cachedir>\(dir)/cache</cachedir>
            <selectfont><rejectfont><glob>/usr/share/fonts/opentype/inter/*</glob><glob>/usr/share/fonts/truetype/inter-vf/*</glob></rejectfont></selectfont>
            </fontconfig>

            """.utf8).write(to: URL(fileURLWithPath: config))
        let hidden = CLIEnvironmentTests.baseEnvironment.merging(["FONTCONFIG_FILE": config]) { $1 }
        XCTAssertFalse(try fcList(environment: hidden).contains("Inter"), "the configuration hides the installed Inter")
        let labels: [[String]] = [
            ["Hello world!", "--size", "18"],
            ["Semibold badge 0123", "--size", "13", "--weight", "semibold", "--insets", "4,8,4,8"],
            ["Title italic 650", "--size", "28", "--weight", "650", "--italic"],
            ["Hi 한글 👍", "--size", "17"],
        ]
        for (i, label) in labels.enumerated() {
            let arguments = ["render"] + label + ["--scale", "2"]
            let present = try CLIEnvironmentTests.labelsnap(arguments + ["-o", dir + "/present-\(i).png"], environment: CLIEnvironmentTests.baseEnvironment)
            XCTAssertEqual(present.status, 0, present.stderr)
            let without = try CLIEnvironmentTests.labelsnap(arguments + ["-o", dir + "/hidden-\(i).png"], environment: hidden)
            XCTAssertEqual(without.status, 0, without.stderr)
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/present-\(i).png"))
            let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/hidden-\(i).png"))
            XCTAssertGreaterThan(a.count, 200)
            XCTAssertTrue(a == b, "\(label[0]): the installed Inter changed the PNG (\(a.count) vs \(b.count) bytes)")
        }
    }

    /// `fc-list : family` under `environment`.
    func fcList(environment: [String: String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
        p.arguments = [":", "family"]
        p.environment = environment
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation
import Imaging
import SnapshotStore
import XCTest

/// Text from files labelsnap did not write reaches the terminal without its control characters: a downloaded record
/// whose summary or test name holds an escape sequence (clear the screen, retitle the window, hide what follows) or a PNG
/// text chunk holding one is printed with each control character escaped as `\u{1B}`.
final class TerminalInjectionTests: XCTestCase {
    static let clear = "\u{1B}[2J", title = "\u{1B}]0;pwned\u{07}", hide = "\u{1B}[8m", reorder = "\u{202E}"

    func testARecordsEscapeSequencesAreEscapedInTheList() throws {
        let pkg = try FailurePackage()
        try pkg.fail("testBadge()", named: "1", reference: try bitmap(6, 4), actual: try bitmap(6, 4, marks: [(2, 1)]))
        try pkg.edit("testBadge.1") {
            $0.summary = ["pixels differ" + Self.clear + Self.hide, "size" + Self.title + Self.reorder]
            $0.testFile = "BadgeTests.swift" + Self.clear
        }
        let list = try labelsnap(["review", "--list"], cwd: pkg.root)
        XCTAssertEqual(list.status, 0, list.stderr)
        for sequence in [Self.clear, Self.title, Self.hide, Self.reorder] {
            XCTAssertFalse(list.stdout.contains(sequence), list.stdout)
        }
        XCTAssertTrue(list.stdout.contains("(BadgeTests.swift\\u{1B}[2J)"), list.stdout)
        XCTAssertFalse(list.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    func testAPNGTextChunksEscapeSequencesAreEscapedByInfo() throws {
        let dir = try temporaryFolder("injection")
        let png = try PNGCodec.encode(try bitmap(2, 2), textChunks: [PNGTextChunk(keyword: "Comment", text: "made by" + Self.clear + Self.title)])
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/a.png", contents: Data(png)))
        let info = try labelsnap(["info", "a.png"], cwd: dir)
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertTrue(info.stdout.contains("made by\\u{1B}[2J\\u{1B}]0;pwned\\u{7}"), info.stdout)
        XCTAssertFalse(info.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, info.stdout)
    }
}

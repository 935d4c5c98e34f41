import Foundation
import TestSupport
import XCTest
import LabelSnapshotTesting

/// One `named:` asserted from two lines of one test would share (and fight over) one reference: the
/// second is refused, naming both lines, in one process and across the processes of one run (as
/// `swift test --parallel` starts them). The same assertion run again (a loop, a repetition) is not.
final class NamedTwiceTests: XCTestCase {
    static let helperVariable = "LABELSNAP_TEST_NAMED_TWICE_HELPER"
    let file = "LabelSnapshotTestingTests/NamedTwiceTests.swift"

    func testTheSameNamedFromTwoLinesIsRefusedWithBothLines() throws {
        let pkg = try TempPackage()
        let (first, firstLine) = (withSnapshotTesting(environment: [:]) { verifySnapshot(of: "light", as: .text, named: "badge", file: pkg.testFile)?.message }, #line)
        let (second, secondLine) = (withSnapshotTesting(environment: [:]) { verifySnapshot(of: "dark", as: .text, named: "badge", file: pkg.testFile)?.message }, #line)
        XCTAssertTrue(first?.hasPrefix("No reference was found") == true, first ?? "nil")
        XCTAssertEqual(second, "Snapshot testTheSameNamedFromTwoLinesIsRefusedWithBothLines.badge was not checked: "
            + "testTheSameNamedFromTwoLinesIsRefusedWithBothLines() named: \"badge\" is used by two assertions of one test, "
            + "at \(file):\(firstLine) and at \(file):\(secondLine); both would use "
            + "__Snapshots__/FakeTests/BadgeTests/testTheSameNamedFromTwoLinesIsRefusedWithBothLines.badge.txt. Give each assertion its own `named:`.")
        XCTAssertEqual(pkg.bytes(pkg.reference("testTheSameNamedFromTwoLinesIsRefusedWithBothLines.badge.txt")), Array("light".utf8),
                       "the refused assertion wrote nothing")
    }

    func testTheSameAssertionRunAgainIsNotRefused() throws {
        let pkg = try TempPackage()
        var messages: [String?] = []
        for _ in 0..<3 {
            messages.append(withSnapshotTesting(environment: [:]) { verifySnapshot(of: "same", as: .text, named: "badge", file: pkg.testFile)?.message })
        }
        XCTAssertTrue(messages[0]?.hasPrefix("No reference was found") == true, "\(messages)")
        XCTAssertEqual(messages.dropFirst().compactMap { $0 }, [], "recorded once, then passes")
    }

    /// Two processes of one run (`LABELSNAP_RUN_ID`), each running the same test whose assertion sits on
    /// another line: the second process is refused with both lines.
    func testTwoProcessesOfOneRunAreRefusedWithBothLines() throws {
        guard TestBundleProcess.bundle != nil else { throw XCTSkip("not running from a test bundle") }
        let pkg = try TempPackage()
        var messages: [String] = [], lines: [String] = []
        for index in 0..<2 {
            let output = pkg.root + "/message-\(index).txt"
            let child = try TestBundleProcess.run(["LabelSnapshotTestingTests.NamedTwiceProcessHelper/testAssertShared"], in: pkg.root,
                                                  environment: ["LABELSNAP_RUN_ID": "named twice \(getpid())",
                                                                Self.helperVariable: "\(pkg.testFile)|\(index)|\(output)"])
            XCTAssertEqual(child.status, 0)
            let text = try String(contentsOfFile: output, encoding: .utf8)
            let newline = try XCTUnwrap(text.firstIndex(of: "\n"))
            lines.append(String(text[..<newline]))
            messages.append(String(text[text.index(after: newline)...]))
        }
        XCTAssertNotEqual(lines[0], lines[1])
        XCTAssertTrue(messages[0].hasPrefix("No reference was found"), messages[0])
        XCTAssertTrue(messages[1].contains("testAssertShared() named: \"shared\" is used by two assertions of one test, "
            + "at \(file):\(lines[0]) and at \(file):\(lines[1]); both would use __Snapshots__/FakeTests/BadgeTests/testAssertShared.shared.txt"), messages[1])
    }
}

/// Run in child processes by `NamedTwiceTests` (it sets the variable); does nothing in a normal run.
final class NamedTwiceProcessHelper: XCTestCase {
    func testAssertShared() throws {
        guard let value = ProcessInfo.processInfo.environment[NamedTwiceTests.helperVariable] else { return }
        let parts = value.split(separator: "|").map(String.init)
        let file = parts[0], output = parts[2]
        let environment = ["LABELSNAP_RUN_ID": ProcessInfo.processInfo.environment["LABELSNAP_RUN_ID"] ?? ""]
        let (message, line) = parts[1] == "0"
            ? (withSnapshotTesting(environment: environment) { verifySnapshot(of: "first", as: .text, named: "shared", file: file)?.message }, #line)
            : (withSnapshotTesting(environment: environment) { verifySnapshot(of: "second", as: .text, named: "shared", file: file)?.message }, #line)
        try "\(line)\n\(message ?? "passed")".write(toFile: output, atomically: true, encoding: .utf8)
    }
}

import Foundation
import XCTest

/// Through the SwiftPM plugin (which sets LABELSNAP_PLUGIN: it has no terminal) `review` lists and says why,
/// and how to run the interactive review in a terminal; it listed silently.
final class PluginReviewTests: XCTestCase {
    func testThePluginsReviewSaysItOnlyLists() throws {
        let pkg = try FailurePackage()
        try pkg.fail("testBadge()", named: "1", reference: try bitmap(4, 4), actual: try bitmap(4, 4, marks: [(0, 0)]))
        let plugin = try labelsnap(["review"], cwd: pkg.root, environment: ["LABELSNAP_PLUGIN": "1"])
        XCTAssertEqual(plugin.status, 0, plugin.stderr)
        XCTAssertTrue(plugin.stdout.hasPrefix("1 pending snapshot failure in "), plugin.stdout)
        XCTAssertEqual(plugin.stderr, "labelsnap: review: listed, not reviewed one at a time: `swift package labelsnap` runs without a "
            + "terminal to read keys from. For the interactive review run it in a terminal: swift build --product labelsnap && "
            + ".build/debug/labelsnap review (swift package labelsnap-list lists without this note, and asks for no write access)\n")
        // Asked to list: no note; outside the plugin (a pipe here): none either.
        XCTAssertEqual(try labelsnap(["review", "--list"], cwd: pkg.root, environment: ["LABELSNAP_PLUGIN": "1"]).stderr, "")
        XCTAssertEqual(try labelsnap(["review"], cwd: pkg.root).stderr, "")
    }

    /// Through the plugin `labelsnap` is not on PATH: the hints name the plugin's commands (write access granted
    /// for those that write); outside it, labelsnap's own. They printed bare `labelsnap accept …` in both.
    func testThePluginsHintsAreThePluginsCommands() throws {
        let pkg = try FailurePackage()
        try pkg.fail("testBadge()", named: "1", reference: try bitmap(4, 4), actual: try bitmap(4, 4, marks: [(0, 0)]))
        let record = pkg.root + "/.build/snapshot-artifacts/FakeTests/BadgeTests/testBadge.1.png.failure.json"
        let writes = "swift package --allow-writing-to-package-directory labelsnap "
        let plugin = try labelsnap(["review", "--list", "--colors", "never"], cwd: pkg.root, environment: ["LABELSNAP_PLUGIN": "1"])
        XCTAssertTrue(plugin.stdout.contains("  accept:      " + writes + "accept " + record + "\n"), plugin.stdout)
        XCTAssertTrue(plugin.stdout.hasSuffix("\nAccept all: " + writes + "accept --all   Report: " + writes + "report\n"), plugin.stdout)
        XCTAssertFalse(plugin.stdout.contains(": labelsnap ") || plugin.stdout.contains("  labelsnap "), plugin.stdout)
        let typo = try labelsnap(["accept", "nothing.9"], cwd: pkg.root, environment: ["LABELSNAP_PLUGIN": "1"])
        XCTAssertTrue(typo.stderr.contains("(see swift package labelsnap-list)"), typo.stderr)
        let direct = try labelsnap(["review", "--list", "--colors", "never"], cwd: pkg.root)
        XCTAssertTrue(direct.stdout.contains("  accept:      swift run labelsnap accept " + record + "\n"), direct.stdout)
        XCTAssertTrue(direct.stdout.hasSuffix("\nAccept all: swift run labelsnap accept --all   Report: swift run labelsnap report\n"), direct.stdout)
    }

    /// Every command a message names runs where it is read: `labelsnap` is on no PATH in a client package, so the
    /// failure message and a labelsnap started by its path (`.build/debug/labelsnap`, `swift run`) say `swift run
    /// labelsnap …`; one started through PATH says `labelsnap …`; the plugin its own. They said a bare `labelsnap`.
    func testEveryNamedCommandRunsWhereItIsRead() throws {
        let pkg = try FailurePackage()
        let record = try pkg.fail("testBadge()", named: "1", reference: try bitmap(4, 4), actual: try bitmap(4, 4, marks: [(0, 0)]))
        XCTAssertTrue(record.message.contains("Accept the actual value:  swift run labelsnap accept " + pkg.record("testBadge.1")), record.message)
        XCTAssertEqual(record.acceptCommand, "swift run labelsnap accept " + pkg.record("testBadge.1"))
        let byPath = try labelsnap(["review", "--list", "--colors", "never"], cwd: pkg.root)
        XCTAssertTrue(byPath.stdout.contains("  accept:      swift run labelsnap accept " + pkg.record("testBadge.1") + "\n"), byPath.stdout)
        let folder = try labelsnapExecutable().deletingLastPathComponent().path
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "labelsnap review --list --colors never"]
        shell.currentDirectoryURL = URL(fileURLWithPath: pkg.root)
        shell.environment = ["PATH": folder + ":/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let out = Pipe()
        shell.standardOutput = out
        try shell.run()
        let listed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        XCTAssertTrue(listed.contains("  accept:      labelsnap accept " + pkg.record("testBadge.1") + "\n"), listed)
        XCTAssertFalse(listed.contains("swift run"), listed)
        // The review model's own messages too (no run manifest yet).
        let empty = try temporaryFolder("labelsnap-no-runs")
        let orphans = try labelsnap(["orphans", "--artifacts", empty], cwd: pkg.root)
        XCTAssertTrue(orphans.stderr.contains("then swift run labelsnap orphans again"), orphans.stderr)
        let plugin = try labelsnap(["orphans", "--artifacts", empty], cwd: pkg.root, environment: ["LABELSNAP_PLUGIN": "1"])
        XCTAssertTrue(plugin.stderr.contains("then swift package --allow-writing-to-package-directory labelsnap orphans again"), plugin.stderr)
    }
}

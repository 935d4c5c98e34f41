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
        let plugin = try labelsnap(["review", "--list", "--color", "never"], cwd: pkg.root, environment: ["LABELSNAP_PLUGIN": "1"])
        XCTAssertTrue(plugin.stdout.contains("  accept:      " + writes + "accept " + record + "\n"), plugin.stdout)
        XCTAssertTrue(plugin.stdout.hasSuffix("\nAccept all: " + writes + "accept --all   Report: " + writes + "report\n"), plugin.stdout)
        XCTAssertFalse(plugin.stdout.contains(": labelsnap ") || plugin.stdout.contains("  labelsnap "), plugin.stdout)
        let typo = try labelsnap(["accept", "nothing.9"], cwd: pkg.root, environment: ["LABELSNAP_PLUGIN": "1"])
        XCTAssertTrue(typo.stderr.contains("(see swift package labelsnap-list)"), typo.stderr)
        let direct = try labelsnap(["review", "--list", "--color", "never"], cwd: pkg.root)
        XCTAssertTrue(direct.stdout.contains("  accept:      labelsnap accept " + record + "\n"), direct.stdout)
        XCTAssertTrue(direct.stdout.hasSuffix("\nAccept all: labelsnap accept --all   Report: labelsnap report\n"), direct.stdout)
    }
}

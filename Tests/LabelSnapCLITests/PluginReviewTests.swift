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
            + ".build/debug/labelsnap review (add --list here to list without this note)\n")
        // Asked to list: no note; outside the plugin (a pipe here): none either.
        XCTAssertEqual(try labelsnap(["review", "--list"], cwd: pkg.root, environment: ["LABELSNAP_PLUGIN": "1"]).stderr, "")
        XCTAssertEqual(try labelsnap(["review"], cwd: pkg.root).stderr, "")
    }
}

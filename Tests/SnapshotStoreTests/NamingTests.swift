import SnapshotMessages
import Foundation
import XCTest
import SnapshotStore

final class NamingTests: XCTestCase {
    func testSanitize() {
        XCTAssertEqual(SnapshotNaming.sanitize("../../etc/passwd"), "etc-passwd")
        XCTAssertEqual(SnapshotNaming.sanitize("/etc/passwd"), "etc-passwd")
        XCTAssertEqual(SnapshotNaming.sanitize(".."), "_")
        XCTAssertEqual(SnapshotNaming.sanitize("."), "_")
        XCTAssertEqual(SnapshotNaming.sanitize(""), "_")
        XCTAssertEqual(SnapshotNaming.sanitize(".hidden"), "hidden")
        XCTAssertEqual(SnapshotNaming.sanitize("a\u{0}b"), "a-b")
        XCTAssertEqual(SnapshotNaming.sanitize("line\nbreak\ttab\u{7F}x"), "line-break-tab-x")
        XCTAssertEqual(SnapshotNaming.sanitize("dark mode, 2x"), "dark-mode-2x")
        XCTAssertEqual(SnapshotNaming.sanitize("C:\\Windows\\..\\x"), "C-Windows-x")
        XCTAssertEqual(SnapshotNaming.sanitize("en_US+rtl.v2"), "en_US+rtl.v2")
        XCTAssertEqual(SnapshotNaming.sanitize("한국어 라벨"), "한국어-라벨")
        XCTAssertEqual(SnapshotNaming.sanitize("a...b"), "a.b")
        XCTAssertEqual(SnapshotNaming.sanitize("a-.-b"), "a-b")
    }

    func testLongNamesAreCutAndStayDistinct() {
        let a = SnapshotNaming.sanitize(String(repeating: "x", count: 5000) + "a")
        let b = SnapshotNaming.sanitize(String(repeating: "x", count: 5000) + "b")
        XCTAssertLessThanOrEqual(a.utf8.count, SnapshotNaming.maximumComponentLength)
        XCTAssertLessThanOrEqual(b.utf8.count, SnapshotNaming.maximumComponentLength)
        XCTAssertNotEqual(a, b)
        let korean = SnapshotNaming.sanitize(String(repeating: "않", count: 500))
        XCTAssertLessThanOrEqual(korean.utf8.count, SnapshotNaming.maximumComponentLength)
        XCTAssertTrue(korean.hasPrefix("않않"))
    }

    func testTestNames() {
        XCTAssertEqual(SnapshotNaming.testName("testFoo()"), "testFoo")
        XCTAssertEqual(SnapshotNaming.testName("testFoo"), "testFoo")
        XCTAssertEqual(SnapshotNaming.testName("render(label:scale:)"), "render")
        XCTAssertEqual(SnapshotNaming.testName("-[BadgeTests testFoo]"), "BadgeTests-testFoo")
        XCTAssertEqual(SnapshotNaming.testFileName("/p/Tests/X/BadgeTests.swift"), "BadgeTests")
    }

    func testShellQuoting() {
        XCTAssertEqual(SnapshotCommand.shellQuote("/a/b-c.json"), "/a/b-c.json")
        XCTAssertEqual(SnapshotCommand.shellQuote("/a b/c"), "'/a b/c'")
        XCTAssertEqual(SnapshotCommand.shellQuote("it's"), "'it'\\''s'")
        XCTAssertEqual(SnapshotCommand.shellQuote("X.*testFoo"), "'X.*testFoo'")
    }

    /// The re-record filter selects exactly the running test: XCTest's `Module.Class/test` anchored at both
    /// ends; Swift Testing's id anchored at the module and ended by the `/` before its source location; escaped.
    /// Checked against names as the two libraries spell them (`--list-tests`; Swift Testing searches its id with
    /// the source location appended), not against the code's own strings.
    func testRecordFilterSelectsExactlyTheRunningTest() throws {
        let root = NSTemporaryDirectory() + "labelsnap-filter-\(getpid())"
        XCTAssertNoThrow(try FileManager.default.createDirectory(atPath: root + "/Tests/AppTests", withIntermediateDirectories: true))
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/Package.swift", contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: root) }
        let location = SnapshotLocation.next(filePath: root + "/Tests/AppTests/BadgeTests.swift", testName: "testBadge()", name: "x",
                                             pathExtension: "png", environment: [:], counter: SnapshotCounter())
        func selected(_ pattern: String, _ names: [String]) throws -> [String] {
            let regex = try Regex(pattern)
            return names.filter { $0.firstMatch(of: regex) != nil }
        }
        let xctestNames = ["AppTests.BadgeTests/testBadge", "AppTests.BadgeTests/testBadgeLayout", "AppTests.OtherTests/testBadge",
                           "XAppTests.BadgeTests/testBadge", "AppTests.BadgeTestsX/testBadge"]
        let known = SnapshotVerifier.testFilter(for: location, testCase: "BadgeTests.testBadge")
        XCTAssertEqual(try selected(known, xctestNames), ["AppTests.BadgeTests/testBadge"])
        XCTAssertEqual(SnapshotVerifier.recordCommand(.failed, for: location, testCase: "BadgeTests.testBadge"),
                       "SNAPSHOT_TESTING_RECORD=failed swift test --filter '^AppTests\\.BadgeTests/testBadge$'")
        // No case known: the name in any suite of the module, never a longer name.
        for unknown in [nil, "AppTests.BadgeSuite.testBadge()", "AppTests/BadgeTests.swift.testBadge", "BadgeTests.testOther"] {
            let pattern = SnapshotVerifier.testFilter(for: location, testCase: unknown)
            XCTAssertEqual(try selected(pattern, xctestNames), ["AppTests.BadgeTests/testBadge", "AppTests.OtherTests/testBadge",
                                                                "AppTests.BadgeTestsX/testBadge"], "\(unknown ?? "nil")")
        }

        let swiftTestingNames = ["AppTests.STBadgeTests/badge()/STBadgeTests.swift:5:6", "AppTests.STBadgeTests/badgeLayout()/STBadgeTests.swift:7:6",
                                 "AppTests.RawIdentTests/`badge renders in dark mode`()/RawIdentTests.swift:3:6",
                                 "AppTests.Outer/STBadgeTests/badge()/Outer.swift:9:10", "AppTests.badge()/Free.swift:1:2",
                                 "AppTests.Sizes/badge(width:)/Sizes.swift:4:6"]
        func swiftTesting(_ components: [String]) throws -> [String] {
            try selected(TestFilter.swiftTesting(moduleName: "AppTests", nameComponents: components), swiftTestingNames + xctestNames)
        }
        XCTAssertEqual(try swiftTesting(["STBadgeTests", "badge()"]), [swiftTestingNames[0]])
        XCTAssertEqual(try swiftTesting(["RawIdentTests", "`badge renders in dark mode`()"]), [swiftTestingNames[2]])
        XCTAssertEqual(try swiftTesting(["Outer", "STBadgeTests", "badge()"]), [swiftTestingNames[3]])
        XCTAssertEqual(try swiftTesting(["badge()"]), [swiftTestingNames[4]])
        XCTAssertEqual(try swiftTesting(["Sizes", "badge(width:)"]), [swiftTestingNames[5]])
        XCTAssertEqual(TestFilter.swiftTesting(moduleName: "AppTests", nameComponents: ["STBadgeTests", "badge()"]),
                       "^AppTests\\.STBadgeTests/badge\\(\\)/", "the form a user ran")
        XCTAssertEqual(TestFilter.escaped("a.b*c+d?(e)[f]{g}^h$i|j\\k l/m"), "a\\.b\\*c\\+d\\?\\(e\\)\\[f\\]\\{g\\}\\^h\\$i\\|j\\\\k l/m")
    }
}

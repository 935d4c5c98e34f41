import Foundation
import XCTest
@testable import SnapshotStore

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
        XCTAssertEqual(SnapshotVerifier.shellQuote("/a/b-c.json"), "/a/b-c.json")
        XCTAssertEqual(SnapshotVerifier.shellQuote("/a b/c"), "'/a b/c'")
        XCTAssertEqual(SnapshotVerifier.shellQuote("it's"), "'it'\\''s'")
        XCTAssertEqual(SnapshotVerifier.shellQuote("X.*testFoo"), "'X.*testFoo'")
    }

    /// The re-record filter names the XCTest class when the running case is known (XCTest calls it
    /// `BadgeTests.testBadge`), so `testBadge` of another class is not run too; otherwise module and test.
    func testRecordFilterNamesTheXCTestClassWhenKnown() {
        func filter(_ file: String, _ testCase: String?) -> String {
            let location = SnapshotLocation.next(filePath: file, testName: "testBadge()", name: "x", pathExtension: "png",
                                                 environment: [:], counter: SnapshotCounter())
            return SnapshotVerifier.testFilter(for: location, testCase: testCase)
        }
        let file = "/nowhere-\(getpid())/Tests/AppTests/BadgeTests.swift"   // no Package.swift: its folder is the root
        XCTAssertEqual(filter(file, nil), "testBadge")
        let root = NSTemporaryDirectory() + "labelsnap-filter-\(getpid())"
        XCTAssertNoThrow(try FileManager.default.createDirectory(atPath: root + "/Tests/AppTests", withIntermediateDirectories: true))
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/Package.swift", contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: root) }
        let inPackage = root + "/Tests/AppTests/BadgeTests.swift"
        XCTAssertEqual(filter(inPackage, "BadgeTests.testBadge"), "AppTests.BadgeTests/testBadge$")
        XCTAssertEqual(filter(inPackage, nil), "AppTests.*testBadge")
        XCTAssertEqual(filter(inPackage, "AppTests.BadgeSuite.testBadge()"), "AppTests.*testBadge", "a Swift Testing id")
        XCTAssertEqual(filter(inPackage, "AppTests/BadgeTests.swift.testBadge"), "AppTests.*testBadge", "the first case's stand-in")
        XCTAssertEqual(filter(inPackage, "BadgeTests.testOther"), "AppTests.*testBadge", "another test's case")
        let location = SnapshotLocation.next(filePath: inPackage, testName: "testBadge()", name: "x", pathExtension: "png",
                                             environment: [:], counter: SnapshotCounter())
        XCTAssertEqual(SnapshotVerifier.recordCommand(.failed, for: location, testCase: "BadgeTests.testBadge"),
                       "SNAPSHOT_TESTING_RECORD=failed swift test --filter 'AppTests.BadgeTests/testBadge$'")
    }
}

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
}

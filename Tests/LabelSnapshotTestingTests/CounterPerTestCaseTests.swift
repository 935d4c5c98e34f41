import Foundation
@testable import LabelSnapshotTesting
import TestSupport
import XCTest

/// Two XCTest classes in one file with a method of the same name: each numbers its unnamed snapshots
/// from 1 (whatever runs before it, whatever --filter selects), and the second to reach `testBadge.1`
/// gets a clear failure instead of being compared against the other's reference.
enum SameMethodFixture {
    nonisolated(unsafe) static let package = try! TempPackage()
    static let lock = NSLock()
    nonisolated(unsafe) static var outcomes: [String] = []

    static func check(_ text: String) {
        let first = withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: text, as: .text, file: package.testFile, testName: "testBadge()")?.message
        }
        let message = try! XCTUnwrap(first)
        lock.lock(); defer { lock.unlock() }
        if message.hasPrefix("No reference was found for snapshot testBadge.1:") {
            outcomes.append("recorded")
        } else {
            XCTAssertTrue(message.contains("both map to __Snapshots__/FakeTests/BadgeTests/testBadge.1.txt"), message)
            // The refused test names itself (the tracker knows every test case after the first assertion).
            XCTAssertTrue(message.contains("of SameMethod"), message)
            // Its re-record command selects it by class: `.*testBadge` would run both classes' testBadge.
            let hint = withSnapshotTesting(environment: ["CI": "1"]) {
                verifySnapshot(of: text, as: .text, named: "hint", file: package.testFile, testName: "testBadge()")?.message
            }
            XCTAssertTrue(hint?.contains("Record it:  SNAPSHOT_TESTING_RECORD=missing swift test --filter '^LabelSnapshotTestingTests\\.SameMethod\(text)/testBadge$'") == true,
                          hint ?? "passed")
            outcomes.append("refused")
        }
        XCTAssertEqual(outcomes.filter { $0 == "recorded" }.count, 1, "\(outcomes)")
    }
}

final class SameMethodA: XCTestCase { func testBadge() { SameMethodFixture.check("A") } }
final class SameMethodB: XCTestCase { func testBadge() { SameMethodFixture.check("B") } }

/// `swift test --parallel` starts one process per test with `Module.Class/testName`: its first case
/// (the only one) is named by class from that argument, so two classes of one file with a same-named
/// test are two tests there too, not "two assertions of one test".
final class FirstCaseNameTests: XCTestCase {
    func testTheParallelRunnersSpecifierNamesTheClass() {
        XCTAssertEqual(XCTestCaseTracker.nameFromCommandLine(testName: "testSame()", arguments: ["x.xctest", "AppTests.AAASecond/testSame"]),
                       "AAASecond.testSame")
        XCTAssertEqual(XCTestCaseTracker.nameFromCommandLine(testName: "testSame", arguments: ["x.xctest", "AAAFirst/testSame"]),
                       "AAAFirst.testSame")
    }

    func testNoSingleSpecifierOfThatTestNamesNothing() {
        XCTAssertNil(XCTestCaseTracker.nameFromCommandLine(testName: "testSame()", arguments: ["x.xctest"]))
        XCTAssertNil(XCTestCaseTracker.nameFromCommandLine(testName: "testSame()", arguments: ["x.xctest", "AppTests.AAASecond/testOther"]))
        XCTAssertNil(XCTestCaseTracker.nameFromCommandLine(testName: "testSame()",
                                                           arguments: ["x.xctest", "A.B/testSame", "A.C/testSame"]))
        XCTAssertNil(XCTestCaseTracker.nameFromCommandLine(testName: "testSame()", arguments: ["x.xctest", "--filter/testSame"]))
        XCTAssertNil(XCTestCaseTracker.nameFromCommandLine(testName: "testSame()", arguments: ["x.xctest", "AppTests.AAASecond"]))
    }
}

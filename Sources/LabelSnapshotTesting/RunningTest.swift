import Foundation
#if canImport(XCTest)
import XCTest
#endif
#if canImport(Testing)
import Testing
#endif

/// The test that is running an assertion, so that unnamed snapshots are numbered per test case (from 1,
/// whatever else runs in the process or is filtered out) and two tests of the same name cannot share files.
struct RunningTest {
    /// `Module.Suite.test()` under Swift Testing, `BadgeTests.testBadge` under XCTest; nil when unknown.
    var identity: String?
    /// A Swift Testing test with arguments: its cases run in parallel, so unnamed snapshots are refused.
    var isParameterized: Bool

    static func current() -> RunningTest {
        #if canImport(Testing)
        if let test = Test.current {
            return RunningTest(identity: ([test.id.moduleName] + test.id.nameComponents).joined(separator: "."),
                               isParameterized: test.isParameterized)
        }
        #endif
        #if canImport(XCTest)
        return RunningTest(identity: XCTestCaseTracker.shared.currentName, isParameterized: false)
        #else
        return RunningTest(identity: nil, isParameterized: false)
        #endif
    }
}

#if canImport(XCTest)
/// Follows XCTest's test cases through `XCTestObservationCenter`. Installed by the first assertion, so the
/// first test case of a process is unnamed (nil): it is still the only one with that identity.
final class XCTestCaseTracker: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared: XCTestCaseTracker = {
        let tracker = XCTestCaseTracker()
        XCTestObservationCenter.shared.addTestObserver(tracker)
        return tracker
    }()

    private let lock = NSLock()
    private var name: String?

    var currentName: String? {
        lock.lock(); defer { lock.unlock() }
        return name
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.lock(); defer { lock.unlock() }
        name = testCase.name
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.lock(); defer { lock.unlock() }
        name = nil
    }
}
#endif

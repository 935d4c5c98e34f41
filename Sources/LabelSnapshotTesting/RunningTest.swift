import Foundation
import SnapshotStore
#if canImport(XCTest)
import XCTest
#endif
#if canImport(Testing)
import Testing
#endif

/// The test that is running an assertion, so that unnamed snapshots are numbered per run of a test case
/// (from 1, whatever else runs in the process or is filtered out) and two tests of the same name cannot
/// share files.
struct RunningTest {
    /// `Module.Suite.test()` under Swift Testing, `BadgeTests.testBadge` under XCTest; nil when unknown.
    var identity: String?
    /// A Swift Testing test with arguments: its cases run in parallel, so unnamed snapshots are refused.
    var isParameterized: Bool

    /// - Parameters: `fileID` and `testName` of the assertion name the first XCTest case of a process,
    ///   which starts before the first assertion installs the observer.
    static func current(fileID: String, testName: String) -> RunningTest {
        #if canImport(Testing)
        if let test = Test.current {
            return RunningTest(identity: ([test.id.moduleName] + test.id.nameComponents).joined(separator: "."),
                               isParameterized: test.isParameterized)
        }
        #endif
        #if canImport(XCTest)
        return RunningTest(identity: XCTestCaseTracker.shared.currentName(fallback: fileID + "." + SnapshotNaming.testName(testName)),
                           isParameterized: false)
        #else
        return RunningTest(identity: nil, isParameterized: false)
        #endif
    }
}

/// Starts a new run of the running test, as each start of an XCTest case and the `.snapshots` trait do:
/// its unnamed snapshots are numbered from 1 again, and the references its assertions claimed are
/// released (so the same `named:` may be asserted again from another line, as in a new run). For a test
/// that repeats its own body, or a Swift Testing test repeated without the trait.
public func startSnapshotRun(fileID: String = #fileID, testName: String = #function) {
    if let identity = RunningTest.current(fileID: fileID, testName: testName).identity {
        SnapshotCounter.shared.startRun(testCase: identity)
    }
}

#if canImport(XCTest)
/// Follows XCTest's test cases through `XCTestObservationCenter`: each start of a case (also the same
/// case again in one process, a retry) numbers its unnamed snapshots from 1 again. Installed by the first
/// assertion, which runs inside the first case: that case is named from the assertion's `#fileID` and
/// test name until it finishes.
final class XCTestCaseTracker: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared: XCTestCaseTracker = {
        let tracker = XCTestCaseTracker()
        XCTestObservationCenter.shared.addTestObserver(tracker)
        return tracker
    }()

    private let lock = NSLock()
    private var name: String?
    private var sawACase = false

    /// `fallback` is made only when no case is known (not on every assertion of a named case).
    func currentName(fallback: @autoclosure () -> String) -> String {
        lock.lock(); defer { lock.unlock() }
        if let name { return name }
        if !sawACase { name = fallback() }   // the first case, already running when the tracker was installed
        return name ?? fallback()
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.lock()
        name = testCase.name
        sawACase = true
        lock.unlock()
        SnapshotCounter.shared.startRun(testCase: testCase.name)
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.lock(); defer { lock.unlock() }
        name = nil
        sawACase = true
    }
}
#endif

import Foundation
import SnapshotStore
import CSnapshotRun
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
            let identity = ([test.id.moduleName] + test.id.nameComponents).joined(separator: ".")
            if !test.isParameterized { SwiftTestingRunTracker.shared.noteAssertion(testCase: identity) }
            return RunningTest(identity: identity, isParameterized: test.isParameterized)
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

#if canImport(Testing)
/// Tells one run of a Swift Testing test from the next without the `.snapshots` trait. Swift Testing
/// 6.3 gives no public signal that a test starts again (`--repetitions`, `--retries`: `Test.current`
/// and `Test.Case.current` are equal in every iteration; swift-testing#1041 asks for one), but it runs
/// each run of a test body in a new task it names "[Swift Testing] test …". So an assertion made in such
/// a task whose runtime task number (`lsr_current_task_id`; never reused, unlike task addresses) differs
/// from the one the test's last assertion ran in starts a new run. Tasks the body creates are unnamed
/// (names are not inherited) and count within the run. Inside the trait's scope the trait starts runs.
/// Left open: an iteration whose first assertion runs in a child task before the body's own task
/// asserts counts on from the previous iteration until then; the trait covers that case.
final class SwiftTestingRunTracker: @unchecked Sendable {
    static let shared = SwiftTestingRunTracker()
    /// The prefix Swift Testing 6.x gives the name of the task that runs a test body.
    static let testTaskNamePrefix = "[Swift Testing] test "

    private let lock = NSLock()
    private var lastTask: [String: UInt64] = [:]

    func noteAssertion(testCase: String) {
        guard !SnapshotsTrait.isInScope, let name = Task.name, name.hasPrefix(Self.testTaskNamePrefix) else { return }
        noteAssertion(testCase: testCase, taskID: lsr_current_task_id())
    }

    /// `taskID` 0 is unknown (no runtime entry point): nothing is started.
    func noteAssertion(testCase: String, taskID: UInt64) {
        guard taskID != 0 else { return }
        lock.lock()
        let startsRun = lastTask[testCase].map { $0 != taskID } ?? false
        lastTask[testCase] = taskID
        lock.unlock()
        if startsRun { SnapshotCounter.shared.startRun(testCase: testCase) }
    }
}
#endif

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

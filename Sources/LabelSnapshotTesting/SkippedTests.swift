import SnapshotStore
#if canImport(XCTest)
import XCTest

/// Notes each XCTest case skipped in the run (`XCTSkip`, `testRun.hasBeenSkipped`) in the run's manifest, so
/// that `labelsnap orphans` does not take the references of a test that did not run for unused ones.
///
/// Installed with the case tracker, by the first assertion of a process: a case skipped before it is found
/// when its suite finishes (every suite's `tests` are walked then), so a whole `swift test` process is
/// covered as long as it makes one assertion. A process that never asserts (a `--parallel` worker that ran
/// only skipped tests) notes nothing. Swift Testing does not tell a library which tests it skipped
/// (`.enabled(if:)`, `.disabled`): its events are not public API.
final class SkippedTestObserver: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared: SkippedTestObserver = {
        let observer = SkippedTestObserver()
        XCTestObservationCenter.shared.addTestObserver(observer)
        return observer
    }()

    func testCaseDidFinish(_ testCase: XCTestCase) { note(testCase) }

    func testSuiteDidFinish(_ testSuite: XCTestSuite) { walk(testSuite) }

    private func walk(_ test: XCTest) {
        if let suite = test as? XCTestSuite {
            for child in suite.tests { walk(child) }
        } else if let testCase = test as? XCTestCase {
            note(testCase)
        }
    }

    private func note(_ testCase: XCTestCase) {
        if testCase.testRun?.hasBeenSkipped == true { SnapshotRunManifestWriter.noteSkipped(test: testCase.name) }
    }
}
#endif

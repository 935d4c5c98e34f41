#if canImport(Testing)
import Foundation
import SnapshotTestSupport
import Testing
@testable import LabelSnapshotTesting
import CSnapshotRun

/// Issue 11: `--repetitions 3` passes on recorded references without the `.snapshots` trait. This test
/// bundle is run again as a child process, as SwiftPM runs it, on one helper test with two unnamed
/// snapshots: once to record them, then three times over.
@Suite struct RepetitionsTests {
    static let helperVariable = "LABELSNAP_TEST_REPETITIONS_HELPER"

    @Test func repetitionsWithoutTheTraitPassOnRecordedReferences() throws {
        let bundle = CommandLine.arguments[0]
        guard bundle.hasSuffix(".xctest") else { return }   // not run from a SwiftPM test bundle
        let pkg = try TempPackage()
        func runHelper(record: String, repetitions: Int) throws -> (status: Int32, output: String) {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: bundle)
            child.arguments = ["--testing-library", "swift-testing", "--repetitions", String(repetitions),
                               "--filter", "RepetitionsTests/repetitionsHelper"]
            child.currentDirectoryURL = URL(fileURLWithPath: pkg.root)   // its run manifest stays in the throw-away package
            var environment = ProcessInfo.processInfo.environment
            environment[Self.helperVariable] = pkg.testFile
            environment["SNAPSHOT_TESTING_RECORD"] = record
            environment["SNAPSHOT_ARTIFACTS"] = pkg.root + "/artifacts"
            environment["LABELSNAP_SNAPSHOTS_DIR"] = nil
            child.environment = environment
            let output = Pipe()
            child.standardOutput = output
            child.standardError = output
            try child.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            return (child.terminationStatus, text)
        }
        let recording = try runHelper(record: "missing", repetitions: 1)
        #expect(recording.status != 0, "the first run records and fails")
        #expect(pkg.list(pkg.referenceFolder) == ["repetitionsHelper.1.txt", "repetitionsHelper.2.txt"])

        let repeated = try runHelper(record: "never", repetitions: 3)
        #expect(repeated.status == 0, "\(repeated.output.suffix(2_000))")
        #expect(repeated.output.contains("Iteration 3"), "three iterations ran")
        #expect(pkg.list(pkg.referenceFolder) == ["repetitionsHelper.1.txt", "repetitionsHelper.2.txt"])
    }

    /// Two unnamed snapshots, one of them from a task the body creates (it counts within the run).
    @Test(.enabled(if: ProcessInfo.processInfo.environment[RepetitionsTests.helperVariable] != nil))
    func repetitionsHelper() async throws {
        let file = try #require(ProcessInfo.processInfo.environment[Self.helperVariable])
        #expect(verifySnapshot(of: "first", as: .text, file: file) == nil)
        let second = await Task { verifySnapshot(of: "second", as: .text, file: file, testName: "repetitionsHelper()") }.value
        #expect(second == nil)
    }

    /// The rule itself: a new task number starts a run, the same number (or an unknown one) does not.
    @Test func aNewTaskStartsARunTheSameTaskDoesNot() {
        let tracker = SwiftTestingRunTracker()
        let test = "RepetitionsTests.rule-\(UInt32.random(in: 0...UInt32.max))"
        let folder = "/tmp/rule"
        tracker.noteAssertion(testCase: test, taskID: 41)
        #expect(SnapshotCounter.shared.next(folder: folder, testName: "t", testCase: test) == 1)
        tracker.noteAssertion(testCase: test, taskID: 41)
        #expect(SnapshotCounter.shared.next(folder: folder, testName: "t", testCase: test) == 2)
        tracker.noteAssertion(testCase: test, taskID: 0)
        #expect(SnapshotCounter.shared.next(folder: folder, testName: "t", testCase: test) == 3)
        tracker.noteAssertion(testCase: test, taskID: 57)
        #expect(SnapshotCounter.shared.next(folder: folder, testName: "t", testCase: test) == 1)
    }

    /// The runtime's task numbers: the same inside one task, another in the next task, even when the
    /// next one reuses the address of the first.
    @Test func taskNumbersAreNeverReused() async {
        let here = lsr_current_task_id()
        #expect(here != 0)
        #expect(lsr_current_task_id() == here)
        var seen: Set<UInt64> = [here]
        for _ in 0..<50 {
            let id = await Task { lsr_current_task_id() }.value
            #expect(!seen.contains(id))
            seen.insert(id)
        }
    }
}
#endif

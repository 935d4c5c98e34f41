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
        func runHelper(record: String, repetitions: Int, filter: String = "RepetitionsTests/repetitionsHelper") throws -> (status: Int32, output: String) {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: bundle)
            child.arguments = ["--testing-library", "swift-testing", "--repetitions", String(repetitions),
                               "--filter", filter]
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
        #expect(pkg.list(pkg.referenceFolder) == ["repetitionsHelper.1.txt", "repetitionsHelper.2.txt", "repetitionsHelper.child.txt"])

        let repeated = try runHelper(record: "never", repetitions: 3)
        #expect(repeated.status == 0, "\(repeated.output.suffix(2_000))")
        #expect(repeated.output.contains("Iteration 3"), "three iterations ran")
        #expect(pkg.list(pkg.referenceFolder) == ["repetitionsHelper.1.txt", "repetitionsHelper.2.txt", "repetitionsHelper.child.txt"])

        // A failure from Task.detached (no Test.current) fails the run instead of vanishing.
        let detached = try runHelper(record: "never", repetitions: 1, filter: "RepetitionsTests/detachedFailureHelper")
        #expect(detached.status != 0)
        #expect(detached.output.contains("detached-failure-marker"), "\(detached.output.suffix(2_000))")
    }

    /// Two unnamed snapshots in the body, after a named one from a task the body creates.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[RepetitionsTests.helperVariable] != nil))
    func repetitionsHelper() async throws {
        let file = try #require(ProcessInfo.processInfo.environment[Self.helperVariable])
        let child = await Task { verifySnapshot(of: "child", as: .text, named: "child", file: file, testName: "repetitionsHelper()") }.value
        #expect(child == nil)
        #expect(verifySnapshot(of: "first", as: .text, file: file) == nil)
        #expect(verifySnapshot(of: "second", as: .text, file: file) == nil)
    }

    /// A failure reported from `Task.detached`, where `Test.current` is nil (only in the child process).
    @Test(.enabled(if: ProcessInfo.processInfo.environment[RepetitionsTests.helperVariable] != nil))
    func detachedFailureHelper() async {
        await Task.detached { recordSnapshotIssue("detached-failure-marker") }.value
    }

    /// Unnamed snapshots made in tasks the test creates would be numbered in the order the tasks run
    /// (a breaker saw 7 of 12 runs swap two of them): refused, naming the way out; named ones are kept.
    @Test func unnamedSnapshotsInChildTasksAreRefused() async throws {
        let pkg = try TempPackage()
        let file = pkg.testFile
        let fromTask = await Task { withSnapshotTesting(record: .missing, environment: [:]) {
            verifySnapshot(of: "a", as: .text, file: file) } }.value
        async let fromAsyncLet = withSnapshotTesting(record: .missing, environment: [:]) { verifySnapshot(of: "b", as: .text, file: file) }
        let fromDetached = await Task.detached { withSnapshotTesting(record: .missing, environment: [:]) {
            verifySnapshot(of: "c", as: .text, file: file) } }.value
        let named = await Task { withSnapshotTesting(record: .missing, environment: [:]) {
            verifySnapshot(of: "d", as: .text, named: "child", file: file) } }.value
        for message in [fromTask, await fromAsyncLet] {
            #expect(message?.contains("made in a task the test created") == true, "\(message ?? "nil")")
            #expect(message?.contains("give it a `named:`") == true)
        }
        #expect(fromDetached?.contains("outside any Swift Testing test") == true, "\(fromDetached ?? "nil")")
        #expect(named?.hasPrefix("No reference was found") == true, "\(named ?? "nil")")
        let listed = pkg.list(pkg.referenceFolder)
        #expect(listed == ["unnamedSnapshotsInChildTasksAreRefused.child.txt"], "\(listed)")
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

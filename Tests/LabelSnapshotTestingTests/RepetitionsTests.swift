import SnapshotStore
#if canImport(Testing)
import Foundation
import TestSupport
import Testing
@testable import LabelSnapshotTesting
import CSnapshotStore

/// `--repetitions 3` passes on recorded references without the `.snapshots` trait. This test
/// bundle is run again as a child process, as SwiftPM runs it, on one helper test with two unnamed
/// snapshots: once to record them, then three times over.
@Suite struct RepetitionsTests {
    static let helperVariable = "LABELSNAP_TEST_REPETITIONS_HELPER"

    @Test func repetitionsWithoutTheTraitPassOnRecordedReferences() throws {
        let bundle = CommandLine.arguments[0]
        guard bundle.hasSuffix(".xctest") else { return }   // not run from a SwiftPM test bundle
        let pkg = try TempPackage()
        func runHelper(record: String, repetitions: Int, filter: String = "RepetitionsTests/repetitionsHelper") throws -> (status: Int32, output: String) {
            try Self.runBundle(bundle, in: pkg, record: record, repetitions: repetitions, filter: filter)
        }
        let recording = try runHelper(record: "missing", repetitions: 1)
        #expect(recording.status != 0, "the first run records and fails")
        #expect(pkg.list(pkg.referenceFolder) == ["RepetitionsTests.repetitionsHelper.1.txt", "RepetitionsTests.repetitionsHelper.2.txt", "RepetitionsTests.repetitionsHelper.child.txt"])

        let repeated = try runHelper(record: "never", repetitions: 3)
        #expect(repeated.status == 0, "\(repeated.output.suffix(2_000))")
        #expect(repeated.output.contains("Iteration 3"), "three iterations ran")
        #expect(pkg.list(pkg.referenceFolder) == ["RepetitionsTests.repetitionsHelper.1.txt", "RepetitionsTests.repetitionsHelper.2.txt", "RepetitionsTests.repetitionsHelper.child.txt"])

        // A failure from Task.detached (no Test.current) fails the run instead of vanishing.
        let detached = try runHelper(record: "never", repetitions: 1, filter: "RepetitionsTests/detachedFailureHelper")
        #expect(detached.status != 0)
        #expect(detached.output.contains("detached-failure-marker"), "\(detached.output.suffix(2_000))")
        #expect(detached.output.contains("asserted at LabelSnapshotTestingTests/RepetitionsTests.swift:"), "\(detached.output.suffix(2_000))")
        #expect(detached.output.contains("outside any Swift Testing test"))
    }

    /// Runs this test bundle on `filter` with Swift Testing, in the throw-away package, as SwiftPM would.
    static func runBundle(_ bundle: String, in pkg: TempPackage, record: String, repetitions: Int,
                          filter: String) throws -> (status: Int32, output: String) {
        try TestBundleProcess.run(["--testing-library", "swift-testing", "--repetitions", String(repetitions), "--filter", filter],
                                  in: pkg.root,
                                  environment: [helperVariable: pkg.testFile, "SNAPSHOT_TESTING_RECORD": record,
                                                "SNAPSHOT_ARTIFACTS": pkg.root + "/artifacts", "LABELSNAP_SNAPSHOTS_DIR": nil],
                                  executable: bundle, captureOutput: true)
    }

    /// Two unnamed snapshots in the body, after a named one from a task the body creates.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[RepetitionsTests.helperVariable] != nil))
    func repetitionsHelper() async throws {
        let file = try #require(ProcessInfo.processInfo.environment[Self.helperVariable])
        let child = await Task { verifySnapshot(of: "child", as: .text, named: "child", file: file, testName: "repetitionsHelper()")?.message }.value
        #expect(child == nil)
        #expect(verifySnapshot(of: "first", as: .text, file: file)?.message == nil)
        #expect(verifySnapshot(of: "second", as: .text, file: file)?.message == nil)
    }

    /// A failure reported from `Task.detached`, where `Test.current` is nil (only in the child process).
    @Test(.enabled(if: ProcessInfo.processInfo.environment[RepetitionsTests.helperVariable] != nil))
    func detachedFailureHelper() async {
        await Task.detached { recordSnapshotIssue("detached-failure-marker") }.value
    }

    /// In a process that runs each test once, unnamed snapshots in tasks a test creates count within the
    /// run (awaited one after the other here, so their order is fixed); outside any test (Task.detached)
    /// neither the test nor the run is known: refused, naming the way out.
    @Test func unnamedSnapshotsInTasksCountOnAndOutsideATestAreRefused() async throws {
        let pkg = try TempPackage()
        let file = pkg.testFile
        let fromTask = await Task { withSnapshotTesting(record: .missing, environment: [:]) {
            verifySnapshot(of: "a", as: .text, file: file)?.message } }.value
        async let fromAsyncLet = withSnapshotTesting(record: .missing, environment: [:]) { verifySnapshot(of: "b", as: .text, file: file)?.message }
        let second = await fromAsyncLet
        let fromDetached = await Task.detached { withSnapshotTesting(record: .missing, environment: [:]) {
            verifySnapshot(of: "c", as: .text, file: file)?.message } }.value
        let test = "RepetitionsTests.unnamedSnapshotsInTasksCountOnAndOutsideATestAreRefused"
        #expect(fromTask?.hasPrefix("No reference was found for snapshot \(test).1") == true, "\(fromTask ?? "nil")")
        #expect(second?.hasPrefix("No reference was found for snapshot \(test).2") == true, "\(second ?? "nil")")
        #expect(fromDetached?.contains("outside any Swift Testing test") == true, "\(fromDetached ?? "nil")")
        #expect(fromDetached?.contains("give it a `named:`") == true)
        #expect(pkg.list(pkg.referenceFolder) == ["\(test).1.txt", "\(test).2.txt"])
    }

    /// Children of a task group run at the same time: numbering their unnamed snapshots in the order they
    /// assert gave each run other files. The first child to make one is numbered (it may be the task a `.timeLimit`
    /// runs the body in); every other child's is refused, naming the way out; a `named:` one is recorded.
    @Test func unnamedSnapshotsInATaskGroupsChildrenAreRefused() async throws {
        let pkg = try TempPackage()
        let file = pkg.testFile
        let test = "RepetitionsTests.unnamedSnapshotsInATaskGroupsChildrenAreRefused"
        let results = await withTaskGroup(of: String?.self) { group in
            for i in 0..<3 {
                group.addTask { withSnapshotTesting(record: .missing, environment: [:]) { verifySnapshot(of: "c\(i)", as: .text, file: file)?.message } }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        let refused = results.filter { $0?.contains("child task of a task group while another child") == true }
        #expect(refused.count == 2, "\(results)")
        #expect(refused.allSatisfy { $0?.contains("give each a `named:`") == true })
        // The rule is said where it bites: the first child's snapshot was numbered, and which child is first varies.
        #expect(refused.allSatisfy { $0?.contains("the first child's was numbered, and which child is first can change from run to run") == true })
        #expect(results.filter { $0?.hasPrefix("No reference was found for snapshot \(test).1") == true }.count == 1, "\(results)")
        await withDiscardingTaskGroup { group in
            group.addTask { _ = withSnapshotTesting(record: .missing, environment: [:]) { verifySnapshot(of: "n", as: .text, named: "n", file: file)?.message } }
        }
        #expect(pkg.list(pkg.referenceFolder) == ["\(test).1.txt", "\(test).n.txt"])
    }

    /// `.timeLimit` runs the body in a task Swift Testing does not name (only in the child process).
    @Test(.enabled(if: ProcessInfo.processInfo.environment[RepetitionsTests.helperVariable] != nil), .timeLimit(.minutes(1)))
    func timeLimitHelper() throws {
        let file = try #require(ProcessInfo.processInfo.environment[Self.helperVariable])
        #expect(verifySnapshot(of: "limited one", as: .text, file: file)?.message == nil)
        #expect(verifySnapshot(of: "limited two", as: .text, file: file)?.message == nil)
    }

    /// The same with the `.snapshots` trait, which starts each run itself.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[RepetitionsTests.helperVariable] != nil), .timeLimit(.minutes(1)), .snapshots)
    func timeLimitWithTraitHelper() throws {
        let file = try #require(ProcessInfo.processInfo.environment[Self.helperVariable])
        #expect(verifySnapshot(of: "limited one", as: .text, file: file)?.message == nil)
        #expect(verifySnapshot(of: "limited two", as: .text, file: file)?.message == nil)
    }

    /// Under `--repetitions`, a body Swift Testing runs in an unnamed task (`.timeLimit`) cannot be told
    /// from its last repetition: its unnamed snapshots are refused with the way out (the trait), and
    /// nothing is recorded; with the trait they pass every repetition.
    @Test func repetitionsOfATimeLimitedTestNeedTheTrait() throws {
        let bundle = CommandLine.arguments[0]
        guard bundle.hasSuffix(".xctest") else { return }
        let pkg = try TempPackage()
        let recorded = try Self.runBundle(bundle, in: pkg, record: "missing", repetitions: 1,
                                          filter: "RepetitionsTests/timeLimit")
        #expect(recorded.status != 0, "the first run records and fails")
        let files = ["timeLimitHelper.1.txt", "timeLimitHelper.2.txt", "timeLimitWithTraitHelper.1.txt", "timeLimitWithTraitHelper.2.txt"]
            .map { "RepetitionsTests." + $0 }
        #expect(pkg.list(pkg.referenceFolder) == files)

        let withoutTrait = try Self.runBundle(bundle, in: pkg, record: "missing", repetitions: 2, filter: "RepetitionsTests/timeLimitHelper")
        #expect(withoutTrait.status != 0)
        #expect(withoutTrait.output.contains("add the `.snapshots` trait"), "\(withoutTrait.output.suffix(2_000))")
        let withTrait = try Self.runBundle(bundle, in: pkg, record: "never", repetitions: 3, filter: "RepetitionsTests/timeLimitWithTraitHelper")
        #expect(withTrait.status == 0, "\(withTrait.output.suffix(2_000))")
        #expect(pkg.list(pkg.referenceFolder) == files, "nothing recorded by the repetitions")
    }

    @Test func repeatingProcessesAreToldFromTheirArguments() {
        #expect(SwiftTestingRunTracker.repeats(arguments: ["x", "--repetitions", "3"]))
        #expect(SwiftTestingRunTracker.repeats(arguments: ["x", "--repetitions=2"]))
        #expect(SwiftTestingRunTracker.repeats(arguments: ["x", "--repeat-until", "fail"]))
        #expect(!SwiftTestingRunTracker.repeats(arguments: ["x", "--repetitions", "1"]))
        #expect(!SwiftTestingRunTracker.repeats(arguments: ["x", "--testing-library", "swift-testing"]))
        #expect(!SwiftTestingRunTracker.repeats(arguments: ["x", "--repetitions"]))
    }

    /// Two cases of a parameterised test with one `named:` would share a reference and race for it (2 of 3
    /// cases failed on every run): the second case is refused, naming both cases.
    @Test(arguments: [1, 2]) func casesWithOneNamedAreRefused(_ n: Int) throws {
        #expect(SwiftTestingRunTracker.argumentsText(try #require(Test.Case.current)) == "\(n)")
        let message = withSnapshotTesting(record: .missing, environment: [:]) {
            verifySnapshot(of: "value \(n)", as: .text, named: "badge", file: Self.sharedNamePackage.testFile)?.message
        }
        let recorded = message?.hasPrefix("No reference was found") == true
        let refused = message?.contains("Derive each case's `named:` from its arguments") == true
            && message?.contains("with arguments (1)") == true && message?.contains("with arguments (2)") == true
        #expect(recorded || refused, "\(message ?? "nil")")
    }
    nonisolated(unsafe) static let sharedNamePackage = try! TempPackage()

    @Test(arguments: ["de", "ko"], [2]) func argumentsOfACaseAreRead(_ language: String, _ scale: Int) throws {
        #expect(SwiftTestingRunTracker.argumentsText(try #require(Test.Case.current)) == "\"\(language)\", \(scale)")
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

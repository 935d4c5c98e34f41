import Foundation
import Support
import SnapshotStore
import CSnapshotStore
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
    /// Why an unnamed snapshot cannot be numbered here, or nil when it can: numbers must not depend on
    /// the order in which concurrent work runs, nor on which run of a test an assertion belongs to.
    var unnamedRefusal: String?
    /// The arguments of the running case of a parameterised Swift Testing test (`1, "de"`), which tell its
    /// cases apart in claims: two cases with one `named:` must not share a reference.
    var caseArguments: String? = nil
    /// The `swift test --filter` pattern that selects exactly this test, when the testing library says which it
    /// is by more than `identity` (a Swift Testing test's id: `TestFilter.swiftTesting`); nil: from `identity`.
    var selection: String? = nil
    /// The running test's function as the testing library names it (`twin()`, XCTest's `testBadge`), and the
    /// suites around it (Swift Testing's `SameA`, outermost first); nil function when the test is not known.
    var function: String? = nil
    var suites: [String] = []

    /// The test name a snapshot's files are named by (`<name>.<id>.<ext>`), from the `testName:` an assertion got:
    ///
    /// - the running test's own `#function`: the test, after its suites under Swift Testing (`SameA.twin()`), so
    ///   two suites of one file with a test of one name have a reference each;
    /// - a helper's `#function` (a function's name, with its parentheses, that is neither the running test's nor a
    ///   test's: XCTest runs only `test…` methods) whose `file:` is its `fileID:`'s file, so both are the helper's
    ///   defaults: the running test's too, so a helper called from two tests (or `setUp`) names each test's
    ///   snapshots after that test;
    /// - anything else as given: a name shared on purpose (`testName: "testKoreanBadge()"`, `"sharedChip"`), a
    ///   test asserting for another file.
    func referenceTestName(_ testName: String, fileID: String, filePath: String) -> String {
        guard let function else { return testName }
        func base(_ name: String) -> Substring { name[..<(name.firstIndex(of: "(") ?? name.endIndex)] }
        func fileName(_ path: String) -> Substring { path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...] }
        let given = base(testName)
        let own = given == base(function)
        guard own || (testName.contains("(") && !given.hasPrefix("test") && fileName(filePath) == fileName(fileID)) else { return testName }
        let name = own ? testName : function.contains("(") ? function : function + "()"
        guard !suites.isEmpty else { return name }
        // Each part sanitised on its own: a raw identifier (`` `badge in dark mode`() ``) after "Suite." names
        // `Suite.badge-in-dark-mode`, not `Suite.-badge-in-dark-mode`. The argument list stays for messages.
        return (suites + [String(base(name))]).map(SnapshotNaming.sanitize).joined(separator: ".") + name[base(name).endIndex...]
    }

    #if canImport(Testing)
    /// A Swift Testing test's identity for numbering and claims: `Module.Suite.test()`.
    static func identity(of test: Test) -> String {
        ([test.id.moduleName] + test.id.nameComponents).joined(separator: ".")
    }

    /// The re-record command's `--filter` for a Swift Testing test: its id, escaped and anchored. Not built from
    /// the sanitised name the file is named by: a raw identifier (`` `badge in dark mode` ``) was filtered by
    /// `badge-in-dark-mode` and ran nothing, and an unanchored `AppTests.*badge` re-recorded every failing test
    /// whose name held "badge".
    static func selection(of test: Test) -> String {
        TestFilter.swiftTesting(moduleName: test.id.moduleName, nameComponents: test.id.nameComponents)
    }
    #endif

    /// - Parameters: `fileID` and `testName` of the assertion name the first XCTest case of a process,
    ///   which starts before the first assertion installs the observer.
    static func current(fileID: String, testName: String) -> RunningTest { known(fileID: fileID, testName: testName) }

    /// Why an unnamed snapshot made in the running task cannot be numbered (`unnamedRefusal`, else a task group's
    /// child other than the first of this run of the test to make one), or nil. Children of a task group run at the
    /// same time, so which one's snapshot is numbered first changes from run to run; the first such task is let be,
    /// as it may be the one a `.timeLimit` runs the body in (a child of Swift Testing's own group).
    func refusalOfUnnamed() -> String? {
        if let unnamedRefusal { return unnamedRefusal }
        guard let identity, lsr_current_task_is_group_child() != 0,
              !SnapshotCounter.shared.noteGroupChild(testCase: identity, task: lsr_current_task_id()) else { return nil }
        return "this unnamed snapshot is made in a child task of a task group while another child of the group made one too: "
            + "they run at the same time, so their numbers would depend on which task asserts first (the first child's was "
            + "numbered, and which child is first can change from run to run); give each a `named:` "
            + "(from the child's own value, as `named: \"item-\\(i)\"`)"
    }

    private static func known(fileID: String, testName: String) -> RunningTest {
        #if canImport(Testing)
        if let test = Test.current {
            let identity = identity(of: test), selection = selection(of: test)
            let function = test.id.nameComponents.last, suites = Array(test.id.nameComponents.dropLast())
            if test.isParameterized {
                return RunningTest(identity: identity, unnamedRefusal:
                    "unnamed snapshots in a parameterised test would be numbered in whatever order its cases run; "
                        + "give each one a `named:` derived from the argument",
                    caseArguments: Test.Case.current.flatMap(SwiftTestingRunTracker.argumentsText), selection: selection,
                    function: function, suites: suites)
            }
            if SwiftTestingRunTracker.isInTestBodyTask {
                SwiftTestingRunTracker.shared.noteAssertion(testCase: identity)
            } else if !SnapshotsTrait.isInScope && SwiftTestingRunTracker.repeatsTests {
                // An unnamed task: one the test created, or the one a time limit (.timeLimit) or a scoping
                // trait runs the body in. A new repetition cannot be told from the last one there.
                return RunningTest(identity: identity, unnamedRefusal:
                    "this unnamed snapshot is made in a task Swift Testing does not name (a task the test created, or the "
                        + "task a .timeLimit or another scoping trait runs the test in), so a new repetition cannot be told "
                        + "from the last one; add the `.snapshots` trait to the test or its suite, or give it a `named:`",
                    selection: selection, function: function, suites: suites)
            }
            return RunningTest(identity: identity, unnamedRefusal: nil, selection: selection, function: function, suites: suites)
        }
        #endif
        // Made only when asked for: the XCTest tracker knows the running case's name after the first one, and
        // sanitising the test name again was 4 % of a passing assertion.
        let fallback = { fileID + "." + SnapshotNaming.testName(testName) }
        #if canImport(Testing)
        if SwiftTestingRunTracker.isSwiftTestingProcess {
            return RunningTest(identity: fallback(), unnamedRefusal:
                "this unnamed snapshot is made outside any Swift Testing test (in Task.detached or on a dispatch "
                    + "queue, where Test.current is nil), so neither its test nor its run is known; give it a `named:`")
        }
        #endif
        #if canImport(XCTest)
        let tracker = XCTestCaseTracker.shared
        return RunningTest(identity: tracker.currentName(
            fallback: XCTestCaseTracker.nameFromCommandLine(testName: testName) ?? fallback()), unnamedRefusal: nil,
                           selection: tracker.runningSelection, function: tracker.runningMethod)
        #else
        return RunningTest(identity: nil, unnamedRefusal: nil)
        #endif
    }
}

/// Starts a new run of the running test, as each start of an XCTest case and the `.snapshots` trait do:
/// its unnamed snapshots are numbered from 1 again, and the references its assertions claimed are
/// released (so the same `named:` may be asserted again from another line, as in a new run). For a test
/// that repeats its own body, or a Swift Testing test repeated without the trait.
package func startSnapshotRun(fileID: String = #fileID, testName: String = #function) {
    if let identity = RunningTest.current(fileID: fileID, testName: testName).identity {
        SnapshotCounter.shared.startRun(testCase: identity)
    }
}

#if canImport(Testing)
/// Tells one run of a Swift Testing test from the next without the `.snapshots` trait. Swift Testing
/// 6.3 gives no public signal that a test starts again (`--repetitions`, `--repeat-until`: `Test.current`
/// and `Test.Case.current` are equal in every iteration; swift-testing#1041 asks for one), but it runs
/// each run of a test body in a new task it names "[Swift Testing] test …". So an assertion made in such
/// a task whose runtime task number (`lsr_current_task_id`; never reused, unlike task addresses) differs
/// from the one the test's last assertion ran in starts a new run. Tasks the body creates are unnamed
/// (names are not inherited) and count within the run. Inside the trait's scope the trait starts runs.
/// In unnamed tasks (created by the body, or the one a `.timeLimit` or scoping trait runs the body in)
/// a new run cannot be seen: when the process repeats its tests, unnamed snapshots there are refused
/// (`RunningTest`) with the way out, the trait.
final class SwiftTestingRunTracker: Sendable {
    static let shared = SwiftTestingRunTracker()
    /// The prefix Swift Testing 6.x gives the name of the task that runs a test body.
    static let testTaskNamePrefix = "[Swift Testing] test "

    /// The task each test's last assertion ran in.
    private let lastTask = Locked<[String: UInt64]>([:])

    /// True in the task Swift Testing runs a test body in (not in the tasks the body creates).
    static var isInTestBodyTask: Bool { Task.name?.hasPrefix(testTaskNamePrefix) == true }

    /// True when this process runs Swift Testing's tests (SwiftPM passes `--testing-library swift-testing`;
    /// its XCTest tests run in another process).
    static let isSwiftTestingProcess: Bool = {
        let arguments = CommandLine.arguments
        return zip(arguments, arguments.dropFirst()).contains { $0 == "--testing-library" && $1 == "swift-testing" }
    }()

    /// True when the process runs its tests more than once (`--repetitions N` with N > 1, `--repeat-until`).
    static let repeatsTests: Bool = repeats(arguments: CommandLine.arguments)

    static func repeats(arguments: [String]) -> Bool {
        for (i, argument) in arguments.enumerated() {
            if argument == "--repeat-until" || argument.hasPrefix("--repeat-until=") { return true }
            let value: Substring?
            if argument == "--repetitions" { value = i + 1 < arguments.count ? Substring(arguments[i + 1]) : nil }
            else if argument.hasPrefix("--repetitions=") { value = argument.dropFirst("--repetitions=".count) }
            else { continue }
            if let value, let count = Int(value), count > 1 { return true }
        }
        return false
    }

    /// The argument values of a parameterised test case, `1, "de"`. Swift Testing 6.3 has no public
    /// accessor for them, so they are read by reflection (`Test.Case._kind.parameterized.arguments[].value`);
    /// nil when that shape is not found (then cases are told apart by name only, as before).
    static func argumentsText(_ testCase: Test.Case) -> String? {
        func child(_ label: String, of value: Any) -> Any? { Mirror(reflecting: value).children.first { $0.label == label }?.value }
        guard let kind = child("_kind", of: testCase), let payload = child("parameterized", of: kind),
              let arguments = child("arguments", of: payload) else { return nil }
        let values = Mirror(reflecting: arguments).children.compactMap { child("value", of: $0.value) }
        return values.isEmpty ? nil : values.map { String(reflecting: $0) }.joined(separator: ", ")
    }

    /// Called from the test body's task (`isInTestBodyTask`).
    func noteAssertion(testCase: String) {
        guard !SnapshotsTrait.isInScope else { return }
        noteAssertion(testCase: testCase, taskID: lsr_current_task_id())
    }

    /// `taskID` 0 is unknown (no runtime entry point): nothing is started.
    func noteAssertion(testCase: String, taskID: UInt64) {
        guard taskID != 0 else { return }
        let startsRun = lastTask.withLock { lastTask in
            let starts = lastTask[testCase].map { $0 != taskID } ?? false
            lastTask[testCase] = taskID
            return starts
        }
        if startsRun { SnapshotCounter.shared.startRun(testCase: testCase) }
    }
}
#endif

/// Called by CSnapshotRun's constructor when the test bundle loads (bundle_load.c), before XCTest starts its first
/// case: the observer then sees every case start, so the first case of a process is named by XCTest (its class
/// too) instead of from the first assertion's `#fileID`, and its re-record command selects exactly it.
@_cdecl("lsr_test_bundle_did_load")
func testBundleDidLoad() {
    #if canImport(XCTest)
    _ = XCTestCaseTracker.shared
    #endif
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
        _ = SkippedTestObserver.shared   // skipped cases for labelsnap orphans (SkippedTests.swift)
        return tracker
    }()

    /// The running case's name (nil between cases), and whether the observer saw a case start or finish.
    private let state = Locked<(name: String?, sawACase: Bool, selection: String?)>((nil, false, nil))

    /// `fallback` is made only when no case is known (not on every assertion of a named case).
    func currentName(fallback: @autoclosure () -> String) -> String {
        state.withLock { state in
            if let name = state.name { return name }
            if !state.sawACase { state.name = fallback() }   // the first case, already running when the tracker was installed
            return state.name ?? fallback()
        }
    }

    /// The name of the first case (`Class.testName`, as `XCTestCase.name`) when the process was started
    /// to run one test: `swift test --parallel` starts a process per test with the specifier
    /// `Module.Class/testName`. Without it two classes of one file with a same-named test would look
    /// like one test in every process's first case. nil when no single argument names `testName`.
    static func nameFromCommandLine(testName: String, arguments: [String] = CommandLine.arguments) -> String? {
        let method = SnapshotNaming.testName(testName)
        let matches = arguments.dropFirst().compactMap { argument -> String? in
            let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
            guard !argument.hasPrefix("-"), parts.count == 2, parts[1] == method,
                  let suite = parts[0].split(separator: ".").last, !suite.isEmpty else { return nil }
            return suite + "." + method
        }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The running case's method (`testBadge` of `BadgeTests.testBadge`) when XCTest said which case started;
    /// nil before the first start the observer saw and between cases.
    var runningMethod: String? {
        state.withLock { state in
            guard state.sawACase, let name = state.name, let dot = name.lastIndex(of: ".") else { return nil }
            return String(name[name.index(after: dot)...])
        }
    }

    /// The running case's own `--filter` pattern (`^Module\.Class/testName$`) when XCTest said which case started,
    /// so the re-record command runs this test whatever `testName:` named its references (`"sharedBadge"`).
    var runningSelection: String? { state.withLock { $0.sawACase ? $0.selection : nil } }

    /// True after a case finished and before the next one started (a detached task still asserting).
    var isBetweenCases: Bool {
        state.withLock { $0.sawACase && $0.name == nil }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        let name = testCase.name
        // `Module.Class` of the case's class, and its method: XCTest's `--filter` names a test `Module.Class/method`.
        let type = String(reflecting: Swift.type(of: testCase)), method = name.split(separator: ".").last.map(String.init)
        let selection = type.firstIndex(of: ".").flatMap { dot in method.map { method in
            TestFilter.xctest(moduleName: String(type[..<dot]), className: String(type[type.index(after: dot)...]), testName: method)
        } }
        state.withLock { $0 = (name, true, selection) }
        SnapshotCounter.shared.startRun(testCase: name)
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        state.withLock { $0 = (nil, true, nil) }
    }
}
#endif

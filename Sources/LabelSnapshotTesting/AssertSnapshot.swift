import Foundation
import SnapshotMessages
@_exported import SnapshotStore
import SnapshotFileNames
import SnapshotRun
#if canImport(XCTest)
import XCTest
#endif
#if canImport(Testing)
import Testing
#endif

/// Settings for the snapshot assertions inside a scope (see `withSnapshotTesting` and the `.snapshots`
/// trait). An assertion's own argument wins over the scope, which wins over the environment
/// (`SNAPSHOT_TESTING_RECORD`, `LABELSNAP_SNAPSHOTS_DIR`).
public struct SnapshotTestingConfiguration: Sendable {
    /// The record mode for assertions without a `record:` argument; `nil` reads the environment.
    public var record: RecordMode?
    /// The folder used in place of `<package root>/__Snapshots__` (same layout inside; relative paths
    /// from the package root); `nil` reads `LABELSNAP_SNAPSHOTS_DIR`, then uses `__Snapshots__`.
    public var snapshotDirectory: String?
    /// The environment the assertions read (`SNAPSHOT_TESTING_RECORD`, `CI`,
    /// `SNAPSHOT_ARTIFACTS`, `LABELSNAP_SNAPSHOTS_DIR`, and `LABELSNAP_RUN_ID` for the claims shared by a run's
    /// processes); `nil` reads the process environment, once per assertion. Lets tests run in parallel with
    /// different settings without `setenv`. `LABELSNAP_SYSTEM_FONT` is not read from it: the system font is
    /// chosen where a `Font.system` is made, from the process (`withSnapshotTesting(systemFont:)` scopes one).
    public var environment: [String: String]?

    public init(record: RecordMode? = nil, snapshotDirectory: String? = nil, environment: [String: String]? = nil) {
        self.record = record
        self.snapshotDirectory = snapshotDirectory
        self.environment = environment
    }

    /// The configuration in force for the current task.
    @TaskLocal public static var current = SnapshotTestingConfiguration()

    /// This configuration with the settings `inner` gives; the others kept.
    func overridden(by inner: SnapshotTestingConfiguration) -> SnapshotTestingConfiguration {
        SnapshotTestingConfiguration(record: inner.record ?? record, snapshotDirectory: inner.snapshotDirectory ?? snapshotDirectory,
                                     environment: inner.environment ?? environment)
    }
}

/// Runs `operation` with snapshot settings: a record mode, a folder of references and/or an environment
/// that replace the process's. Nested scopes inherit the settings they do not replace.
///
/// ```swift
/// override func invokeTest() { withSnapshotTesting(record: .failed) { super.invokeTest() } }
/// ```
public func withSnapshotTesting<R>(record: RecordMode? = nil, snapshotDirectory: String? = nil,
                                   environment: [String: String]? = nil,
                                   operation: () throws -> R) rethrows -> R {
    let inner = SnapshotTestingConfiguration.current.overridden(by: SnapshotTestingConfiguration(
        record: record, snapshotDirectory: snapshotDirectory, environment: environment))
    return try SnapshotTestingConfiguration.$current.withValue(inner, operation: operation)
}

/// `withSnapshotTesting` for async work.
public func withSnapshotTesting<R>(record: RecordMode? = nil, snapshotDirectory: String? = nil,
                                   environment: [String: String]? = nil,
                                   operation: () async throws -> R) async rethrows -> R {
    let inner = SnapshotTestingConfiguration.current.overridden(by: SnapshotTestingConfiguration(
        record: record, snapshotDirectory: snapshotDirectory, environment: environment))
    return try await SnapshotTestingConfiguration.$current.withValue(inner, operation: operation)
}

/// Checks `value` against its reference snapshot and returns the failure, or `nil` when it
/// passes. What `assertSnapshot` reports; the framework's own tests assert on the result
/// (XCTest on Linux has no `XCTExpectFailure`).
///
/// Returning is not reporting: a failure writes the images the message names (the actual value, and for a
/// mismatch the diff and composite) under the artifacts folder, and records a reference as the record mode
/// says, but writes no failure record (`.failure.json`), so nothing is left pending for `labelsnap review`,
/// `accept` or the report and the message offers no `labelsnap accept`. The `…Failure` variant, which the
/// assertion reports, writes the record.
///
/// The reference is `<package root>/__Snapshots__/<TestModule>/<TestFileName>/<testName>.<id>.<ext>`
/// (or below `snapshotDirectory:` / `LABELSNAP_SNAPSHOTS_DIR`); record
/// modes, artifacts and messages are described in DESIGN.md §3 and `SnapshotVerifier.verify`.
/// - Parameters:
///   - value: the value to snapshot; an error it throws fails the assertion.
///   - format: how the value is stored and compared (`.text`, `.image(...)`).
///   - name: a name for the snapshot (sanitised, never a path); `nil` numbers the test's
///     unnamed snapshots 1, 2, ….
///   - record: the record mode; `nil` uses `withSnapshotTesting`, then `SNAPSHOT_TESTING_RECORD`,
///     then `never` under CI, else `missing`.
///   - snapshotDirectory: the folder of references used in place of `<package root>/__Snapshots__` (the same
///     `<TestModule>/<TestFileName>/` layout inside; a relative path is taken from the package root); `nil`
///     (default) uses `withSnapshotTesting` / `.snapshots`, then `LABELSNAP_SNAPSHOTS_DIR`, then `__Snapshots__`.
///   - fileID: the test file as `#fileID` (default) gives it, `Module/File.swift`: its module is the
///     reference's `<TestModule>` folder when it names the same file as `filePath` (else the folder below
///     `Tests/` in `filePath`), so two test targets with alike file names never share a reference.
///   - filePath: the test file (`#filePath`, default); the nearest folder above it holding `Package.swift` is
///     the package root, and the file's name is the `<TestFileName>` folder. A `String` so that tests of the
///     framework can point it into a temporary package.
///   - testName: the test function (`#function`, default, e.g. `testBadge()`): the `<testName>` of the
///     reference's file name. From a helper that takes its own `#function`, the running test's name is used,
///     so each test calling it has its own references; any other string is used as given: tests that pass one
///     `testName:` share its `named:` references on purpose, and their unnamed ones (each test numbers its own)
///     are refused as a clash.
///   - line: the assertion's line (`#line`, default, 1-based). With `fileID` it is the place a refusal names
///     when two assertions of one test claim the same reference; the failure is returned, not reported there.
public func verifySnapshot<Value>(
    of value: @autoclosure () throws -> Value,
    as format: SnapshotFormat<Value>,
    named name: String? = nil,
    record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: String = #fileID,
    file filePath: String = #filePath,
    testName: String = #function,
    line: UInt = #line
) -> String? {
    func failure() -> SnapshotFailure? {
        snapshotFailure(of: try value(), as: format, named: name, record: record,
                        snapshotDirectory: snapshotDirectory, fileID: fileID, file: filePath, testName: testName, line: line)
    }
    return SnapshotVerifier.returningOnly { failure()?.message }
}

/// Like `verifySnapshot`, with the whole `SnapshotFailure` (kind, paths, failure record); what `assertSnapshot`
/// reports, so a failure here also writes its failure record for `labelsnap review`.
public func snapshotFailure<Value>(
    of value: @autoclosure () throws -> Value,
    as format: SnapshotFormat<Value>,
    named name: String? = nil,
    record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: String = #fileID,
    file filePath: String = #filePath,
    testName: String = #function,
    line: UInt = #line
) -> SnapshotFailure? {
    verify(value, as: format, named: name, record: record,
           in: SnapshotContext(fileID: fileID, filePath: filePath, testName: testName, line: line, snapshotDirectory: snapshotDirectory))
}

/// The one verify of every snapshot assertion: `value` against its reference in `format`, at the assertion
/// `context` names (its file, test, line, configuration and running test).
func verify<Value>(_ value: () throws -> Value, as format: SnapshotFormat<Value>, named name: String?, record: RecordMode?,
                   in context: SnapshotContext) -> SnapshotFailure? {
    verify(value, as: Snapshotting(format: format), named: name, record: record, in: context)
}

/// `value` snapshotted by `strategy` (its check, then its value, in the format as that value adds to it) against its
/// reference, at the assertion `context` names; what the value adds to a failure's message is added last.
func verify<Value, Format>(_ value: () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String?,
                           record: RecordMode?, in context: SnapshotContext) -> SnapshotFailure? {
    SnapshotCallSite.scope(fileID: context.fileID, line: context.line) {
        let running = context.running
        let output: SnapshotOutput<Format>
        do {
            if name == nil, let refusal = running.refusalOfUnnamed() { throw SnapshotConfigurationError(refusal) }
            try strategy.check()
            output = try strategy.make(value())
        } catch {
            return SnapshotVerifier.failure(producing: error, named: name, pathExtension: strategy.format.pathExtension,
                                            filePath: context.filePath, testName: context.testName, environment: context.environment,
                                            testCase: running.identity, fileID: context.fileID,
                                            snapshotDirectory: context.snapshotDirectory, wording: FailureText.wording)
        }
        var failure = SnapshotVerifier.verify(output.value, as: output.format(strategy.format), named: name,
                                              record: context.recordMode(record), filePath: context.filePath,
                                              testName: context.testName, environment: context.environment,
                                              testCase: running.identity, fileID: context.fileID,
                                              snapshotDirectory: context.snapshotDirectory,
                                              testCaseArguments: running.caseArguments, testSelection: running.selection,
                                              wording: FailureText.wording)
        if let former = formerBareReference(of: failure, running: running), let location = failure?.location {
            failure?.message += "\nA reference named before Swift Testing suites named references is beside it: \(former). "
                + "If it is this test's, move it there (git mv \(SnapshotCommand.shellQuote(former)) "
                + "\(SnapshotCommand.shellQuote(location.referencePath))) rather than keep the new one; two suites of this "
                + "file with a test of this name shared it."
        }
        if failure != nil, let note = output.failureNote() { failure?.message += "\n" + note }
        return failure
    }
}

/// Asserts that `value` matches its reference snapshot: records the failure with `XCTFail` under
/// XCTest and `Issue.record` under Swift Testing. Parameters as `verifySnapshot`; `fileID`,
/// `line` and `column` place the reported issue.
public func assertSnapshot<Value>(
    of value: @autoclosure () throws -> Value,
    as format: SnapshotFormat<Value>,
    named name: String? = nil,
    record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let context = SnapshotContext(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column,
                                  snapshotDirectory: snapshotDirectory)
    if let failure = verify(value, as: format, named: name, record: record, in: context) { context.report(failure) }
}

/// Reports a snapshot failure like `recordSnapshotIssue`; under Swift Testing it also attaches the
/// reference that was compared, the actual value and the diff (`Attachment.record`, named
/// `<snapshot>.<kind>.png`, so the content type follows the extension), which
/// `swift test --attachments-path DIR` saves.
public func recordSnapshotFailure(_ failure: SnapshotFailure, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                                  line: UInt = #line, column: UInt = #column) {
    recordSnapshotIssue(failure.message, fileID: fileID, filePath: filePath, line: line, column: column)
    #if canImport(Testing)
    guard Test.current != nil else { return }
    let location = SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    for (kind, path) in SnapshotAttachments.files(of: failure) {
        guard let bytes = try? SnapshotFileSystem.readIfPresent(path) else { continue }
        Attachment.record(bytes, named: SnapshotAttachments.name(of: failure, kind: kind, path: path), sourceLocation: location)
    }
    #endif
}

/// Reports a failure to the running test framework: `Issue.record` when a Swift Testing test is
/// running (`Test.current != nil`) or the process runs Swift Testing's tests (an assertion in
/// `Task.detached` or on a dispatch queue has no `Test.current`: Swift Testing then records the issue
/// for the run, which fails), else `XCTFail`. Between XCTest cases, where `XCTFail` reaches no test,
/// the message is also written to standard error: a failure is never dropped silently.
public func recordSnapshotIssue(_ message: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                                line: UInt = #line, column: UInt = #column) {
    #if canImport(Testing)
    if Test.current != nil || SwiftTestingRunTracker.isSwiftTestingProcess {
        // Outside any test Swift Testing reports the issue on no test («unknown»): the place names the test.
        let place = Test.current != nil ? "" : "\n(asserted at \(fileID):\(line), outside any Swift Testing test: in "
            + "Task.detached or on a queue of your own Swift Testing cannot tell which test it belongs to, so the run fails)"
        Issue.record(Comment(rawValue: message + place),
                     sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)",
                                                    line: Int(line), column: Int(column)))
        return
    }
    #endif
    #if canImport(XCTest)
    if XCTestCaseTracker.shared.isBetweenCases {
        FileHandle.standardError.write(Data("error: \(filePath):\(line): \(message) (reported while no XCTest case was running)\n".utf8))
    }
    XCTFail(message, file: filePath, line: line)
    #else
    print("error: \(filePath):\(line): \(message)")
    #endif
}

/// The file a missing reference of a Swift Testing test in a suite had before suites named references
/// (`look.1.png` for `SameA.look.1.png`), when it exists: it is named in the failure, never moved, since two
/// suites of one file may have shared it.
func formerBareReference(of failure: SnapshotFailure?, running: RunningTest) -> String? {
    guard let failure, failure.kind == .missingReference, !running.suites.isEmpty, let location = failure.location else { return nil }
    let suites = running.suites.map(SnapshotNaming.sanitize).joined(separator: ".") + "."
    guard location.testName.hasPrefix(suites) else { return nil }
    let former = location.referenceFolder + "/" + location.testName.dropFirst(suites.count) + "." + location.identifier + "."
        + location.pathExtension
    return SnapshotFileSystem.exists(former) ? former : nil
}

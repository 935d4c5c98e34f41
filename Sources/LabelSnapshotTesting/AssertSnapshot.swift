import Foundation
import SnapshotMessages
import SnapshotStore
#if canImport(XCTest)
import XCTest
#endif
#if canImport(Testing)
import Testing
#endif

/// Checks `value` against its reference snapshot and returns the failure, or `nil` when it passes: what
/// ``assertSnapshot(of:as:named:record:snapshotDirectory:fileID:file:testName:line:column:)`` reports, for an
/// assertion of your own (report it with `XCTFail(failure.message)` or `Issue.record`), or to look at the failure's
/// kind and paths.
///
/// By default returning is not reporting: a failure writes the images the message names (the actual value, and for
/// a mismatch the diff and composite) under the artifacts folder, and records a reference as the record mode says,
/// but writes no failure record (`.failure.json`), so nothing is left pending for `labelsnap review`, `accept` or the
/// report and the message offers no `labelsnap accept`. `writesFailureRecord: true` writes it, as the assertion does.
///
/// The reference is `<package root>/__Snapshots__/<TestModule>/<TestFileName>/<testName>.<id>.<ext>` (or below
/// `snapshotDirectory:` / `LABELSNAP_SNAPSHOTS_DIR`).
/// - Parameters:
///   - value: the value to snapshot; an error it throws fails the check.
///   - strategy: how the value is snapshotted, stored and compared (`.image`, `.image(precision:perceptualPrecision:)`,
///     `.layout`, `.text`, or a strategy of your own).
///   - name: a name for the snapshot (sanitised, never a path): the `<id>` of the file name; `nil` numbers the
///     test's unnamed snapshots 1, 2, ….
///   - record: the record mode (`.all`, `.missing`, `.failed`, `.never`); `nil` uses `withSnapshotTesting` /
///     `.snapshots`, then `SNAPSHOT_TESTING_RECORD`, then `never` under CI, else `missing`.
///   - snapshotDirectory: the folder of references used in place of `<package root>/__Snapshots__` (the same
///     `<TestModule>/<TestFileName>/` layout inside; a relative path is taken from the package root); `nil`
///     (default) uses `withSnapshotTesting` / `.snapshots`, then `LABELSNAP_SNAPSHOTS_DIR`, then `__Snapshots__`.
///   - writesFailureRecord: write the failure record that `labelsnap review`, `accept` and the report read, as the
///     assertion does (default `false`: the failure is only returned).
///   - fileID: the test file as `#fileID` (default) gives it, `Module/File.swift`: its module is the reference's
///     `<TestModule>` folder when it names the same file as `filePath` (else the folder below `Tests/` in
///     `filePath`), so two test targets with alike file names never share a reference.
///   - filePath: the test file (`#filePath`, default); the nearest folder above it holding `Package.swift` is
///     the package root, and the file's name is the `<TestFileName>` folder.
///   - testName: the test function (`#function`, default, e.g. `testBadge()`): the `<testName>` of the
///     reference's file name. From a helper that takes its own `#function`, the running test's name is used,
///     so each test calling it has its own references; any other string is used as given: tests that pass one
///     `testName:` share its `named:` references on purpose, and their unnamed ones (each test numbers its own)
///     are refused as a clash.
///   - line: the assertion's line (`#line`, default, 1-based). With `fileID` it is the place a refusal names
///     when two assertions of one test claim the same reference.
///   - column: the assertion's column (`#column`, default).
/// - Returns: the failure (its `message`, `kind`, reference and artifact paths), or nil when the value matches.
public func verifySnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    writesFailureRecord: Bool = false,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) -> SnapshotFailure? {
    let context = SnapshotContext(fileID: "\(fileID)", filePath: "\(filePath)", testName: testName, line: line, column: column,
                                  snapshotDirectory: snapshotDirectory)
    return SnapshotVerifier.$writesFailureRecord.withValue(writesFailureRecord) {
        verify(value, as: strategy, named: name, record: record, in: context)
    }
}

/// Asserts that `value` matches its reference snapshot, as swift-snapshot-testing's `assertSnapshot`: records the
/// failure with `XCTFail` under XCTest and `Issue.record` under Swift Testing (with the reference, actual and diff
/// attached), and writes its failure record for `labelsnap review`.
///
/// ```swift
/// assertSnapshot(of: badge, as: .image)                       // testBadge.1.png
/// assertSnapshot(of: badge, as: .layout, named: "lines")     // testBadge.lines.txt
/// ```
/// - Parameters:
///   - value: the value to snapshot; an error it throws fails the assertion.
///   - strategy: how the value is snapshotted, stored and compared (`.image`, `.image(precision:perceptualPrecision:)`,
///     `.layout`, `.text`, or a strategy of your own).
///   - name: as in ``verifySnapshot(of:as:named:record:snapshotDirectory:writesFailureRecord:fileID:file:testName:line:column:)``.
///   - record: as in `verifySnapshot`.
///   - snapshotDirectory: as in `verifySnapshot`.
///   - fileID: as in `verifySnapshot`; with `line` and `column` it places the reported issue.
///   - filePath: as in `verifySnapshot`.
///   - testName: as in `verifySnapshot`.
///   - line: as in `verifySnapshot`.
///   - column: as in `verifySnapshot`.
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
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
    if let failure = verify(value, as: strategy, named: name, record: record, in: context) { context.report(failure) }
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

/// Reports a snapshot failure like `recordSnapshotIssue`; under Swift Testing it also attaches the
/// reference that was compared, the actual value and the diff (`Attachment.record`, named
/// `<snapshot>.<kind>.png`, so the content type follows the extension), which
/// `swift test --attachments-path DIR` saves.
package func recordSnapshotFailure(_ failure: SnapshotFailure, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
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
package func recordSnapshotIssue(_ message: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
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

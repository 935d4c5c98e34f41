import Foundation
@_exported import Raster
@_exported import MarkdownText
@_exported import ImageDiff
import SnapshotStore
import PNGCodec
import ReferenceProvenance

/// Checks a bitmap against its reference PNG and returns the failure message, or `nil` when it
/// passes. The generic core of `verifyLabelSnapshot`.
///
/// Returning is not reporting: a failure writes the images the message names (the actual value, and for a
/// mismatch the diff and composite) under the artifacts folder, and records a reference as the record mode
/// says, but writes no failure record (`.failure.json`), so nothing is left pending for `labelsnap review`,
/// `accept` or the report and the message offers no `labelsnap accept`. The `…Failure` variant, which the
/// assertion reports, writes the record.
/// - Parameters:
///   - bitmap: the actual image (RGBA8, straight alpha); an error it throws fails the check.
///   - comparison: the tolerance (`.exact` by default; `.pixelmatch()`, `.precision(_:)`, …).
///   - name: a name for the snapshot (sanitised, never a path): the `<id>` of `<testName>.<id>.png`; `nil`
///     (default) numbers the test's unnamed snapshots 1, 2, ….
///   - record: the record mode (`.all`, `.missing`, `.failed`, `.never`); `nil` (default) uses
///     `withSnapshotTesting` / `.snapshots`, then `SNAPSHOT_TESTING_RECORD`, then `never` under CI, else `missing`.
///   - precision: when given, replaces `comparison.precision` (share of pixels that must match).
///   - snapshotDirectory: the folder of references used in place of `<package root>/__Snapshots__`, as in
///     `verifySnapshot(of:as:named:record:snapshotDirectory:fileID:file:testName:line:)`; `nil` (default)
///     uses the scope's, then `LABELSNAP_SNAPSHOTS_DIR`, then `__Snapshots__`.
///   - fileID: `#fileID` (default, `Module/File.swift`): its module names the reference's module folder.
///   - filePath: the test file (`#filePath`, default): its package root holds `__Snapshots__`, its name
///     the file folder.
///   - testName: the test function (`#function`, default): the `<testName>` of the reference's file name
///     (the running test's when the assertion sits in a helper).
///   - line: the assertion's line (`#line`, default), named when two assertions of one test claim the same reference.
public func verifySnapshot(
    of bitmap: @autoclosure () throws -> Bitmap,
    as comparison: ImageComparison = .exact,
    named name: String? = nil,
    record: RecordMode? = nil,
    precision: Double? = nil,
    snapshotDirectory: String? = nil,
    fileID: String = #fileID,
    file filePath: String = #filePath,
    testName: String = #function,
    line: UInt = #line
) -> String? {
    func failure() -> SnapshotFailure? {
        imageSnapshotFailure(of: try bitmap(), as: comparison, named: name, record: record, precision: precision,
                             snapshotDirectory: snapshotDirectory, fileID: fileID, file: filePath, testName: testName, line: line)
    }
    return SnapshotVerifier.returningOnly { failure()?.message }
}

/// Like `verifySnapshot(of:as:named:record:precision:snapshotDirectory:fileID:file:testName:line:)` with the whole failure, failure record written.
public func imageSnapshotFailure(
    of bitmap: @autoclosure () throws -> Bitmap,
    as comparison: ImageComparison = .exact,
    named name: String? = nil,
    record: RecordMode? = nil,
    precision: Double? = nil,
    snapshotDirectory: String? = nil,
    fileID: String = #fileID,
    file filePath: String = #filePath,
    testName: String = #function,
    line: UInt = #line
) -> SnapshotFailure? {
    verifyImage(bitmap, as: comparison, named: name, record: record, precision: precision,
                in: SnapshotContext(fileID: fileID, filePath: filePath, testName: testName, line: line, snapshotDirectory: snapshotDirectory))
}

/// The core of `imageSnapshotFailure` and `assertSnapshot(of:as:…)` of a bitmap.
func verifyImage(_ bitmap: () throws -> Bitmap, as comparison: ImageComparison, named name: String?, record: RecordMode?,
                 precision: Double?, in context: SnapshotContext) -> SnapshotFailure? {
    verify(bitmap, as: .image(comparison, precision: precision), named: name, record: record, in: context)
}

extension Snapshotting where Value == Bitmap, Format == Bitmap {
    /// Bitmaps in the image format of `comparison` (`precision`, when given, replacing its share of pixels that
    /// must match): what `.image` of a label and `.contactSheet` are pulled back from. Its check refuses invalid
    /// options before the value is made, as a setup error of the assertion.
    static func image(_ comparison: ImageComparison, precision: Double?) -> Snapshotting {
        var options = comparison
        if let precision { options.precision = precision }
        return Snapshotting(format: .image(options), check: { [options] in
            do { try options.validate() } catch {
                throw SnapshotConfigurationError("\(error); fix the assertion's `as:` / `precision:` argument")
            }
        }, make: { SnapshotOutput(value: $0) })
    }
}

/// Asserts that a bitmap matches its reference PNG (`XCTFail` / `Issue.record` on failure).
public func assertSnapshot(
    of bitmap: @autoclosure () throws -> Bitmap,
    as comparison: ImageComparison = .exact,
    named name: String? = nil,
    record: RecordMode? = nil,
    precision: Double? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let context = SnapshotContext(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column,
                                  snapshotDirectory: snapshotDirectory)
    if let failure = verifyImage(bitmap, as: comparison, named: name, record: record, precision: precision,
                                 in: context) { context.report(failure) }
}

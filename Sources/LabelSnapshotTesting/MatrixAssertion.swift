import LabelRendering
import Dispatch
import Foundation
import Support
import Imaging
import SnapshotStore
import SnapshotMessages

/// The outcome of a matrix that did not pass: one message for the whole matrix and each combination's own
/// failure. Returned by `verifySnapshots(of:matrix:)`, reported by `assertSnapshots(of:matrix:)`.
public struct LabelMatrixFailures: Sendable, CustomStringConvertible {
    /// One combination that failed (or recorded).
    public struct Failure: Sendable {
        /// The combination's name from its axis values, `w200-2x-AX3-rtl-dark-de`.
        public var combination: String
        /// The single-snapshot failure: kind, reference location, failure record.
        public var failure: SnapshotFailure
    }
    /// The whole report: how many combinations differ, each one's name and numbers, the contact sheet.
    public var message: String
    /// The failed combinations, in the matrix's order (fixed axis order, last axis fastest).
    public var failures: [Failure]
    /// How many combinations the matrix has.
    public var combinationCount: Int
    /// The contact sheet artifact (differing cells outlined red, missing amber), when it was written.
    public var contactSheetPath: String?

    public var description: String { message }
}

/// Checks every combination of `matrix` applied to `label` against its own reference and returns what
/// failed, or nil when all pass: what ``assertSnapshots(of:matrix:as:named:record:maxConcurrency:sheetAxes:snapshotDirectory:fileID:file:testName:line:column:)``
/// reports.
///
/// By default returning is not reporting: as `verifySnapshot`, a failure writes its images and the contact sheet and
/// records references as the record mode says, but writes no failure record (`.failure.json`), so nothing is left
/// pending for `labelsnap review`, `accept` or the report and the message offers neither; `writesFailureRecord: true`
/// writes each failed combination's record (naming the contact sheet), as the assertion does. Each combination is
/// `__Snapshots__/<Module>/<TestFile>/<test>.<name>.png` with `<name>` built from the axes in the fixed order widths,
/// scales, contentSizeCategories, layoutDirections, userInterfaceStyles, contrasts, weights, texts
/// (`testBadge.w200-2x-AX3-rtl-dark-de.png`); `named:` prefixes it (`testBadge.badge.w200-…`). Record modes apply per
/// combination (`missing` records only the missing ones). Combinations are verified on all cores; the result and
/// every file are the same as a serial run. When any combination records or fails, the contact sheet of the matrix
/// is written to `<artifacts>/<Module>/<TestFile>/<test>.<named or "matrix">.png.contact-sheet.png`.
///
/// With `as: .contactSheet` the matrix has a single reference instead: its contact sheet (no marks),
/// `<test>.<named or "contact-sheet">.png`, compared like any image.
/// - Parameters:
///   - label: the label every combination starts from; an error it throws fails the matrix.
///   - axes: the `matrix:` axes, e.g. `[.contentSizeCategories(.all), .layoutDirections([.leftToRight, .rightToLeft])]`.
///   - strategy: `.image` (default), `.image(threshold:…)`, `.image(precision:…)`, `.layout`, `.contactSheet`, or a
///     strategy of your own (one reference per combination).
///   - name: a prefix for the combinations' names.
///   - record: the record mode, as in `verifySnapshot`.
///   - maxConcurrency: how many combinations run at once; nil = one per core, 1 = serially; below 1 is refused
///     (a configuration error, nothing recorded).
///   - sheetAxes: the axes across and down the contact sheet; nil = categories (else the longest axis) down,
///     the longest remaining axis across, the rest as blocks.
///   - snapshotDirectory: the folder of references, as in `verifySnapshot`.
///   - writesFailureRecord: write each failed combination's failure record for `labelsnap review`, `accept` and the
///     report, as the assertion does (default `false`).
///   - fileID: `#fileID` (default, `Module/File.swift`): its module names the references' module folder.
///   - filePath: the test file (`#filePath`, default): its package root holds `__Snapshots__`, its name
///     the `<TestFile>` folder.
///   - testName: the test function (`#function`, default): the `<test>` every combination's file name starts
///     with (the running test's when the assertion sits in a helper).
///   - line: the assertion's line (`#line`, default), named when two assertions of one test claim the same reference.
///   - column: the assertion's column (`#column`, default).
/// - Returns: the failed combinations and one message for the whole matrix, or nil when every combination matches.
public func verifySnapshots<Format>(
    of label: @autoclosure () throws -> PaddedLabel,
    matrix axes: [LabelMatrixAxis],
    as strategy: Snapshotting<PaddedLabel, Format> = .image,
    named name: String? = nil,
    record: RecordMode? = nil,
    maxConcurrency: Int? = nil,
    sheetAxes: (across: LabelMatrixAxis.Kind, down: LabelMatrixAxis.Kind)? = nil,
    snapshotDirectory: String? = nil,
    writesFailureRecord: Bool = false,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) -> LabelMatrixFailures? {
    let context = SnapshotContext(fileID: "\(fileID)", filePath: "\(filePath)", testName: testName, line: line, column: column,
                                  snapshotDirectory: snapshotDirectory)
    return SnapshotVerifier.$writesFailureRecord.withValue(writesFailureRecord) {
        verifyMatrix(label, matrix: axes, as: strategy, named: name, record: record, maxConcurrency: maxConcurrency,
                     sheetAxes: sheetAxes, in: context)
    }
}

/// The one verify of a matrix, at the assertion `context` names: every combination and the contact sheet are
/// checked with that context (its module, test and line), not the library's own.
func verifyMatrix<Format>(
    _ label: () throws -> PaddedLabel, matrix axes: [LabelMatrixAxis], as strategy: Snapshotting<PaddedLabel, Format>,
    named name: String?, record: RecordMode?, maxConcurrency: Int?,
    sheetAxes: (across: LabelMatrixAxis.Kind, down: LabelMatrixAxis.Kind)?, in context: SnapshotContext
) -> LabelMatrixFailures? {
    let base: PaddedLabel, matrix: LabelMatrix, layout: MatrixSheetLayout
    do {
        if let maxConcurrency, maxConcurrency < 1 {
            throw SnapshotConfigurationError("maxConcurrency \(maxConcurrency): give at least 1 (1 runs the combinations one at a time), or nil for one per core")
        }
        base = try label()
        matrix = try LabelMatrix(axes)
        layout = try MatrixSheetLayout(matrix, across: sheetAxes?.across, down: sheetAxes?.down)
    } catch {
        let failure = SnapshotVerifier.failure(producing: error, named: name ?? "matrix", pathExtension: "png",
                                               filePath: context.filePath, testName: context.testName,
                                               environment: context.environment, testCase: context.running.identity,
                                               fileID: context.fileID, snapshotDirectory: context.snapshotDirectory,
                                               wording: FailureText.wording)
        return LabelMatrixFailures(message: failure.message, failures: [.init(combination: "", failure: failure)],
                                   combinationCount: 0, contactSheetPath: nil)
    }
    let run = MatrixRun(base: base, matrix: matrix, layout: layout, name: name, maxConcurrency: maxConcurrency, context: context)
    if let sheet = strategy.matrixSheet {
        return run.verifySheet(sheet(), record: record)
    }
    return run.verifyEach(strategy, record: record)
}

/// Asserts that every combination of `matrix` matches its reference: one issue for the whole matrix, `XCTFail` under
/// XCTest and `Issue.record` under Swift Testing, and each failed combination's failure record for `labelsnap review`.
///
/// ```swift
/// assertSnapshots(of: badge, matrix: [
///     .contentSizeCategories(.all), .layoutDirections([.leftToRight, .rightToLeft]), .userInterfaceStyles([.light, .dark]),
/// ])   // 48 references: testBadge.xS-ltr-light.png … testBadge.AX5-rtl-dark.png
/// ```
/// - Parameters:
///   - label: the label every combination starts from; an error it throws fails the matrix.
///   - axes: the `matrix:` axes.
///   - strategy: as in ``verifySnapshots(of:matrix:as:named:record:maxConcurrency:sheetAxes:snapshotDirectory:writesFailureRecord:fileID:file:testName:line:column:)``.
///   - name: as in `verifySnapshots`.
///   - record: as in `verifySnapshots`.
///   - maxConcurrency: as in `verifySnapshots`.
///   - sheetAxes: as in `verifySnapshots`.
///   - snapshotDirectory: as in `verifySnapshots`.
///   - fileID: as in `verifySnapshots`; with `line` and `column` it places the reported issue.
///   - filePath: as in `verifySnapshots`.
///   - testName: as in `verifySnapshots`.
///   - line: as in `verifySnapshots`.
///   - column: as in `verifySnapshots`.
public func assertSnapshots<Format>(
    of label: @autoclosure () throws -> PaddedLabel,
    matrix axes: [LabelMatrixAxis],
    as strategy: Snapshotting<PaddedLabel, Format> = .image,
    named name: String? = nil,
    record: RecordMode? = nil,
    maxConcurrency: Int? = nil,
    sheetAxes: (across: LabelMatrixAxis.Kind, down: LabelMatrixAxis.Kind)? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let context = SnapshotContext(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column,
                                  snapshotDirectory: snapshotDirectory)
    if let failures = verifyMatrix(label, matrix: axes, as: strategy, named: name, record: record,
                                   maxConcurrency: maxConcurrency, sheetAxes: sheetAxes, in: context) {
        context.report(failures.message)
    }
}

/// One run of a matrix: its combinations verified (or rendered) in parallel, then the contact sheet.
struct MatrixRun: Sendable {
    let base: PaddedLabel
    let matrix: LabelMatrix
    let layout: MatrixSheetLayout
    let name: String?
    let maxConcurrency: Int?
    /// The assertion's context: every combination is verified at the user's line, in the user's configuration.
    let context: SnapshotContext
    var testName: String { context.testName }

    /// The snapshot id of a combination: `<named>.<combination>` or the combination's name.
    func identifier(_ c: LabelMatrix.Combination) -> String { name.map { $0 + "." + c.name } ?? c.name }

    /// `body(i)` for every combination, on up to `maxConcurrency` threads, in the assertion's configuration and
    /// with failure records written or not as the caller's (task-locals do not reach Dispatch's worker threads by
    /// themselves). Results in combination order.
    func map<T: Sendable>(_ body: @Sendable (Int) -> T) -> [T] {
        let count = matrix.combinations.count
        let workers = max(1, min(count, maxConcurrency ?? ProcessInfo.processInfo.activeProcessorCount))
        let results = ResultSlots<T>(count)
        let configuration = context.configuration, writesFailureRecord = SnapshotVerifier.writesFailureRecord
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            SnapshotTestingConfiguration.$current.withValue(configuration) {
                SnapshotVerifier.$writesFailureRecord.withValue(writesFailureRecord) {
                    for i in stride(from: worker, to: count, by: workers) { results.set(i, body(i)) }
                }
            }
        }
        return results.values()
    }

    func verifyEach<Format>(_ strategy: Snapshotting<PaddedLabel, Format>, record: RecordMode?) -> LabelMatrixFailures? {
        // The references recorded are made durable together (one sync pass, not one per file): docs/snapshots.md.
        let batch = SnapshotWriteBatch()
        var verified: [Verified] = map { i in
            SnapshotWriteBatch.$current.withValue(batch) { verify(i, strategy, record: record) }
        }
        let outcomes = batch.commit()
        // A reference the batch could not make durable, or that another process wrote first: that combination
        // once more on its own, so the verifier fails with the error or compares against the other file.
        for i in verified.indices {
            guard let path = verified[i].failure?.location?.referencePath, let outcome = outcomes[path], outcome != .written
            else { continue }
            verified[i] = verify(i, strategy, record: record)
        }
        let results = verified.map(\.failure)
        let sheetLocation = SnapshotLocation.next(filePath: context.filePath, testName: testName, name: name ?? "matrix",
                                                  pathExtension: "png", environment: context.environment, fileID: context.fileID)
        let sheetPath = sheetLocation.artifactPath("contact-sheet")
        let failed = zip(matrix.combinations, results).compactMap { c, f in f.map { LabelMatrixFailures.Failure(combination: c.name, failure: $0) } }
        guard !failed.isEmpty else {
            try? SnapshotFileSystem.removeIfPresent(sheetPath)   // stale from an earlier failure
            return nil
        }
        var sheetProblem: String?
        do {
            let sheet = try contactSheet(marks: results, title: MatrixMessage.sheetTitle(sheetLocation.testName, results),
                                         drawn: verified.map(\.drawn))
            // An artifact to look at, tens of megapixels for a large matrix: the fast encoding.
            try SnapshotFileSystem.writeAtomically(try PNGCodec.encode(sheet, compression: .fast), to: sheetPath)
            for f in failed where f.failure.recordWritten { MatrixMessage.link(sheetPath, into: f.failure) }
        } catch {
            sheetProblem = "\(error)"
        }
        return LabelMatrixFailures(
            message: MatrixMessage.text(testName: sheetLocation.testName, count: results.count, failed: failed,
                                        sheetPath: sheetProblem == nil ? sheetPath : nil, sheetProblem: sheetProblem),
            failures: failed, combinationCount: results.count, contactSheetPath: sheetProblem == nil ? sheetPath : nil)
    }

    /// One combination drawn: its image, the layout it was drawn from (for its provenance) and whether its text
    /// was cut (the sheet captions it "truncated").
    struct Drawn: Sendable {
        let drawing: LabelImage
        var image: Bitmap { drawing.image }
        var truncated: Bool { drawing.layout.truncation != nil }
    }

    /// A combination's verdict and, for image strategies, the drawing it was checked with, so the contact
    /// sheet does not draw it again (nil: the strategy drew nothing).
    struct Verified: Sendable {
        let failure: SnapshotFailure?
        let drawn: Result<Drawn, any Error>?
    }

    /// Combination `i` laid out and rendered.
    func draw(_ i: Int) throws -> Drawn { Drawn(drawing: try LabelImage(drawing: matrix.label(base, matrix.combinations[i]))) }

    /// One combination against its own reference, with the single-snapshot verifier; the drawing an image strategy
    /// made is kept for the contact sheet.
    func verify<Format>(_ i: Int, _ strategy: Snapshotting<PaddedLabel, Format>, record: RecordMode?) -> Verified {
        let c = matrix.combinations[i]
        let drawings = LabelDrawings.Sink()
        let failure = LabelDrawings.$sink.withValue(drawings) {
            LabelSnapshotTesting.verify({ try matrix.label(base, c) }, as: strategy, named: identifier(c), record: record, in: context)
        }
        // A label that cannot be made: "cannot render" on the sheet.
        return Verified(failure: failure, drawn: drawings.drawing.map { $0.map(Drawn.init(drawing:)) })
    }

    /// The contact sheet as `.contactSheet` checks it: one reference for the whole matrix.
    func verifySheet(_ strategy: Snapshotting<MatrixRun, Bitmap>, record: RecordMode?) -> LabelMatrixFailures? {
        guard let failure = LabelSnapshotTesting.verify({ self }, as: strategy, named: name ?? "contact-sheet", record: record,
                                                        in: context)
        else { return nil }
        return LabelMatrixFailures(message: failure.message, failures: [.init(combination: "contact-sheet", failure: failure)],
                                   combinationCount: matrix.combinations.count, contactSheetPath: failure.location?.actualPath)
    }

    /// Every combination on the sheet without marks, titled with the test's name: what `.contactSheet` records.
    func plainSheet() throws -> Bitmap { try contactSheet(marks: nil, title: SnapshotNaming.testName(testName)) }

    /// Every combination on the sheet; `marks` are the combinations' failures. `drawn` holds the drawings
    /// the verification made (nil: draw them here, in parallel).
    /// - Throws: when the sheet itself cannot be drawn (too large, no font for the headers).
    /// A truncated combination is captioned "truncated" in bold blue, so the sizes that cut the text stand out. A
    /// label with corner properties (`cornerConfiguration` …) is captioned with the radii drawn in that cell.
    func contactSheet(marks: [SnapshotFailure?]?, title: String, drawn: [Result<Drawn, any Error>?]? = nil) throws -> Bitmap {
        let images: [Result<Drawn, any Error>] = map { i in drawn?[i] ?? Result { try draw(i) } }
        return try layout.sheet(matrix, title: title, textScale: matrix.largestScale(base)) { i in
            let rendered = try? images[i].get()
            var cell = marks?[i].map { MatrixMessage.cell(image: rendered?.image, failure: $0) }
                ?? ContactSheet.Cell(image: rendered?.image, mark: .none, caption: rendered == nil ? "cannot render" : nil)
            if rendered?.truncated == true {
                cell.caption = ["truncated", cell.caption].compactMap { $0 }.joined(separator: " · ")
                cell.flagsCaption = true
            }
            if let corners = rendered.flatMap({ MatrixMessage.cornersCaption($0.drawing.layout) }) {
                cell.caption = [cell.caption, corners].compactMap { $0 }.joined(separator: " · ")
            }
            return cell
        }
    }
}

/// Results written from worker threads at distinct indices.
final class ResultSlots<T: Sendable>: Sendable {
    private let slots: Locked<[T?]>

    init(_ count: Int) { slots = Locked(Array(repeating: nil, count: count)) }

    func set(_ i: Int, _ value: T) { slots.withLock { $0[i] = value } }

    /// Every index is set once by `MatrixRun.map` before it returns.
    func values() -> [T] { slots.withLock { $0.compactMap { $0 } } }
}

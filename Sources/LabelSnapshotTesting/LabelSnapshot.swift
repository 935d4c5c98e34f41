import Foundation
import Locking
@_exported import LabelLayout
import LabelRendering
@_exported import Typesetting
import SnapshotStore
import ReferenceProvenance

/// How a label is snapshotted, as swift-snapshot-testing's `Snapshotting` strategies: the rendered image
/// (`.image`, with the reference's provenance chunk), the layout as text (`.layout`, the text format pulled back
/// through the layout's description), a matrix's contact sheet (`.contactSheet`), or any `Snapshotting` of a
/// label (`init(_:)`), so a new strategy is one value.
public struct LabelSnapshotStrategy: Sendable {
    enum Kind: Sendable {
        case image(ImageComparison)
        /// A `Snapshotting` of a label, checked by the generic verify: `(label, name, record, context)`.
        case pulledBack(@Sendable (() throws -> PaddedLabel, String?, RecordMode?, SnapshotContext) -> SnapshotFailure?)
        case contactSheet(ImageComparison)
    }
    let kind: Kind

    init(kind: Kind) { self.kind = kind }

    /// A strategy of your own: the label snapshotted as `snapshotting` says (its format's file extension, encoding
    /// and comparison), in every label assertion and the matrix (one reference per combination). `precision:` does
    /// not apply to it.
    public init<Format>(_ snapshotting: Snapshotting<PaddedLabel, Format>) {
        kind = .pulledBack { label, name, record, context in
            verify({ try snapshotting.snapshot(label()) }, as: snapshotting.format, named: name, record: record, in: context)
        }
    }

    /// The rendered PNG, compared exactly (identical decoded RGBA).
    public static var image: LabelSnapshotStrategy { .image(.exact) }

    /// The rendered PNG, compared with `comparison` (see `ImageComparison`).
    public static func image(_ comparison: ImageComparison) -> LabelSnapshotStrategy {
        LabelSnapshotStrategy(kind: .image(comparison))
    }

    /// The rendered PNG with pixelmatch's tolerance: YIQ `threshold` (0…1), anti-aliased pixels
    /// not counted unless `includeAA`, and at most `maxDiffPixels` / `maxDiffPixelRatio` differing pixels.
    public static func image(threshold: Double, includeAA: Bool = false, maxDiffPixels: Int? = nil,
                             maxDiffPixelRatio: Double? = nil) -> LabelSnapshotStrategy {
        var c = ImageComparison.exact
        c.threshold = threshold
        c.includeAA = includeAA
        c.maxDiffPixels = maxDiffPixels
        c.maxDiffPixelRatio = maxDiffPixelRatio
        return .image(c)
    }

    /// The rendered PNG with swift-snapshot-testing's tolerances: `precision` is the share of pixels
    /// that must match; a pixel matches when CIE ΔE94 ≤ (1 − `perceptualPrecision`)·100.
    public static func image(precision: Double, perceptualPrecision: Double = 1) -> LabelSnapshotStrategy {
        .image(.precision(precision, perceptualPrecision: perceptualPrecision))
    }

    /// A readable `.txt` reference of the layout (`TextLayout.layoutDescription`): size in pt and px, each
    /// line's text, range, rect and baseline, the truncation applied. Fails with a line-by-line diff and
    /// does not change when the rasteriser does.
    public static var layout: LabelSnapshotStrategy {
        LabelSnapshotStrategy(Snapshotting(format: .text).pullback { (label: PaddedLabel) in try label.makeLayout().layoutDescription })
    }

    /// For `assertLabelSnapshots(of:matrix:)`: the whole matrix as one reference, its contact sheet
    /// (`<test>.contact-sheet.png`, or `named:`), compared exactly, instead of one file per combination.
    public static var contactSheet: LabelSnapshotStrategy { .contactSheet(.exact) }

    /// The matrix's contact sheet as one reference, compared with `comparison`.
    public static func contactSheet(_ comparison: ImageComparison) -> LabelSnapshotStrategy {
        LabelSnapshotStrategy(kind: .contactSheet(comparison))
    }
}

/// Checks `label` against its reference in `__Snapshots__/<TestFile>/<test>.<id>.png` (or `.txt` for `.layout`)
/// and returns the failure message, or nil when it passes. What `assertLabelSnapshot` reports; the
/// framework's own tests assert on it (XCTest on Linux has no `XCTExpectFailure`).
///
/// Returning is not reporting: a failure writes the images the message names (the actual value, and for a
/// mismatch the diff and composite) under the artifacts folder, and records a reference as the record mode
/// says, but writes no failure record (`.failure.json`), so nothing is left pending for `labelsnap review`,
/// `accept` or the report and the message offers no `labelsnap accept`. The `…Failure` variant, which the
/// assertion reports, writes the record.
/// - Parameters:
///   - label: the label; its `bounds` (default `intrinsicContentSize`) and `scale` set the bitmap size.
///     An error it throws (invalid property, missing font) is a failure, never a crash.
///   - strategy: `.image` (exact, default), `.image(threshold:…)`, `.image(precision:perceptualPrecision:)`, `.layout`.
///   - name: snapshot name (sanitised, never a path); nil numbers the test's snapshots 1, 2, ….
///   - record: `.all`, `.missing`, `.failed`, `.never`; nil reads `SNAPSHOT_TESTING_RECORD`
///     (default `missing`, `never` when `CI` is set).
///   - precision: for image strategies, the share of pixels that must match (overrides the strategy's).
///   - snapshotDirectory: the folder of references used in place of `<package root>/__Snapshots__` (same
///     layout inside; relative paths from the package root); `nil` (default) uses `withSnapshotTesting` /
///     `.snapshots`, then `LABELSNAP_SNAPSHOTS_DIR`, then `__Snapshots__`.
///   - fileID: `#fileID` (default, `Module/File.swift`): its module names the reference's module folder.
///   - filePath: the test file (`#filePath`, default): its package root holds `__Snapshots__`, its name
///     the `<TestFile>` folder.
///   - testName: the test function (`#function`, default): the `<test>` of the reference's file name
///     (the running test's when the assertion sits in a helper).
///   - line: the assertion's line (`#line`, default), named when two assertions of one test claim the same reference.
public func verifyLabelSnapshot(
    of label: @autoclosure () throws -> PaddedLabel,
    as strategy: LabelSnapshotStrategy = .image,
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
        labelSnapshotFailure(of: try label(), as: strategy, named: name, record: record, precision: precision,
                             snapshotDirectory: snapshotDirectory, fileID: fileID, file: filePath, testName: testName, line: line)
    }
    return SnapshotVerifier.returningOnly { failure()?.message }
}

/// Like `verifyLabelSnapshot`, with the whole `SnapshotFailure` (kind, paths, failure record); what
/// `assertLabelSnapshot` reports, so a failure here also writes its failure record for `labelsnap review`.
public func labelSnapshotFailure(
    of label: @autoclosure () throws -> PaddedLabel,
    as strategy: LabelSnapshotStrategy = .image,
    named name: String? = nil,
    record: RecordMode? = nil,
    precision: Double? = nil,
    snapshotDirectory: String? = nil,
    fileID: String = #fileID,
    file filePath: String = #filePath,
    testName: String = #function,
    line: UInt = #line
) -> SnapshotFailure? {
    verifyLabel(label, as: strategy, named: name, record: record, precision: precision,
                in: SnapshotContext(fileID: fileID, filePath: filePath, testName: testName, line: line, snapshotDirectory: snapshotDirectory))
}

/// The one verify of a label, for every label entry (the matrix's combinations included) at the assertion
/// `context` names.
func verifyLabel(_ label: () throws -> PaddedLabel, as strategy: LabelSnapshotStrategy, named name: String?, record: RecordMode?,
                 precision: Double?, in context: SnapshotContext) -> SnapshotFailure? {
    switch strategy.kind {
    case .image(let comparison):
        let value = Result { try label() }
        return verifyLabelImage(of: value, drawn: { try LabelImage(drawing: value.get()) }, as: comparison, named: name,
                                record: record, precision: precision, in: context)
    case .pulledBack(let verifyPulledBack):
        return verifyPulledBack(label, name, record, context)
    case .contactSheet:
        func refused() throws -> Bitmap {
            throw SnapshotConfigurationError(".contactSheet snapshots a matrix: use assertLabelSnapshots(of:matrix:as: .contactSheet)")
        }
        return verifyImage(refused, as: .exact, named: name, record: record, precision: nil, provenance: nil, in: context)
    }
}

/// A label drawn: its image and the layout it was drawn from (which the provenance reads its fonts from).
struct LabelImage: Sendable {
    let image: Bitmap
    let layout: TextLayout

    /// `label.render()`, keeping the layout.
    init(drawing label: PaddedLabel) throws {
        layout = try label.makeLayout()
        image = try LabelRenderer.render(layout)
    }
}

/// The one `.image` path of a label, for `verifyLabel` and each matrix combination: `drawn` is the
/// label's image (the matrix keeps its drawing for the contact sheet), checked like any bitmap, with the
/// label's provenance written into what is recorded, made from the drawing's own layout. A label that could
/// not be made fails as its error.
func verifyLabelImage(
    of label: Result<PaddedLabel, any Error>, drawn: () throws -> LabelImage, as comparison: ImageComparison, named name: String?,
    record: RecordMode?, precision: Double?, in context: SnapshotContext
) -> SnapshotFailure? {
    var cache: ProvenanceCache?
    var provenance: (@Sendable () throws -> SnapshotProvenance)?
    if let made = try? label.get() {
        let madeCache = ProvenanceCache(made)
        cache = madeCache
        provenance = { try madeCache.get() }
    }
    var layout: TextLayout?
    func image() throws -> Bitmap {
        let made = try drawn()
        cache?.drawn(made.layout)
        layout = made.layout
        return made.image
    }
    var failure = verifyImage(image, as: comparison, named: name, record: record, precision: precision, provenance: provenance,
                              in: context)
    // A reference of .notdef boxes (a fallback font deleted or emptied) would otherwise record with the plain
    // "recorded" message: the failure names the code points, the fonts tried and what is wrong with them.
    if failure != nil, let layout, let made = try? label.get(),
       let warning = MissingGlyphs.warning(scalars: layout.missingScalars, chain: made.languageFont.chain) {
        failure?.message += "\nWarning: " + warning + "."
    }
    return failure
}

/// Asserts that `label` matches its reference snapshot, as swift-snapshot-testing's `assertSnapshot`:
/// `XCTFail` under XCTest, `Issue.record` under Swift Testing. Parameters as `verifyLabelSnapshot`.
/// The failure message gives sizes, differing pixels and ratio, the largest delta, the changed area,
/// the tolerance, artifact paths and the command that accepts the new image.
public func assertLabelSnapshot(
    of label: @autoclosure () throws -> PaddedLabel,
    as strategy: LabelSnapshotStrategy = .image,
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
    if let failure = verifyLabel(label, as: strategy, named: name, record: record, precision: precision, in: context) {
        context.report(failure)
    }
}

/// `assertLabelSnapshot` under swift-snapshot-testing's name, for labels: `assertSnapshot(of: label, as: .image)`.
/// Parameters as `verifyLabelSnapshot`; `precision` (the share of pixels that must match, 0…1) overrides the
/// image strategy's, as in `assertLabelSnapshot`.
public func assertSnapshot(
    of label: @autoclosure () throws -> PaddedLabel,
    as strategy: LabelSnapshotStrategy = .image,
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
    assertLabelSnapshot(of: try label(), as: strategy, named: name, record: record, precision: precision,
                        snapshotDirectory: snapshotDirectory, fileID: fileID, file: filePath, testName: testName, line: line,
                        column: column)
}

/// The label's provenance, made at most once per assertion and only when a file is written or a
/// mismatch is explained, from the layout the label was drawn with (`drawn(_:)`) when it was drawn.
final class ProvenanceCache: Sendable {
    let label: PaddedLabel
    private let state = Locked<(made: SnapshotProvenance?, layout: TextLayout?)>((nil, nil))
    init(_ label: PaddedLabel) { self.label = label }
    /// The layout `label` was drawn from.
    func drawn(_ layout: TextLayout) { state.withLock { $0.layout = layout } }
    func get() throws -> SnapshotProvenance {
        try state.withLock { state in
            if let made = state.made { return made }
            let value = try SnapshotProvenance(label: label, layout: state.layout)
            state.made = value
            return value
        }
    }
}

import Foundation
import Locking
@_exported import LabelLayout
import LabelRendering
@_exported import Typesetting
import SnapshotStore
import ReferenceProvenance
import PNGCodec

/// How a label is snapshotted, as swift-snapshot-testing's `Snapshotting` strategies: the rendered image
/// (`.image`, with the reference's provenance chunk), the layout as text (`.layout`), a matrix's contact sheet
/// (`.contactSheet`), or any `Snapshotting` of a label (`init(_:)`). Each is a `Snapshotting` value pulled back to
/// the label (`.image` and `.contactSheet` from the `Bitmap` image format, `.layout` from the text format), so a
/// new strategy is one value.
public struct LabelSnapshotStrategy: Sendable {
    /// The strategy's `Snapshotting` of a label, made for the assertion's `precision:` (which only the image
    /// strategies read), erased to its verify: `(label, name, record, precision, context)`.
    let verify: @Sendable (SnapshottedLabel, String?, RecordMode?, Double?, SnapshotContext) -> SnapshotFailure?
    /// `.contactSheet`'s `Snapshotting` of a whole matrix, for the assertion's `precision:`; nil for the strategies
    /// of one label, which the matrix checks per combination.
    let matrixSheet: (@Sendable (Double?) -> Snapshotting<MatrixRun, Bitmap>)?

    init<Format>(_ snapshotting: @escaping @Sendable (_ precision: Double?) -> Snapshotting<SnapshottedLabel, Format>,
                 matrixSheet: (@Sendable (Double?) -> Snapshotting<MatrixRun, Bitmap>)? = nil) {
        self.matrixSheet = matrixSheet
        verify = { label, name, record, precision, context in
            LabelSnapshotTesting.verify({ label }, as: snapshotting(precision), named: name, record: record, in: context)
        }
    }

    /// A strategy of your own: the label snapshotted as `snapshotting` says (its format's file extension, encoding
    /// and comparison), in every label assertion and the matrix (one reference per combination). `precision:` does
    /// not apply to it.
    public init<Format>(_ snapshotting: Snapshotting<PaddedLabel, Format>) {
        let onLabel = snapshotting.pullback { (label: SnapshottedLabel) in try label.label.get() }
        self.init { _ in onLabel }
    }

    /// The rendered PNG, compared exactly (identical decoded RGBA).
    public static var image: LabelSnapshotStrategy { .image(.exact) }

    /// The rendered PNG, compared with `comparison` (see `ImageComparison`): the `Bitmap` image format pulled back
    /// through the label's drawing (`LabelImage`), whose provenance chunk goes into what is recorded.
    public static func image(_ comparison: ImageComparison) -> LabelSnapshotStrategy {
        LabelSnapshotStrategy { precision in
            Snapshotting<LabelImage, Bitmap>.labelImage(comparison, precision: precision).pullback { (label: SnapshottedLabel) in
                try label.drawing()
            }
        }
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

    /// The matrix's contact sheet as one reference, compared with `comparison`: the `Bitmap` image format pulled
    /// back through the matrix's sheet, drawn without marks. Given to a single label's assertion, it fails as a
    /// setup error.
    public static func contactSheet(_ comparison: ImageComparison) -> LabelSnapshotStrategy {
        let refused = Snapshotting<Bitmap, Bitmap>.image(.exact, precision: nil).pullback { (_: SnapshottedLabel) -> Bitmap in
            throw SnapshotConfigurationError(".contactSheet snapshots a matrix: use assertLabelSnapshots(of:matrix:as: .contactSheet)")
        }
        return LabelSnapshotStrategy({ _ in refused }, matrixSheet: { precision in
            Snapshotting<Bitmap, Bitmap>.image(comparison, precision: precision).pullback { (run: MatrixRun) in try run.plainSheet() }
        })
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
/// `context` names: the strategy's `Snapshotting`, whatever it is.
func verifyLabel(_ label: () throws -> PaddedLabel, as strategy: LabelSnapshotStrategy, named name: String?, record: RecordMode?,
                 precision: Double?, in context: SnapshotContext) -> SnapshotFailure? {
    strategy.verify(SnapshottedLabel(Result { try label() }), name, record, precision, context)
}

/// A label being snapshotted: the label (an error making it is kept, and thrown by the strategy that reads it) and
/// its drawing, made when a strategy first asks for it and kept, so the matrix's contact sheet reuses it.
final class SnapshottedLabel: Sendable {
    let label: Result<PaddedLabel, any Error>
    private let drawn = Locked<Result<LabelImage, any Error>?>(nil)

    init(_ label: Result<PaddedLabel, any Error>) { self.label = label }

    /// The label drawn, once.
    func drawing() throws -> LabelImage {
        try drawn.withLock { drawn in
            if let drawn { return drawn }
            let made = label.flatMap { label in Result { try LabelImage(drawing: label) } }
            drawn = made
            return made
        }.get()
    }

    /// The drawing, when a strategy asked for it (nil: none did).
    var drawingIfMade: Result<LabelImage, any Error>? { drawn.withLock { $0 } }
}

/// A label drawn: its image and the layout it was drawn from (which the provenance reads its fonts from).
struct LabelImage: Sendable {
    let label: PaddedLabel
    let image: Bitmap
    let layout: TextLayout

    /// `label.render()`, keeping the layout.
    init(drawing label: PaddedLabel) throws {
        self.label = label
        layout = try label.makeLayout()
        image = try LabelRenderer.render(layout)
    }
}

extension Snapshotting where Value == LabelImage, Format == Bitmap {
    /// A drawn label's image in the image format of `comparison` (and `precision`): what `.image` pulls back to the
    /// label. What it records carries the label's provenance chunk (made from the drawing's own layout, only when a
    /// file is written or a mismatch is explained), and a failure notes the code points no font had.
    static func labelImage(_ comparison: ImageComparison, precision: Double?) -> Snapshotting {
        let image = Snapshotting<Bitmap, Bitmap>.image(comparison, precision: precision)
        return Snapshotting(format: image.format, check: image.check) { drawn in
            let provenance = ProvenanceCache(drawn)
            return SnapshotOutput(value: drawn.image, format: { $0.recording { try provenance.get() } }) {
                // A reference of .notdef boxes (a fallback font deleted or emptied) would otherwise record with the
                // plain "recorded" message: the failure names the code points, the fonts tried and what is wrong.
                MissingGlyphs.warning(scalars: drawn.layout.missingScalars, chain: drawn.label.languageFont.chain)
                    .map { "Warning: " + $0 + "." }
            }
        }
    }
}

extension SnapshotFormat where Value == Bitmap {
    /// This image format with `provenance` written into what it records (with the digests of
    /// `ImageReferenceDigest`, so that passes need no decode), and a mismatch naming first what changed in the label
    /// (its `label:` line) and what differs from the recorded environment. `provenance` is called only to write a file or to explain a mismatch, never on the pass
    /// path.
    func recording(_ provenance: @escaping @Sendable () throws -> SnapshotProvenance) -> SnapshotFormat {
        var format = self
        format.encode = { bitmap in
            let png = try PNGCodec.encode(bitmap)
            return try PNGCodec.inserting([try provenance().withDigest(ofEncoded: png).chunk], into: png)
        }
        format.environmentDifferences = { referenceFile in
            guard let recorded = SnapshotProvenance.read(png: referenceFile), let now = try? provenance() else { return [] }
            return now.differences(from: recorded)
        }
        format.labelChanges = { referenceFile in
            guard let recorded = SnapshotProvenance.read(png: referenceFile), let now = try? provenance() else { return [] }
            return now.labelChanges(from: recorded)
        }
        return format
    }
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

/// A drawn label's provenance, made at most once per snapshot and only when a file is written or a mismatch is
/// explained, from the layout the label was drawn with.
final class ProvenanceCache: Sendable {
    let drawn: LabelImage
    private let made = Locked<SnapshotProvenance?>(nil)
    init(_ drawn: LabelImage) { self.drawn = drawn }
    func get() throws -> SnapshotProvenance {
        try made.withLock { made in
            if let made { return made }
            let value = try SnapshotProvenance(label: drawn.label, layout: drawn.layout)
            made = value
            return value
        }
    }
}

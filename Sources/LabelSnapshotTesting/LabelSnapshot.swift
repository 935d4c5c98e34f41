import Foundation
import LabelRendering
import Support
import Imaging
import SnapshotStore
import LabelDescription
import Typesetting

extension Snapshotting where Value == PaddedLabel, Format == Bitmap {
    /// The rendered PNG, compared exactly (identical decoded RGBA). The label's `bounds` (default
    /// `intrinsicContentSize`) and `scale` set the bitmap size; the reference carries the label's provenance chunk.
    public static var image: Snapshotting { .image(.exact) }

    /// The rendered PNG, compared with `comparison` (see `ImageComparison`): the `Bitmap` image format pulled back
    /// through the label's drawing, whose provenance chunk goes into what is recorded.
    /// - Parameter comparison: the tolerance.
    /// - Returns: the strategy.
    public static func image(_ comparison: ImageComparison) -> Snapshotting {
        Snapshotting<LabelImage, Bitmap>.labelImage(comparison).pullback(LabelDrawings.draw)
    }

    /// The rendered PNG with swift-snapshot-testing's tolerances: `precision` is the share of pixels that must
    /// match; a pixel matches when CIE ΔE94 ≤ (1 − `perceptualPrecision`)·100.
    /// - Parameters:
    ///   - precision: the share of pixels, 0…1, that must match.
    ///   - perceptualPrecision: the per-pixel perceptual match, 0…1 (1: exact per pixel; 0.98 tolerates ΔE94 ≤ 2).
    /// - Returns: the strategy.
    public static func image(precision: Double, perceptualPrecision: Double = 1) -> Snapshotting {
        .image(.precision(precision, perceptualPrecision: perceptualPrecision))
    }

    /// The rendered PNG with pixelmatch's tolerance: YIQ `threshold` (0…1), anti-aliased pixels not counted unless
    /// `includeAA`, and at most `maxDiffPixels` / `maxDiffPixelRatio` differing pixels.
    /// - Parameters:
    ///   - threshold: the YIQ threshold, 0…1 (pixelmatch's default is 0.1).
    ///   - includeAA: count anti-aliased pixels as differing.
    ///   - maxDiffPixels: the most differing pixels that pass; nil: no such limit.
    ///   - maxDiffPixelRatio: the largest share, 0…1, of differing pixels that passes; nil: no such limit.
    /// - Returns: the strategy.
    public static func image(threshold: Double, includeAA: Bool = false, maxDiffPixels: Int? = nil,
                             maxDiffPixelRatio: Double? = nil) -> Snapshotting {
        .image(.pixelmatch(threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffPixelRatio))
    }

    /// For ``assertSnapshots(of:matrix:as:named:record:maxConcurrency:sheetAxes:snapshotDirectory:fileID:file:testName:line:column:)``:
    /// the whole matrix as one reference, its contact sheet (`<test>.contact-sheet.png`, or `named:`), compared
    /// exactly, instead of one file per combination.
    public static var contactSheet: Snapshotting { .contactSheet(.exact) }

    /// The matrix's contact sheet as one reference, compared with `comparison`: the `Bitmap` image format pulled
    /// back through the matrix's sheet, drawn without marks. Given to a single label's assertion, it fails as a
    /// setup error.
    /// - Parameter comparison: the tolerance.
    /// - Returns: the strategy.
    public static func contactSheet(_ comparison: ImageComparison) -> Snapshotting {
        // Refused by its check, before the label is made: the setup error comes before the label's own.
        let refusal = SnapshotConfigurationError(".contactSheet snapshots a matrix: use assertSnapshots(of:matrix:as: .contactSheet)")
        var refused = Snapshotting(format: .image(comparison), check: { throw refusal }, make: { _ in throw refusal })
        refused.matrixSheet = { Snapshotting<Bitmap, Bitmap>.image(comparison).pullback { (run: MatrixRun) in try run.plainSheet() } }
        return refused
    }
}

extension Snapshotting where Value == PaddedLabel, Format == String {
    /// A readable `.txt` reference of the layout (`TextLayout.layoutDescription`): size in pt and px, each line's
    /// text, range, rect and baseline, the truncation applied. Fails with a line-by-line diff and does not change
    /// when the rasteriser does.
    public static var layout: Snapshotting {
        Snapshotting<String, String>.text.pullback { (label: PaddedLabel) in try label.makeLayout().layoutDescription }
    }
}

/// The drawings the label's `.image` made in this task, so the matrix's contact sheet reuses the drawing each
/// combination was checked with instead of drawing it again (any strategy pulled back from `.image` reports too).
enum LabelDrawings {
    /// Where `.image` reports its drawing (nil: nobody asks; outside a matrix).
    @TaskLocal static var sink: Sink?

    /// The one drawing of one combination (an error drawing it included).
    final class Sink: Sendable {
        private let drawn = Locked<Result<LabelImage, any Error>?>(nil)
        var drawing: Result<LabelImage, any Error>? { drawn.withLock { $0 } }
        func keep(_ drawing: Result<LabelImage, any Error>) { drawn.withLock { $0 = drawing } }
    }

    /// `label` drawn, reported to the sink of the running matrix combination.
    @Sendable static func draw(_ label: PaddedLabel) throws -> LabelImage {
        let drawing = Result { try LabelImage(drawing: label) }
        sink?.keep(drawing)
        return try drawing.get()
    }
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
    /// A drawn label's image in the image format of `comparison`: what `.image` pulls back to the
    /// label. What it records carries the label's provenance chunk (made from the drawing's own layout, only when a
    /// file is written or a mismatch is explained), and a failure notes the code points no font had.
    static func labelImage(_ comparison: ImageComparison) -> Snapshotting {
        let image = Snapshotting<Bitmap, Bitmap>.image(comparison)
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
    package func recording(_ provenance: @escaping @Sendable () throws -> SnapshotProvenance) -> SnapshotFormat {
        var format = self
        format.encode = { bitmap in
            let png = try PNGCodec.encode(bitmap)
            return try PNGCodec.inserting([try provenance().withDigest(ofEncoded: png).chunk], into: png)
        }
        format.environmentDifferences = { referenceFile in
            guard let recorded = SnapshotProvenance.read(png: referenceFile), let now = try? provenance() else { return [] }
            return now.differences(from: recorded)
        }
        format.valueChanges = { referenceFile in
            guard let recorded = SnapshotProvenance.read(png: referenceFile), let now = try? provenance() else { return [] }
            return now.labelChanges(from: recorded)
        }
        return format
    }
}

/// Asserts that `label` matches its reference snapshot: ``assertSnapshot(of:as:named:record:snapshotDirectory:fileID:file:testName:line:column:)``
/// for a label, with `.image` by default. The failure message gives sizes, differing pixels and ratio, the largest
/// delta, the changed area, the tolerance, artifact paths and the command that accepts the new image.
/// - Parameters:
///   - label: the label; its `bounds` (default `intrinsicContentSize`) and `scale` set the bitmap size.
///     An error it throws (invalid property, missing font) is a failure, never a crash.
///   - strategy: `.image` (exact, default), `.image(threshold:…)`, `.image(precision:perceptualPrecision:)`, `.layout`,
///     or a strategy of your own.
///   - name: as in `assertSnapshot`.
///   - record: as in `assertSnapshot`.
///   - snapshotDirectory: as in `assertSnapshot`.
///   - fileID: as in `assertSnapshot`.
///   - filePath: as in `assertSnapshot`.
///   - testName: as in `assertSnapshot`.
///   - line: as in `assertSnapshot`.
///   - column: as in `assertSnapshot`.
public func assertLabelSnapshot<Format>(
    of label: @autoclosure () throws -> PaddedLabel,
    as strategy: Snapshotting<PaddedLabel, Format> = .image,
    named name: String? = nil,
    record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    assertSnapshot(of: try label(), as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
                   fileID: fileID, file: filePath, testName: testName, line: line, column: column)
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

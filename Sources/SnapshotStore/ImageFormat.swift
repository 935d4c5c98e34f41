import Support
import Imaging

extension SnapshotFormat where Value == Bitmap {
    /// RGBA bitmaps stored as PNG (`PNGCodec`, deterministic bytes), compared exactly.
    public static var image: SnapshotFormat<Bitmap> { image(.exact) }

    /// RGBA bitmaps stored as PNG and compared with `comparison` (ImageDiff). The pass path first
    /// tries the pixel digest of what this machine decoded of the file before (`ImageReferenceDigest`,
    /// `DecodedImageMemo`: no decode, no compare when it proves the reference equal), else decodes the reference and compares pixels (identical bitmaps short-cut
    /// to a byte compare); PNG is encoded only to write a reference or an artifact. A failure carries the numbers of
    /// `ImageDifference` and two attachments, `diff` (pixelmatch-style) and `composite`
    /// (reference | diff | actual), drawn only when artifacts are written.
    public static func image(_ comparison: ImageComparison) -> SnapshotFormat<Bitmap> {
        SnapshotFormat(
            pathExtension: "png",
            encode: { try PNGCodec.encode($0) },
            decode: { try PNGCodec.decode($0) },
            compare: { reference, actual in
                if reference == actual { return nil }
                let result = Imaging.compare(reference, actual, comparison)
                if result.passed { return nil }
                return imageMismatch(result, reference: reference, actual: actual, comparison: comparison)
            },
            describe: { "\($0.width)×\($0.height) px" },
            tolerance: comparison.description,
            // Equal pixels pass under every comparison (`compare` starts with `==`), so a proven equal
            // bitmap passes whatever the tolerance; anything unproven is decoded and compared.
            provesMatch: { file, actual, memo in ImageReferenceDigest.proves(file, holds: actual, memo: memo) },
            rememberDecoded: { file, decoded, memo in ImageReferenceDigest.remember(decoded: decoded, of: file, in: memo) })
    }
}

/// Draws the diff image once, on first use, for both attachments; the composite from it, so a composite too large
/// to draw (`CompositeTooLarge`) leaves the diff image written.
private final class DiffImageCache: Sendable {
    let reference: Bitmap, actual: Bitmap, comparison: ImageComparison
    private let image = Locked<Bitmap?>(nil)

    init(reference: Bitmap, actual: Bitmap, comparison: ImageComparison) {
        self.reference = reference; self.actual = actual; self.comparison = comparison
    }

    func diff() throws -> Bitmap {
        if let cached = image.withLock({ $0 }) { return cached }
        let made = try makeDiffImage(reference, actual, comparison).diff
        image.withLock { $0 = made }
        return made
    }

    func composite() throws -> Bitmap { try makeDiffComposite(reference, try diff(), actual) }
}

private func imageMismatch(_ result: ImageDifference, reference: Bitmap, actual: Bitmap,
                           comparison: ImageComparison) -> SnapshotMismatch {
    var metrics: [String: SnapshotMetric] = [
        "referenceSize": .ints([result.referenceSize.width, result.referenceSize.height]),
        "actualSize": .ints([result.actualSize.width, result.actualSize.height]),
        "comparedPixels": .int(result.comparedPixelCount),
        "differingPixels": .int(result.differingPixelCount),
        "differingRatio": .double(result.differingPixelRatio),
        "allowedDifferingPixels": .int(result.allowedDifferingPixels),
        "largestChannelDelta": .int(result.maxChannelDelta),
        "antiAliasedPixels": .int(result.antiAliasedPixelCount),
        "ignoredPixels": .int(result.ignoredPixelCount),
        "tolerance": .string(comparison.description),
    ]
    if let box = result.boundingBox { metrics["boundingBox"] = .ints([box.x, box.y, box.width, box.height]) }
    if let y = result.maxYIQDelta { metrics["largestYIQDelta"] = .double(y) }
    if let e = result.maxDeltaE { metrics["largestDeltaE94"] = .double(e) }
    var summary = result.summary.split(separator: "\n").map(String.init)
    var diffReference = reference
    if let m = result.sizeMismatch {
        // Which edges moved is read from where the content went, not from the top-left corner; the diff
        // images compare the reference placed there.
        let alignment = ContentAlignment.find(reference, actual)
        metrics["leftEdgeMoved"] = .int(alignment.left)
        metrics["topEdgeMoved"] = .int(alignment.top)
        metrics["rightEdgeMoved"] = .int(alignment.right)
        metrics["bottomEdgeMoved"] = .int(alignment.bottom)
        metrics["alignedDifferingPixels"] = .int(alignment.differingPixels)
        // The count the message gives (the aligned overlap, what the diff images show) is the record's too,
        // so `review`, the report and the failure agree on one number.
        metrics["differingPixels"] = .int(alignment.differingPixels)
        metrics["comparedPixels"] = .int(alignment.comparedPixels)
        metrics["differingRatio"] = .double(Double(alignment.differingPixels) / Double(max(1, alignment.comparedPixels)))
        summary = ["size differs: reference \(m.reference), actual \(m.actual); aligned by content: \(alignment)"]
        if let aligned = try? alignment.alignedReference(reference) { diffReference = aligned }
    }
    let cache = DiffImageCache(reference: diffReference, actual: actual, comparison: comparison)
    return SnapshotMismatch(
        summary: summary,
        metrics: metrics,
        attachments: [
            SnapshotAttachment(kind: "diff", pathExtension: "png") { try PNGCodec.encode(try cache.diff()) },
            SnapshotAttachment(kind: "composite", pathExtension: "png") { try PNGCodec.encode(try cache.composite()) },
        ])
}

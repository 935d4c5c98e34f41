// What `--json` prints, as Encodable values through JSONEncoder: no JSON is assembled by hand. Keys are the
// documented snake_case ones, sorted; a missing value is an explicit null where one was always printed.
import Foundation
import Imaging
import LabelRendering
import SnapshotReview
import SnapshotStore

/// One JSON document on standard output; `pretty` for the longer ones (review's list). Slashes stay unescaped (paths);
/// keys sorted, so that the same result prints the same bytes (the encoder's own order is a dictionary's on Linux).
func printJSON<T: Encodable>(_ value: T, pretty: Bool = false) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys] : [.withoutEscapingSlashes, .sortedKeys]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// A length for JSON: rounded to 4 decimals (layout's sub-pixel noise left out), nil (null) when not finite.
func jsonLength(_ v: Double) -> Double? { v.isFinite ? (v * 10_000).rounded() / 10_000 + 0 : nil }

/// `labelsnap render --json`.
struct RenderJSON: Encodable {
    var intrinsic_pt: [Double?]
    var size_pt: [Double?]
    var size_px: [Int]
    var lines: [String]
    var missing: [String]
    var fonts: [String]
    /// Top-left, top-right, bottom-left, bottom-right, resolved from the bounds and clamped; only when stated.
    var corners_pt: [Double?]?
    /// The primary face's weight, instance and features, only for a font that asks for them.
    var face: String?

    init(intrinsic: CGSize, layout: TextLayout) {
        intrinsic_pt = [jsonLength(Double(intrinsic.width)), jsonLength(Double(intrinsic.height))]
        size_pt = [jsonLength(Double(layout.bounds.width)), jsonLength(Double(layout.bounds.height))]
        size_px = [layout.pixelWidth, layout.pixelHeight]
        lines = layout.lines.map(\.text)
        missing = layout.missingScalars.map(codePointName)
        fonts = layout.fontsUsed.map(\.path)
        corners_pt = layout.statesCorners ? layout.cornerRadii.all.map(jsonLength) : nil
        face = layout.face
    }
}

/// `labelsnap diff --json`: `max_delta` is the largest channel delta (0…255); `bbox` [x, y, w, h] or null.
struct DiffJSON: Encodable {
    struct Sizes: Encodable { var reference: [Int]; var actual: [Int] }
    var pass: Bool
    var diff_pixels: Int
    var aa_pixels: Int
    var ratio: Double
    var max_delta: Int
    var bbox: [Int]?
    var size: Sizes

    init(_ r: ImageDifference) {
        pass = r.passed
        diff_pixels = r.differingPixelCount
        aa_pixels = r.antiAliasedPixelCount
        ratio = r.differingPixelRatio
        max_delta = r.maxChannelDelta
        bbox = r.boundingBox.map { [$0.x, $0.y, $0.width, $0.height] }
        size = Sizes(reference: [r.referenceSize.width, r.referenceSize.height], actual: [r.actualSize.width, r.actualSize.height])
    }

    enum CodingKeys: String, CodingKey { case pass, diff_pixels, aa_pixels, ratio, max_delta, bbox, size }
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(pass, forKey: .pass)
        try c.encode(diff_pixels, forKey: .diff_pixels)
        try c.encode(aa_pixels, forKey: .aa_pixels)
        try c.encode(ratio, forKey: .ratio)
        try c.encode(max_delta, forKey: .max_delta)
        try c.encode(bbox, forKey: .bbox)   // null when nothing differs
        try c.encode(size, forKey: .size)
    }
}

/// `labelsnap review --json`: `{"artifacts", "count", "failures": […], "errors": […]}`; `artifacts` is the folder, or
/// the list of folders when several were merged.
struct ReviewJSON: Encodable {
    struct Failure: Encodable {
        var record, test_file, test, snapshot, name, kind, reference, reference_relative: String
        var reference_exists, reference_written: Bool
        var compared_reference, actual, diff, composite: String?
        var differing_pixels, compared_pixels: Int?
        var ratio: Double?
        var largest_channel_delta: Int?
        var reference_size, actual_size: [Int]?
        var tolerance: String
        var summary: [String]
        var accept_command: String?
        var recorded_at: String

        enum CodingKeys: String, CodingKey {
            case record, test_file, test, snapshot, name, kind, reference, reference_relative, reference_exists, reference_written,
                 compared_reference, actual, diff, composite, differing_pixels, compared_pixels, ratio, largest_channel_delta,
                 reference_size, actual_size, tolerance, summary, accept_command, recorded_at
        }
        /// Every key always present: null for what a failure does not have.
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(record, forKey: .record); try c.encode(test_file, forKey: .test_file)
            try c.encode(test, forKey: .test); try c.encode(snapshot, forKey: .snapshot)
            try c.encode(name, forKey: .name); try c.encode(kind, forKey: .kind)
            try c.encode(reference, forKey: .reference); try c.encode(reference_relative, forKey: .reference_relative)
            try c.encode(reference_exists, forKey: .reference_exists); try c.encode(reference_written, forKey: .reference_written)
            try c.encode(compared_reference, forKey: .compared_reference); try c.encode(actual, forKey: .actual)
            try c.encode(diff, forKey: .diff); try c.encode(composite, forKey: .composite)
            try c.encode(differing_pixels, forKey: .differing_pixels); try c.encode(compared_pixels, forKey: .compared_pixels)
            try c.encode(ratio, forKey: .ratio); try c.encode(largest_channel_delta, forKey: .largest_channel_delta)
            try c.encode(reference_size, forKey: .reference_size); try c.encode(actual_size, forKey: .actual_size)
            try c.encode(tolerance, forKey: .tolerance); try c.encode(summary, forKey: .summary)
            try c.encode(accept_command, forKey: .accept_command); try c.encode(recorded_at, forKey: .recorded_at)
        }
    }
    struct RecordError: Encodable { var record: String; var error: String }
    enum Folders: Encodable {
        case one(String), merged([String])
        func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self { case .one(let s): try c.encode(s); case .merged(let all): try c.encode(all) }
        }
    }
    var artifacts: Folders
    var count: Int
    var failures: [Failure]
    var errors: [RecordError]

    init(_ scan: PendingScan) {
        artifacts = scan.roots.count == 1 ? .one(scan.roots[0]) : .merged(scan.roots)
        count = scan.failures.count
        failures = scan.failures.map { f in
            let r = f.record
            return Failure(record: f.recordPath, test_file: r.testFile, test: r.testName, snapshot: r.snapshotName, name: f.displayName,
                           kind: r.kind.rawValue, reference: r.reference, reference_relative: r.referenceRelative,
                           reference_exists: SnapshotFileSystem.exists(r.reference), reference_written: r.referenceWritten,
                           compared_reference: f.comparedReferencePath, actual: f.actualPath, diff: f.diffPath, composite: f.compositePath,
                           differing_pixels: r.intMetric("differingPixels"), compared_pixels: r.intMetric("comparedPixels"),
                           ratio: r.doubleMetric("differingRatio").flatMap { $0.isFinite ? $0 : nil },
                           largest_channel_delta: r.intMetric("largestChannelDelta"),
                           reference_size: r.sizeMetric("referenceSize").map { [$0.0, $0.1] },
                           actual_size: r.sizeMetric("actualSize").map { [$0.0, $0.1] },
                           tolerance: r.tolerance, summary: r.summary,
                           accept_command: f.canAccept && ReferenceCheck(f).acceptable ? f.acceptCommand : nil, recorded_at: r.recordedAt)
        }
        errors = scan.errors.map { RecordError(record: $0.path, error: $0.message) }
    }
}

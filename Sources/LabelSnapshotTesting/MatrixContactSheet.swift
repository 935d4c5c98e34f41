import SnapshotMessages
import LabelRendering
import Foundation
import SnapshotStore

/// Which axis of a matrix goes across the contact sheet, which down, and which make up the blocks.
struct MatrixSheetLayout: Sendable {
    /// Indices into `LabelMatrix.axes`; nil = a single column / row.
    let across: Int?, down: Int?
    let blocks: [Int]

    /// Default: content size categories down (else the longest axis), the longest remaining axis across
    /// (the earlier one in the fixed order on a tie), the rest as blocks in the fixed order.
    /// - Throws: `SnapshotConfigurationError` when a requested axis is not in the matrix or both are the same.
    init(_ matrix: LabelMatrix, across acrossKind: LabelMatrixAxis.Kind?, down downKind: LabelMatrixAxis.Kind?) throws {
        let kinds = matrix.axes.map(\.kind)
        func index(_ kind: LabelMatrixAxis.Kind) throws -> Int {
            guard let i = kinds.firstIndex(of: kind) else {
                throw SnapshotConfigurationError("sheetAxes names .\(kind), which the matrix does not have; pick from \(kinds.map { "." + $0.description }.joined(separator: ", "))")
            }
            return i
        }
        func longest(excluding: [Int?]) -> Int? {
            matrix.axes.indices.filter { !excluding.contains($0) }
                .max { a, b in matrix.axes[a].values.count < matrix.axes[b].values.count || (matrix.axes[a].values.count == matrix.axes[b].values.count && a > b) }
        }
        if let acrossKind, let downKind, acrossKind == downKind {
            throw SnapshotConfigurationError("sheetAxes puts .\(acrossKind) both across and down; pick two different axes")
        }
        let down = try downKind.map(index) ?? kinds.firstIndex(of: .contentSizeCategories).flatMap { i in
            acrossKind.map { $0 == .contentSizeCategories } == true ? nil : i } ?? longest(excluding: [try acrossKind.map(index)])
        let across = try acrossKind.map(index) ?? longest(excluding: [down])
        self.down = down
        self.across = across
        blocks = matrix.axes.indices.filter { $0 != down && $0 != across }
    }

    /// Lays the combinations out: `cell(i)` gives combination `i`'s cell.
    func sheet(_ matrix: LabelMatrix, title: String, textScale: CGFloat,
               cell: (Int) -> ContactSheet.Cell) throws -> Bitmap {
        let axes = matrix.axes
        var sheet = ContactSheet(title: title,
                                 columnTitles: across.map { axes[$0].valueNames } ?? [""],
                                 rowTitles: down.map { axes[$0].valueNames } ?? [""])
        sheet.textScale = textScale
        // Blocks in the fixed axis order, the last block axis fastest, like the combinations.
        var blockIndex: [[Int]: Int] = [:]
        var titles: [String] = []
        var keys: [[Int]] = [[]]
        for b in blocks { keys = keys.flatMap { k in axes[b].values.indices.map { k + [$0] } } }
        for (n, key) in keys.enumerated() {
            blockIndex[key] = n
            titles.append(zip(blocks, key).map { axes[$0].values[$1].name }.joined(separator: " · "))
        }
        let rows = down.map { axes[$0].values.count } ?? 1, columns = across.map { axes[$0].values.count } ?? 1
        var cells = Array(repeating: Array(repeating: Array(repeating: ContactSheet.Cell?.none, count: columns), count: rows),
                          count: keys.count)
        for (i, c) in matrix.combinations.enumerated() {
            let b = blockIndex[blocks.map { c.indices[$0] }] ?? 0
            cells[b][down.map { c.indices[$0] } ?? 0][across.map { c.indices[$0] } ?? 0] = cell(i)
        }
        // Blocks of one scale get text, gutters and boxes at that scale (a row of blocks each): 1x images are
        // not drawn in 3x-sized boxes.
        let scaleAxis = blocks.firstIndex { axes[$0].kind == .scales }
        sheet.blocks = zip(keys, zip(titles, cells)).map { key, block in
            let scale = scaleAxis.flatMap { s -> CGFloat? in
                if case .scale(let v) = axes[blocks[s]].values[key[s]] { return v } else { return nil }
            }
            return ContactSheet.Block(title: block.0, cells: block.1, textScale: scale)
        }
        do {
            return try sheet.render()
        } catch RasterError.invalidSize(let width, let height) {
            // Said in the matrix's terms, with what to do: the bare bitmap error named no matrix.
            throw SnapshotConfigurationError("the contact sheet of \(matrix.combinations.count) combinations would be \(width)×\(height) px, "
                + "over the limit of \(Bitmap.maximumPixelCount) px: split the matrix into several assertions (fewer axes or values each)")
        }
    }
}

/// The matrix's one failure message, its contact sheet's marks, and the link from each failure record.
enum MatrixMessage {
    /// The mark and caption of a failed combination's cell.
    static func cell(image: Bitmap?, failure: SnapshotFailure) -> ContactSheet.Cell {
        switch failure.kind {
        case .mismatch, .corruptReference, .unreadableReference:
            let px = failure.record?.metrics["differingPixels"].map { "\($0) px differ" }
            return .init(image: image, mark: .differs, caption: px ?? (failure.kind == .mismatch ? "differs" : "bad reference"))
        case .missingReference:
            return .init(image: image, mark: .missing, caption: failure.referenceWritten ? "recorded" : "missing")
        case .recorded:
            return .init(image: image, mark: .none, caption: nil)
        case .configuration, .writeFailed, .valueFailed:
            return .init(image: image, mark: .missing, caption: "not checked")
        }
    }

    /// The radii a cell drew, pt, for a label that sets corner properties: "r 9.5" (one radius) or "r 0/6/12/3"
    /// (top-left, top-right, bottom-left, bottom-right), so a capsule's radius can be read against its height.
    static func cornersCaption(_ layout: TextLayout) -> String? {
        guard layout.statesCorners else { return nil }
        func n(_ v: Double) -> String {
            let r = (v * 100).rounded() / 100
            return r == r.rounded() ? String(Int(r)) : String(r)
        }
        let r = layout.cornerRadii
        return "r " + (r.isUniform ? n(r.topLeft) : r.all.map(n).joined(separator: "/"))
    }

        static func sheetTitle(_ test: String, _ results: [SnapshotFailure?]) -> String {
        let differ = results.filter { [.mismatch, .corruptReference, .unreadableReference].contains($0?.kind) }.count
        let missing = results.filter { $0?.kind == .missingReference }.count
        let unchecked = results.filter { [.configuration, .writeFailed, .valueFailed].contains($0?.kind) }.count
        return "\(test): \(results.count) combinations, \(differ) differ (red), \(missing) missing (amber)"
            + (unchecked > 0 ? ", \(unchecked) not checked (amber)" : "")
    }

    /// Names the sheet in a failure record, so `labelsnap report` shows it with the failure.
    static func link(_ sheetPath: String, into failure: SnapshotFailure) {
        guard let path = failure.location?.failureRecordPath, var record = try? SnapshotFailureRecord.load(path) else { return }
        record.contactSheet = sheetPath
        // Best effort: the sheet is still written and named in the message when its record cannot be updated.
        if let bytes = try? record.jsonBytes() { _ = try? SnapshotFileSystem.writeAtomically(bytes, to: path) }
    }

    /// One line per failed combination with its numbers, under a count of what failed.
    static func text(testName: String, count: Int, failed: [LabelMatrixFailures.Failure], sheetPath: String?,
                     sheetProblem: String?) -> String {
        func number(_ kinds: [SnapshotFailureKind]) -> Int { failed.filter { kinds.contains($0.failure.kind) }.count }
        let differ = number([.mismatch, .corruptReference, .unreadableReference])
        let missing = number([.missingReference]), recorded = number([.recorded])
        let unchecked = number([.configuration, .writeFailed, .valueFailed])
        var parts: [String] = []
        if differ > 0 { parts.append("\(differ) differ") }
        if missing > 0 { parts.append("\(missing) missing\(failed.contains { $0.failure.kind == .missingReference && $0.failure.referenceWritten } ? " (recorded)" : "")") }
        if recorded > 0 { parts.append("\(recorded) recorded (record mode all)") }
        if unchecked > 0 { parts.append("\(unchecked) not checked") }
        parts.append("\(count - failed.count) match")
        var lines = ["Snapshot matrix \(testName) (\(count) \(count == 1 ? "combination" : "combinations")): " + parts.joined(separator: ", ")]
        for f in failed {
            let snapshot = f.failure.location?.snapshotName ?? f.combination
            lines.append("  \(label(f.failure.kind)) \(snapshot): \(numbers(f.failure))")
        }
        if let folder = failed.first?.failure.location?.referenceFolder { lines.append("References: \(folder)") }
        if let sheetPath { lines.append("Contact sheet: \(sheetPath) (red: differs, amber: missing)") }
        if let sheetProblem { lines.append("Contact sheet not written: \(sheetProblem)") }
        // Review and accept read the failure records: offered only when they were written (not by the verify).
        if differ > 0, failed.contains(where: { $0.failure.recordWritten }) {
            // review walks every pending failure (it takes no names); accept's `<file>/<test>` selects this
            // test only, not a test of the same name in another file.
            let selection = failed.first?.failure.location.map { $0.testFileName + "/" + $0.testName } ?? testName
            lines.append(SnapshotCommand.reviewOrAcceptAll(selection: selection))
        }
        let written = failed.contains { $0.failure.referenceWritten }
        if written && differ == 0 {
            lines.append("Look at the references\(sheetPath == nil ? "" : " (and the contact sheet)"), commit them, and run the test again to assert against them.")
        }
        if let unrecorded = failed.first(where: { $0.failure.kind == .missingReference && !$0.failure.referenceWritten }) {
            lines.append("Missing references were not recorded; record them:  "
                + (unrecorded.failure.record?.rerecordCommand ?? "\(RecordMode.environmentVariable)=missing swift test"))
        }
        return lines.joined(separator: "\n")
    }

    static func label(_ kind: SnapshotFailureKind) -> String {
        switch kind {
        case .mismatch: return "differs    "
        case .corruptReference, .unreadableReference: return "bad ref    "
        case .missingReference: return "missing    "
        case .recorded: return "recorded   "
        case .configuration, .writeFailed, .valueFailed: return "not checked"
        }
    }

    /// The comparison's numbers (`384 of 27864 px differ (1.378%, allowed 0); largest channel Δ 255; …`), or the
    /// first line of the message for failures without them.
    static func numbers(_ failure: SnapshotFailure) -> String {
        switch failure.kind {
        case .mismatch:
            if let summary = failure.record?.summary, !summary.isEmpty { return summary.joined(separator: "; ") }
        case .missingReference:
            let size = failure.record?.actualDescription
            return failure.referenceWritten ? "recorded \(failure.location?.referenceRelativePath ?? "")"
                : "no reference (record mode never)" + (size.map { "; actual \($0)" } ?? "")
        case .recorded:
            return "recorded \(failure.location?.referenceRelativePath ?? "")"
        default: break
        }
        let first = failure.message.split(separator: "\n").first.map(String.init) ?? failure.message
        return first
    }
}

import LabelRendering
import Dispatch
import Foundation
import Support
import Imaging

/// The contact sheet of an accessibility audit: each cell's label drawn on its container (the audit's background
/// resolved for that cell), outlined red where a check fails, its text contrast ratio written under it (with the
/// checks that fail there). Sizes down (else the first axis), the other axes' combinations across.
package enum AuditContactSheet {
    /// Container around each label, pt: the chip is seen on what it sits on.
    static let margin: CGFloat = 6

    /// - Throws: `LabelError` of a cell, or the sheet's own size error.
    package static func render(_ report: AccessibilityReport, matrix: AuditMatrix, title: String, workers: Int? = nil) throws -> Bitmap {
        let images = try drawings(report, matrix: matrix, workers: workers)
        let down = report.categoryAxis ?? 0
        let rows = report.axes.isEmpty ? [""] : report.axes[down]
        let others = report.axes.indices.filter { $0 != down }
        var columnKeys: [[Int]] = [[]]
        for a in others { columnKeys = columnKeys.flatMap { k in report.axes[a].indices.map { k + [$0] } } }
        let columns = columnKeys.map { key in zip(others, key).map { report.axes[$0][$1] }.joined(separator: " · ") }
        var cells = Array(repeating: Array(repeating: ContactSheet.Cell?.none, count: columns.count), count: rows.count)
        for (i, cell) in report.cells.enumerated() {
            let indices = matrix.cells[i].indices
            let row = indices.isEmpty ? 0 : indices[down]
            let column = columnKeys.firstIndex(of: others.map { indices[$0] }) ?? 0
            cells[row][column] = self.cell(cell, image: images[i])
        }
        var sheet = ContactSheet(title: title, columnTitles: columns.isEmpty ? [""] : columns, rowTitles: rows,
                                 blocks: [.init(title: "", cells: cells)])
        sheet.textScale = matrix.cells.map(\.label.scale).max() ?? 1
        return try sheet.render()
    }

    /// One cell: outlined red when any check fails there; captioned with the text contrast ratio (and, when they
    /// fail, the other checks' short words).
    static func cell(_ cell: AccessibilityReport.Cell, image: Bitmap) -> ContactSheet.Cell {
        var parts: [String] = []
        if let c = cell.results.first(where: { $0.check == .textContrast }), let v = c.value {
            parts.append(AuditWording.ratio(v) + (c.passed ? "" : " < " + AuditWording.required(c.required ?? 0)))
        }
        for r in cell.results where !r.passed && r.check != .textContrast {
            switch r.check {
            case .nonTextContrast: parts.append("shape " + (r.value.map { AuditWording.ratio($0) } ?? ""))
            case .truncation: parts.append(r.subject.components(separatedBy: " (").first ?? r.subject)
            case .touchTarget: parts.append(r.measure ?? "small target")
            default: break
            }
        }
        let failed = cell.results.contains { !$0.passed }
        return ContactSheet.Cell(image: image, mark: failed ? .differs : .none, caption: parts.joined(separator: " · "),
                                 flagsCaption: failed)
    }

    /// Every cell's label drawn on its container, `margin` around it, on all cores.
    static func drawings(_ report: AccessibilityReport, matrix: AuditMatrix, workers: Int?) throws -> [Bitmap] {
        let count = matrix.cells.count
        let slots = Locked<[Result<Bitmap, any Error>?]>(Array(repeating: nil, count: count))
        let threads = max(1, min(count, workers ?? ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for i in stride(from: t, to: count, by: threads) {
                let made = Result { try onContainer(matrix.cells[i].label, report.options) }
                slots.withLock { $0[i] = made }
            }
        }
        return try slots.withLock { $0 }.map { try $0!.get() }
    }

    /// The label drawn over a fill of its container colour (8-bit, as the audit resolves it).
    static func onContainer(_ label: PaddedLabel, _ options: AccessibilityAuditOptions) throws -> Bitmap {
        let image = try label.render()
        let c = AuditContrast.container(label, options)
        func byte(_ v: Double) -> UInt8 { UInt8((min(1, max(0, v)) * 255).rounded()) }
        let fill = Color(red: byte(c.red), green: byte(c.green), blue: byte(c.blue), alpha: byte(c.alpha))
        let m = Int((margin * label.scale).rounded())
        var bitmap = try Bitmap(width: image.width + 2 * m, height: image.height + 2 * m, fill: fill)
        bitmap.draw(image, x: m, y: m)
        return bitmap
    }
}

import Dispatch
import Foundation
import LabelRendering
import Support
import Imaging
import Typesetting

extension AuditMatrix {
    /// The audit's cells for one text in `style` (every content size × light, dark × normal, high contrast): each
    /// cell's label laid out at the style's width and the height its text needs there (or the style's height), as
    /// the app lays it out again when the text size changes.
    /// - Throws: the Markdown parser's error, `LabelError` from `layout(width:)`.
    package static func style(_ style: LabelStyle, text: String, language: String?) throws -> AuditMatrix {
        var matrix = traits(try style.auditLabel(text: text, language: language))
        for i in matrix.cells.indices {
            var l = matrix.cells[i].label
            l.bounds = nil
            try l.layout(width: style.width)
            if let height = style.height { l.bounds = CGRect(x: 0, y: 0, width: style.width, height: height) }
            matrix.cells[i].label = l
        }
        return matrix
    }
}

extension LabelStyle {
    /// The style's label with `text` (attributed as the style says) in `language`: what the audit judges.
    package func auditLabel(text: String, language: String?) throws -> PaddedLabel {
        var label = self.label
        try set(text, on: &label)
        label.language = language
        return label
    }

    /// The audit's options from the style's `background` and `interactive`.
    package func auditOptions(standard: ContrastStandard = .hig, nonTextContrast: Bool = false) -> AccessibilityAuditOptions {
        AccessibilityAuditOptions(background: background ?? .systemBackground, standard: standard, nonTextContrast: nonTextContrast,
                                  interactive: interactive)
    }
}

/// The accessibility audit of every string of a catalog in its label (`labelsnap audit --catalog`, `sweep --audit`):
/// one row per string, a column per check.
package enum AuditSweep {
    /// One check's verdict over the string's cells: how many cells fail, and the worst number (the lowest ratio, the
    /// smallest size or side, pt; nil for checks without one).
    package struct Column: Codable, Sendable, Equatable {
        package var check: String
        package var passed: Bool
        package var failingCells: Int
        package var worst: Double?
        package var required: Double?
        enum CodingKeys: String, CodingKey { case check, passed, worst, required, failingCells = "failing_cells" }
    }

    /// One string audited.
    package struct Row: Codable, Sendable, Equatable {
        package var key: String
        package var locale: String
        package var variant: String
        package var text: String
        package var cells: Int
        package var columns: [Column]
        /// The audit's failure message ("" when every check passes).
        package var message: String
        package var passed: Bool { columns.allSatisfy(\.passed) }
    }

    /// Every string `sweep` plans (its locales and pseudo-locales), audited with `options` on up to `sweep.workers`
    /// threads, in the sweep's order.
    /// - Throws: the first `StringError` (a string whose label cannot be made).
    package static func run(_ sweep: Sweep, options: @escaping @Sendable (LabelStyle) -> AccessibilityAuditOptions) throws -> [Row] {
        let items = try sweep.plan()
        let slots = Locked<[Result<Row, any Error>?]>(Array(repeating: nil, count: items.count))
        let threads = max(1, min(items.count, sweep.workers))
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for i in stride(from: t, to: items.count, by: threads) {
                let s = sweep.string(items[i])
                let row = Result { () throws -> Row in
                    do { return try audit(s, style: sweep.style, options: options) } catch { throw StringError(string: s, underlying: error) }
                }
                slots.withLock { $0[i] = row }
            }
        }
        return try slots.withLock { $0 }.map { try $0!.get() }
    }

    /// One string in the style for its key and locale (pseudo-locales in their language and direction).
    static func audit(_ s: LocalizedString, style base: LabelStyle, options: (LabelStyle) -> AccessibilityAuditOptions) throws -> Row {
        var style = base.resolved(forKey: s.key)
        let pseudo = PseudoLocale(rawValue: s.locale)
        if pseudo == .rightToLeft { style.label.layoutDirection = .rightToLeft }
        let language = pseudo?.language ?? s.locale
        let text = FormatSpecifiers.expand(s.format, samples: style.samples, pluralArguments: s.pluralArguments, locale: language)
        let matrix = try AuditMatrix.style(style, text: text, language: language)
        let report = try AccessibilityAuditor.audit(try style.auditLabel(text: text, language: language), matrix: matrix, options: options(style), workers: 1)
        return Row(key: s.key, locale: s.locale, variant: s.variant, text: text, cells: report.cells.count,
                   columns: columns(report), message: report.message)
    }

    /// A column per check the report ran.
    package static func columns(_ report: AccessibilityReport) -> [Column] {
        report.options.checks.compactMap { check in
            let results = check.isOncePerLabel ? report.labelResults.filter { $0.check == check }
                : report.cells.compactMap { $0.results.first { $0.check == check } }
            guard !results.isEmpty else { return nil }   // Dynamic Type without a size axis
            let values = results.compactMap(\.value)
            let worst = check == .dynamicType ? nil : values.min()
            return Column(check: check.rawValue, passed: results.allSatisfy(\.passed),
                          failingCells: check.isOncePerLabel ? 0 : results.filter { !$0.passed }.count,
                          worst: worst, required: results.first?.required)
        }
    }

    /// A column's cell in the text table: "✓ 7.2:1", "✗ 2.5:1 (12)", "✗ 20 cells", "✗ fixed", "✓".
    package static func cellText(_ c: Column) -> String {
        let mark = c.passed ? "✓" : "✗"
        let cells = c.failingCells > 0 ? " (\(c.failingCells))" : ""
        switch AccessibilityCheck(rawValue: c.check) {
        case .textContrast?, .nonTextContrast?: return mark + (c.worst.map { " " + AuditWording.ratio($0) } ?? "") + cells
        case .textSize?, .touchTarget?: return mark + (c.worst.map { " \(AuditWording.points($0)) pt" } ?? "") + cells
        case .dynamicType?: return c.passed ? mark : mark + " fixed"
        default: return c.passed ? mark : "\(mark) \(c.failingCells) cell\(c.failingCells == 1 ? "" : "s")"
        }
    }

    /// The rows as a table: key, locale, then a column per check (failing cells in parentheses), the strings that
    /// fail first; `limit` rows at most.
    package static func table(_ rows: [Row], limit: Int = 200) -> String {
        guard let first = rows.first else { return "No strings audited." }
        let checks = first.columns.map { AccessibilityCheck(rawValue: $0.check)?.title ?? $0.check }
        let header = ["key", "locale"] + checks
        let ordered = rows.filter { !$0.passed } + rows.filter(\.passed)
        var table = [header] + ordered.prefix(limit).map { r in
            [r.key + (r.variant.isEmpty ? "" : " [\(r.variant)]"), r.locale] + r.columns.map(cellText)
        }
        let widths = header.indices.map { i in table.map { $0.count > i ? $0[i].count : 0 }.max() ?? 0 }
        table.insert(widths.map { String(repeating: "-", count: $0) }, at: 1)
        let failing = rows.filter { !$0.passed }.count
        var lines = ["Accessibility audit of \(rows.count) string\(rows.count == 1 ? "" : "s") (\(first.cells) cells each): "
            + (failing == 0 ? "every check passes." : "\(failing) fail.")]
        lines += table.map { row in
            let padded = row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
            return String(padded.reversed().drop { $0 == " " }.reversed())
        }
        if rows.count > limit { lines.append("(first \(limit) of \(rows.count) rows shown; --json lists all)") }
        return lines.joined(separator: "\n")
    }
}

import Foundation

/// The words of an accessibility audit: the failure message (each failing check once, its cells grouped, its
/// numbers), the pass line, and the text reference `.accessibility` records (one line per cell).
package enum AuditWording {
    /// A length or size with at most 2 decimals ("31.25", "4").
    package static func points(_ v: Double) -> String { SweepReport.points(v) }

    /// A contrast ratio rounded down to `decimals` ("4.4:1" for 4.48: never shown as passing when it does not).
    package static func ratio(_ v: Double, decimals: Int = 1) -> String {
        let scale = decimals == 2 ? 100.0 : 10.0
        return String(format: decimals == 2 ? "%.2f" : "%.1f", (v * scale + 1e-9).rounded(.down) / scale) + ":1"
    }

    /// A required ratio as written in the standards ("4.5:1", "3:1", "7:1").
    package static func required(_ v: Double) -> String { points(v) + ":1" }

    /// "HIG; 48 cells: xS–AX5 × light, dark × normal contrast, high contrast; over systemBackground".
    package static func scope(_ report: AccessibilityReport) -> String {
        let axes = report.axes.map { values in values.count > 2 ? "\(values[0])–\(values[values.count - 1])" : values.joined(separator: ", ") }
        let background = report.options.background.systemColorName ?? report.options.background.description
        return "\(report.options.standard.title); \(report.cells.count) cell\(report.cells.count == 1 ? "" : "s")"
            + (axes.isEmpty ? "" : ": " + axes.joined(separator: " × ")) + "; over \(background)"
    }

    package static func passLine(_ report: AccessibilityReport) -> String {
        "Accessibility audit passes (\(scope(report))): " + report.options.checks.map { $0.title.lowercased() }.joined(separator: ", ") + "."
    }

    /// The failure message: a headline, then each failing check once with its cells and numbers.
    static func message(_ report: AccessibilityReport) -> String {
        let failing = report.failingChecks
        var lines = ["Accessibility audit failed (\(scope(report))): \(failing.count) of \(report.options.checks.count) checks fail."]
        for check in failing {
            if check.isOncePerLabel, let r = report.labelResults.first(where: { $0.check == check }) {
                lines.append("\(check.title): " + onceText(r))
                continue
            }
            lines.append(check.title + ":")
            lines += failingGroups(report, check).map { "  " + $0 }
            if check == .textContrast, let passes = passingText(report) { lines.append("  passes: " + passes) }
        }
        return lines.joined(separator: "\n")
    }

    /// A label-wide result: "10 pt < 11 pt (the smallest text at Large)", "a fixed 11 pt font does not grow …".
    static func onceText(_ r: AccessibilityReport.Result) -> String {
        guard r.check == .textSize, let value = r.value, let required = r.required else { return r.subject }
        return "\(points(value)) pt \(r.passed ? "≥" : "<") \(points(required)) pt (\(r.subject))"
    }

    /// One cell's result of a per-cell check, without the cell: "2.5:1 < 4.5:1 (HIG, 15 pt regular): systemGray on …".
    static func cellText(_ r: AccessibilityReport.Result, standard: ContrastStandard, sizes: String? = nil, decimals: Int = 1) -> String {
        switch r.check {
        case .textContrast:
            guard let value = r.value, let required = r.required else { return r.subject }
            let size = sizes ?? r.pointSize.map { points($0) + " pt" } ?? ""
            return "\(ratio(value, decimals: decimals)) \(r.passed ? "≥" : "<") \(self.required(required)) (\(standard.title), \(size) \(r.weight ?? "")): \(r.subject)"
        case .nonTextContrast:
            guard let value = r.value else { return r.subject }
            return "\(ratio(value, decimals: decimals)) \(r.passed ? "≥" : "<") 3:1 (WCAG 1.4.11): \(r.subject)"
        case .touchTarget:
            return "\(r.measure ?? r.subject) \(r.passed ? "≥" : "<") 44 × 44 pt"
        default:
            return r.subject + (r.measure.map { ": " + $0 } ?? "")
        }
    }

    /// The failing cells of a per-cell check grouped by what they measure: one line a group, its cells compressed.
    static func failingGroups(_ report: AccessibilityReport, _ check: AccessibilityCheck) -> [String] {
        var order: [AccessibilityReport.Result] = []
        var groups: [AccessibilityReport.Result: (result: AccessibilityReport.Result, cells: [Int], sizes: [Double], measures: [String])] = [:]
        for (i, cell) in report.cells.enumerated() {
            guard let r = cell.results.first(where: { $0.check == check && !$0.passed }) else { continue }
            // Cells that differ only in the text size (contrast) or the amount cut (truncation) share a line.
            var key = r
            key.pointSize = nil
            key.measure = nil
            key.value = check == .touchTarget ? nil : key.value
            if check == .textContrast || check == .nonTextContrast { key.value = r.value.map { (($0 * 10) + 1e-9).rounded(.down) } }
            let k = key
            if groups[k] == nil { order.append(k); groups[k] = (r, [], [], []) }
            groups[k]!.cells.append(i)
            if let s = r.pointSize { groups[k]!.sizes.append(s) }
            if let m = r.measure {
                let place = report.categoryAxis.map { cell.traits[$0] } ?? cell.traits.joined(separator: ", ")
                if groups[k]!.measures.last?.hasSuffix(m) != true { groups[k]!.measures.append("\(place): \(m)") }
            }
        }
        return order.map { k in
            let g = groups[k]!
            let sizes = g.sizes.isEmpty ? nil : range(g.sizes)
            let measured = check == .truncation || check == .touchTarget
            var line = cellText(measured ? withoutMeasure(g.result) : g.result, standard: report.options.standard, sizes: sizes)
                + " — " + cellsText(report, g.cells)
            if measured, let first = g.measures.first {
                line += " (" + (g.measures.count == 1 ? first : "\(first) … \(g.measures[g.measures.count - 1])") + ")"
            }
            return line
        }
    }

    static func withoutMeasure(_ r: AccessibilityReport.Result) -> AccessibilityReport.Result {
        var r = r
        r.measure = nil
        return r
    }

    /// "15 pt", "15–17 pt".
    static func range(_ sizes: [Double]) -> String {
        let lo = sizes.min() ?? 0, hi = sizes.max() ?? 0
        return lo == hi ? "\(points(lo)) pt" : "\(points(lo))–\(points(hi)) pt"
    }

    /// The cells where text contrast passes, grouped by ratio: "5.4:1 — dark, high contrast, all sizes".
    static func passingText(_ report: AccessibilityReport) -> String? {
        var order: [String] = []
        var groups: [String: [Int]] = [:]
        for (i, cell) in report.cells.enumerated() {
            guard let r = cell.results.first(where: { $0.check == .textContrast && $0.passed }), let v = r.value else { continue }
            let k = ratio(v)
            if groups[k] == nil { order.append(k) }
            groups[k, default: []].append(i)
        }
        guard !order.isEmpty else { return nil }
        return order.map { "\($0) — \(cellsText(report, groups[$0]!))" }.joined(separator: "; ")
    }

    /// Cells in words: grouped by their other values (axes of one value left out), each group's sizes as runs, and
    /// groups of the same sizes merged across an axis whose values they all cover: "light, normal contrast at xS–xL",
    /// "light and dark, normal contrast and high contrast at AX1–AX5", "dark, high contrast, all sizes", "every cell".
    static func cellsText(_ report: AccessibilityReport, _ indices: [Int]) -> String {
        if indices.count == report.cells.count { return "every cell" }
        let size = report.categoryAxis
        let shown = report.axes.indices.filter { $0 != size && report.axes[$0].count > 1 }
        // Per cell: the other values' indices and the size's.
        var order: [[Int]] = []
        var sizesOf: [[Int]: Set<Int>] = [:]
        for i in indices {
            let cell = report.cells[i]
            let key = shown.map { report.axes[$0].firstIndex(of: cell.traits[$0]) ?? 0 }
            if sizesOf[key] == nil { order.append(key) }
            sizesOf[key, default: []].insert(size.map { report.axes[$0].firstIndex(of: cell.traits[$0]) ?? 0 } ?? 0)
        }
        // Groups of equal sizes, each a list of value sets per shown axis, merged where one axis' values all occur.
        var groups: [(sizes: Set<Int>, keys: [[Set<Int>]])] = []
        for key in order {
            let sizes = sizesOf[key]!
            let sets = key.map { Set([$0]) }
            if let g = groups.firstIndex(where: { $0.sizes == sizes }) { groups[g].keys.append(sets) } else { groups.append((sizes, [sets])) }
        }
        var parts: [String] = []
        for group in groups {
            var keys = group.keys
            for (p, axis) in shown.enumerated() {
                var merged: [[Set<Int>]] = []
                for k in keys {
                    if let m = merged.firstIndex(where: { other in other.indices.allSatisfy { $0 == p || other[$0] == k[$0] } }) {
                        merged[m][p].formUnion(k[p])
                    } else { merged.append(k) }
                }
                // Keep a merge only when it covers the whole axis (else the cells are listed as they are).
                keys = merged.count < keys.count && merged.allSatisfy({ $0[p].count == report.axes[axis].count }) ? merged : keys
            }
            for k in keys {
                let words = zip(shown, k).map { axis, values in values.sorted().map { report.axes[axis][$0] }.joined(separator: " and ") }
                    .joined(separator: ", ")
                guard let size else { parts.append(words); continue }
                let runs = sizeRuns(Array(group.sizes), report.axes[size])
                parts.append(words.isEmpty ? runs : runs == "all sizes" ? "\(words), all sizes" : "\(words) at \(runs)")
            }
        }
        return parts.joined(separator: "; ")
    }

    /// Size indices as runs: "all sizes", "AX1–AX5", "xS, L–xL".
    static func sizeRuns(_ indices: [Int], _ sizes: [String]) -> String {
        let sorted = Array(Set(indices)).sorted()
        if sorted.count == sizes.count, sizes.count > 1 { return "all sizes" }
        var runs: [String] = []
        var start = 0
        for i in sorted.indices where i == sorted.count - 1 || sorted[i + 1] != sorted[i] + 1 {
            let a = sorted[start], b = sorted[i]
            runs.append(a == b ? sizes[a] : "\(sizes[a])–\(sizes[b])")
            start = i + 1
        }
        return runs.joined(separator: ", ")
    }

    /// The text reference of `.accessibility`: the scope, the label-wide checks, then one line per cell with every
    /// check's numbers (ratios to 2 decimals), so a change in any cell shows in review.
    package static func reference(_ report: AccessibilityReport) -> String {
        var lines = ["accessibility audit: \(scope(report))"]
        for r in report.labelResults { lines.append("\(r.passed ? "✓" : "✗") \(r.check.title.lowercased()): \(onceText(r))") }
        for cell in report.cells {
            let parts = cell.results.map { r in
                "\(r.passed ? "✓" : "✗") \(r.check.title.lowercased()) \(cellText(r, standard: report.options.standard, decimals: 2))"
            }
            lines.append("\(cell.name) (\(points(cell.width)) × \(points(cell.height)) pt): " + parts.joined(separator: " · "))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

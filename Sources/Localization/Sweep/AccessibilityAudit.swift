import Foundation
import Imaging

/// The contrast thresholds the accessibility audit holds text to (each check's source: docs/accessibility.md).
public enum ContrastStandard: String, Sendable, CaseIterable, Codable {
    /// Apple's Human Interface Guidelines ("Accessibility", "Color and effects"): text up to 17 pt 4.5:1, 18 pt and
    /// larger 3:1, bold text (`.bold` and heavier) 3:1 at any size.
    case hig
    /// WCAG 2.2 success criterion 1.4.3 (AA): 4.5:1; large text (18 pt, or 14 pt bold) 3:1.
    case wcagAA
    /// WCAG 2.2 success criterion 1.4.6 (AAA): 7:1; large text 4.5:1.
    case wcagAAA

    /// The ratio text of `pointSize` (as drawn) and `bold` must reach. WCAG's points are read as iOS points, as
    /// Apple's HIG reads them.
    public func requiredRatio(pointSize: Double, bold: Bool) -> Double {
        switch self {
        case .hig: return pointSize >= 18 || bold ? 3 : 4.5
        case .wcagAA: return pointSize >= 18 || (bold && pointSize >= 14) ? 3 : 4.5
        case .wcagAAA: return pointSize >= 18 || (bold && pointSize >= 14) ? 4.5 : 7
        }
    }

    /// "HIG", "WCAG AA", "WCAG AAA".
    public var title: String { [.hig: "HIG", .wcagAA: "WCAG AA", .wcagAAA: "WCAG AAA"][self] ?? rawValue }
}

/// One check of the accessibility audit, in the order the audit reports them.
public enum AccessibilityCheck: String, Sendable, CaseIterable, Codable {
    /// Every run's text colour against what lies under it (WCAG 2.2 contrast ratio; `ContrastStandard`'s thresholds).
    case textContrast
    /// The border (else the background) against the container at 3:1 (WCAG 2.2 success criterion 1.4.11); opt-in.
    case nonTextContrast
    /// Text smaller than 11 pt at the default text size (`.large`), the HIG's minimum.
    case textSize
    /// A fixed font, when the matrix covers content size categories: it does not grow with Dynamic Type.
    case dynamicType
    /// Truncated, clipped, lines dropped, a word broken inside, glyphs drawn as boxes or lines outside the bounds.
    case truncation
    /// The bounds at least 44 × 44 pt (the HIG's minimum hit region); opt-in (`interactive: true`).
    case touchTarget

    /// "Text contrast", "Touch target" …
    public var title: String {
        switch self {
        case .textContrast: "Text contrast"
        case .nonTextContrast: "Non-text contrast"
        case .textSize: "Text size"
        case .dynamicType: "Dynamic Type"
        case .truncation: "Truncation"
        case .touchTarget: "Touch target"
        }
    }

    /// Whether the check is judged once for the label rather than in each cell.
    var isOncePerLabel: Bool { self == .textSize || self == .dynamicType }
}

/// What the audit checks beyond what it always does, and against what.
public struct AccessibilityAuditOptions: Sendable, Hashable {
    /// The container the label sits on, resolved per cell for its appearance and contrast (a translucent one over
    /// that cell's `systemBackground`); default `.systemBackground`.
    public var background: Color
    /// The text contrast thresholds; default `.hig`.
    public var standard: ContrastStandard
    /// Also check the border (or the background, without a border) against the container at 3:1.
    public var nonTextContrast: Bool
    /// Also check a touch target of at least 44 × 44 pt in every cell.
    public var interactive: Bool

    public init(background: Color = .systemBackground, standard: ContrastStandard = .hig, nonTextContrast: Bool = false,
                interactive: Bool = false) {
        self.background = background
        self.standard = standard
        self.nonTextContrast = nonTextContrast
        self.interactive = interactive
    }

    /// The checks these options run, in report order.
    public var checks: [AccessibilityCheck] {
        AccessibilityCheck.allCases.filter { ($0 != .nonTextContrast || nonTextContrast) && ($0 != .touchTarget || interactive) }
    }
}

/// The result of an accessibility audit: every check in every cell, and the failures grouped per check.
public struct AccessibilityReport: Sendable, CustomStringConvertible {
    /// One check's verdict in one cell (or once for the label).
    public struct Result: Sendable, Hashable, Codable {
        public var check: AccessibilityCheck
        public var passed: Bool
        /// The number measured: a contrast ratio (`4.54` for 4.54:1), a point size; nil for checks without one.
        public var value: Double?
        /// The number required: a ratio, a point size; nil for checks without one.
        public var required: Double?
        /// What was measured, in words: "systemGray on systemGray5 over systemBackground", "truncated (tail)".
        public var subject: String
        /// The numbers behind `subject` that vary from cell to cell ("text 212 pt wide in 140 pt"); nil: none.
        public var measure: String?
        /// The drawn point size and weight the contrast threshold was chosen by (text contrast only).
        public var pointSize: Double?
        public var weight: String?
    }

    /// One cell of the matrix: its name (the matrix's combination name, `AX3-dark-highContrast`), its values in
    /// words, the label's bounds there and each per-cell check's result.
    public struct Cell: Sendable, Hashable, Codable {
        public var name: String
        public var traits: [String]
        /// The label's bounds in this cell, pt.
        public var width: Double, height: Double
        public var results: [Result]
    }

    /// The options the audit ran with.
    public var options: AccessibilityAuditOptions
    /// The matrix's axes, each as the words of its values (`["light", "dark"]`), in the cells' order.
    public var axes: [[String]]
    /// Which axis of `axes` holds the content size categories (nil: the matrix has none).
    public var categoryAxis: Int?
    /// Every cell, in the matrix's order.
    public var cells: [Cell]
    /// The checks judged once for the label (text size, Dynamic Type).
    public var labelResults: [Result]

    /// Whether every check passed in every cell.
    public var passed: Bool { failingChecks.isEmpty }

    /// The checks that fail somewhere, in report order.
    public var failingChecks: [AccessibilityCheck] {
        let failed = Set(labelResults.filter { !$0.passed }.map(\.check) + cells.flatMap { $0.results.filter { !$0.passed }.map(\.check) })
        return AccessibilityCheck.allCases.filter(failed.contains)
    }

    /// The names of the cells where `check` fails, in matrix order.
    public func failingCells(_ check: AccessibilityCheck) -> [String] {
        cells.filter { $0.results.contains { $0.check == check && !$0.passed } }.map(\.name)
    }

    /// `check`'s result in the cell named `cell` (or the label's, for a check judged once).
    public func result(_ check: AccessibilityCheck, in cell: String? = nil) -> Result? {
        if check.isOncePerLabel { return labelResults.first { $0.check == check } }
        return cells.first { $0.name == cell }?.results.first { $0.check == check }
    }

    /// The failure message: each failing check once, with the cells it fails in and its numbers; "" when it passes.
    public var message: String { passed ? "" : AuditWording.message(self) }

    public var description: String { passed ? AuditWording.passLine(self) : message }
}

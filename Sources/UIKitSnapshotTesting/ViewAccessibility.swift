import Foundation
import Imaging
import LabelSnapshotTesting
import Localization
import Typesetting
import UIKit

extension ViewMatrixAxis {
    /// The accessibility audit's default matrix: every content size category × light and dark × normal and high
    /// contrast (48 cells), as `LabelMatrixAxis.accessibilityAudit`.
    public static let accessibilityAudit: [ViewMatrixAxis] = [
        .contentSizeCategories(UIContentSizeCategory.all), .userInterfaceStyles([.light, .dark]), .contrasts([.normal, .high]),
    ]
}

/// Audits a `UILabel` (or subclass) made by `makeLabel` in every cell of `matrix`, judging what it draws there: the
/// label is made for the cell's traits, receives them through `traitCollectionDidChange(_:)`, is laid out as `layout`
/// says (a width axis wins) and drawn; the text its `drawText(in:)` drew (colours, fonts, insets, truncation, the
/// layer's background and opacity) is held to the checks of `verifyLabelAccessibility(of:matrix:…)` for a
/// `PaddedLabel`. Dynamic Type is judged from the drawn point size at the matrix's smallest and largest content
/// size: the text must grow, whatever makes it (`adjustsFontForContentSizeCategory` with a preferred font, or a
/// font set again in `traitCollectionDidChange`). Text size is judged from a label drawn at `.large`.
/// - Parameters:
///   - makeLabel: the label for a cell's traits.
///   - axes: the cells; default ``ViewMatrixAxis/accessibilityAudit`` (48).
///   - layout: how the label is sized (`.intrinsic` by default).
///   - background: the container behind the label, resolved per cell (default `.systemBackground`).
///   - standard: the text contrast thresholds (`.hig` by default).
///   - nonTextContrast: also check the border (else the background) against `background` at 3:1.
///   - interactive: also check bounds of at least 44 × 44 pt in every cell.
/// - Returns: the report.
/// - Throws: `ViewLayoutError` when a cell cannot be laid out or drawn, `ViewAccessibilityError` for a label that
///   draws no text or an invalid matrix, a font's `LabelError`.
@MainActor
public func verifyLabelAccessibility<V: UILabel>(
    of makeLabel: (UITraitCollection) throws -> V, matrix axes: [ViewMatrixAxis] = ViewMatrixAxis.accessibilityAudit,
    layout: ViewSnapshotLayout = .intrinsic, background: UIColor = .systemBackground, standard: ContrastStandard = .hig,
    nonTextContrast: Bool = false, interactive: Bool = false
) throws -> AccessibilityReport {
    try ViewAudit.run(makeLabel, axes: axes, layout: layout,
                      options: AccessibilityAuditOptions(background: background.auditColor, standard: standard,
                                                         nonTextContrast: nonTextContrast, interactive: interactive)).0
}

/// Asserts that a `UILabel` made by `makeLabel` passes the accessibility audit in every cell of `matrix`
/// (parameters as ``verifyLabelAccessibility(of:matrix:layout:background:standard:nonTextContrast:interactive:)``):
/// one issue listing each failing check once with its cells and numbers; the audit's JSON and contact sheet are
/// written to the artifacts folder as `assertLabelAccessibility` does for a `PaddedLabel`.
///
/// ```swift
/// assertLabelAccessibility(of: { _ in makeChip() }, background: .systemBackground)
/// ```
@MainActor
public func assertLabelAccessibility<V: UILabel>(
    of makeLabel: (UITraitCollection) throws -> V, matrix axes: [ViewMatrixAxis] = ViewMatrixAxis.accessibilityAudit,
    layout: ViewSnapshotLayout = .intrinsic, background: UIColor = .systemBackground, standard: ContrastStandard = .hig,
    nonTextContrast: Bool = false, interactive: Bool = false, named name: String? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let options = AccessibilityAuditOptions(background: background.auditColor, standard: standard,
                                            nonTextContrast: nonTextContrast, interactive: interactive)
    assertAudit({ try ViewAudit.run(makeLabel, axes: axes, layout: layout, options: options) }, named: name,
                fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
}

extension Snapshotting where Value: UILabel, Format == String {
    /// The accessibility audit of the label over the default 48 cells as a `.txt` reference (one line per cell), so a
    /// change in any cell shows in review. The label itself is given each cell's traits in turn.
    public static var accessibility: Snapshotting { .accessibility() }

    /// The audit as a `.txt` reference, with the options of
    /// ``verifyLabelAccessibility(of:matrix:layout:background:standard:nonTextContrast:interactive:)``, over the label
    /// snapshotted (given each cell's traits in turn). Recorded whether or not it passes.
    public static func accessibility(matrix axes: [ViewMatrixAxis] = ViewMatrixAxis.accessibilityAudit, layout: ViewSnapshotLayout = .intrinsic,
                                     background: UIColor = .systemBackground, standard: ContrastStandard = .hig,
                                     nonTextContrast: Bool = false, interactive: Bool = false) -> Snapshotting {
        let options = AccessibilityAuditOptions(background: background.auditColor, standard: standard,
                                                nonTextContrast: nonTextContrast, interactive: interactive)
        return Snapshotting<String, String>.text.pullback { (label: Value) in
            guard Thread.isMainThread else { throw ViewSnapshotError.offTheMainActor(String(describing: Value.self)) }
            return try MainActor.assumeIsolated {
                AuditWording.reference(try ViewAudit.run({ _ in label }, axes: axes, layout: layout, options: options).0)
            }
        }
    }
}

/// Why a view could not be audited.
public struct ViewAccessibilityError: Error, CustomStringConvertible {
    public let description: String
}

/// The audit of a view from what it draws in each cell.
enum ViewAudit {
    @MainActor
    static func run<V: UILabel>(_ makeLabel: (UITraitCollection) throws -> V, axes: [ViewMatrixAxis], layout: ViewSnapshotLayout,
                                options: AccessibilityAuditOptions) throws -> (AccessibilityReport, AuditMatrix) {
        let sorted = axes.sorted { $0.order < $1.order }
        let combinations: [ViewCombination]
        do { combinations = try ViewCombination.all(axes) } catch { throw ViewAccessibilityError(description: "\(error)") }
        // Indices of each combination, the last axis fastest (as ViewCombination.all makes them).
        func indices(_ n: Int) -> [Int] {
            var rest = n, out = [Int](repeating: 0, count: sorted.count)
            for a in sorted.indices.reversed() { out[a] = rest % sorted[a].values.count; rest /= sorted[a].values.count }
            return out
        }
        func drawnText(_ c: ViewCombination?) throws -> DrawnText {
            let traits = c?.traits ?? UITraitCollection(preferredContentSizeCategory: .large)
            let view = try makeLabel(traits)
            let drawing = try view.snapshotDrawing(layout: c?.width.map { .width($0) } ?? layout.viewLayout, traits: traits)
            guard let text = drawing.texts.first else {
                throw ViewAccessibilityError(description: "\(V.self) drew no text\(c.map { " in " + $0.name } ?? ""): an audit needs its text drawn")
            }
            return text
        }
        var cells: [AuditMatrix.Cell] = []
        var sizes: [(category: Int, size: Double)] = []
        let categoryAxis = sorted.firstIndex { $0.order == ViewMatrixAxis.contentSizeCategories([]).order }
        for (n, c) in combinations.enumerated() {
            let text = try drawnText(c)
            let i = indices(n)
            cells.append(AuditMatrix.Cell(name: c.name, indices: i, label: text.label))
            if let a = categoryAxis { sizes.append((i[a], text.layout.fontPointSize)) }
        }
        let matrix = AuditMatrix(axes: sorted.map { $0.values.map(\.words) }, categoryAxis: categoryAxis, cells: cells)
        var growth: DrawnGrowth?
        if let a = categoryAxis, let low = sizes.map(\.category).min(), let high = sizes.map(\.category).max(), low != high {
            growth = DrawnGrowth(smallest: sizes.filter { $0.category == low }.map(\.size).max() ?? 0,
                                 largest: sizes.filter { $0.category == high }.map(\.size).min() ?? 0,
                                 smallestName: matrix.axes[a][low], largestName: matrix.axes[a][high])
        }
        let base = try drawnText(nil).label
        return (try AccessibilityAuditor.audit(base, matrix: matrix, options: options, drawnGrowth: growth), matrix)
    }
}

extension ViewMatrixAxis.Value {
    /// The value in the audit's words (`AX3`, `dark`, `high contrast`, `w200`, `2x`, `rtl`).
    var words: String {
        switch self {
        case .width(let w): return "w" + (w == w.rounded() ? String(Int(w)) : String(Double(w)))
        case .scale(let s): return (s == s.rounded() ? String(Int(s)) : String(Double(s))) + "x"
        case .category(let c): return c.contentSizeCategory.shortName
        case .direction(let d): return d == .rightToLeft ? "rtl" : "ltr"
        case .style(let s): return s == .dark ? "dark" : "light"
        case .contrast(let k): return AuditMatrix.contrastWords(k == .high ? .high : .normal)
        }
    }
}

import Dispatch
import Foundation
import LabelRendering
import Support
import Imaging
import Typesetting

/// The cells an audit runs over: the matrix's axes (each value in words) and, per cell, its indices and label.
package struct AuditMatrix: Sendable {
    package struct Cell: Sendable {
        /// The combination's name (`AX3-dark-highContrast`), as the matrix names its references.
        package var name: String
        /// An index into each axis.
        package var indices: [Int]
        /// The label with the cell's values applied.
        package var label: PaddedLabel

        package init(name: String, indices: [Int], label: PaddedLabel) {
            self.name = name
            self.indices = indices
            self.label = label
        }
    }
    /// Each axis' values in words (`["xS", …, "AX5"]`, `["light", "dark"]`, `["normal contrast", "high contrast"]`).
    package var axes: [[String]]
    /// Which axis holds the content size categories; nil when the matrix does not cover them.
    package var categoryAxis: Int?
    package var cells: [Cell]

    package init(axes: [[String]], categoryAxis: Int?, cells: [Cell]) {
        self.axes = axes
        self.categoryAxis = categoryAxis
        self.cells = cells
    }

    /// The default matrix of `labelsnap audit`: every content size × light, dark × normal, high contrast (48 cells),
    /// or the given values, over `base`.
    package static func traits(_ base: PaddedLabel, categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
                               styles: [UserInterfaceStyle] = [.light, .dark],
                               contrasts: [AccessibilityContrast] = [.normal, .high]) -> AuditMatrix {
        var cells: [Cell] = []
        for (i, category) in categories.enumerated() {
            for (j, style) in styles.enumerated() {
                for (k, contrast) in contrasts.enumerated() {
                    var label = base
                    label.contentSizeCategory = category
                    label.userInterfaceStyle = style
                    label.accessibilityContrast = contrast
                    cells.append(Cell(name: [category.shortName, style.rawValue, contrast == .high ? "highContrast" : "normalContrast"]
                                        .joined(separator: "-"), indices: [i, j, k], label: label))
                }
            }
        }
        return AuditMatrix(axes: [categories.map(\.shortName), styles.map(\.rawValue), contrasts.map(contrastWords)],
                           categoryAxis: 0, cells: cells)
    }

    /// "normal contrast", "high contrast".
    package static func contrastWords(_ c: AccessibilityContrast) -> String { c == .high ? "high contrast" : "normal contrast" }
}

/// A view's drawn text size at the smallest and largest content size of a matrix, pt, and those sizes' names.
package struct DrawnGrowth: Sendable {
    package var smallest: Double, largest: Double
    package var smallestName: String, largestName: String
    package init(smallest: Double, largest: Double, smallestName: String, largestName: String) {
        (self.smallest, self.largest, self.smallestName, self.largestName) = (smallest, largest, smallestName, largestName)
    }
}

/// Runs the accessibility audit (docs/accessibility.md, Accessibility audit): every check of `options` on every cell, on
/// all cores, and the label-wide checks once.
package enum AccessibilityAuditor {
    /// - Parameters:
    ///   - base: the label as given (its text size is judged at `.large`).
    ///   - drawnGrowth: the text's drawn point size at the matrix's smallest and largest content size (a UIKit view,
    ///     judged from what it draws, whatever sets its font); nil: judged from the label's fonts.
    /// - Throws: `LabelError` of a cell's label (a font that cannot be loaded, a bitmap too large).
    package static func audit(_ base: PaddedLabel, matrix: AuditMatrix, options: AccessibilityAuditOptions,
                              drawnGrowth: DrawnGrowth? = nil, workers: Int? = nil) throws -> AccessibilityReport {
        let count = matrix.cells.count
        let slots = Locked<[Result<AccessibilityReport.Cell, any Error>?]>(Array(repeating: nil, count: count))
        let threads = max(1, min(count, workers ?? ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for i in stride(from: t, to: count, by: threads) {
                let cell = matrix.cells[i]
                let result = Result { try audit(cell: cell, traits: zip(matrix.axes, cell.indices).map { $0[$1] }, options: options) }
                slots.withLock { $0[i] = result }
            }
        }
        let cells = try slots.withLock { $0 }.map { try $0!.get() }
        var labelResults = [try textSize(base)]
        if matrix.categoryAxis != nil { labelResults.append(try dynamicType(base, drawn: drawnGrowth)) }
        return AccessibilityReport(options: options, axes: matrix.axes, categoryAxis: matrix.categoryAxis, cells: cells,
                                   labelResults: labelResults)
    }

    /// Every per-cell check of `options` on one cell.
    static func audit(cell: AuditMatrix.Cell, traits: [String], options: AccessibilityAuditOptions) throws -> AccessibilityReport.Cell {
        let label = cell.label
        let layout = try label.makeLayout()
        var results = [try AuditContrast.text(label, layout: layout, options: options)]
        if options.nonTextContrast { results.append(AuditContrast.nonText(label, options: options)) }
        results.append(try AuditFit.truncation(label, layout: layout))
        if options.interactive { results.append(touchTarget(layout)) }
        return AccessibilityReport.Cell(name: cell.name, traits: traits, width: Double(layout.bounds.width),
                                        height: Double(layout.bounds.height), results: results)
    }

    /// The HIG's minimum touch target: 44 × 44 pt ("Accessibility", "Buttons and controls"; "Layout").
    static let minimumTouchTarget = 44.0
    /// The HIG's minimum text size at the default Dynamic Type size ("Typography", iOS: 11 pt).
    static let minimumTextSize = 11.0

    static func touchTarget(_ layout: TextLayout) -> AccessibilityReport.Result {
        let w = Double(layout.bounds.width), h = Double(layout.bounds.height)
        let short = min(w, h)
        return .init(check: .touchTarget, passed: short >= minimumTouchTarget, value: short, required: minimumTouchTarget,
                     subject: "bounds", measure: "\(AuditWording.points(w)) × \(AuditWording.points(h)) pt")
    }

    /// The smallest text the label draws at the default text size (`.large`), against 11 pt.
    static func textSize(_ base: PaddedLabel) throws -> AccessibilityReport.Result {
        var label = base
        label.contentSizeCategory = .large
        let layout = try label.makeLayout()
        let shrink = layout.fontPointSize > 0 ? layout.fontSize / layout.fontPointSize : 1
        let sizes = try AuditContrast.visibleRuns(label).map { $0.font.pointSize * shrink }
        guard let smallest = sizes.min() else {
            return .init(check: .textSize, passed: true, subject: "no text")
        }
        return .init(check: .textSize, passed: smallest >= minimumTextSize - 1e-9, value: smallest, required: minimumTextSize,
                     subject: shrink < 1 ? "the smallest text at Large, shrunk to fit" : "the smallest text at Large")
    }

    /// A fixed font (neither `Font.preferred` nor `Font.scaled`) in any run.
    static func dynamicType(_ base: PaddedLabel, drawn: DrawnGrowth?) throws -> AccessibilityReport.Result {
        if let drawn {
            let sizes = "\(AuditWording.points(drawn.smallest)) pt at \(drawn.smallestName), \(AuditWording.points(drawn.largest)) pt at \(drawn.largestName)"
            return drawn.largest > drawn.smallest
                ? .init(check: .dynamicType, passed: true, value: drawn.smallest, subject: "the drawn text grows: " + sizes)
                : .init(check: .dynamicType, passed: false, value: drawn.smallest,
                        subject: "the drawn text does not grow with Dynamic Type (\(sizes); set adjustsFontForContentSizeCategory "
                            + "with UIFont.preferredFont(forTextStyle:) or UIFontMetrics)")
        }
        let fixed = try AuditContrast.visibleRuns(base).filter { $0.font.dynamicType == nil }
        guard let first = fixed.first else { return .init(check: .dynamicType, passed: true, subject: "every font scales") }
        let sizes = Set(fixed.map(\.font.pointSize)).sorted().map { AuditWording.points($0) + " pt" }
        return .init(check: .dynamicType, passed: false, value: first.font.pointSize,
                     subject: "a fixed \(sizes.joined(separator: ", ")) font does not grow with Dynamic Type "
                        + "(use Font.preferred(_:) or Font.scaled(_:relativeTo:))")
    }
}

import Foundation
import Localization
import Imaging
import SnapshotStore

extension LabelMatrixAxis {
    /// The accessibility audit's default matrix: every content size category × light and dark × normal and high
    /// contrast (48 cells).
    public static let accessibilityAudit: [LabelMatrixAxis] = [
        .contentSizeCategories(.all), .userInterfaceStyles([.light, .dark]), .contrasts([.normal, .high]),
    ]
}

extension LabelMatrix {
    /// The audit's cells: each combination's label, its values in words.
    func auditMatrix(_ base: PaddedLabel) throws -> AuditMatrix {
        AuditMatrix(axes: axes.map { $0.values.map(\.words) },
                    categoryAxis: axes.firstIndex { $0.kind == .contentSizeCategories },
                    cells: try combinations.map { AuditMatrix.Cell(name: $0.name, indices: $0.indices, label: try label(base, $0)) })
    }
}

/// Audits `label` in every cell of `matrix` and returns the report (docs/accessibility.md, Accessibility audit; the
/// sources of each check there and in the Accessibility article): text contrast of every run (its colour with the
/// label's `alpha`, `isEnabled` dimming and its own alpha, over the label's background over `background`, resolved
/// per cell) by WCAG 2.2's contrast ratio against `standard`'s thresholds; text size (11 pt at `.large`); Dynamic
/// Type (a fixed font, when the matrix has content size categories); truncation and clipping in each cell; with
/// `nonTextContrast`, the border (else the background) against `background` at 3:1; with `interactive`, bounds of
/// at least 44 × 44 pt. Nothing is written.
/// - Parameters:
///   - label: the label as the app configures it; its `bounds` (or a `.widths` axis) set what it may occupy.
///   - axes: the `matrix:` cells (any `LabelMatrixAxis`); default `LabelMatrixAxis.accessibilityAudit`, 48 cells.
///   - background: the container behind the label (default `.systemBackground`), resolved per cell.
///   - standard: the text contrast thresholds: `.hig` (default), `.wcagAA`, `.wcagAAA`.
///   - nonTextContrast: also check the border (else the background) against `background` at 3:1.
///   - interactive: also check bounds of at least 44 × 44 pt in every cell.
/// - Throws: `SnapshotConfigurationError` for an invalid matrix; the label's `LabelError` (a font that cannot be
///   loaded, an invalid property).
public func verifyLabelAccessibility(
    of label: @autoclosure () throws -> PaddedLabel,
    matrix axes: [LabelMatrixAxis] = LabelMatrixAxis.accessibilityAudit,
    background: Color = .systemBackground,
    standard: ContrastStandard = .hig,
    nonTextContrast: Bool = false,
    interactive: Bool = false
) throws -> AccessibilityReport {
    let base = try label()
    let options = AccessibilityAuditOptions(background: background, standard: standard, nonTextContrast: nonTextContrast,
                                            interactive: interactive)
    return try AccessibilityAuditor.audit(base, matrix: try LabelMatrix(axes).auditMatrix(base), options: options)
}

/// Asserts that `label` passes the accessibility audit in every cell of `matrix` (parameters as
/// `verifyLabelAccessibility`): one issue (`XCTFail` / `Issue.record`) listing each failing check once, with the
/// cells it fails in and its numbers. A failure also writes the audit as JSON and its contact sheet (failing cells
/// outlined, each cell's contrast ratio under it) to
/// `<artifacts>/accessibility/<Module>/<TestFile>/<test>.<named or "accessibility">.json` and `.png`, which
/// `labelsnap report` shows; a pass removes them.
///
/// ```swift
/// assertLabelAccessibility(of: chip, matrix: [.contentSizeCategories(.all), .userInterfaceStyles([.light, .dark]),
///                                             .contrasts([.normal, .high])], background: .systemBackground)
/// ```
public func assertLabelAccessibility(
    of label: @autoclosure () throws -> PaddedLabel,
    matrix axes: [LabelMatrixAxis] = LabelMatrixAxis.accessibilityAudit,
    background: Color = .systemBackground,
    standard: ContrastStandard = .hig,
    nonTextContrast: Bool = false,
    interactive: Bool = false,
    named name: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let context = SnapshotContext(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column,
                                  snapshotDirectory: nil)
    let options = AccessibilityAuditOptions(background: background, standard: standard, nonTextContrast: nonTextContrast,
                                            interactive: interactive)
    if let message = auditFailure(label, matrix: axes, options: options, named: name, in: context) { context.report(message) }
}

/// The audit of `label` over `axes` as `auditFailure(_:named:in:)` reports it.
func auditFailure(_ label: () throws -> PaddedLabel, matrix axes: [LabelMatrixAxis], options: AccessibilityAuditOptions,
                  named name: String?, in context: SnapshotContext) -> String? {
    auditFailure({
        let base = try label()
        let matrix = try LabelMatrix(axes).auditMatrix(base)
        return (try AccessibilityAuditor.audit(base, matrix: matrix, options: options), matrix)
    }, named: name, in: context)
}

/// `assertLabelAccessibility` for an audit made elsewhere (a UIKit view's, from what it draws): reports the failure
/// and writes or removes its artifacts as `assertLabelAccessibility` does.
package func assertAudit(_ audit: () throws -> (AccessibilityReport, AuditMatrix), named name: String?, fileID: StaticString,
                         filePath: StaticString, testName: String, line: UInt, column: UInt) {
    let context = SnapshotContext(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column,
                                  snapshotDirectory: nil)
    if let message = auditFailure(audit, named: name, in: context) { context.report(message) }
}

/// The audit of `assertLabelAccessibility` at `context`: its failure message (nil: it passes), with the audit's JSON
/// and contact sheet written to `<artifacts>/accessibility/<Module>/<TestFile>/<test>.<name>.json|png` (removed
/// on a pass).
func auditFailure(_ audit: () throws -> (AccessibilityReport, AuditMatrix), named name: String?, in context: SnapshotContext) -> String? {
    let location = SnapshotLocation.next(filePath: context.filePath, testName: context.testName, name: name ?? "accessibility",
                                         pathExtension: "json", environment: context.environment, fileID: context.fileID)
    let artifact = location.artifactsRoot + "/accessibility/" + location.relativeFolder + "/" + location.snapshotName
    let report: AccessibilityReport, matrix: AuditMatrix
    do {
        (report, matrix) = try audit()
    } catch {
        return "Accessibility audit could not run: \(error)"
    }
    guard !report.passed else {
        for ext in ["json", "png"] { try? SnapshotFileSystem.removeIfPresent(artifact + "." + ext) }   // stale from an earlier failure
        return nil
    }
    var message = report.message
    do {
        try SnapshotFileSystem.makeDirectories(SnapshotFileSystem.split(artifact).0)
        let sheet = try AuditContactSheet.render(report, matrix: matrix, title: location.snapshotName + ": accessibility")
        try SnapshotFileSystem.writeAtomically(try PNGCodec.encode(sheet, compression: .fast), to: artifact + ".png")
        let document = AuditDocument(report, title: location.snapshotName, contactSheet: artifact + ".png")
        try SnapshotFileSystem.writeAtomically(try document.encoded(), to: artifact + ".json")
        message += "\nContact sheet: \(artifact).png"
    } catch {
        message += "\n(the audit's artifacts were not written: \(error))"
    }
    return message
}

extension Snapshotting where Value == PaddedLabel, Format == String {
    /// The accessibility audit over the default 48 cells as a `.txt` reference (one line per cell with every
    /// check's numbers), so a change in any cell shows in review: `assertSnapshot(of: chip, as: .accessibility)`.
    public static var accessibility: Snapshotting { .accessibility() }

    /// The accessibility audit as a `.txt` reference, with the options of `verifyLabelAccessibility`. The reference
    /// records the audit whether or not it passes: a check that starts failing is a change in the text.
    public static func accessibility(matrix axes: [LabelMatrixAxis] = LabelMatrixAxis.accessibilityAudit,
                                     background: Color = .systemBackground, standard: ContrastStandard = .hig,
                                     nonTextContrast: Bool = false, interactive: Bool = false) -> Snapshotting {
        Snapshotting(format: .text) { label in
            AuditWording.reference(try verifyLabelAccessibility(of: label, matrix: axes, background: background, standard: standard,
                                                                nonTextContrast: nonTextContrast, interactive: interactive))
        }
    }
}

extension Snapshotting where Value == PaddedLabel, Format == Bitmap {
    /// The audit's contact sheet as a PNG reference: each cell's label on its container, failing cells outlined
    /// red, each cell's text contrast ratio (and what else fails) written under it. Options as
    /// `verifyLabelAccessibility`; compared exactly.
    public static func accessibilityContactSheet(matrix axes: [LabelMatrixAxis] = LabelMatrixAxis.accessibilityAudit,
                                                 background: Color = .systemBackground, standard: ContrastStandard = .hig,
                                                 nonTextContrast: Bool = false, interactive: Bool = false) -> Snapshotting {
        Snapshotting<Bitmap, Bitmap>.image.pullback { (label: PaddedLabel) in
            let matrix = try LabelMatrix(axes).auditMatrix(label)
            let options = AccessibilityAuditOptions(background: background, standard: standard, nonTextContrast: nonTextContrast,
                                                    interactive: interactive)
            let report = try AccessibilityAuditor.audit(label, matrix: matrix, options: options)
            return try AuditContactSheet.render(report, matrix: matrix, title: "accessibility: " + AuditWording.scope(report))
        }
    }
}

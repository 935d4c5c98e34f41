import Foundation
import LabelRendering
import Imaging
import Typesetting

/// The audit's two contrast checks in one cell: each run's text against what lies under it, and the chip's shape
/// against its container (docs/accessibility.md, Accessibility audit).
enum AuditContrast {
    /// The runs with something to read (not only white space).
    static func visibleRuns(_ label: PaddedLabel) throws -> [PaddedLabel.TextRun] {
        do {
            return try label.textRuns().filter { !$0.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        } catch let e as TypesettingError { throw LabelError.font(e) }
    }

    /// The container `options.background` for the label's appearance and contrast, flattened onto that cell's
    /// `systemBackground` when translucent (a container is itself on some screen).
    static func container(_ label: PaddedLabel, _ options: AccessibilityAuditOptions) -> ColorComponents {
        let (style, contrast) = (label.userInterfaceStyle, label.accessibilityContrast)
        let given = ColorComponents(options.background.resolved(for: style, contrast: contrast))
        return given.over(ColorComponents(Color.systemBackground.resolved(for: style, contrast: contrast)))
    }

    /// The ratio of the least legible run against its threshold, worded.
    static func text(_ label: PaddedLabel, layout: TextLayout, options: AccessibilityAuditOptions) throws -> AccessibilityReport.Result {
        let (style, contrast) = (label.userInterfaceStyle, label.accessibilityContrast)
        let alpha = Double(label.drawnAlpha)
        let container = self.container(label, options)
        let labelBackground = ColorComponents(label.backgroundColor.resolved(for: style, contrast: contrast))
        let shrink = layout.fontPointSize > 0 ? layout.fontSize / layout.fontPointSize : 1
        let runs = try visibleRuns(label)
        var worst: AccessibilityReport.Result?
        var worstMargin = Double.infinity
        for run in runs {
            // The label is drawn opaque as it is (run background, then text, over its own background), then the whole
            // drawing at `alpha` over the container, as Core Animation composites a view (docs/drawing.md, View state).
            let under = run.drawnBackground.map { ColorComponents($0).over(labelBackground) } ?? labelBackground
            let text = ColorComponents(run.drawnColor).over(under).withAlphaScaled(by: alpha).over(container)
            let behind = under.withAlphaScaled(by: alpha).over(container)
            let ratio = ColorComponents.contrastRatio(text, behind)
            let size = run.font.pointSize * shrink, bold = run.font.weight >= .bold
            let required = options.standard.requiredRatio(pointSize: size, bold: bold)
            guard ratio / required < worstMargin else { continue }
            worstMargin = ratio / required
            var words = [colorWord(run.givenColor, label) + (label.isEnabled ? "" : " (disabled)")]
            if let b = run.givenBackground { words.append(colorWord(b, label) + " (run background)") }
            if label.backgroundColor.resolved(for: style, contrast: contrast).alpha > 0 { words.append(colorWord(label.backgroundColor, label)) }
            var subject = words.joined(separator: " on ")
            if alpha < 1 { subject += " at alpha \(AuditWording.points(alpha))" }
            subject += " over " + colorWord(options.background, label)
            if runs.count > 1 { subject = "“\(run.text)” in " + subject }
            worst = .init(check: .textContrast, passed: ratio >= required, value: ratio, required: required, subject: subject,
                          pointSize: size, weight: bold ? "bold" : run.font.weight.description)
        }
        return worst ?? .init(check: .textContrast, passed: true, subject: "no text")
    }

    /// WCAG 2.2 success criterion 1.4.11 (non-text contrast, 3:1): the border (over the label's background) against
    /// the container, else the background against the container; a label drawing neither passes.
    static func nonText(_ label: PaddedLabel, options: AccessibilityAuditOptions) -> AccessibilityReport.Result {
        let (style, contrast) = (label.userInterfaceStyle, label.accessibilityContrast)
        let alpha = Double(label.drawnAlpha)
        let container = self.container(label, options)
        let background = label.backgroundColor.resolved(for: style, contrast: contrast)
        let border = label.borderColor.resolved(for: style, contrast: contrast)
        let shape: ColorComponents, subject: String
        if label.borderWidth > 0, border.alpha > 0 {
            shape = ColorComponents(border).over(ColorComponents(background))
            subject = "border " + colorWord(label.borderColor, label)
        } else if background.alpha > 0 {
            shape = ColorComponents(background)
            subject = "background " + colorWord(label.backgroundColor, label)
        } else {
            return .init(check: .nonTextContrast, passed: true, subject: "no border or background drawn")
        }
        let ratio = ColorComponents.contrastRatio(shape.withAlphaScaled(by: alpha).over(container), container)
        let required = 3.0
        return .init(check: .nonTextContrast, passed: ratio >= required, value: ratio, required: required,
                     subject: subject + (alpha < 1 ? " at alpha \(AuditWording.points(alpha))" : "")
                        + " against " + colorWord(options.background, label))
    }

    /// A colour as the audit names it: its UIKit name (`systemGray5`), else its hexadecimal value in the label's cell
    /// (`#767676`, with the alpha byte when translucent).
    static func colorWord(_ color: Color, _ label: PaddedLabel) -> String {
        if let name = color.systemColorName { return name }
        let c = color.resolved(for: label.userInterfaceStyle, contrast: label.accessibilityContrast)
        let hex = c.hexString
        return c.alpha == 255 ? String(hex.dropLast(2)) : hex
    }
}

import Foundation
import LabelRendering
import Imaging
import SnapshotStore
import Typesetting

/// One axis of a configuration matrix for `assertSnapshots(of:matrix:)`: the values one property of
/// the label takes. Every combination of the axes' values is one snapshot.
public struct LabelMatrixAxis: Sendable {
    /// The axes, in the fixed order in which they make up a combination's name
    /// (`w200-2x-AX3-rtl-dark-highContrast-semibold-de`), whatever order they are given in.
    public enum Kind: Int, CaseIterable, Sendable, Comparable, CustomStringConvertible {
        case widths, scales, contentSizeCategories, layoutDirections, userInterfaceStyles, contrasts, weights, texts

        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }

        public var description: String {
            ["widths", "scales", "contentSizeCategories", "layoutDirections", "userInterfaceStyles", "contrasts", "weights", "texts"][rawValue]
        }
    }

    enum Value: Sendable {
        case width(CGFloat), scale(CGFloat), category(ContentSizeCategory), direction(LayoutDirection)
        case style(UserInterfaceStyle), contrast(AccessibilityContrast), weight(Font.Weight), text(key: String, text: String)

        /// The value's part of a snapshot name: `w200`, `2x`, `AX3`, `rtl`, `dark`, `highContrast` (or
        /// `normalContrast`: a bare "high" or "normal" would not say which trait), the weight's UIKit name (`semibold`,
        /// or its CSS weight, `650`), the text's key.
        var name: String {
            switch self {
            case .width(let w): return "w" + number(w)
            case .scale(let s): return number(s) + "x"
            case .category(let c): return c.shortName
            case .direction(let d): return d == .leftToRight ? "ltr" : "rtl"
            case .style(let s): return s.rawValue
            case .contrast(let c): return c == .high ? "highContrast" : "normalContrast"
            case .weight(let w): return w.description
            case .text(let key, _): return key
            }
        }

        /// The value in words, as the accessibility audit's messages name cells: the name, but "200 pt wide" and
        /// "high contrast" / "normal contrast".
        var words: String {
            switch self {
            case .width(let w): return number(w) + " pt wide"
            case .contrast(let c): return c == .high ? "high contrast" : "normal contrast"
            default: return name
            }
        }

        /// Sets the property on `label` (widths: `layout(width:)`, applied after every other axis).
        func apply(to label: inout PaddedLabel) throws {
            switch self {
            case .width(let w): try label.layout(width: w)
            case .scale(let s): label.scale = s
            case .category(let c): label.contentSizeCategory = c
            case .direction(let d): label.layoutDirection = d
            case .style(let s): label.userInterfaceStyle = s
            case .contrast(let c): label.accessibilityContrast = c
            case .weight(let w): label.font = label.font.withWeight(w)
            case .text(_, let text): label.text = text
            }
        }
    }

    public let kind: Kind
    let values: [Value]

    /// `layout(width:)` at each width, pt (the bounds become width × fitting height).
    public static func widths(_ widths: [CGFloat]) -> LabelMatrixAxis { .init(kind: .widths, values: widths.map { .width($0) }) }
    /// `scale` (pixels per point) values.
    public static func scales(_ scales: [CGFloat]) -> LabelMatrixAxis { .init(kind: .scales, values: scales.map { .scale($0) }) }
    /// `contentSizeCategory` values; `.all` for the twelve.
    public static func contentSizeCategories(_ categories: [ContentSizeCategory]) -> LabelMatrixAxis {
        .init(kind: .contentSizeCategories, values: categories.map { .category($0) })
    }
    /// `layoutDirection` values (forced, as `semanticContentAttribute`).
    public static func layoutDirections(_ directions: [LayoutDirection]) -> LabelMatrixAxis {
        .init(kind: .layoutDirections, values: directions.map { .direction($0) })
    }
    /// `userInterfaceStyle` values: resolve `Color.dynamic` colours.
    public static func userInterfaceStyles(_ styles: [UserInterfaceStyle]) -> LabelMatrixAxis {
        .init(kind: .userInterfaceStyles, values: styles.map { .style($0) })
    }
    /// `accessibilityContrast` values (`UIAccessibilityContrast`): resolve the high-contrast variants of
    /// dynamic colours (`.contrasts([.normal, .high])`).
    public static func contrasts(_ contrasts: [AccessibilityContrast]) -> LabelMatrixAxis {
        .init(kind: .contrasts, values: contrasts.map { .contrast($0) })
    }
    /// The label's font at each weight (`Font.withWeight(_:)`: the system font's stand-in face of that weight, a
    /// family's nearest face by CSS's rule): `.weights([.regular, .semibold, .bold])`. Attributed runs with a font
    /// of their own keep it.
    public static func weights(_ weights: [Font.Weight]) -> LabelMatrixAxis {
        .init(kind: .weights, values: weights.map { .weight($0) })
    }
    /// Texts by a key (a locale such as `"de"`) that names them, in the order written.
    public static func texts(_ texts: KeyValuePairs<String, String>) -> LabelMatrixAxis {
        .init(kind: .texts, values: texts.map { .text(key: $0.key, text: $0.value) })
    }

    /// The names of the axis' values, in order.
    public var valueNames: [String] { values.map(\.name) }
}

/// `200` → "200", `200.5` → "200.5", `1.5` → "1.5".
private func number(_ v: CGFloat) -> String {
    let d = Double(v)
    if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
    return String(d)
}

/// The axes of a matrix, checked and in the fixed order, and its combinations.
package struct LabelMatrix: Sendable {
    /// Axes sorted by `Kind`.
    package let axes: [LabelMatrixAxis]

    /// One combination: an index into each axis, and its name.
    package struct Combination: Sendable {
        package let indices: [Int]
        package let name: String
    }
    package let combinations: [Combination]

    /// - Throws: `SnapshotConfigurationError` for no axes, an axis given twice, an axis without values,
    ///   or two values of one axis with the same name (they would share a reference).
    package init(_ given: [LabelMatrixAxis]) throws {
        guard !given.isEmpty else {
            throw SnapshotConfigurationError("the matrix has no axes; give at least one, e.g. .contentSizeCategories(.all)")
        }
        axes = given.sorted { $0.kind < $1.kind }
        for (a, b) in zip(axes, axes.dropFirst()) where a.kind == b.kind {
            throw SnapshotConfigurationError("the matrix gives .\(a.kind) twice; put all its values in one axis")
        }
        for axis in axes {
            guard !axis.values.isEmpty else {
                throw SnapshotConfigurationError("the matrix axis .\(axis.kind) has no values; give at least one or leave it out")
            }
            var seen: [String: Int] = [:]
            for (i, name) in axis.valueNames.enumerated() {
                let file = SnapshotNaming.sanitize(name)
                if let j = seen[file] {
                    throw SnapshotConfigurationError("the matrix axis .\(axis.kind) has two values named \"\(axis.valueNames[j])\" and \"\(name)\" "
                        + "(values \(j + 1) and \(i + 1)); they would share a reference. Give each value once, with distinct names")
                }
                seen[file] = i
            }
        }
        // Row-major over the fixed axis order: the last axis varies fastest.
        var combos: [[Int]] = [[]]
        for axis in axes {
            combos = combos.flatMap { prefix in axis.values.indices.map { prefix + [$0] } }
        }
        let axes = self.axes
        combinations = combos.map { indices in
            Combination(indices: indices, name: zip(axes, indices).map { $0.values[$1].name }.joined(separator: "-"))
        }
    }

    /// The label of a combination: every axis applied to a copy, the width (`layout(width:)`) last.
    package func label(_ base: PaddedLabel, _ combination: Combination) throws -> PaddedLabel {
        var label = base
        var width: LabelMatrixAxis.Value?
        for (axis, i) in zip(axes, combination.indices) {
            if axis.kind == .widths { width = axis.values[i]; continue }
            try axis.values[i].apply(to: &label)
        }
        try width?.apply(to: &label)
        return label
    }

    /// The largest scale of the matrix (or the label's): readable headers on the contact sheet.
    func largestScale(_ base: PaddedLabel) -> CGFloat {
        let scales = axes.first { $0.kind == .scales }?.values.compactMap { if case .scale(let s) = $0 { return s } else { return nil } }
        return scales?.max() ?? base.scale
    }
}

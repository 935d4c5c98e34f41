import Foundation
import LabelSnapshotTesting
import Typesetting
import UIKit

/// One axis of a view matrix (`assertSnapshots(of:matrix:as:)` with a view factory): the values one trait, or the
/// width, takes. Every combination of the axes' values is one snapshot, named from its values in the fixed order
/// widths, scales, contentSizeCategories, layoutDirections, userInterfaceStyles, contrasts
/// (`w200-2x-AX3-rtl-dark-highContrast`), as the label matrix names them.
public struct ViewMatrixAxis: Sendable {
    enum Value: Sendable {
        case width(CGFloat), scale(CGFloat), category(UIContentSizeCategory), direction(UIUserInterfaceLayoutDirection)
        case style(UIUserInterfaceStyle), contrast(UIAccessibilityContrast)
    }
    /// The axis's place in a combination's name.
    let order: Int
    let values: [Value]

    /// Auto Layout at each width, pt (winning over the strategy's `layout:`).
    public static func widths(_ widths: [CGFloat]) -> ViewMatrixAxis { .init(order: 0, values: widths.map { .width($0) }) }
    /// Display scales (`UITraitCollection.displayScale`).
    public static func scales(_ scales: [CGFloat]) -> ViewMatrixAxis { .init(order: 1, values: scales.map { .scale($0) }) }
    /// Text sizes (`preferredContentSizeCategory`); `UIContentSizeCategory.all` for the twelve.
    public static func contentSizeCategories(_ categories: [UIContentSizeCategory]) -> ViewMatrixAxis {
        .init(order: 2, values: categories.map { .category($0) })
    }
    /// Layout directions (the traits' and the app's `userInterfaceLayoutDirection`).
    public static func layoutDirections(_ directions: [UIUserInterfaceLayoutDirection]) -> ViewMatrixAxis {
        .init(order: 3, values: directions.map { .direction($0) })
    }
    /// Appearances (`userInterfaceStyle`).
    public static func userInterfaceStyles(_ styles: [UIUserInterfaceStyle]) -> ViewMatrixAxis { .init(order: 4, values: styles.map { .style($0) }) }
    /// Contrasts (`accessibilityContrast`, Increase Contrast).
    public static func contrasts(_ contrasts: [UIAccessibilityContrast]) -> ViewMatrixAxis { .init(order: 5, values: contrasts.map { .contrast($0) }) }
}

/// One combination of a view matrix: its name, traits and width.
struct ViewCombination {
    var name: String
    var traits: UITraitCollection
    var width: CGFloat?

    /// Every combination of `axes`, the last axis fastest.
    /// - Throws: `ViewMatrixError` for an empty axis or one given twice.
    static func all(_ axes: [ViewMatrixAxis]) throws -> [ViewCombination] {
        let sorted = axes.sorted { $0.order < $1.order }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.order == b.order { throw ViewMatrixError("an axis is given twice: give each once") }
        if let empty = sorted.first(where: { $0.values.isEmpty }) { throw ViewMatrixError("axis \(empty.order + 1) of the matrix has no values") }
        var combinations = [ViewCombination(name: "", traits: UITraitCollection(), width: nil)]
        for axis in sorted {
            combinations = combinations.flatMap { c in axis.values.map { c.adding($0) } }
        }
        return combinations
    }

    func adding(_ value: ViewMatrixAxis.Value) -> ViewCombination {
        var c = self
        let part: String
        switch value {
        case .width(let w): c.width = w; part = "w" + number(w)
        case .scale(let s): c.traits = UITraitCollection(traitsFrom: [traits, UITraitCollection(displayScale: s)]); part = number(s) + "x"
        case .category(let category):
            c.traits = UITraitCollection(traitsFrom: [traits, UITraitCollection(preferredContentSizeCategory: category)])
            part = category.contentSizeCategory.shortName
        case .direction(let d):
            c.traits = UITraitCollection(traitsFrom: [traits, UITraitCollection(layoutDirection: d == .rightToLeft ? .rightToLeft : .leftToRight)])
            part = d == .rightToLeft ? "rtl" : "ltr"
        case .style(let s): c.traits = UITraitCollection(traitsFrom: [traits, UITraitCollection(userInterfaceStyle: s)]); part = s == .dark ? "dark" : "light"
        case .contrast(let k):
            c.traits = UITraitCollection(traitsFrom: [traits, UITraitCollection(accessibilityContrast: k)])
            part = k == .high ? "highContrast" : "normalContrast"
        }
        c.name = name.isEmpty ? part : name + "-" + part
        return c
    }
}

private func number(_ v: CGFloat) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(Double(v)) }

/// A matrix that cannot run.
struct ViewMatrixError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Checks every combination of `matrix` against its own reference, each view made by `makeView` for the
/// combination's traits (then delivered to it through `traitCollectionDidChange(_:)`), and returns each failed
/// combination's name and failure; empty when all pass. Each is `<test>.<named.><combination>.<ext>`
/// (`testBadge.AX3-dark.png`); a width axis lays the view out by Auto Layout at that width, over the strategy's
/// `layout:`. Parameters as `verifySnapshot`; the failures are returned, not reported.
/// - Returns: the failed combinations, in the matrix's order.
@MainActor
public func verifySnapshots<V: UIView, Format>(
    of makeView: (UITraitCollection) throws -> V, matrix axes: [ViewMatrixAxis], as strategy: Snapshotting<V, Format>,
    named name: String? = nil, record: RecordMode? = nil, snapshotDirectory: String? = nil, writesFailureRecord: Bool = false,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) -> [(combination: String, failure: SnapshotFailure)] {
    // A nested function, not a closure: a `try` inside an autoclosure argument would make a closure throwing.
    func one(_ view: () throws -> V, _ id: String) -> SnapshotFailure? {
        verifySnapshot(of: try view(), as: strategy, named: id, record: record, snapshotDirectory: snapshotDirectory,
                       writesFailureRecord: writesFailureRecord, fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    }
    return eachCombination(of: makeView, matrix: axes, named: name, one)
}

/// `verifySnapshots(of:matrix:as:…)` at a test file given as a path (this package's tests, in a throw-away package).
@MainActor
package func verifySnapshots<V: UIView, Format>(
    of makeView: (UITraitCollection) throws -> V, matrix axes: [ViewMatrixAxis], as strategy: Snapshotting<V, Format>,
    named name: String? = nil, record: RecordMode? = nil, fileID: String = #fileID, file filePath: String, testName: String = #function,
    line: UInt = #line
) -> [(combination: String, failure: SnapshotFailure)] {
    func one(_ view: () throws -> V, _ id: String) -> SnapshotFailure? {
        verifySnapshot(of: try view(), as: strategy, named: id, record: record, fileID: fileID, file: filePath, testName: testName, line: line)
    }
    return eachCombination(of: makeView, matrix: axes, named: name, one)
}

/// `check` of each combination's view (made by `makeView` for its traits, with the combination's traits and width
/// under the strategy's) under its snapshot name, in the matrix's order; an invalid matrix is one failure of the
/// view that cannot be made, under `named` or "matrix".
@MainActor
func eachCombination<V: UIView>(of makeView: (UITraitCollection) throws -> V, matrix axes: [ViewMatrixAxis], named name: String?,
                                _ check: (_ view: () throws -> V, _ id: String) -> SnapshotFailure?) -> [(combination: String, failure: SnapshotFailure)] {
    let combinations: [ViewCombination]
    do { combinations = try ViewCombination.all(axes) } catch {
        return check({ throw error }, name ?? "matrix").map { [("", $0)] } ?? []
    }
    var failures: [(combination: String, failure: SnapshotFailure)] = []
    for c in combinations {
        let made = Result { prepared(try makeView(c.traits), c) }
        if let failure = check({ try made.get() }, name.map { $0 + "." + c.name } ?? c.name) {
            failures.append((c.name, failure))
        }
    }
    return failures
}

/// Asserts that every combination of `matrix` matches its reference, each view made by `makeView` for the
/// combination's traits, which it also receives through `traitCollectionDidChange(_:)`:
///
/// ```swift
/// assertSnapshots(of: { traits in makeBadge() }, matrix: [.contentSizeCategories(UIContentSizeCategory.all), .userInterfaceStyles([.light, .dark])])
/// ```
/// A failed combination is reported as its own assertion, with its failure record. Parameters as
/// ``verifySnapshots(of:matrix:as:named:record:snapshotDirectory:writesFailureRecord:fileID:file:testName:line:column:)``.
@MainActor
public func assertSnapshots<V: UIView, Format>(
    of makeView: (UITraitCollection) throws -> V, matrix axes: [ViewMatrixAxis], as strategy: Snapshotting<V, Format>,
    named name: String? = nil, record: RecordMode? = nil, snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    func one(_ view: () throws -> V, _ id: String) -> SnapshotFailure? {
        assertSnapshot(of: try view(), as: strategy, named: id, record: record, snapshotDirectory: snapshotDirectory, fileID: fileID,
                       file: filePath, testName: testName, line: line, column: column)
        return nil
    }
    _ = eachCombination(of: makeView, matrix: axes, named: name, one)
}

/// `view` with the combination's traits and width under the strategy's.
@MainActor func prepared<V: UIView>(_ view: V, _ c: ViewCombination) -> V {
    view.state.snapshotBase = (c.traits, c.width.map { .width($0) })
    return view
}

/// ``assertSnapshots(of:matrix:as:named:record:snapshotDirectory:fileID:file:testName:line:column:)`` as `.image`.
@MainActor
public func assertSnapshots<V: UIView>(
    of makeView: (UITraitCollection) throws -> V, matrix axes: [ViewMatrixAxis], named name: String? = nil, record: RecordMode? = nil,
    snapshotDirectory: String? = nil, fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    assertSnapshots(of: makeView, matrix: axes, as: Snapshotting<V, Bitmap>.image, named: name, record: record, snapshotDirectory: snapshotDirectory,
                    fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

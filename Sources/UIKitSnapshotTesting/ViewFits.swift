import Foundation
import LabelSnapshotTesting
import UIKit
#if canImport(XCTest)
import XCTest
#endif
#if canImport(Testing)
import Testing
#endif

/// Lays out and draws a view made by `makeView` in every combination of `matrix` and returns what names the
/// combinations where a text its base `drawText(in:)` drew was truncated (a line cut short or lines lost to the
/// height), or nil when every text fits everywhere. Nothing is recorded: no reference is read or written.
/// - Parameters:
///   - makeView: the view for a combination's traits (which it also receives through `traitCollectionDidChange(_:)`).
///   - axes: the matrix, e.g. `[.contentSizeCategories(UIContentSizeCategory.all)]`.
///   - layout: how the view is sized (`.intrinsic` by default; a width axis wins over it).
/// - Returns: the message, or nil.
@MainActor
public func verifyLabelsFit<V: UIView>(of makeView: (UITraitCollection) throws -> V, matrix axes: [ViewMatrixAxis],
                                       layout: ViewSnapshotLayout = .intrinsic) -> String? {
    let combinations: [ViewCombination]
    do { combinations = try ViewCombination.all(axes) } catch { return "\(error)" }
    var truncated: [String] = [], errors: [String] = []
    for c in combinations {
        do {
            let view = try makeView(c.traits)
            let drawing = try view.snapshotDrawing(layout: c.width.map { .width($0) } ?? layout.viewLayout, traits: c.traits)
            for (i, text) in drawing.texts.enumerated() where text.layout.truncation != nil {
                let shown = text.layout.lines.map(\.text).joined(separator: " ⏎ ")
                let full = text.label.attributedText.map { String($0.characters) } ?? text.label.text
                truncated.append("\(c.name): text \(i + 1) shows \(String(reflecting: shown)) of \(String(reflecting: full)) in "
                    + "\(DispatchTrace.describe(text.rect)) (\(text.layout.lines.count) line\(text.layout.lines.count == 1 ? "" : "s"))")
            }
        } catch {
            errors.append("\(c.name): \(error)")
        }
    }
    guard !truncated.isEmpty || !errors.isEmpty else { return nil }
    var lines: [String] = []
    if !truncated.isEmpty { lines.append("\(V.self) is truncated in \(truncated.count) of \(combinations.count) combinations:") }
    lines += truncated.map { "  " + $0 }
    if !errors.isEmpty { lines.append("\(V.self) could not be drawn in \(errors.count) of \(combinations.count) combinations:") }
    lines += errors.map { "  " + $0 }
    return lines.joined(separator: "\n")
}

/// Asserts that no text a view made by `makeView` draws is truncated in any combination of `matrix`
/// (`XCTFail` under XCTest, `Issue.record` under Swift Testing), naming each combination that cuts one:
///
/// ```swift
/// assertLabelsFit(of: { _ in makeBadge() }, matrix: [.contentSizeCategories(UIContentSizeCategory.all)], layout: .width(120))
/// ```
/// Parameters as ``verifyLabelsFit(of:matrix:layout:)``; `fileID`, `filePath`, `line` and `column` place the issue.
@MainActor
public func assertLabelsFit<V: UIView>(of makeView: (UITraitCollection) throws -> V, matrix axes: [ViewMatrixAxis],
                                       layout: ViewSnapshotLayout = .intrinsic, fileID: StaticString = #fileID,
                                       file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
    guard let message = verifyLabelsFit(of: makeView, matrix: axes, layout: layout) else { return }
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
        return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message, file: filePath, line: line)
    #endif
}

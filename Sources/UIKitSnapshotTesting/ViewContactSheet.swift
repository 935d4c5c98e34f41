import Foundation
import Imaging
import LabelRendering
import LabelSnapshotTesting
import UIKit

/// Every combination of a view matrix drawn on one sheet: the last axis across, the one before it down, the others
/// as titled blocks; each cell the view made by `makeView` for the combination's traits, laid out as `layout` says
/// (a width axis wins) and drawn pixel for pixel; a cell where a text the view drew is truncated is outlined and its
/// caption says so. Snapshot it as one reference: `assertSnapshot(of: try viewContactSheet(of: …), as: .image)`.
/// - Parameters:
///   - makeView: the view for a combination's traits (which it also receives through `traitCollectionDidChange(_:)`).
///   - axes: the matrix.
///   - layout: how each view is sized (`.intrinsic` by default).
///   - title: the sheet's title; nil: none.
/// - Returns: the sheet, RGBA8 at 1 pixel per point for its text.
/// - Throws: `ViewLayoutError` of a view that cannot be drawn, `ViewAccessibilityError` for an invalid matrix,
///   `RasterError` for a sheet too large.
@MainActor
public func viewContactSheet<V: UIView>(of makeView: (UITraitCollection) throws -> V, matrix axes: [ViewMatrixAxis],
                                        layout: ViewSnapshotLayout = .intrinsic, title: String? = nil) throws -> Bitmap {
    let sorted = axes.sorted { $0.order < $1.order }
    let combinations: [ViewCombination]
    do { combinations = try ViewCombination.all(axes) } catch { throw ViewAccessibilityError(description: "\(error)") }
    let words = sorted.map { $0.values.map(\.words) }
    let columns = words.last ?? [""]
    let rows = words.count >= 2 ? words[words.count - 2] : [""]
    let perBlock = columns.count * rows.count
    var blocks: [ContactSheet.Block] = []
    for (n, c) in combinations.enumerated() {
        let view = try makeView(c.traits)
        let drawing = try view.snapshotDrawing(layout: c.width.map { .width($0) } ?? layout.viewLayout, traits: c.traits)
        let truncated = drawing.texts.contains { $0.layout.truncation != nil }
        let size = "\(DispatchTrace.number(drawing.frame.width)) × \(DispatchTrace.number(drawing.frame.height))"
        let cell = ContactSheet.Cell(image: drawing.image, mark: truncated ? .differs : .none,
                                     caption: truncated ? size + " truncated" : size, flagsCaption: truncated)
        if n % perBlock == 0 {
            let prefix = c.name.split(separator: "-").dropLast(min(2, words.count)).joined(separator: "-")
            blocks.append(ContactSheet.Block(title: prefix, cells: Array(repeating: Array(repeating: nil, count: columns.count), count: rows.count)))
        }
        let i = n % perBlock
        blocks[blocks.count - 1].cells[i / columns.count][i % columns.count] = cell
    }
    let sheet = ContactSheet(title: title, columnTitles: columns, rowTitles: rows, blocks: blocks)
    return try sheet.render()
}

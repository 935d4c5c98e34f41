import Foundation
@testable import LabelSnapshotTesting
import XCTest

/// Badges with UIKit's corner shapes, in `__Snapshots__/LabelSnapshotTestingTests/CornerSnapshotTests/` (docs/gallery.md shows
/// them): a capsule over the twelve content size categories, a continuous-corner badge, a per-corner chip.
final class CornerSnapshotTests: XCTestCase {
    /// A pill badge as new UIKit code writes it: `.capsule()`, resolved from each cell's own bounds.
    static var pill: PaddedLabel {
        var label = PaddedLabel("3 new", font: .preferred(.subheadline), insets: EdgeInsets(top: 3, left: 10, bottom: 3, right: 10))
        label.textColor = .white
        label.backgroundColor = Color(red: 0xFF, green: 0x3B, blue: 0x30)  // systemRed, light
        label.cornerConfiguration = .capsule()
        label.scale = 2
        return label
    }

    func testCapsuleOverEveryContentSizeCategory() {
        assertSnapshots(of: Self.pill, matrix: [.contentSizeCategories(.all)], as: .contactSheet, named: "capsule")
    }

    func testBadges() {
        assertLabelSnapshot(of: Self.pill, named: "capsule")

        var continuous = PaddedLabel("Continuous corners", font: .system(size: 17, weight: .semibold),
                                     insets: EdgeInsets(top: 14, left: 20, bottom: 14, right: 20))
        continuous.textColor = .white
        continuous.backgroundColor = Color(red: 0x00, green: 0x7A, blue: 0xFF)  // systemBlue, light
        continuous.cornerRadius = 14
        continuous.cornerCurve = .continuous
        continuous.scale = 3
        assertLabelSnapshot(of: continuous, named: "continuous")
        assertLabelSnapshot(of: continuous, as: .layout, named: "continuous")

        var chip = PaddedLabel("Per-corner chip", font: .system(size: 15), insets: EdgeInsets(top: 6, left: 12, bottom: 6, right: 12))
        chip.textColor = Color(red: 0x1C, green: 0x1C, blue: 0x1E)
        chip.backgroundColor = Color(red: 0xF2, green: 0xF2, blue: 0xF7)
        chip.borderWidth = 1
        chip.borderColor = Color(red: 0xC6, green: 0xC6, blue: 0xC8)
        chip.cornerConfiguration = .corners(topLeftRadius: 14, topRightRadius: 14, bottomLeftRadius: 3, bottomRightRadius: 14)
        chip.scale = 2
        assertLabelSnapshot(of: chip, named: "per-corner-chip")
        assertLabelSnapshot(of: chip, as: .layout, named: "per-corner-chip")
    }

    /// A matrix cell's caption states the radii drawn for a label with corner properties (the capsule's half height:
    /// DejaVu Sans 17 pt is 20 pt a line by hhea, + 4 + 4 → 14), and nothing for a plain `cornerRadius`.
    func testCellCaptionStatesTheRadii() throws {
        var label = PaddedLabel("3 new", font: .default(size: 17), insets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
        label.cornerRadius = 6
        XCTAssertNil(MatrixMessage.cornersCaption(try label.makeLayout()))
        label.cornerConfiguration = .capsule()
        XCTAssertEqual(MatrixMessage.cornersCaption(try label.makeLayout()), "r 14")
        label.cornerConfiguration = .corners(topLeftRadius: 0, topRightRadius: 6, bottomLeftRadius: 12.5, bottomRightRadius: 3)
        XCTAssertEqual(MatrixMessage.cornersCaption(try label.makeLayout()), "r 0/6/12.5/3")
    }
}

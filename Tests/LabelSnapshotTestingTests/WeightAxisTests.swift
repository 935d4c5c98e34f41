import Foundation
import LabelSnapshotTesting
import XCTest

/// The `.weights` axis: its place in a combination's name, and the face each cell draws: the system font's bundled
/// Inter at wght 400, 600, 700 (opsz 14, the display design's 32 from 20 pt) and, for DejaVu Sans (weights 200, 400, 700), CSS Fonts 4 §5.2's rule worked by hand: semibold (600) → Bold.
final class WeightAxisTests: XCTestCase {
    func testWeightsAxisNamesAndDrawsEachWeightsFace() throws {
        let matrix = try LabelMatrix([.texts(["en": "New"]), .weights([.regular, .semibold, .bold]), .contentSizeCategories([.large, .accessibilityMedium])])
        XCTAssertEqual(matrix.combinations.map(\.name),
                       ["L-regular-en", "L-semibold-en", "L-bold-en", "AX1-regular-en", "AX1-semibold-en", "AX1-bold-en"])
        // body is 17 pt at L and 28 pt at AX1 (Apple's Dynamic Type table): text design, then display.
        let base = PaddedLabel("x", font: .preferred(.body))
        let faces = try matrix.combinations.map { try matrix.label(base, $0).makeLayout().fontsUsed.map { $0.adjustment?.axes ?? [:] } }
        XCTAssertEqual(faces, [[["wght": 400, "opsz": 14]], [["wght": 600, "opsz": 14]], [["wght": 700, "opsz": 14]],
                               [["wght": 400, "opsz": 32]], [["wght": 600, "opsz": 32]], [["wght": 700, "opsz": 32]]])
        let dejaVu = try LabelMatrix([.weights([.semibold])])
        let drawn = try dejaVu.label(PaddedLabel("x", font: .default(size: 17)), dejaVu.combinations[0]).makeLayout().fontsUsed
        XCTAssertEqual(drawn, [FontFile.dejaVuSansBold])
        XCTAssertEqual(LabelMatrixAxis.weights([.black, Font.Weight(cssWeight: 650)]).valueNames, ["black", "650"])
    }

    /// The badge in UIKit's nine weights, one contact sheet (looked at: each column heavier than the last).
    func testNineWeightsContactSheet() {
        var badge = PaddedLabel("3 new", font: .system(size: 13), insets: EdgeInsets(top: 3, left: 8, bottom: 3, right: 8))
        badge.textColor = .white
        badge.backgroundColor = Color(red: 0xFF, green: 0x3B, blue: 0x30)  // systemRed, light
        badge.cornerConfiguration = .capsule()
        badge.scale = 2
        assertSnapshots(of: badge, matrix: [.weights(Font.Weight.all.map(\.weight))], as: .contactSheet, named: "weights")
    }
}

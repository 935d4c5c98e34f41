import Foundation
import LabelSnapshotTesting
import XCTest

/// The `.contrasts` axis: its place in a combination's name, and the colours each cell resolves (Apple's HIG
/// table, typed by hand: systemRed dark 255, 69, 58, increased contrast 255, 105, 97; systemGray6 dark 28, 28,
/// 30, increased contrast 36, 36, 38).
final class ContrastAxisTests: XCTestCase {
    func testContrastsAxisNamesAndResolvesEachCell() throws {
        let matrix = try LabelMatrix([.contrasts([.normal, .high]), .userInterfaceStyles([.light, .dark]), .texts(["de": "Neu"])])
        XCTAssertEqual(matrix.combinations.map(\.name),
                       ["light-normalContrast-de", "light-highContrast-de", "dark-normalContrast-de", "dark-highContrast-de"])
        var base = PaddedLabel("New", font: .system(size: 13))
        base.textColor = .systemRed
        base.backgroundColor = .systemGray6
        base.bounds = CGRect(x: 0, y: 0, width: 60, height: 24)
        let layouts = try matrix.combinations.map { try matrix.label(base, $0).makeLayout() }
        XCTAssertEqual(layouts.map(\.textColor), [Color(red: 255, green: 59, blue: 48), Color(red: 215, green: 0, blue: 21),
                                                 Color(red: 255, green: 69, blue: 58), Color(red: 255, green: 105, blue: 97)])
        XCTAssertEqual(layouts[3].backgroundColor, Color(red: 36, green: 36, blue: 38))
        XCTAssertEqual(layouts[2].backgroundColor, Color(red: 28, green: 28, blue: 30))
        XCTAssertEqual(LabelMatrixAxis.contrasts([.high]).valueNames, ["highContrast"])
    }
}

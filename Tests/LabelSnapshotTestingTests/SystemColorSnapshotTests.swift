import Foundation
import LabelSnapshotTesting
import XCTest

/// A `.systemRed` badge on `.systemGray6` over light and dark, normal and increased contrast, as a new user writes
/// it: the contact sheet docs/gallery.md shows, and each cell's drawn pixels against Apple's HIG "Color" table, typed here
/// (systemRed 255-59-48, 255-69-58, 215-0-21, 255-105-97; systemGray6 242-242-247, 28-28-30, 235-235-240, 36-36-38;
/// default light, default dark, increased contrast light, increased contrast dark).
final class SystemColorSnapshotTests: XCTestCase {
    static var badge: PaddedLabel {
        var label = PaddedLabel("3 new", font: .preferred(.subheadline), insets: EdgeInsets(top: 3, left: 10, bottom: 3, right: 10))
        label.textColor = .systemRed
        label.backgroundColor = .systemGray6
        label.cornerConfiguration = .capsule()
        label.scale = 2
        return label
    }

    static let matrix: [LabelMatrixAxis] = [.userInterfaceStyles([.light, .dark]), .contrasts([.normal, .high])]

    func testSystemRedOnSystemGray6() {
        assertSnapshots(of: Self.badge, matrix: Self.matrix, as: .contactSheet, named: "system-colours")
    }

    /// Every cell draws its text and background in exactly Apple's values: the capsule's inside is the background,
    /// and the glyphs' solid pixels are the text colour (nothing else is drawn opaque in those colours).
    func testEachCellDrawsApplesValues() throws {
        typealias RGB = (UInt8, UInt8, UInt8)
        let expected: [String: (text: RGB, background: RGB)] = [
            "light-normalContrast": ((255, 59, 48), (242, 242, 247)),
            "light-highContrast": ((215, 0, 21), (235, 235, 240)),
            "dark-normalContrast": ((255, 69, 58), (28, 28, 30)),
            "dark-highContrast": ((255, 105, 97), (36, 36, 38)),
        ]
        let matrix = try LabelMatrix(Self.matrix)
        XCTAssertEqual(Set(matrix.combinations.map(\.name)), Set(expected.keys))
        for combination in matrix.combinations {
            let colours = try XCTUnwrap(expected[combination.name])
            let bitmap = try matrix.label(Self.badge, combination).render()
            func count(_ c: RGB) -> Int {
                stride(from: 0, to: bitmap.pixels.count, by: 4).filter {
                    bitmap.pixels[$0] == c.0 && bitmap.pixels[$0 + 1] == c.1 && bitmap.pixels[$0 + 2] == c.2 && bitmap.pixels[$0 + 3] == 255
                }.count
            }
            // The background fills most of the capsule; "3 new" at 15 pt @2x has well over 100 solid text pixels.
            XCTAssertGreaterThan(count(colours.background), bitmap.width * bitmap.height / 2, combination.name)
            XCTAssertGreaterThan(count(colours.text), 100, combination.name)
            // The centre of the capsule's left end, inside the round end and left of the text, is the background.
            let y = bitmap.height / 2, x = bitmap.height / 4, p = (y * bitmap.width + x) * 4
            XCTAssertEqual(Array(bitmap.pixels[p..<p + 4]), [colours.background.0, colours.background.1, colours.background.2, 255], combination.name)
        }
    }
}

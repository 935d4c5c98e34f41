import Foundation
import LabelSnapshotTesting
import TestSupport
import XCTest

/// The configuration matrix over an attributed label: each combination's content size category reaches the runs'
/// Dynamic Type fonts and its appearance the runs' dynamic colours, as for a plain label's font and colour.
final class AttributedMatrixTests: XCTestCase {
    func testAttributedLabelOverCategoriesAndAppearances() throws {
        let pkg = try TempPackage()
        let gold = try Color(hex: "#FFD700"), navy = try Color(hex: "#000080")
        var title = AttributedString("Title ")
        title.font = .preferred(.body)
        title.foregroundColor = .dynamic(light: navy, dark: gold)
        var count = AttributedString("3")
        count.font = .default(size: 12)
        let label = PaddedLabel(attributedText: title + count, font: .default(size: 17), insets: EdgeInsets(all: 4))
        let axes: [LabelMatrixAxis] = [.contentSizeCategories([.large, .accessibilityExtraLarge]),
                                       .userInterfaceStyles([.light, .dark])]
        try withSnapshotTesting(environment: [:]) {
            _ = verifySnapshots(of: label, matrix: axes, as: .layout, file: pkg.testFile, testName: "testChip()")
            XCTAssertEqual(pkg.list(pkg.referenceFolder),
                           ["testChip.AX3-dark.txt", "testChip.AX3-light.txt", "testChip.L-dark.txt", "testChip.L-light.txt"])
            // Apple's Dynamic Type table: body 17 pt at Large, 40 pt at AX3 (the system font's display design from
            // 20 pt: the bundled Inter at opsz 32); the fixed run stays 12 pt. The title's colour per appearance; the count takes the
            // label's `textColor`, `.label`: black in light, white in dark.
            for (name, face, size, color, countColor) in [
                ("L-light", "Inter-4.1.ttf[opsz=14,wght=400]", 17, "#000080FF", "#000000FF"), ("L-dark", "Inter-4.1.ttf[opsz=14,wght=400]", 17, "#FFD700FF", "#FFFFFFFF"),
                ("AX3-light", "Inter-4.1.ttf[opsz=32,wght=400]", 40, "#000080FF", "#000000FF"),
                ("AX3-dark", "Inter-4.1.ttf[opsz=32,wght=400]", 40, "#FFD700FF", "#FFFFFFFF"),
            ] {
                let text = String(decoding: try XCTUnwrap(pkg.bytes(pkg.reference("testChip.\(name).txt"))), as: UTF8.self)
                XCTAssertTrue(text.contains("run 0..<6 \(face) \(size) pt \(color)"), "\(name):\n\(text)")
                XCTAssertTrue(text.contains("run 6..<7 DejaVuSans.ttf 12 pt \(countColor)"), "\(name):\n\(text)")
            }
            startSnapshotRun()   // another run: one test may not assert one matrix from two lines
            XCTAssertNil(verifySnapshots(of: label, matrix: axes, as: .layout, file: pkg.testFile, testName: "testChip()"))
            // The title's dark colour changed: the two dark combinations fail, the light ones pass.
            var changed = title
            changed.foregroundColor = .dynamic(light: navy, dark: .white)
            startSnapshotRun()
            let failed = try XCTUnwrap(verifySnapshots(of: PaddedLabel(attributedText: changed + count, font: .default(size: 17),
                                                                             insets: EdgeInsets(all: 4)),
                                                            matrix: axes, as: .layout, file: pkg.testFile, testName: "testChip()"))
            XCTAssertEqual(failed.failures.map(\.combination), ["L-dark", "AX3-dark"])
        }
    }
}

import LabelRendering
import Foundation
@testable import LabelSnapshotTesting
import Imaging
import SnapshotStore
import SnapshotReview
import TestSupport
import XCTest

/// The Korean badge of the README, with colours for both appearances.
func koreanBadge() throws -> PaddedLabel {
    var label = PaddedLabel("않이 패딩이 왜 없어..?", font: .preferred(.body),
                            insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
    label.backgroundColor = .dynamic(light: try Color(hex: "#FFE6C8"), dark: try Color(hex: "#5A3A1E"))
    label.textColor = .dynamic(light: .black, dark: .white)
    label.cornerRadius = 8
    return label
}

/// Short names of the twelve categories, typed from Apple's HIG table header.
let categoryNames = ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"]

final class MatrixSnapshotTests: XCTestCase {
    let badgeMatrix: [LabelMatrixAxis] = [
        .userInterfaceStyles([.light, .dark]),            // given out of order: names use the fixed order
        .contentSizeCategories(.all),
        .layoutDirections([.leftToRight, .rightToLeft]),
        .widths([240]),
    ]

    /// `w240-xS-ltr-light` … in the fixed order widths, categories, directions, styles; the last axis fastest.
    var badgeCombinationNames: [String] {
        categoryNames.flatMap { c in ["ltr", "rtl"].flatMap { d in ["light", "dark"].map { "w240-\(c)-\(d)-\($0)" } } }
    }

    func testBadgeMatrixRecordsPassesAndFailsNamingTheChangedCombinations() throws {
        let pkg = try TempPackage()
        let badge = try koreanBadge()
        try withSnapshotTesting(environment: [:]) {
            // 1. Records 48 references and a contact sheet.
            let recorded = try XCTUnwrap(verifySnapshots(of: badge, matrix: badgeMatrix, file: pkg.testFile,
                                                              testName: "testBadge()"))
            XCTAssertEqual(recorded.combinationCount, 48)
            XCTAssertEqual(recorded.failures.map(\.combination), badgeCombinationNames)
            XCTAssertTrue(recorded.failures.allSatisfy { $0.failure.kind == .missingReference && $0.failure.referenceWritten })
            XCTAssertTrue(recorded.message.hasPrefix("Snapshot matrix testBadge (48 combinations): 48 missing (recorded), 0 match"),
                          recorded.message)
            XCTAssertEqual(pkg.list(pkg.referenceFolder), badgeCombinationNames.map { "testBadge.\($0).png" }.sorted())
            let sheetPath = pkg.artifacts + "/testBadge.matrix.png.contact-sheet.png"
            XCTAssertEqual(recorded.contactSheetPath, sheetPath)
            XCTAssertNotNil(try pkg.bytes(sheetPath).map { try PNGCodec.decode($0) })
            // Each reference is the combination rendered on its own.
            var single = badge
            single.contentSizeCategory = .accessibilityExtraLarge
            single.layoutDirection = .rightToLeft
            single.userInterfaceStyle = .dark
            try single.layout(width: 240)
            XCTAssertEqual(try PNGCodec.decode(XCTUnwrap(pkg.bytes(pkg.reference("testBadge.w240-AX3-rtl-dark.png")))), try single.render())

            // 2. Passes, and the stale contact sheet goes.
            startSnapshotRun()   // another run: one test may not assert one matrix from two lines
            XCTAssertNil(verifySnapshots(of: badge, matrix: badgeMatrix, file: pkg.testFile, testName: "testBadge()")?.message)
            XCTAssertNil(pkg.bytes(sheetPath))

            // 3. A dark-only change fails exactly the 24 dark combinations.
            var changed = badge
            changed.textColor = .dynamic(light: .black, dark: try Color(hex: "#FFD700"))
            startSnapshotRun()
            // What the assertion reports: with failure records (the verify writes none).
            let failed = try XCTUnwrap(verifySnapshots(of: changed, matrix: badgeMatrix, writesFailureRecord: true, file: pkg.testFile, testName: "testBadge()"))
            XCTAssertEqual(failed.failures.map(\.combination), badgeCombinationNames.filter { $0.hasSuffix("-dark") })
            XCTAssertTrue(failed.failures.allSatisfy { $0.failure.kind == .mismatch })
            let lines = failed.message.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines[0], "Snapshot matrix testBadge (48 combinations): 24 differ, 24 match")
            for name in badgeCombinationNames {
                XCTAssertEqual(lines.contains { $0.hasPrefix("  differs     testBadge.\(name): ") }, name.hasSuffix("-dark"), name)
            }
            XCTAssertTrue(lines[1].contains(" px differ ("), lines[1])
            XCTAssertTrue(failed.message.contains("Contact sheet: " + sheetPath))
            // The failure records name the contact sheet for `labelsnap report`.
            let record = try SnapshotFailureRecord.load(pkg.artifacts + "/testBadge.w240-AX5-rtl-dark.png.failure.json")
            XCTAssertEqual(record.contactSheet, sheetPath)
            // Rejecting one failure leaves the sheet that the others share.
            let recordPath = pkg.artifacts + "/testBadge.w240-AX5-rtl-dark.png.failure.json"
            let pending = PendingFailure(recordPath: recordPath, record: record, artifactsRoot: pkg.root + "/.build/snapshot-artifacts")
            XCTAssertEqual(pending.contactSheetPath, sheetPath)
            // The hint's commands work: review takes no names, accept's <file>/<test> selects this test only.
            let selection = SnapshotNaming.testFileName(pkg.testFile) + "/testBadge"
            XCTAssertEqual(lines.last, "Review: swift run labelsnap review · accept them all: swift run labelsnap accept \(selection)")
            XCTAssertTrue(pending.matches(selection))
            _ = try pending.reject(environment: [:])
            XCTAssertNil(pkg.bytes(recordPath))
            XCTAssertNotNil(pkg.bytes(sheetPath))

            // 4. Changing the text changes all 48.
            changed = badge
            changed.text = "패딩이 있어요"
            startSnapshotRun()
            XCTAssertEqual(verifySnapshots(of: changed, matrix: badgeMatrix, file: pkg.testFile, testName: "testBadge()")?
                .failures.count, 48)
        }
    }

    /// `maxConcurrency` below 1 was taken as 1 without a word: it is a configuration error, and nothing is recorded.
    func testMaxConcurrencyBelowOneIsRefused() throws {
        let pkg = try TempPackage()
        try withSnapshotTesting(environment: [:]) {
            for n in [0, -3] {
                let failed = try XCTUnwrap(verifySnapshots(of: PaddedLabel("x"), matrix: [.widths([100])], maxConcurrency: n,
                                                           file: pkg.testFile, testName: "testConcurrency()"))
                XCTAssertTrue(failed.message.contains("maxConcurrency \(n): give at least 1"), failed.message)
                XCTAssertEqual(pkg.list(pkg.referenceFolder), [])
            }
        }
    }

    func testTheVerifyLeavesNoPendingFailureAndOffersNoReview() throws {
        let pkg = try TempPackage()
        let badge = try koreanBadge()
        let axes: [LabelMatrixAxis] = [.userInterfaceStyles([.light, .dark])]
        try withSnapshotTesting(environment: [:]) {
            _ = verifySnapshots(of: badge, matrix: axes, file: pkg.testFile, testName: "testPending()")
            var changed = badge
            changed.textColor = .dynamic(light: .black, dark: try Color(hex: "#FFD700"))
            startSnapshotRun()
            let returned = try XCTUnwrap(verifySnapshots(of: changed, matrix: axes, file: pkg.testFile, testName: "testPending()"))
            XCTAssertEqual(returned.failures.map(\.combination), ["dark"])
            XCTAssertEqual(returned.failures.map(\.failure.recordWritten), [false])
            // The images and the contact sheet are written; no failure record, so nothing to review or accept.
            XCTAssertEqual(pkg.list(pkg.artifacts), ["testPending.dark.png.actual.png", "testPending.dark.png.composite.png",
                                                     "testPending.dark.png.diff.png", "testPending.matrix.png.contact-sheet.png"])
            XCTAssertFalse(returned.message.contains("labelsnap review"), returned.message)
            XCTAssertFalse(returned.message.contains("labelsnap accept"), returned.message)

            // The failure variant, what the assertion reports, writes the record and offers review.
            startSnapshotRun()
            let reported = try XCTUnwrap(verifySnapshots(of: changed, matrix: axes, writesFailureRecord: true, file: pkg.testFile, testName: "testPending()"))
            XCTAssertEqual(reported.failures.map(\.failure.recordWritten), [true])
            XCTAssertNotNil(pkg.bytes(pkg.artifacts + "/testPending.dark.png.failure.json"))
            XCTAssertTrue(reported.message.hasSuffix("accept them all: swift run labelsnap accept "
                + SnapshotNaming.testFileName(pkg.testFile) + "/testPending"), reported.message)
        }
    }

    func testNamesFollowTheFixedAxisOrderAndNamedPrefixes() throws {
        let pkg = try TempPackage()
        let label = PaddedLabel("Hi", insets: EdgeInsets(top: 2, left: 4, bottom: 2, right: 4))
        let axes: [LabelMatrixAxis] = [
            .texts(["en": "New", "de": "Neuigkeiten"]), .userInterfaceStyles([.dark]), .layoutDirections([.rightToLeft]),
            .contentSizeCategories([.accessibilityExtraLarge]), .scales([2, 1.5]), .widths([200, 80.5]),
        ]
        let failures = withSnapshotTesting(environment: [:]) {
            verifySnapshots(of: label, matrix: axes, named: "badge", file: pkg.testFile, testName: "testBadge()")
        }
        XCTAssertEqual(failures?.failures.map(\.combination), [
            "w200-2x-AX3-rtl-dark-en", "w200-2x-AX3-rtl-dark-de", "w200-1.5x-AX3-rtl-dark-en", "w200-1.5x-AX3-rtl-dark-de",
            "w80.5-2x-AX3-rtl-dark-en", "w80.5-2x-AX3-rtl-dark-de", "w80.5-1.5x-AX3-rtl-dark-en", "w80.5-1.5x-AX3-rtl-dark-de",
        ])
        XCTAssertTrue(pkg.list(pkg.referenceFolder).contains("testBadge.badge.w200-2x-AX3-rtl-dark-de.png"))
        // The widths axis lays out at that width after the other axes: 80.5 pt at 1.5x is 121 px (rounded).
        let png = try XCTUnwrap(pkg.bytes(pkg.reference("testBadge.badge.w80.5-1.5x-AX3-rtl-dark-de.png")))
        XCTAssertEqual(try PNGCodec.decode(png).width, 121)
    }

    /// Two `.texts` keys that differ only in case are one file on macOS: the refusal says why the two names are one
    /// file (on Linux they would be two), and the contact sheet's title counts the refused cell it outlines amber
    /// (it said "1 missing (amber)" beside two amber cells).
    func testTextKeysDifferingOnlyInCaseAreExplained() throws {
        let pkg = try TempPackage()
        let label = PaddedLabel("x", insets: EdgeInsets(all: 2))
        let failures = try XCTUnwrap(withSnapshotTesting(record: .missing, environment: [:]) {
            verifySnapshots(of: label, matrix: [.texts(["A": "D", "a": "E"])], file: pkg.testFile, testName: "testTextKeys()")
        })
        let refused = try XCTUnwrap(failures.failures.first { $0.failure.kind == .configuration }, failures.message)
        XCTAssertTrue(refused.failure.message.contains("on a case-insensitive file system such as macOS's"), refused.failure.message)
        XCTAssertEqual(MatrixMessage.sheetTitle("t", failures.failures.map(\.failure)),
                       "t: 2 combinations, 0 differ (red), 1 missing (amber), 1 not checked (amber)")
    }

    func testRecordModesApplyPerCombination() throws {
        let pkg = try TempPackage()
        let axes: [LabelMatrixAxis] = [.contentSizeCategories([.small, .large, .accessibilityMedium]), .scales([1, 2])]
        let label = PaddedLabel("Record", font: .preferred(.caption1))
        try withSnapshotTesting(environment: [:]) {
            let first = verifySnapshots(of: label, matrix: axes, file: pkg.testFile, testName: "testModes()")
            XCTAssertEqual(first?.failures.count, 6, first?.message ?? "")
            // Scales come before categories in a name, whatever order the axes are given in.
            XCTAssertEqual(pkg.list(pkg.referenceFolder), ["testModes.1x-AX1.png", "testModes.1x-L.png", "testModes.1x-S.png",
                                                           "testModes.2x-AX1.png", "testModes.2x-L.png", "testModes.2x-S.png"])
            let kept = try XCTUnwrap(pkg.bytes(pkg.reference("testModes.1x-S.png")))
            try FileManager.default.removeItem(atPath: pkg.reference("testModes.2x-L.png"))
            // A different reference where one combination is: `missing` records only the missing one.
            try pkg.write(kept, to: pkg.reference("testModes.1x-AX1.png"))
            startSnapshotRun()
            let missing = try XCTUnwrap(verifySnapshots(of: label, matrix: axes, file: pkg.testFile, testName: "testModes()"))
            XCTAssertEqual(missing.failures.map(\.combination), ["1x-AX1", "2x-L"])
            XCTAssertEqual(missing.failures.map(\.failure.kind), [.mismatch, .missingReference])
            XCTAssertEqual(pkg.bytes(pkg.reference("testModes.1x-AX1.png")), kept, "missing does not rewrite a differing reference")
            XCTAssertTrue(missing.message.hasPrefix("Snapshot matrix testModes (6 combinations): 1 differ, 1 missing (recorded), 4 match"),
                          missing.message)
            // `failed` rewrites it; then everything passes.
            startSnapshotRun()
            XCTAssertEqual(verifySnapshots(of: label, matrix: axes, record: .failed, file: pkg.testFile,
                                                testName: "testModes()")?.failures.map(\.combination), ["1x-AX1"])
            startSnapshotRun()
            XCTAssertNil(verifySnapshots(of: label, matrix: axes, file: pkg.testFile, testName: "testModes()"))
            // `all` rewrites (and reports) every combination; `never` records nothing.
            startSnapshotRun()
            XCTAssertEqual(verifySnapshots(of: label, matrix: axes, record: .all, file: pkg.testFile,
                                                testName: "testModes()")?.failures.count, 6)
            try FileManager.default.removeItem(atPath: pkg.reference("testModes.2x-S.png"))
            startSnapshotRun()
            let never = try XCTUnwrap(verifySnapshots(of: label, matrix: axes, record: .never, file: pkg.testFile, testName: "testModes()"))
            XCTAssertEqual(never.failures.map(\.combination), ["2x-S"])
            XCTAssertNil(pkg.bytes(pkg.reference("testModes.2x-S.png")))
        }
    }

    func testParallelRunEqualsSerialRun() throws {
        let serial = try TempPackage(), parallel = try TempPackage()
        var label = try koreanBadge()
        label.text = "Pad wraps"
        label.numberOfLines = 0
        let axes: [LabelMatrixAxis] = [.widths([60, 120]), .scales([1, 2]), .contentSizeCategories([.small, .large]),
                                       .layoutDirections([.leftToRight, .rightToLeft]), .userInterfaceStyles([.light, .dark])]
        func run(_ pkg: TempPackage, _ workers: Int?, _ l: PaddedLabel) -> String? {
            withSnapshotTesting(environment: [:]) {
                verifySnapshots(of: l, matrix: axes, maxConcurrency: workers, file: pkg.testFile, testName: "testBadge()")?
                    .message.replacingOccurrences(of: pkg.root, with: "ROOT")
            }
        }
        XCTAssertEqual(run(serial, 1, label), run(parallel, nil, label))
        var changed = label
        changed.backgroundColor = .dynamic(light: try Color(hex: "#FFE6C8"), dark: try Color(hex: "#203040"))
        let s = run(serial, 1, changed), p = run(parallel, 4, changed)
        XCTAssertEqual(s, p)
        XCTAssertTrue(s?.contains("16 differ, 16 match") == true, s ?? "nil")
        for folder in ["/__Snapshots__/FakeTests/BadgeTests", "/.build/snapshot-artifacts/FakeTests/BadgeTests"] {
            let names = serial.list(serial.root + folder)
            XCTAssertEqual(names, parallel.list(parallel.root + folder))
            XCTAssertFalse(names.isEmpty)
            for name in names where !name.hasSuffix(".json") {   // records hold their time and paths
                XCTAssertEqual(serial.bytes(serial.root + folder + "/" + name), parallel.bytes(parallel.root + folder + "/" + name), name)
            }
        }
    }

    func testContactSheetReferenceHasEveryCombinationPixelForPixel() throws {
        let pkg = try TempPackage()
        var badge = try koreanBadge()
        badge.scale = 2
        let axes: [LabelMatrixAxis] = [.widths([200]), .contentSizeCategories([.large, .accessibilityExtraExtraExtraLarge]),
                                       .layoutDirections([.leftToRight, .rightToLeft]), .userInterfaceStyles([.light, .dark])]
        let first = withSnapshotTesting(environment: [:]) {
            verifySnapshots(of: badge, matrix: axes, as: .contactSheet, file: pkg.testFile, testName: "testSheet()")
        }
        XCTAssertEqual(first?.failures.first?.failure.kind, .missingReference)
        XCTAssertEqual(pkg.list(pkg.referenceFolder), ["testSheet.contact-sheet.png"])
        let sheet = try PNGCodec.decode(XCTUnwrap(pkg.bytes(pkg.reference("testSheet.contact-sheet.png"))))
        // The documented default: categories down, directions across (a tie with styles: the earlier axis),
        // widths and styles as blocks; every combination rendered on its own.
        let categories: [ContentSizeCategory] = [.large, .accessibilityExtraExtraExtraLarge]
        func cell(_ c: ContentSizeCategory, _ d: LayoutDirection, _ s: UserInterfaceStyle) throws -> Bitmap {
            var l = badge
            l.contentSizeCategory = c; l.layoutDirection = d; l.userInterfaceStyle = s
            try l.layout(width: 200)
            return try l.render()
        }
        var expected = ContactSheet(title: "testSheet", columnTitles: ["ltr", "rtl"], rowTitles: ["L", "AX5"])
        expected.textScale = 2
        expected.blocks = try [UserInterfaceStyle.light, .dark].map { s in
            ContactSheet.Block(title: "w200 · " + s.rawValue, cells: try categories.map { c in
                try [LayoutDirection.leftToRight, .rightToLeft].map { d in
                    // Truncated combinations are captioned so (at 200 pt, AX5 truncates).
                    var l = badge
                    l.contentSizeCategory = c; l.layoutDirection = d; l.userInterfaceStyle = s
                    try l.layout(width: 200)
                    let truncated = try l.makeLayout().truncation != nil
                    XCTAssertEqual(truncated, c == .accessibilityExtraExtraExtraLarge)
                    return ContactSheet.Cell(image: try cell(c, d, s), caption: truncated ? "truncated" : nil, flagsCaption: truncated)
                }
            })
        }
        let geometry = try expected.geometry()
        XCTAssertEqual([sheet.width, sheet.height], [geometry.width, geometry.height])
        for (b, s) in [UserInterfaceStyle.light, .dark].enumerated() {
            for (r, c) in categories.enumerated() {
                for (k, d) in [LayoutDirection.leftToRight, .rightToLeft].enumerated() {
                    let image = try cell(c, d, s), box = geometry.cellFrames[b][r][k]
                    var opaque = 0
                    for y in 0..<image.height { for x in 0..<image.width where image[x, y].alpha == 255 {
                        opaque += 1
                        if sheet[box.x + x, box.y + y] != image[x, y] { return XCTFail("\(c) \(d) \(s): pixel (\(x), \(y)) differs") }
                    } }
                    XCTAssertGreaterThan(opaque, image.width * image.height / 2)
                }
            }
        }
        XCTAssertEqual(sheet, try expected.render())
        // The truncated cells' captions (below the AX5 boxes) are in the flag colour; nothing below the L boxes is.
        func flagPixels(below box: PixelRect) -> Int {
            (box.y + box.height..<min(sheet.height, box.y + box.height + 40)).reduce(0) { n, y in
                n + (box.x..<box.x + box.width).filter { sheet[$0, y] == ContactSheet.flagColor }.count
            }
        }
        for b in 0..<2 { for k in 0..<2 {
            XCTAssertGreaterThan(flagPixels(below: geometry.cellFrames[b][1][k]), 20)
            XCTAssertEqual(flagPixels(below: geometry.cellFrames[b][0][k]), 0)
        } }
        // Passes against itself; a change in one combination fails the one reference.
        startSnapshotRun()
        XCTAssertNil(withSnapshotTesting(environment: [:]) {
            verifySnapshots(of: badge, matrix: axes, as: .contactSheet, file: pkg.testFile, testName: "testSheet()")
        })
        var changed = badge
        changed.textColor = .dynamic(light: .black, dark: try Color(hex: "#FFD700"))
        startSnapshotRun()
        let sheetFailure = withSnapshotTesting(environment: [:]) {
            verifySnapshots(of: changed, matrix: axes, as: .contactSheet, file: pkg.testFile, testName: "testSheet()")
        }
        XCTAssertEqual(sheetFailure?.failures.map(\.failure.kind), [.mismatch])
    }

    func testLayoutStrategyAndToleranceStrategies() throws {
        let pkg = try TempPackage()
        let label = PaddedLabel("Text", font: .preferred(.headline))
        let axes: [LabelMatrixAxis] = [.contentSizeCategories([.extraSmall, .accessibilityExtraExtraExtraLarge])]
        try withSnapshotTesting(environment: [:]) {
            _ = verifySnapshots(of: label, matrix: axes, as: .layout, file: pkg.testFile, testName: "testText()")
            XCTAssertEqual(pkg.list(pkg.referenceFolder), ["testText.AX5.txt", "testText.xS.txt"])
            // Each .txt is the layout of the label at that category.
            var ax5 = label
            ax5.contentSizeCategory = .accessibilityExtraExtraExtraLarge
            XCTAssertEqual(pkg.bytes(pkg.reference("testText.AX5.txt")), Array(try ax5.makeLayout().layoutDescription.utf8))
            startSnapshotRun()
            XCTAssertNil(verifySnapshots(of: label, matrix: axes, as: .layout, file: pkg.testFile, testName: "testText()"))
            for strategy in [Snapshotting<PaddedLabel, Bitmap>.image, .image(threshold: 0.1), .image(precision: 0.99)] {
                startSnapshotRun()
                _ = verifySnapshots(of: label, matrix: axes, as: strategy, named: "img", file: pkg.testFile, testName: "testText()")
                startSnapshotRun()
                XCTAssertNil(verifySnapshots(of: label, matrix: axes, as: strategy, named: "img", file: pkg.testFile, testName: "testText()"))
            }
        }
    }

    func testBadMatricesFailWithWhatToDo() throws {
        let pkg = try TempPackage()
        let label = PaddedLabel("x")
        func message(_ axes: [LabelMatrixAxis]) -> String {
            withSnapshotTesting(environment: [:]) {
                verifySnapshots(of: label, matrix: axes, file: pkg.testFile, testName: "testBad()")?.message ?? "passed"
            }
        }
        XCTAssertTrue(message([]).contains("the matrix has no axes"))
        XCTAssertTrue(message([.scales([1]), .scales([2])]).contains("gives .scales twice"))
        XCTAssertTrue(message([.widths([])]).contains(".widths has no values"))
        XCTAssertTrue(message([.widths([100, 100])]).contains("two values named \"w100\""))
        XCTAssertTrue(message([.texts(["a/b": "1", "a-b": "2"])]).contains("would share a reference"))
        XCTAssertEqual(pkg.list(pkg.referenceFolder), [])
        // A combination that cannot be laid out fails alone, named, without stopping the others.
        let result = withSnapshotTesting(environment: [:]) {
            verifySnapshots(of: label, matrix: [.scales([1, 99])], file: pkg.testFile, testName: "testBad()")
        }
        XCTAssertEqual(result?.failures.map(\.combination), ["1x", "99x"])
        XCTAssertEqual(result?.failures.map(\.failure.kind), [.missingReference, .valueFailed])
        XCTAssertTrue(result?.message.contains("not checked testBad.99x: ") == true, result?.message ?? "")
    }
}

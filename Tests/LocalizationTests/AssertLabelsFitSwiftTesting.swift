import Foundation
import LabelSnapshotTesting
import Testing

/// `assertLabelsFit` under Swift Testing: the issue it records is the sweep's own text (the CLI's list).
@Test func assertLabelsFitRecordsTheSweepListAsAnIssue() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    let style = try LabelStyle.load(path: root + "/Examples/Sweep/badge-style.json")
    let table = try StringTable.read(path: root + "/Examples/Sweep/Localizable.xcstrings")
    let expected = SweepReport.text(try Sweep(table: table, style: style, locales: ["de"]).run())
    #expect(expected.contains("de  badge.editors_choice"))
    withKnownIssue {
        assertLabelsFit(catalog: "Examples/Sweep/Localizable.xcstrings", style: style, locales: ["de"])
    } matching: { issue in
        issue.comments.contains { $0.rawValue == expected }
    }
    // A style wide enough for everything records nothing.
    assertLabelsFit(catalog: table, style: LabelStyle(label: style.label, width: 2000), locales: ["de"])
}

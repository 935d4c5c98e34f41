#if canImport(Testing)
import Foundation
import LabelSnapshotTesting
import TestSupport
import Testing

@Suite struct MatrixSwiftTestingTests {
    let axes: [LabelMatrixAxis] = [.contentSizeCategories([.extraSmall, .accessibilityMedium]), .userInterfaceStyles([.light, .dark])]
    var label: PaddedLabel {
        var l = PaddedLabel("Matrix", font: .preferred(.footnote), insets: EdgeInsets(top: 2, left: 4, bottom: 2, right: 4))
        l.backgroundColor = .dynamic(light: .white, dark: .black)
        l.textColor = .dynamic(light: .black, dark: .white)
        return l
    }

    @Test func recordsThenPasses() throws {
        let pkg = try TempPackage()
        let first = withSnapshotTesting(environment: [:]) { verifySnapshots(of: label, matrix: axes, file: pkg.testFile) }
        // Swift Testing's #function is "recordsThenPasses()", after its suite.
        #expect(first?.failures.map(\.combination) == ["xS-light", "xS-dark", "AX1-light", "AX1-dark"])
        #expect(pkg.list(pkg.referenceFolder) == ["AX1-dark", "AX1-light", "xS-dark", "xS-light"].map { "MatrixSwiftTestingTests.recordsThenPasses.\($0).png" })
        startSnapshotRun()   // another run: one test may not assert one matrix from two lines
        #expect(withSnapshotTesting(environment: [:]) { verifySnapshots(of: label, matrix: axes, file: pkg.testFile) } == nil)
    }

    @Test func assertReportsOneIssueForTheMatrix() {
        let artifacts = NSTemporaryDirectory() + "/labelsnap-matrix-st-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: artifacts) }
        withKnownIssue {
            withSnapshotTesting(record: .never, environment: ["SNAPSHOT_ARTIFACTS": artifacts]) {
                assertSnapshots(of: label, matrix: axes, named: "never-recorded")
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("Snapshot matrix MatrixSwiftTestingTests.assertReportsOneIssueForTheMatrix (4 combinations): 4 missing, 0 match") }
        }
    }
}
#endif

#if canImport(Testing)
import TestSupport
import Foundation
import Testing
import LabelSnapshotTesting

@Suite struct SwiftTestingSnapshotTests {
    @Test func missingReferenceIsRecordedUnderMissing() throws {
        let pkg = try TempPackage()
        let message = withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: "hello", as: .text, file: pkg.testFile)?.message
        }
        // Swift Testing's #function is "missingReferenceIsRecordedUnderMissing()"; its reference is named after its suite too.
        #expect(message?.hasPrefix("No reference was found for snapshot SwiftTestingSnapshotTests.missingReferenceIsRecordedUnderMissing.1") == true)
        #expect(pkg.bytes(pkg.reference("SwiftTestingSnapshotTests.missingReferenceIsRecordedUnderMissing.1.txt")) == Array("hello".utf8))
    }

    @Test(arguments: ["all", "missing", "failed", "never"])
    func environmentRecordModes(mode: String) throws {
        let pkg = try TempPackage()
        let ref = pkg.reference("SwiftTestingSnapshotTests.environmentRecordModes.x.txt")
        try pkg.write(Array("old".utf8), to: ref)
        let message = withSnapshotTesting(environment: ["SNAPSHOT_TESTING_RECORD": mode]) {
            verifySnapshot(of: "new", as: .text, named: "x", file: pkg.testFile)?.message
        }
        #expect(message != nil)
        let written = pkg.bytes(ref) == Array("new".utf8)
        #expect(written == (mode == "all" || mode == "failed"))
    }

    @Test func assertSnapshotRecordsAnIssue() {
        // `never` against a snapshot that does not exist: fails, writes no reference; the issue
        // goes to Swift Testing (Test.current is set), not to XCTest.
        let artifacts = NSTemporaryDirectory() + "/labelsnap-st-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: artifacts) }
        withKnownIssue {
            withSnapshotTesting(record: .never, environment: ["SNAPSHOT_ARTIFACTS": artifacts]) {
                assertSnapshot(of: "not recorded", as: .text, named: "never-recorded")
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Record mode is \"never\"") }
        }
        #expect(!FileManager.default.fileExists(atPath: SnapshotLocation.packageRoot(containing: #filePath)
            + "/__Snapshots__/LabelSnapshotTestingTests/SwiftTestingTests/assertSnapshotRecordsAnIssue.never-recorded.txt"))
    }

    @Test func parallelAssertionsAcrossTasks() async throws {
        let pkg = try TempPackage()
        let file = pkg.testFile
        await withSnapshotTesting(environment: [:]) {
            await withTaskGroup(of: Void.self) { group in
                for i in 0..<50 {
                    group.addTask {
                        // One assertion, run twice: records, then passes.
                        func check() -> String? { verifySnapshot(of: "v\(i)", as: .text, named: "p\(i)", file: file, testName: "par()")?.message }
                        _ = check()
                        #expect(check() == nil)
                    }
                }
            }
        }
        #expect(pkg.list(pkg.referenceFolder).count == 50)
    }
}
#endif

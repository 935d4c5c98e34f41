import Imaging
import SnapshotMessages
import SnapshotStore
import TestSupport
import XCTest
@testable import SnapshotReview

/// The review model on real failures written by `SnapshotVerifier` (the code under the assertions).
final class SnapshotReviewTests: XCTestCase {
    var pkg: TempPackage!
    override func setUpWithError() throws { pkg = try TempPackage() }
    override func tearDown() { pkg = nil }

    /// Fails `actual` against the text reference `reference` under artifacts folder `shard`.
    @discardableResult
    func failText(_ reference: String, _ actual: String, test: String = "testLabel()", named: String = "label",
                  shard: String = ".build/snapshot-artifacts") throws -> SnapshotFailure {
        try pkg.write(Array(reference.utf8), to: pkg.reference(SnapshotNaming.testName(test) + "." + named + ".txt"))
        return try XCTUnwrap(SnapshotVerifier.verify(actual, as: .text, named: named, record: .never, filePath: pkg.testFile,
                                                     testName: test, environment: ["SNAPSHOT_ARTIFACTS": shard],
                                                     counter: SnapshotCounter()))
    }
    func root(_ shard: String = ".build/snapshot-artifacts") -> String { pkg.root + "/" + shard }

    func testTheComparedReferenceIsKeptAndAChangedReferenceIsDetected() throws {
        try failText("old\n", "new\n")
        let scan = try ArtifactsFolders.scan([root()])
        let f = try XCTUnwrap(scan.failures.first)
        XCTAssertEqual(pkg.list(root() + "/FakeTests/BadgeTests"), ["testLabel.label.txt.actual.txt", "testLabel.label.txt.diff",
                                                           "testLabel.label.txt.failure.json", "testLabel.label.txt.reference.txt"],
                       "the text diff is `….diff`, not `….diff.diff`; the compared reference is copied")
        XCTAssertEqual(pkg.bytes(try XCTUnwrap(f.comparedReferencePath)), Array("old\n".utf8))
        let reference = try f.resolveReference(environment: [:]).path
        XCTAssertEqual(f.referenceUnchanged(at: reference), true)
        try pkg.write(Array("pulled\n".utf8), to: reference)
        XCTAssertEqual(f.referenceUnchanged(at: reference), false)
        XCTAssertEqual(pkg.bytes(try XCTUnwrap(f.comparedReferencePath)), Array("old\n".utf8), "the copy still shows what was compared")
        XCTAssertThrowsError(try f.accept(environment: [:])) { XCTAssertTrue("\($0)".contains("changed after the failure was recorded"), "\($0)") }
        XCTAssertEqual(pkg.bytes(reference), Array("pulled\n".utf8))
        let forced = try f.accept(force: true, environment: [:])
        XCTAssertEqual(forced.change, .replaced(old: "7 bytes", new: "4 bytes"))
        XCTAssertEqual(forced.removedFiles, 4, "actual, diff, reference copy, record")
        XCTAssertEqual(pkg.bytes(reference), Array("new\n".utf8))
        XCTAssertEqual(pkg.list(root() + "/FakeTests/BadgeTests"), [])
    }

    func testDryRunChangesNothingAndRejectKeepsTheReference() throws {
        try failText("a\n", "b\n")
        let f = try XCTUnwrap(try ArtifactsFolders.scan([root()]).failures.first)
        let before = pkg.list(root() + "/FakeTests/BadgeTests")
        XCTAssertEqual(try f.accept(dryRun: true, environment: [:]).change, .replaced(old: "2 bytes", new: "2 bytes"))
        XCTAssertEqual(try f.reject(dryRun: true, environment: [:]).removedFiles, 4)
        XCTAssertEqual(pkg.list(root() + "/FakeTests/BadgeTests"), before)
        XCTAssertEqual(try f.reject(environment: [:]).removedFiles, 4)
        XCTAssertEqual(pkg.list(root() + "/FakeTests/BadgeTests"), [])
        XCTAssertEqual(pkg.bytes(pkg.reference("testLabel.label.txt")), Array("a\n".utf8))
    }

    func testAcceptIsOfferedOnlyWhileTheActualFileExists() throws {
        try failText("a\n", "b\n")
        let f = try XCTUnwrap(try ArtifactsFolders.scan([root()]).failures.first)
        XCTAssertTrue(f.canAccept)
        try FileManager.default.removeItem(atPath: try XCTUnwrap(f.actualPath))
        XCTAssertFalse(f.canAccept)
        XCTAssertThrowsError(try f.accept(environment: [:])) { XCTAssertTrue("\($0)".contains("the actual file of BadgeTests/testLabel.label is gone"), "\($0)") }
        XCTAssertEqual(pkg.bytes(pkg.reference("testLabel.label.txt")), Array("a\n".utf8))
    }

    func testShardsMergeSameFailuresAndRefuseConflictingOnes() throws {
        // Shard 1: label (actual "b"), other (actual "x"). Shard 2: label again with the same actual,
        // and third. Shard 3: other with a different actual.
        try failText("a\n", "b\n", shard: "shard1")
        try failText("o\n", "x\n", test: "testOther()", named: "1", shard: "shard1")
        try failText("a\n", "b\n", shard: "shard2")
        try failText("t\n", "u\n", test: "testThird()", named: "1", shard: "shard2")
        try failText("o\n", "y\n", test: "testOther()", named: "1", shard: "shard3")
        let scan = try ArtifactsFolders.scan([root("shard1"), root("shard2"), root("shard3")])
        XCTAssertEqual(scan.failures.map(\.displayName), ["BadgeTests/testLabel.label", "BadgeTests/testThird.1"])
        XCTAssertEqual(scan.failures.map(\.artifactsRoot), [root("shard1"), root("shard2")])
        XCTAssertEqual(scan.duplicates.map(\.path), [root("shard2") + "/FakeTests/BadgeTests/testLabel.label.txt.failure.json"])
        XCTAssertEqual(scan.errors.count, 1)
        let conflict = try XCTUnwrap(scan.errors.first?.message)
        XCTAssertTrue(conflict.contains(root("shard1") + "/FakeTests/BadgeTests/testOther.1.txt.failure.json"), conflict)
        XCTAssertTrue(conflict.contains(root("shard3") + "/FakeTests/BadgeTests/testOther.1.txt.failure.json"), conflict)
        // --all accepts the others and reports the refused one.
        guard case .failures(let all, let problems) = try scan.select([], all: true) else { return XCTFail("expected failures") }
        XCTAssertEqual(all.count, 2)
        XCTAssertEqual(problems.count, 1)
    }

    func testNamesAndSuggestions() throws {
        try failText("a\n", "b\n", test: "testBadge()", named: "1")
        try failText("a\n", "b\n", test: "testBadge()", named: "2")
        try failText("a\n", "b\n", test: "testTitle()", named: "1")
        let scan = try ArtifactsFolders.scan([root()])
        guard case .failures(let byTest, _) = try scan.select(["testBadge"], all: false) else { return XCTFail() }
        XCTAssertEqual(byTest.map(\.record.snapshotName), ["testBadge.1", "testBadge.2"])
        guard case .failures(let byFile, _) = try scan.select(["BadgeTests/testTitle.1", "__Snapshots__/FakeTests/BadgeTests/testBadge.2.txt"], all: false)
        else { return XCTFail() }
        XCTAssertEqual(byFile.map(\.record.snapshotName), ["testTitle.1", "testBadge.2"])
        guard case .unmatched(let missed) = try scan.select(["testBadge.1", "testBagde.2", "BadgeTests/testTitel.1", "zzz"], all: false)
        else { return XCTFail() }
        XCTAssertEqual(missed, [
            UnmatchedName(name: "testBagde.2", suggestions: ["testBadge.2"]),
            UnmatchedName(name: "BadgeTests/testTitel.1", suggestions: ["BadgeTests/testTitle.1"]),
            UnmatchedName(name: "zzz", suggestions: []),
        ])
    }

    /// `testBadge.1` failing in two test files (the most common XCTest name in two classes): the short
    /// name is refused with both qualified names; the qualified one, or a name only one file has, selects.
    func testAShortNameOfSeveralTestFilesIsRefusedWithTheQualifiedNames() throws {
        try failText("a\n", "b\n", test: "testBadge()", named: "1")
        try failText("a\n", "b\n", test: "testTitle()", named: "1")
        let another = pkg.root + "/Tests/FakeTests/AnotherTests.swift"
        try pkg.write(Array("a\n".utf8), to: pkg.snapshots + "/FakeTests/AnotherTests/testBadge.1.txt")
        XCTAssertNotNil(SnapshotVerifier.verify("c\n", as: .text, named: "1", record: .never, filePath: another, testName: "testBadge()",
                                                environment: ["SNAPSHOT_ARTIFACTS": ".build/snapshot-artifacts"], counter: SnapshotCounter()))
        let scan = try ArtifactsFolders.scan([root()])
        XCTAssertEqual(scan.failures.count, 3)
        guard case .ambiguous(let names) = try scan.select(["testBadge.1", "testBadge", "testTitle.1"], all: false) else { return XCTFail() }
        XCTAssertEqual(names, [
            AmbiguousName(name: "testBadge.1", candidates: ["AnotherTests/testBadge.1", "BadgeTests/testBadge.1"]),
            AmbiguousName(name: "testBadge", candidates: ["AnotherTests/testBadge", "BadgeTests/testBadge"]),
        ])
        guard case .failures(let chosen, _) = try scan.select(["AnotherTests/testBadge.1", "testTitle.1"], all: false) else { return XCTFail() }
        XCTAssertEqual(chosen.map(\.displayName), ["AnotherTests/testBadge.1", "BadgeTests/testTitle.1"])
        XCTAssertEqual(pkg.bytes(pkg.reference("testBadge.1.txt")), Array("a\n".utf8), "selecting changes nothing")
    }

    /// A snapshot number that is far from every name (a matrix names snapshots after the combination):
    /// the test and its snapshots are suggested.
    func testASnapshotOfAKnownTestSuggestsTheTest() throws {
        try failText("a\n", "b\n", test: "testBadge()", named: "large-dark")
        try failText("a\n", "b\n", test: "testBadge()", named: "small-light")
        try failText("a\n", "b\n", test: "testTitle()", named: "1")
        let scan = try ArtifactsFolders.scan([root()])
        guard case .unmatched(let missed) = try scan.select(["testBadge.9", "BadgeTests/testBadge.9", "testOther.9"], all: false)
        else { return XCTFail() }
        XCTAssertEqual(missed, [
            UnmatchedName(name: "testBadge.9", suggestions: ["testBadge", "testBadge.large-dark", "testBadge.small-light"]),
            UnmatchedName(name: "BadgeTests/testBadge.9", suggestions: ["BadgeTests/testBadge", "BadgeTests/testBadge.large-dark", "BadgeTests/testBadge.small-light"]),
            UnmatchedName(name: "testOther.9", suggestions: []),
        ])
    }

    func testEditDistance() {
        XCTAssertEqual(editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(editDistance("", "abc"), 3)
        XCTAssertEqual(editDistance("abc", ""), 3)
        XCTAssertEqual(editDistance("testBadge.2", "testBadge.2"), 0)
        XCTAssertEqual(editDistance("testBagde.2", "testBadge.2"), 2)
    }

    /// A size change counts one number everywhere: the reference placed where its content went. 10×6 white
    /// with a black pixel at (2, 2); the actual is 12×6, two columns wider on the left (the pixel now at (4, 2)),
    /// with one more black pixel at (8, 4). Aligned at x + 2 the 60 reference pixels meet 59 equal ones and
    /// (8, 4): 1 of 60 (1.667%). Compared from the top-left corner instead, (2, 2), (4, 2) and (8, 4) differ:
    /// 3 of 60, which the record used to hold while the message said 1.
    func testASizeChangeCountsTheAlignedPixelsInTheMessageAndTheRecord() throws {
        func white(_ width: Int, marks: [(Int, Int)]) throws -> Bitmap {
            var b = try Bitmap(width: width, height: 6, fill: .white)
            for (x, y) in marks { let i = (y * width + x) * 4; b.pixels[i] = 0; b.pixels[i + 1] = 0; b.pixels[i + 2] = 0 }
            return b
        }
        try pkg.write(try PNGCodec.encode(try white(10, marks: [(2, 2)])), to: pkg.reference("testWide.1.png"))
        let failure = try XCTUnwrap(SnapshotVerifier.verify(try white(12, marks: [(4, 2), (8, 4)]), as: .image, named: "1", record: .never,
                                                            filePath: pkg.testFile, testName: "testWide()", environment: [:],
                                                            counter: SnapshotCounter()))
        XCTAssertTrue(failure.message.contains("aligned by content: left +2 px; 1 of 60 aligned px differ"), failure.message)
        let f = try XCTUnwrap(try ArtifactsFolders.scan([root()]).failures.first)
        XCTAssertEqual(FailureText.differing(f.record), "1 of 60 aligned px differ (1.667%)")
        XCTAssertEqual(f.record.intMetric("differingPixels"), 1)
        XCTAssertEqual(f.record.intMetric("comparedPixels"), 60)
    }

    func testNumbersReadTheSameAsTheFailureMessage() throws {
        // 8×6 white; the actual has two black pixels more: 2 of 48 px = 4.1666…% → "4.167%" (3 decimals below 10%).
        var reference = try Bitmap(width: 8, height: 6, fill: .white)
        reference.pixels[0] = 0
        var actual = reference
        for i in [(2 * 8 + 4) * 4, (2 * 8 + 5) * 4] { actual.pixels[i] = 0; actual.pixels[i + 1] = 0; actual.pixels[i + 2] = 0 }
        try pkg.write(try PNGCodec.encode(reference), to: pkg.reference("testBadge.1.png"))
        let failure = try XCTUnwrap(SnapshotVerifier.verify(actual, as: .image, named: "1", record: .never, filePath: pkg.testFile,
                                                            testName: "testBadge()", environment: [:], counter: SnapshotCounter()))
        let f = try XCTUnwrap(try ArtifactsFolders.scan([root()]).failures.first)
        XCTAssertEqual(FailureText.differing(f.record), "2 of 48 px differ (4.167%)")
        XCTAssertTrue(failure.message.contains("2 of 48 px differ (4.167%"), failure.message)
        XCTAssertEqual(FailureText.sizeChange(f.record), "8×6 px (same)")
        XCTAssertEqual(f.record.sizeOfBox, "(4, 2, 2×1)")
        XCTAssertEqual(pkg.bytes(try XCTUnwrap(f.comparedReferencePath)), try PNGCodec.encode(reference))
        XCTAssertFalse(f.isText)
    }
}

/// The amplified-difference view, against values computed by hand.
final class AmplifiedDifferenceTests: XCTestCase {
    func testADeltaOfTwoIsAmplifiedToTheTopOfTheScaleAndSaysSo() throws {
        // 4×1: #FFE6C8 everywhere in the reference; the actual changes the blue of pixel 1 by 2 and of
        // pixel 2 by 1; pixel 3 is transparent in both.
        var reference = try Bitmap(width: 4, height: 1, fill: Color(red: 255, green: 230, blue: 200))
        reference.pixels[15] = 0
        var actual = reference
        actual.pixels[6] = 202
        actual.pixels[10] = 199
        let amp = try AmplifiedDifference(reference: reference, actual: actual)
        XCTAssertEqual(amp.largestDelta, 2)
        XCTAssertEqual(amp.factor, 127, "255 / 2, a whole number")
        func px(_ x: Int) -> [UInt8] { Array(amp.image.pixels[(x * 4)..<(x * 4 + 4)]) }
        // Δ 2 × 127 = 254 → t = 254/255·4 = 3.984 between the last two stops (94,201,98) and (253,231,37).
        let t = 254.0 / 255 * 4 - 3
        XCTAssertEqual(px(1), [UInt8((94 + (253 - 94) * t).rounded()), UInt8((201 + (231 - 201) * t).rounded()), UInt8((98 + (37 - 98) * t).rounded()), 255])
        // Δ 1 × 127 = 127 → t = 1.992 between (59,82,139) and (33,145,140).
        let u = 127.0 / 255 * 4 - 1
        XCTAssertEqual(px(2), [UInt8((59 + (33 - 59) * u).rounded()), UInt8((82 + (145 - 82) * u).rounded()), UInt8((139 + (140 - 139) * u).rounded()), 255])
        // Unchanged: luminance (255·299 + 230·587 + 200·114)/1000 = 234 → 215 + 234·40/255 = 251.
        XCTAssertEqual(px(0), [251, 251, 251, 255])
        // Unchanged and transparent: shown as white faded, 255.
        XCTAssertEqual(px(3), [255, 255, 255, 255])
    }

    func testAGrownImageIsMagentaOutsideTheOverlap() throws {
        let reference = try Bitmap(width: 2, height: 1, fill: .white)
        let actual = try Bitmap(width: 3, height: 2, fill: .white)
        let amp = try AmplifiedDifference(reference: reference, actual: actual)
        XCTAssertEqual((amp.image.width, amp.image.height, amp.largestDelta, amp.factor).0, 3)
        XCTAssertEqual(amp.image.height, 2)
        XCTAssertEqual(amp.largestDelta, 0)
        XCTAssertEqual(amp.factor, 1)
        XCTAssertEqual(Array(amp.image.pixels[8..<12]), [255, 0, 255, 255], "(2, 0) is only in the actual")
        XCTAssertEqual(Array(amp.image.pixels[0..<4]), [255, 255, 255, 255])
    }
}

import TestSupport
import Foundation
import Imaging
import XCTest
import SnapshotMessages
@testable import SnapshotStore

/// The store's properties: every verifier outcome is a compare, a record or a
/// failure; two snapshots of one test never share an artifact file.
final class VerifierPropertyTests: XCTestCase {
    var pkg: TempPackage!
    override func setUpWithError() throws { pkg = try TempPackage() }
    override func tearDown() { pkg = nil }

    private func verifyText(_ text: String, named: String, record: RecordMode?, counter: SnapshotCounter = SnapshotCounter(),
                            format: SnapshotFormat<String> = .text) -> SnapshotFailure? {
        SnapshotVerifier.verify(text, as: format, named: named, record: record, filePath: pkg.testFile,
                                testName: "testLabel()", environment: [:], counter: counter)
    }

    // A dangling symbolic link at the reference path passed with nothing compared.
    func testDanglingSymlinkAtTheReferenceNeverPasses() throws {
        let ref = pkg.reference("testLabel.x.txt")
        try FileManager.default.createDirectory(atPath: pkg.referenceFolder, withIntermediateDirectories: true)
        for mode in [RecordMode.missing, .failed, .never] {
            unlink(ref)
            XCTAssertEqual(symlink(pkg.root + "/nowhere.txt", ref), 0)
            let failure = try XCTUnwrap(verifyText("hello", named: "x", record: mode), "record mode \(mode) passed a dangling link")
            XCTAssertEqual(failure.kind, .unreadableReference, "\(mode)")
            XCTAssertTrue(failure.message.contains("symbolic link to \(pkg.root)/nowhere.txt, which does not exist"), failure.message)
        }
        // Record mode `all` replaces the link with a real file, and says it recorded.
        XCTAssertEqual(try XCTUnwrap(verifyText("hello", named: "x", record: .all)).kind, .recorded)
        XCTAssertEqual(pkg.bytes(ref), Array("hello".utf8))
    }

    // `.image` and `.layout` snapshots with the same `named:` shared one failure record.
    func testImageAndTextOfOneNameKeepSeparateArtifacts() throws {
        let counter = SnapshotCounter()
        let red = try Bitmap(width: 2, height: 2, fill: Color(red: 255, green: 0, blue: 0, alpha: 255))
        let blue = try Bitmap(width: 2, height: 2, fill: Color(red: 0, green: 0, blue: 255, alpha: 255))
        func image(_ b: Bitmap) -> SnapshotFailure? {
            SnapshotVerifier.verify(b, as: .image, named: "badge", filePath: pkg.testFile, testName: "testLabel()",
                                    environment: [:], counter: counter)
        }
        XCTAssertEqual(image(red)?.kind, .missingReference)
        XCTAssertEqual(verifyText("layout", named: "badge", record: nil, counter: counter)?.kind, .missingReference)
        let imageFailure = try XCTUnwrap(image(blue))
        XCTAssertEqual(imageFailure.kind, .mismatch)
        // The layout snapshot passes: its cleanup must leave the image's failure alone.
        XCTAssertNil(verifyText("layout", named: "badge", record: nil, counter: counter))
        let recordPath = try XCTUnwrap(imageFailure.location?.failureRecordPath)
        XCTAssertEqual(recordPath, pkg.artifacts + "/testLabel.badge.png.failure.json")
        let record = try SnapshotFailureRecord.load(recordPath)
        XCTAssertEqual(record.reference, pkg.reference("testLabel.badge.png"))
        for path in record.artifactPaths { XCTAssertTrue(FileManager.default.fileExists(atPath: path), path) }
        XCTAssertEqual(pkg.list(pkg.artifacts), ["testLabel.badge.png.actual.png", "testLabel.badge.png.composite.png",
                                                 "testLabel.badge.png.diff.png", "testLabel.badge.png.failure.json",
                                                 "testLabel.badge.png.reference.png"])
        // Both failing: two records side by side.
        let textFailure = try XCTUnwrap(verifyText("other", named: "badge", record: nil, counter: counter))
        XCTAssertEqual(textFailure.location?.failureRecordPath, pkg.artifacts + "/testLabel.badge.txt.failure.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: recordPath))
    }

    // "Also reported": names differing only in case or Unicode normalisation are one file on macOS.
    func testNamesEqualOnCaseInsensitiveFileSystemsAreRefused() throws {
        for (a, b) in [("Dark", "dark"), ("caf\u{E9}", "cafe\u{301}"), ("ÄRGER", "ärger")] {
            let counter = SnapshotCounter()
            XCTAssertEqual(verifyText("1", named: a, record: nil, counter: counter)?.kind, .missingReference)
            let clash = try XCTUnwrap(verifyText("2", named: b, record: nil, counter: counter))
            XCTAssertEqual(clash.kind, .configuration, "\(a) / \(b)")
            XCTAssertTrue(clash.message.contains("named: \"\(a)\"") && clash.message.contains("named: \"\(b)\""), clash.message)
        }
    }

    func testLinkFailuresOfFileSystemsWithoutHardLinksAreNotReadOnly() {
        for code in [EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS, EXDEV] { XCTAssertTrue(SnapshotFileSystem.linkUnsupported(code), "\(code)") }
        for code in [EACCES, EROFS, ENOSPC, EEXIST] { XCTAssertFalse(SnapshotFileSystem.linkUnsupported(code), "\(code)") }
    }

    // Property: whatever the names and formats, two snapshots of one test never share an artifact file
    // (compared as a case-insensitive file system would), and every name stays under 255 bytes.
    func testNoTwoSnapshotsShareAnArtifactFile() {
        var rng = SeededGenerator(seed: 15_3)
        let pieces = ["a", "A", "b", ".", "..", "-", "png", "txt", "json", "actual", "diff", "composite", "failure",
                      "/", " ", "é", "e\u{301}", "1", "2", "한", String(repeating: "x", count: 70), "\u{0}", "_"]
        let formats: [(ext: String, attachments: [(String, String)])] = [
            ("png", [("diff", "png"), ("composite", "png"), ("reference", "png")]), ("txt", [("diff", "diff"), ("reference", "txt")]),
            ("json", [("diff", "txt"), ("reference", "json")]),
        ]
        for _ in 0..<1500 {
            var owners: [String: String] = [:]   // collision key of a file → the snapshot that owns it
            var references: [String: String] = [:]
            for _ in 0..<6 {
                let name = (0..<Int.random(in: 1...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
                let format = formats.randomElement(using: &rng)!
                let loc = SnapshotLocation(testFilePath: pkg.testFile, packageRoot: pkg.root, testName: "testLabel()",
                                           identifier: name, pathExtension: format.ext, artifactsRoot: pkg.root + "/art")
                let snapshot = name + "|" + format.ext
                // Snapshots whose references coincide are refused by the verifier's claim: skip those.
                let refKey = SnapshotVerifier.collisionKey(loc.referenceFileName)
                if let other = references[refKey], other != snapshot { continue }
                references[refKey] = snapshot
                let files = [loc.actualPath, loc.failureRecordPath] + format.attachments.map { loc.artifactPath($0.0, pathExtension: $0.1) }
                for file in files {
                    let last = String(file.split(separator: "/").last!)
                    XCTAssertLessThan(last.utf8.count, 240, last)
                    let key = SnapshotVerifier.collisionKey(last)
                    if let owner = owners[key], owner != snapshot {
                        return XCTFail("\(owner) and \(snapshot) share \(file)")
                    }
                    owners[key] = snapshot
                }
            }
        }
    }

    // Property: every outcome is a compare, a record or a failure. Missing, dangling, corrupt, unreadable
    // and racing references (changed while the actual value is encoded) never pass.
    func testNoInputPassesWithoutACompare() throws {
        enum State: CaseIterable { case missing, dangling, corrupt, folder, matching, differing, racingCreate, racingDangling }
        var rng = SeededGenerator(seed: 15_2)
        let ref = pkg.reference("testLabel.p.txt")
        for i in 0..<400 {
            let state = State.allCases.randomElement(using: &rng)!
            let mode = [RecordMode.all, .missing, .failed, .never].randomElement(using: &rng)!
            let value = "v\(i % 3)"
            _ = try? FileManager.default.removeItem(atPath: ref)
            try FileManager.default.createDirectory(atPath: pkg.referenceFolder, withIntermediateDirectories: true)
            switch state {
            case .missing, .racingCreate, .racingDangling: break
            case .dangling: symlink(pkg.root + "/gone", ref)
            case .corrupt: try pkg.write([0xFF, 0xFE, 0x00], to: ref)
            case .folder: try FileManager.default.createDirectory(atPath: ref, withIntermediateDirectories: true)
            case .matching: try pkg.write(Array(value.utf8), to: ref)
            case .differing: try pkg.write(Array("other".utf8), to: ref)
            }
            // A format whose encoding changes the reference path, as a parallel writer would.
            var format = SnapshotFormat<String>.text
            let encode = format.encode
            let racing = state
            let refPath = ref, root = pkg.root
            format.encode = { text in
                if racing == .racingCreate, !FileManager.default.fileExists(atPath: refPath) {
                    // A racer that cannot write leaves the reference missing: also a case that must not pass.
                    _ = FileManager.default.createFile(atPath: refPath, contents: Data("racer".utf8))
                }
                if racing == .racingDangling { unlink(refPath); symlink(root + "/gone", refPath) }
                return try encode(text)
            }
            let failure = verifyText(value, named: "p", record: mode, format: format)
            let mayPass = mode != .all && (state == .matching)
            if failure == nil {
                XCTAssertTrue(mayPass, "case \(i): \(state) under \(mode) passed")
            } else if mayPass {
                XCTFail("case \(i): a matching reference under \(mode) failed: \(failure!.message)")
            }
        }
    }
}


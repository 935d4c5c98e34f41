import Foundation
import SnapshotStore
import XCTest

/// A downloaded artifacts folder (README's CI workflow: `labelsnap accept --all --artifacts <folder>`) holding a
/// record edited to name a test source file: accept, reject, the list and the report each refuse it, and the
/// source file is untouched.
final class HostileArtifactsCommandTests: XCTestCase {
    func testAcceptAllOfADownloadedFolderNeverWritesASourceFile() throws {
        let pkg = try FailurePackage()
        try pkg.fail("testBadge()", named: "1", reference: try bitmap(6, 4), actual: try bitmap(6, 4, marks: [(2, 1)]))
        let source = pkg.root + "/Tests/AppTests/BadgeSuite.swift"
        let code = Array("import XCTest\nfinal class BadgeSuite: XCTestCase {}\n".utf8)
        try pkg.write(code, to: source)
        // The folder as downloaded from CI, then edited: its record names the test file, with its digest.
        let downloaded = try temporaryFolder("labelsnap-downloaded")
        try FileManager.default.copyItem(atPath: pkg.artifactsRoot, toPath: downloaded + "/artifacts")
        let folder = downloaded + "/artifacts/FakeTests/BadgeTests"
        let recordPath = folder + "/testBadge.1.png.failure.json"
        var record = try SnapshotFailureRecord.load(recordPath)
        record.snapshotsFolder = pkg.root + "/Tests"
        record.reference = source
        record.referenceRelative = "Tests/AppTests/BadgeSuite.swift"
        record.referenceDigest = SnapshotFailureRecord.digest(code)
        record.snapshotName = "BadgeSuite"
        record.actual = folder + "/BadgeSuite.swift"
        try pkg.write(Array("fatalError()\n".utf8), to: folder + "/BadgeSuite.swift")
        try pkg.write(try record.jsonBytes(), to: recordPath)
        try FileManager.default.removeItem(atPath: pkg.artifactsRoot)

        for args in [["accept", "--all"], ["accept", "--all", "--force"], ["reject", "--all"]] {
            let result = try labelsnap(args + ["--artifacts", downloaded + "/artifacts"], cwd: pkg.root)
            XCTAssertEqual(result.status, 2, "\(args): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains("refusing \(recordPath): it names \(pkg.root)/Tests as its folder of references, which is the source folder"),
                          result.stderr)
            XCTAssertFalse(result.stdout.contains("replaced"), result.stdout)
            XCTAssertEqual(pkg.bytes(source), code, "\(args)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: recordPath), "reject removed nothing")

        let list = try labelsnap(["review", "--list", "--artifacts", downloaded + "/artifacts"], cwd: pkg.root)
        XCTAssertTrue(list.stdout.contains("Tests/AppTests/BadgeSuite.swift  (accept refuses it)"), list.stdout)
        XCTAssertTrue(list.stdout.contains("accept:") && list.stdout.contains("not possible: refusing"), list.stdout)
        let json = try labelsnap(["review", "--json", "--artifacts", downloaded + "/artifacts"], cwd: pkg.root)
        let failures = try XCTUnwrap(try jsonObject(json.stdout)["failures"] as? [[String: Any]], json.stdout)
        XCTAssertTrue(failures.allSatisfy { $0["accept_command"] is NSNull }, json.stdout)
        let report = try labelsnap(["report", "--artifacts", downloaded + "/artifacts", "-o", downloaded + "/report.html"], cwd: pkg.root)
        let html = (try? String(contentsOfFile: downloaded + "/report.html", encoding: .utf8)) ?? ""
        XCTAssertTrue(html.contains("Accept refuses this failure:"), report.stderr)
        XCTAssertFalse(html.contains("<pre>labelsnap accept"), "no accept command for the forged record")
        XCTAssertEqual(pkg.bytes(source), code)
    }
}

import Foundation
import SnapshotStore
import XCTest

/// What `labelsnap accept` and `review --list` say when the reference or the record is not what the
/// failure left: each says what is wrong with which file, and the list offers no accept that accept refuses.
final class AcceptMessagesTests: XCTestCase {
    var pkg: FailurePackage!
    override func setUpWithError() throws {
        pkg = try FailurePackage()
        try pkg.fail("testBadge()", named: "1", reference: try bitmap(6, 4), actual: try bitmap(6, 4, marks: [(2, 1)]))
    }
    override func tearDown() { pkg = nil }

    func testAReferenceDeletedAfterTheFailureIsSaidToBeMissing() throws {
        try FileManager.default.removeItem(atPath: pkg.reference("testBadge.1"))
        let list = try labelsnap(["review", "--list"], cwd: pkg.root)
        XCTAssertTrue(list.stdout.contains("__Snapshots__/FakeTests/BadgeTests/testBadge.1.png  (missing)"), list.stdout)
        let refused = try labelsnap(["accept", "testBadge.1"], cwd: pkg.root)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("its reference \(pkg.reference("testBadge.1")) is missing now: it was deleted after the failure was recorded; run the test again, or pass --force to create it anyway"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("changed after"), refused.stderr)
        XCTAssertEqual(try labelsnap(["accept", "--force", "testBadge.1"], cwd: pkg.root).status, 0)
        XCTAssertNotNil(pkg.bytes(pkg.reference("testBadge.1")))
    }

    func testAnActualFileOutsideTheArtifactsFolderIsSaidToBe() throws {
        try pkg.edit("testBadge.1") { $0.actual = "/etc/passwd" }
        let refused = try labelsnap(["accept", pkg.record("testBadge.1")], cwd: pkg.root)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("the actual file its record names, /etc/passwd, lies outside its artifacts folder \(pkg.artifactsFolder)"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("has no actual file"), refused.stderr)
    }

    /// A FIFO where the reference belongs: the list says so and offers no accept; accept refuses, naming it.
    func testAReferenceThatIsNotARegularFileIsNotOfferedForAccept() throws {
        let reference = pkg.reference("testBadge.1")
        try FileManager.default.removeItem(atPath: reference)
        XCTAssertEqual(mkfifo(reference, 0o644), 0)
        let list = try labelsnap(["review", "--list"], cwd: pkg.root)
        XCTAssertTrue(list.stdout.contains("testBadge.1.png  (not a regular file: accept refuses it)"), list.stdout)
        XCTAssertTrue(list.stdout.contains("not possible while \(reference) is not a regular file; delete it, then accept: swift run labelsnap accept"), list.stdout)
        let json = try labelsnap(["review", "--json"], cwd: pkg.root)
        let failures = try XCTUnwrap(try jsonObject(json.stdout)["failures"] as? [[String: Any]], json.stdout)
        XCTAssertTrue(failures.allSatisfy { $0["accept_command"] is NSNull }, json.stdout)
        let refused = try labelsnap(["accept", "testBadge.1"], cwd: pkg.root)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("\(reference) is not a regular file (it is a FIFO)"), refused.stderr)
        var st = stat()
        XCTAssertTrue(lstat(reference, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO, "the FIFO is left in place")
    }

    /// Outside any package, accept writes into the package root the record names and says so on stderr.
    func testAcceptOutsideAPackageNamesThePackageRootItWritesInto() throws {
        let result = try labelsnap(["accept", pkg.record("testBadge.1")], cwd: "/")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("note: not inside a package; writing into the package root the record names: \(pkg.root)"), result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("accepted BadgeTests/testBadge.1: replaced \(pkg.reference("testBadge.1"))"), result.stdout)
        try pkg.fail("testBadge()", named: "2", reference: try bitmap(6, 4), actual: try bitmap(6, 4, marks: [(2, 1)]))
        let inside = try labelsnap(["accept", "testBadge.2"], cwd: pkg.root)
        XCTAssertEqual(inside.status, 0, inside.stderr)
        XCTAssertFalse(inside.stderr.contains("note:"), inside.stderr)
    }
}

import Foundation
import Imaging
import SnapshotStore
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Every `-o` of the CLI (report, render, diff) refuses what it must not replace: references, artifacts,
/// files of another kind, FIFOs; and a missing folder is not created.
final class OutputPathTests: XCTestCase {
    var pkg: FailurePackage!
    override func setUpWithError() throws {
        pkg = try FailurePackage()
        try pkg.fail("testBadge()", named: "badge", reference: try bitmap(8, 6, marks: [(1, 1)]),
                     actual: try bitmap(8, 6, marks: [(1, 1), (4, 2)]))
        try pkg.write(try PNGCodec.encode(try bitmap(4, 4)), to: pkg.root + "/a.png")
        try pkg.write(try PNGCodec.encode(try bitmap(4, 4, marks: [(2, 2)])), to: pkg.root + "/b.png")
    }
    override func tearDown() { pkg = nil }

    /// The three commands, each writing to `output`.
    func commands(_ output: String) -> [[String]] {
        [["report", "-o", output], ["render", "Hi", "-o", output], ["diff", "a.png", "b.png", "-o", output]]
    }

    /// Runs each command with `-o output`: exit 2, the message contains `expected`, `path` keeps its bytes.
    func assertRefused(_ output: String, protecting path: String, _ expected: String, environment: [String: String] = [:],
                       line: UInt = #line) throws {
        let before = pkg.bytes(path)
        for args in commands(output) {
            let result = try labelsnap(args, cwd: pkg.root, environment: environment)
            XCTAssertEqual(result.status, 2, "\(args): \(result.stdout)\(result.stderr)", line: line)
            XCTAssertTrue(result.stderr.contains(expected), "\(args): \(result.stderr)", line: line)
            XCTAssertTrue(result.stderr.contains("choose another path") || result.stderr.contains("create it first"),
                          result.stderr, line: line)
            XCTAssertEqual(pkg.bytes(path), before, "\(args) changed \(path)", line: line)
        }
    }

    func testAReferenceIsNotOverwritten() throws {
        let reference = pkg.reference("testBadge.badge")
        try assertRefused("__Snapshots__/FakeTests/BadgeTests/testBadge.badge.png", protecting: reference,
                          "is inside the folder of references \(pkg.root)/__Snapshots__")
        // A new file in it is refused too, and through a symbolic link to the folder.
        try assertRefused("__Snapshots__/new.png", protecting: reference, "folder of references")
        XCTAssertEqual(symlink(pkg.root + "/__Snapshots__/FakeTests", pkg.root + "/link"), 0)
        try assertRefused("link/BadgeTests/testBadge.badge.png", protecting: reference, "folder of references")
        // The folder LABELSNAP_SNAPSHOTS_DIR names (relative to the package root).
        try pkg.write([1, 2, 3], to: pkg.root + "/Refs/x.png")
        try assertRefused("Refs/x.png", protecting: pkg.root + "/Refs/x.png", "folder of references \(pkg.root)/Refs",
                          environment: ["LABELSNAP_SNAPSHOTS_DIR": "Refs"])
    }

    func testAnArtifactIsNotOverwritten() throws {
        let actual = pkg.actual("testBadge.badge")
        try assertRefused(actual, protecting: actual, "is inside the artifacts folder \(pkg.artifactsRoot)")
        XCTAssertEqual(try PNGCodec.decode(XCTUnwrap(pkg.bytes(actual))).width, 8, "still the actual image")
    }

    func testReportMayRewriteItsOwnPageInTheArtifactsFolder() throws {
        for _ in 0..<2 {   // the default, then the same page named; each time rewritten
            let result = try labelsnap(["report", "-o", ".build/snapshot-artifacts/report.html"], cwd: pkg.root)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try labelsnap(["report"], cwd: pkg.root).status, 0)
        }
        XCTAssertTrue(String(decoding: pkg.bytes(pkg.artifactsRoot + "/report.html") ?? [], as: UTF8.self).hasPrefix("<!DOCTYPE html>"))
    }

    func testAFileOfAnotherKindIsNotReplaced() throws {
        try assertRefused("Package.swift", protecting: pkg.root + "/Package.swift", "is an existing file that is not a .")
        try pkg.write(Array("<html>".utf8), to: pkg.root + "/page.html")
        let render = try labelsnap(["render", "Hi", "-o", "page.html"], cwd: pkg.root)
        XCTAssertEqual(render.status, 2)
        XCTAssertTrue(render.stderr.contains("page.html is an existing file that is not a .png file"), render.stderr)
        XCTAssertEqual(pkg.bytes(pkg.root + "/page.html"), Array("<html>".utf8))
    }

    func testAnExistingOutputOfTheSameKindIsRewritten() throws {
        try pkg.write([0], to: pkg.root + "/out.png")
        try pkg.write([0], to: pkg.root + "/out.html")
        for args in [["render", "Hi", "-o", "out.png"], ["diff", "a.png", "b.png", "-o", "out.png"]] {
            XCTAssertNotEqual(try labelsnap(args, cwd: pkg.root).status, 2, "\(args)")
            XCTAssertEqual(pkg.bytes(pkg.root + "/out.png")?.prefix(4), [0x89, 0x50, 0x4E, 0x47], "\(args)")
        }
        XCTAssertEqual(try labelsnap(["report", "-o", "out.html"], cwd: pkg.root).status, 0)
        XCTAssertEqual(pkg.bytes(pkg.root + "/out.html")?.count ?? 0 > 1, true)
    }

    func testAFIFOIsNotReplaced() throws {
        for name in ["pipe.png", "pipe.html"] {
            XCTAssertEqual(mkfifo(pkg.root + "/" + name, 0o600), 0)
            try assertRefused(name, protecting: pkg.root + "/Package.swift", "exists and is not a regular file")
            var status = stat()
            XCTAssertEqual(lstat(pkg.root + "/" + name, &status), 0)
            XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "still the FIFO")
        }
    }

    func testAMissingFolderIsNotCreated() throws {
        let missing = pkg.root + "/missing/deeper"
        try assertRefused(missing + "/r.html", protecting: pkg.root + "/Package.swift", "the folder \(missing) does not exist; create it first")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pkg.root + "/missing"))
    }

    func testArtifactsInsideTheReferencesAreRefused() throws {
        for (args, env, source) in [(["report"], ["SNAPSHOT_ARTIFACTS": "__Snapshots__"], "SNAPSHOT_ARTIFACTS=__Snapshots__"),
                                    (["review"], ["SNAPSHOT_ARTIFACTS": "__Snapshots__/x"], "SNAPSHOT_ARTIFACTS=__Snapshots__/x"),
                                    (["report", "--artifacts", "__Snapshots__"], [:], "--artifacts __Snapshots__"),
                                    (["report"], ["SNAPSHOT_ARTIFACTS": "Refs/a", "LABELSNAP_SNAPSHOTS_DIR": "Refs"], "SNAPSHOT_ARTIFACTS=Refs/a")] {
            let result = try labelsnap(args, cwd: pkg.root, environment: env)
            XCTAssertEqual(result.status, 2, "\(args) \(env)")
            XCTAssertTrue(result.stderr.contains("\(source) puts the artifacts folder"), result.stderr)
            XCTAssertTrue(result.stderr.contains("inside the folder of references"), result.stderr)
        }
        XCTAssertEqual(pkg.list(pkg.root + "/__Snapshots__"), ["FakeTests"], "nothing written among the references")
    }
}

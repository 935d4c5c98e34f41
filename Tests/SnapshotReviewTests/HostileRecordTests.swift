import Foundation
import SnapshotStore
import TestSupport
import XCTest
@testable import SnapshotReview

/// Failure records are files we did not write (CI artifacts, downloaded): each test here edits a real record
/// the way an attacker could, and checks that accept and reject refuse it, with or without `force`, saying what
/// the record claims, and that no file outside the folder of references changed.
final class HostileRecordTests: XCTestCase {
    var pkg: TempPackage!
    override func setUpWithError() throws { pkg = try TempPackage() }
    override func tearDown() { pkg = nil }

    /// A real failure of `testLabel.label` (reference "old", actual "new"), its record then changed by `edit`
    /// and rewritten on disk; `files` are written next to the record first (the attacker's actual files).
    func hostile(files: [String: String] = [:], checkout: String? = nil,
                 _ edit: (inout SnapshotFailureRecord) -> Void) throws -> PendingFailure {
        try pkg.write(Array("old\n".utf8), to: pkg.reference("testLabel.label.txt"))
        let failure = try XCTUnwrap(SnapshotVerifier.verify("new\n", as: .text, named: "label", record: .never, filePath: pkg.testFile,
                                                            testName: "testLabel()", environment: [:], counter: SnapshotCounter()))
        var record = try XCTUnwrap(failure.record)
        let recordPath = pkg.artifacts + "/testLabel.label.txt.failure.json"
        for (name, text) in files { try pkg.write(Array(text.utf8), to: pkg.artifacts + "/" + name) }
        edit(&record)
        try pkg.write(try record.jsonBytes(), to: recordPath)
        return try XCTUnwrap(try ArtifactsFolders.scan([pkg.root + "/.build/snapshot-artifacts"], checkout: checkout ?? pkg.root).failures.first)
    }

    /// Accept (plain and forced) and reject all refuse `f` with a message containing `expected`; nothing is removed.
    func assertRefused(_ f: PendingFailure, _ expected: String, environment: [String: String] = [:],
                       file: StaticString = #filePath, line: UInt = #line) {
        let before = pkg.list(pkg.artifacts)
        for force in [false, true] {
            XCTAssertThrowsError(try f.accept(force: force, environment: environment), "force \(force)", file: file, line: line) {
                XCTAssertTrue("\($0)".contains(expected), "\($0)", file: file, line: line)
            }
        }
        XCTAssertThrowsError(try f.reject(environment: environment), file: file, line: line)
        XCTAssertEqual(pkg.list(pkg.artifacts), before, "nothing removed", file: file, line: line)
        XCTAssertEqual(pkg.bytes(pkg.reference("testLabel.label.txt")), Array("old\n".utf8), file: file, line: line)
    }

    func digest(_ path: String) -> String? { pkg.bytes(path).map(SnapshotFailureRecord.digest) }

    /// The attack as reported: the record names a test source file as its reference, with that file's current
    /// digest, and an actual file of Swift code beside it. Accept replaced the test file and said so.
    func testARecordNamingATestSourceFileIsRefused() throws {
        let source = pkg.root + "/Tests/AppTests/BadgeSuite.swift"
        try pkg.write(Array("import XCTest\n".utf8), to: source)
        let f = try hostile(files: ["BadgeSuite.swift": "exit(1)\n"]) { r in
            r.snapshotsFolder = pkg.root + "/Tests"
            r.reference = source
            r.referenceRelative = "Tests/AppTests/BadgeSuite.swift"
            r.referenceDigest = digest(source)
            r.snapshotName = "BadgeSuite"
            r.actual = pkg.artifacts + "/BadgeSuite.swift"
        }
        assertRefused(f, "refusing \(f.recordPath): it names \(pkg.root)/Tests as its folder of references, which is the source folder \(pkg.root)/Tests")
        XCTAssertEqual(pkg.bytes(source), Array("import XCTest\n".utf8))
    }

    /// The same inside `__Snapshots__`'s own name rules: a folder of references inside a source target.
    func testAFolderOfReferencesInsideASourceTargetIsRefused() throws {
        let source = pkg.root + "/Sources/App/BadgeTests/testLabel.label.txt"
        try pkg.write(Array("keep\n".utf8), to: source)
        let f = try hostile { r in
            r.snapshotsFolder = pkg.root + "/Sources/App"
            r.reference = source
            r.referenceRelative = "Sources/App/BadgeTests/testLabel.label.txt"
            r.referenceDigest = digest(source)
        }
        assertRefused(f, "which is inside the source folder \(pkg.root)/Sources/App")
        XCTAssertEqual(pkg.bytes(source), Array("keep\n".utf8))
    }

    func testTheFilesystemRootAndAFolderOutsideThePackageAreRefusedEvenWithForce() throws {
        let outside = NSTemporaryDirectory() + "labelsnap-hostile-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let root = try hostile { r in
            r.snapshotsFolder = "/"
            r.reference = "/FakeTests/BadgeTests/testLabel.label.txt"
            r.referenceRelative = r.reference
        }
        assertRefused(root, "it names / as its folder of references, which is the filesystem root; no assertion records there")
        let tmp = try hostile { r in
            r.snapshotsFolder = outside
            r.reference = outside + "/FakeTests/BadgeTests/testLabel.label.txt"
            r.referenceRelative = r.reference
            r.referenceDigest = nil
            r.kind = .missingReference
        }
        assertRefused(tmp, "its reference was in \(outside), outside its package \(pkg.root), on the machine that ran the test; set LABELSNAP_SNAPSHOTS_DIR")
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside), "nothing created outside the package")
    }

    func testDotDotAndRelativePathsAreRefused() throws {
        let dots = try hostile { r in
            r.reference = pkg.snapshots + "/FakeTests/BadgeTests/../../../Package.swift"
            r.referenceDigest = digest(pkg.root + "/Package.swift")
        }
        assertRefused(dots, "its reference \(pkg.snapshots)/FakeTests/BadgeTests/../../../Package.swift is not a plain absolute path")
        let relative = try hostile { r in r.packageRoot = "." }
        assertRefused(relative, "its packageRoot . is not a plain absolute path")
        // Another checkout places the reference by referenceRelative: `..` there is refused too.
        let other = try TempPackage()
        let climbing = try hostile(checkout: other.root) { r in
            r.referenceRelative = "__Snapshots__/../Package.swift"
        }
        assertRefused(climbing, "its paths disagree: referenceRelative is __Snapshots__/../Package.swift, but its reference \(pkg.reference("testLabel.label.txt")) in package root \(pkg.root) makes it __Snapshots__/FakeTests/BadgeTests/testLabel.label.txt")
        XCTAssertEqual(other.bytes(other.root + "/Package.swift"), Array("// swift-tools-version:6.0\n".utf8))
    }

    /// Each path must be the one a snapshot of that name has: another test's reference, another file name, a
    /// deeper folder are all refused with what the record claims and what was expected.
    func testPathsThatDisagreeWithTheSnapshotNameAreRefused() throws {
        let another = try hostile { r in r.reference = pkg.reference("testOther.1.txt"); r.referenceRelative = "__Snapshots__/FakeTests/BadgeTests/testOther.1.txt" }
        assertRefused(another, "it claims its reference is \(pkg.reference("testOther.1.txt")), but a snapshot testLabel.label of test testLabel in \(pkg.testFile) would have \(pkg.snapshots)/FakeTests/BadgeTests/testLabel.label.<ext>")
        let deeper = try hostile { r in
            r.reference = pkg.snapshots + "/a/b/FakeTests/BadgeTests/testLabel.label.txt"
            r.referenceRelative = "__Snapshots__/a/b/FakeTests/BadgeTests/testLabel.label.txt"
        }
        assertRefused(deeper, "it claims its reference is \(pkg.snapshots)/a/b/FakeTests/BadgeTests/testLabel.label.txt")
        let testFile = try hostile { r in r.testFile = pkg.root + "/Tests/FakeTests/OtherTests.swift" }
        assertRefused(testFile, "would have \(pkg.snapshots)/FakeTests/OtherTests/testLabel.label.txt")
    }

    /// A file of another extension in `__Snapshots__` (a script, a Swift file) is no reference: refused, even with
    /// an actual file of that extension and a correct digest.
    func testOtherExtensionsAreRefused() throws {
        let script = pkg.reference("testLabel.label.swift")
        try pkg.write(Array("let x = 1\n".utf8), to: script)
        let f = try hostile(files: ["testLabel.label.swift.actual.swift": "evil()\n"]) { r in
            r.reference = script
            r.referenceRelative = "__Snapshots__/FakeTests/BadgeTests/testLabel.label.swift"
            r.referenceDigest = digest(script)
            r.actual = pkg.artifacts + "/testLabel.label.swift.actual.swift"
        }
        assertRefused(f, "its reference \(script) is a .swift file: accept writes only snapshot references")
        XCTAssertEqual(pkg.bytes(script), Array("let x = 1\n".utf8))
    }

    /// A format of your own (`.text(pathExtension: "json")`) is accepted once references of the test in that
    /// extension are beside it: the review learns the extension from the folder, never from the record.
    func testAFormatOfYourOwnIsAcceptedBesideItsReferences() throws {
        let json = pkg.reference("testLabel.label.json")
        let make = { try self.hostile(files: ["testLabel.label.json.actual.json": "{\"new\": 1}\n"]) { r in
            r.reference = json
            r.referenceRelative = "__Snapshots__/FakeTests/BadgeTests/testLabel.label.json"
            r.referenceDigest = nil
            r.kind = .missingReference
            r.actual = self.pkg.artifacts + "/testLabel.label.json.actual.json"
        } }
        assertRefused(try make(), "is a .json file")
        try pkg.write(Array("{}\n".utf8), to: pkg.reference("testLabel.other.json"))
        XCTAssertEqual(try make().accept(environment: [:]).change, .created(new: "11 bytes"))
        XCTAssertEqual(pkg.bytes(json), Array("{\"new\": 1}\n".utf8))
    }

    /// Symbolic links: `__Snapshots__` itself, the test file's folder in it, or the reference pointing out of
    /// the package; an actual file that is a link to a file of this machine.
    func testSymbolicLinksOutOfThePackageAreRefused() throws {
        let outside = try TempPackage()
        try outside.write(Array("secret\n".utf8), to: outside.root + "/secret.txt")

        // The reference a link to a file outside.
        var f = try hostile { _ in }
        try FileManager.default.removeItem(atPath: pkg.reference("testLabel.label.txt"))
        try FileManager.default.createSymbolicLink(atPath: pkg.reference("testLabel.label.txt"), withDestinationPath: outside.root + "/secret.txt")
        for force in [false, true] {
            XCTAssertThrowsError(try f.accept(force: force, environment: [:])) {
                XCTAssertTrue("\($0)".contains("is a symbolic link (to \(outside.root)/secret.txt)"), "\($0)")
            }
        }
        XCTAssertEqual(outside.bytes(outside.root + "/secret.txt"), Array("secret\n".utf8))
        try FileManager.default.removeItem(atPath: pkg.reference("testLabel.label.txt"))

        // The test file's folder a link out.
        try FileManager.default.removeItem(atPath: pkg.referenceFolder)
        try FileManager.default.createDirectory(atPath: outside.root + "/refs", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: pkg.referenceFolder, withDestinationPath: outside.root + "/refs")
        f = try hostile { _ in }
        assertRefused(f, "the folder of its reference \(pkg.reference("testLabel.label.txt")) leads to \(outside.root)/refs, outside \(pkg.snapshots)")
        try FileManager.default.removeItem(atPath: pkg.referenceFolder)

        // `__Snapshots__` a link out.
        try FileManager.default.removeItem(atPath: pkg.snapshots)
        try FileManager.default.createDirectory(atPath: outside.root + "/shared", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: pkg.snapshots, withDestinationPath: outside.root + "/shared")
        f = try hostile { _ in }
        assertRefused(f, "its folder of references \(pkg.snapshots) leads to \(outside.root)/shared (a symbolic link), outside the package \(pkg.root)")
        XCTAssertEqual(outside.list(outside.root + "/shared/FakeTests/BadgeTests"), ["testLabel.label.txt"], "only the test's own old reference")
    }

    func testAnActualFileThatIsASymbolicLinkIsRefused() throws {
        let outside = try TempPackage()
        try outside.write(Array("secret\n".utf8), to: outside.root + "/secret.txt")
        let f = try hostile { _ in }
        let actual = try XCTUnwrap(f.actualPath)
        try FileManager.default.removeItem(atPath: actual)
        try FileManager.default.createSymbolicLink(atPath: actual, withDestinationPath: outside.root + "/secret.txt")
        XCTAssertThrowsError(try f.accept(force: true, environment: [:])) {
            XCTAssertTrue("\($0)".contains("its actual file \(actual) is a symbolic link"), "\($0)")
        }
        XCTAssertEqual(pkg.bytes(pkg.reference("testLabel.label.txt")), Array("old\n".utf8))
    }

    /// Digests prove nothing about where: a record with the right digest of a file outside its folder is refused
    /// as one with a wrong one, and `force` (which only skips the digest check) changes nothing.
    func testDigestGamesDoNotWidenWhereAcceptWrites() throws {
        let readme = pkg.snapshots + "/README.txt"
        try pkg.write(Array("notes\n".utf8), to: readme)
        for digest in [digest(readme), "0000000000000000", nil] {
            let f = try hostile { r in
                r.reference = readme
                r.referenceRelative = "__Snapshots__/README.txt"
                r.referenceDigest = digest
            }
            assertRefused(f, "it claims its reference is \(readme)")
        }
        XCTAssertEqual(pkg.bytes(readme), Array("notes\n".utf8))
    }

    /// A `snapshotDirectory:` folder is one the record names, so it is written only once it holds references of
    /// that test; an empty one (or another folder of the package) is refused, and LABELSNAP_SNAPSHOTS_DIR here
    /// names it on purpose.
    func testASnapshotDirectoryFolderMustAlreadyHoldReferencesOfTheTest() throws {
        let docs = pkg.root + "/Docs"
        try pkg.write(Array("guide\n".utf8), to: docs + "/FakeTests/BadgeTests/intro.md")
        let f = try hostile { r in
            r.snapshotsFolder = docs
            r.reference = docs + "/FakeTests/BadgeTests/testLabel.label.txt"
            r.referenceRelative = "Docs/FakeTests/BadgeTests/testLabel.label.txt"
            r.referenceDigest = nil
            r.kind = .missingReference
        }
        assertRefused(f, "its folder of references \(docs) (a snapshotDirectory: folder) holds no reference of testLabel in \(docs)/FakeTests/BadgeTests")
        XCTAssertEqual(pkg.list(docs + "/FakeTests/BadgeTests"), ["intro.md"])
        let named = try f.accept(environment: ["LABELSNAP_SNAPSHOTS_DIR": "Docs"])
        XCTAssertEqual(named.reference.path, docs + "/FakeTests/BadgeTests/testLabel.label.txt")
    }

    /// Outside any package, only a record lying inside the package root it names may pick that package.
    func testOutsideAPackageARecordElsewhereCannotPickAPackage() throws {
        let f = try hostile { _ in }
        let downloads = try TempPackage()
        try FileManager.default.removeItem(atPath: downloads.root + "/Package.swift")
        let moved = downloads.root + "/testLabel.label.txt.failure.json"
        try FileManager.default.copyItem(atPath: f.recordPath, toPath: moved)
        let loaded = try ArtifactsFolders.load(recordAt: moved, checkout: nil)
        XCTAssertThrowsError(try loaded.accept(force: true, environment: [:])) {
            XCTAssertTrue("\($0)".contains("the record lies outside the package root it names (\(pkg.root))"), "\($0)")
        }
        XCTAssertEqual(pkg.bytes(pkg.reference("testLabel.label.txt")), Array("old\n".utf8))
    }
}

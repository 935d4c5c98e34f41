import TestSupport
import Synchronization
import XCTest
import SnapshotMessages
import SnapshotStore

/// The record-mode table of `SnapshotVerifier.verify`, with the text format (PNG comes from its
/// own module; the logic is the same for every format).
final class VerifierTests: XCTestCase {
    var pkg: TempPackage!
    override func setUpWithError() throws { pkg = try TempPackage() }
    override func tearDown() { pkg = nil }

    func verify(_ text: String, record: RecordMode? = nil, named: String? = "label",
                env: [String: String] = [:]) -> SnapshotFailure? {
        SnapshotVerifier.verify(text, as: .text, named: named, record: record, filePath: pkg.testFile,
                                testName: "testLabel()", environment: env, counter: SnapshotCounter())
    }
    var ref: String { pkg.reference("testLabel.label.txt") }

    /// The outcome lists every file the check wrote, and only those: the reference it recorded, and for a
    /// mismatch the artifacts folder's files (listed here from the folder itself); nothing for a pass.
    func testTheOutcomeListsTheFilesWritten() throws {
        let recorded = try XCTUnwrap(verify("one\n"))
        XCTAssertEqual(recorded.filesWritten, [ref])
        XCTAssertNil(verify("one\n"))
        let artifacts = pkg.root + "/.build/snapshot-artifacts/FakeTests/BadgeTests"
        XCTAssertEqual(pkg.list(artifacts), [])
        let mismatch = try XCTUnwrap(verify("two\n", record: .never))
        XCTAssertEqual(Set(mismatch.filesWritten), Set(pkg.list(artifacts).map { artifacts + "/" + $0 }))
        XCTAssertEqual(mismatch.filesWritten.count, 4, "actual, diff, the compared reference's copy, the record: \(mismatch.filesWritten)")
        XCTAssertEqual(mismatch.filesWritten.last, artifacts + "/testLabel.label.txt.failure.json")
        XCTAssertEqual(pkg.bytes(ref), Array("one\n".utf8), "never leaves the reference")
        let rewritten = try XCTUnwrap(verify("three\n", record: .failed))
        XCTAssertEqual(rewritten.filesWritten.first, ref)
        XCTAssertEqual(pkg.bytes(ref), Array("three\n".utf8))
    }

    /// A named folder of references that does not exist is created by recording, and the message says so
    /// (a mistyped LABELSNAP_SNAPSHOTS_DIR would otherwise record every reference anew in silence); `never`
    /// says it is missing. The default `__Snapshots__`, and a named folder that exists, get no such line.
    func testRecordingIntoANamedFolderThatDidNotExistSaysItCreatedIt() throws {
        let typo = pkg.root + "/Refrences"
        let env = [SnapshotLocation.snapshotsDirectoryVariable: typo]
        let never = try XCTUnwrap(verify("hello", record: .never, env: env))
        XCTAssertTrue(never.message.contains("The folder of references \(typo), named by LABELSNAP_SNAPSHOTS_DIR or snapshotDirectory:, does not exist: check the path."), never.message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: typo))
        let first = try XCTUnwrap(verify("hello", env: env))
        XCTAssertEqual(first.kind, .missingReference)
        XCTAssertTrue(first.message.hasSuffix("\nCreated \(typo), the folder of references named by LABELSNAP_SNAPSHOTS_DIR or snapshotDirectory: (it did not exist): check the path if you expected existing references there."), first.message)
        XCTAssertTrue(FileManager.default.fileExists(atPath: typo + "/FakeTests/BadgeTests/testLabel.label.txt"))
        let second = try XCTUnwrap(verify("hello", named: "other", env: env))
        XCTAssertFalse(second.message.contains("Created"), second.message)
        let all = try XCTUnwrap(verify("hello", record: .all, named: "third", env: [SnapshotLocation.snapshotsDirectoryVariable: typo + "2"]))
        XCTAssertTrue(all.message.contains("\nCreated \(typo)2, the folder of references"), all.message)
        let plain = try XCTUnwrap(verify("hello"))
        XCTAssertFalse(plain.message.contains("Created") || plain.message.contains("does not exist"), plain.message)
    }

    /// The id of a process that has exited (run and waited for): gone, as after `kill -9`.
    static func goneProcessID() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    /// A test killed while it recorded leaves `.<name>.tmp-<pid>-<seq>-<random>` beside the references (the
    /// atomic write's temporary). The next assertion using that folder removes those of processes that are
    /// gone and keeps those of live ones (this process's own, a parallel writer's) and every other hidden file.
    func testTemporaryFilesOfAKilledWriterAreRemovedByTheNextRun() throws {
        XCTAssertEqual(verify("hello")?.kind, .missingReference, "recorded")
        let folder = SnapshotFileSystem.parentFolder(ref)
        let gone = try Self.goneProcessID()
        let stale = folder + "/.testMany.n6.png.tmp-\(gone)-7-3141592653"
        let live = folder + "/.testMany.n7.png.tmp-\(getpid())-8-2718281828"
        let other = folder + "/.gitkeep"
        for path in [stale, live, other] { try pkg.write([1, 2, 3], to: path) }
        XCTAssertEqual(SnapshotFileSystem.abandonedTemporaries(in: folder), [stale])
        // The next run (a new process: no folder swept yet) asserts a snapshot of that folder.
        SnapshotFileSystem.forgetSweptFolders()
        XCTAssertEqual(verify("world", named: "second")?.kind, .missingReference)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale), "the dead writer's temporary is removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: live), "a live writer's temporary stays")
        XCTAssertTrue(FileManager.default.fileExists(atPath: other))
        XCTAssertNil(SnapshotFileSystem.temporaryWriter(".testMany.n6.png"))
        XCTAssertNil(SnapshotFileSystem.temporaryWriter(".x.png.tmp-12-a-3"))
        XCTAssertEqual(SnapshotFileSystem.temporaryWriter(".x.png.tmp-12-4-3"), 12)
    }

    /// Sources moved away from where they were compiled, references named by LABELSNAP_SNAPSHOTS_DIR: the
    /// package root falls back to the test file's folder, which no longer exists, and no run (recording,
    /// then passing) re-creates it for its manifest of used references.
    func testMovedSourcesWithANamedSnapshotsFolderCreateNothingAtTheOldPath() throws {
        let gone = pkg.root + "-moved"
        defer { try? FileManager.default.removeItem(atPath: gone) }
        let file = gone + "/Tests/AppTests/BadgeTests.swift"
        let env = [SnapshotLocation.snapshotsDirectoryVariable: pkg.root + "/References"]
        func run() -> SnapshotFailure? {
            SnapshotVerifier.verify("hello", as: .text, named: "moved", filePath: file, testName: "testLabel()", environment: env,
                                    counter: SnapshotCounter())
        }
        XCTAssertEqual(run()?.kind, .missingReference, "recorded")
        XCTAssertTrue(FileManager.default.fileExists(atPath: pkg.root + "/References/AppTests/BadgeTests/testLabel.moved.txt"))
        XCTAssertNil(run(), "passes")
        XCTAssertFalse(FileManager.default.fileExists(atPath: gone), "nothing is created under the missing source path: \((FileManager.default.subpaths(atPath: gone) ?? []).sorted())")
    }

    /// A reference of the layout before module folders (`__Snapshots__/<TestFile>/…`, e.g. moved back there by
    /// hand) is moved into its module's folder, and the move is told even though the assertion passes; `never`
    /// moves nothing and says nothing.
    func testMovingAReferenceOfTheOldLayoutSaysWhatMoved() throws {
        let legacy = pkg.snapshots + "/BadgeTests/testLabel.label.txt"
        try pkg.write(Array("hello".utf8), to: legacy)
        let notes = Mutex<[String]>([])
        func collecting(_ body: () -> SnapshotFailure?) -> SnapshotFailure? {
            SnapshotVerifier.$noteSink.withValue({ note in notes.withLock { $0.append(note) } }, operation: body)
        }
        XCTAssertNil(collecting { verify("hello", record: .never) })
        XCTAssertEqual(notes.withLock { $0 }, [])
        XCTAssertNil(collecting { verify("hello") })
        XCTAssertEqual(pkg.bytes(ref), Array("hello".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: legacy))
        XCTAssertEqual(notes.withLock { $0 }, ["Moved the reference of snapshot testLabel.label from the layout before test module folders:\n"
                                               + "  \(legacy)\n  to \(ref)\n"
                                               + "References are kept per test module (<snapshots>/<TestModule>/<TestFile>/); commit the move."])
        XCTAssertNil(collecting { verify("hello") })
        XCTAssertEqual(notes.withLock { $0.count }, 1, "nothing moved the second time, nothing said")
    }

    func testNeverWithMissingReferenceFailsAndWritesNoReference() throws {
        let failure = try XCTUnwrap(verify("hello", record: .never))
        XCTAssertEqual(failure.kind, .missingReference)
        XCTAssertFalse(failure.referenceWritten)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pkg.snapshots), "__Snapshots__ is not even created")
        XCTAssertTrue(failure.message.contains("No reference was found for snapshot testLabel.label at\n  \(ref)"), failure.message)
        XCTAssertTrue(failure.message.contains("Record mode is \"never\""), failure.message)
        XCTAssertTrue(failure.message.contains("SNAPSHOT_TESTING_RECORD=missing swift test --filter '^FakeTests\\.(.*/)?testLabel(\\([^)]*\\)/|$)'"), failure.message)
        // The actual value is kept as an artifact so CI can upload it and `labelsnap accept` can take it.
        XCTAssertEqual(pkg.bytes(pkg.artifacts + "/testLabel.label.txt.actual.txt"), Array("hello".utf8))
        // CI without an explicit mode is `never`.
        let ci = try XCTUnwrap(verify("hello", env: ["CI": "true"]))
        XCTAssertEqual(ci.kind, .missingReference)
        XCTAssertFalse(FileManager.default.fileExists(atPath: ref))
    }

    func testMissingWritesTheReferenceAndFailsThenPasses() throws {
        let failure = try XCTUnwrap(verify("hello\nworld"))  // default mode: missing
        XCTAssertEqual(failure.kind, .missingReference)
        XCTAssertTrue(failure.referenceWritten)
        XCTAssertEqual(pkg.bytes(ref), Array("hello\nworld".utf8))
        XCTAssertEqual(failure.message, """
            No reference was found for snapshot testLabel.label: recorded 2 lines, 11 bytes to
              \(ref)
            Record mode "missing" wrote the missing reference. Look at it, commit it, and run the test again to assert against it.
            """)
        XCTAssertNil(verify("hello\nworld"))
        XCTAssertNil(verify("hello\nworld", record: .never))
        // A mismatch under `missing` fails and leaves the reference alone.
        let mismatch = try XCTUnwrap(verify("hello\nthere"))
        XCTAssertEqual(mismatch.kind, .mismatch)
        XCTAssertFalse(mismatch.referenceWritten)
        XCTAssertEqual(pkg.bytes(ref), Array("hello\nworld".utf8))
    }

    func testFailedRewritesOnlyOnMismatch() throws {
        try pkg.write(Array("same".utf8), to: ref)
        let before = try FileManager.default.attributesOfItem(atPath: ref)[.systemFileNumber] as? Int
        XCTAssertNil(verify("same", record: .failed))
        let after = try FileManager.default.attributesOfItem(atPath: ref)[.systemFileNumber] as? Int
        XCTAssertEqual(before, after, "a passing snapshot is not rewritten")
        let failure = try XCTUnwrap(verify("changed", record: .failed))
        XCTAssertEqual(failure.kind, .mismatch)
        XCTAssertTrue(failure.referenceWritten)
        XCTAssertEqual(pkg.bytes(ref), Array("changed".utf8))
        XCTAssertTrue(failure.message.contains("Record mode \"failed\" rewrote the reference"), failure.message)
        XCTAssertNil(verify("changed", record: .failed))
        // A missing reference is recorded under `failed` too.
        let missing = try XCTUnwrap(verify("new", record: .failed, named: "other"))
        XCTAssertEqual(missing.kind, .missingReference)
        XCTAssertEqual(pkg.bytes(pkg.reference("testLabel.other.txt")), Array("new".utf8))
    }

    func testAllAlwaysWritesAndFails() throws {
        let first = try XCTUnwrap(verify("one", record: .all))
        XCTAssertEqual(first.kind, .recorded)
        XCTAssertEqual(pkg.bytes(ref), Array("one".utf8))
        XCTAssertTrue(first.message.hasPrefix("Record mode is \"all\": recorded snapshot testLabel.label (1 line, 3 bytes, new) to\n  \(ref)"), first.message)
        XCTAssertTrue(first.message.contains("Remove record mode"), first.message)
        let same = try XCTUnwrap(verify("one", record: .all))
        XCTAssertTrue(same.message.contains("unchanged"), same.message)
        let changed = try XCTUnwrap(verify("two", record: .all))
        XCTAssertTrue(changed.message.contains("changed"), changed.message)
        XCTAssertEqual(pkg.bytes(ref), Array("two".utf8))
        XCTAssertNil(try XCTUnwrap(verify("two", env: ["SNAPSHOT_TESTING_RECORD": "all"]) as SnapshotFailure?).record)
        XCTAssertEqual(pkg.list(pkg.referenceFolder), ["testLabel.label.txt"], "no temporary files")
    }

    /// `SNAPSHOT_ARTIFACTS` naming a file (`/etc/passwd`): the message says to point the variable at a
    /// folder, not to move the file away; the file is untouched.
    func testArtifactsVariableNamingAFileSaysToPointItAtAFolder() throws {
        try pkg.write(Array("a\n".utf8), to: ref)
        let file = pkg.root + "/not-a-folder"
        try pkg.write(Array("keep".utf8), to: file)
        let failure = try XCTUnwrap(verify("b\n", env: ["SNAPSHOT_ARTIFACTS": file]))
        let expected = "Artifact not written: actual: the artifacts folder \(file) cannot be made: \(file) is a file, not a folder. "
        XCTAssertFalse(failure.message.contains("move it away") || failure.message.contains("stray file"), failure.message)
        XCTAssertTrue(failure.message.contains(expected), failure.message)
        XCTAssertTrue(failure.message.contains("Point SNAPSHOT_ARTIFACTS at a folder (unset, artifacts go to <package root>/.build/snapshot-artifacts)"), failure.message)
        XCTAssertEqual(pkg.bytes(file), Array("keep".utf8))
    }

    /// The fixes a failure offers are values, in the message's order; an accept needs the actual file, so a run
    /// that could not write it offers the re-record alone, with the words of its place ("or re-record:").
    func testTheFixesAreValuesAndAnAcceptNeedsTheActualFile() throws {
        try pkg.write(Array("a\n".utf8), to: ref)
        let filter = "SNAPSHOT_TESTING_RECORD=failed swift test --filter '^FakeTests\\.(.*/)?testLabel(\\([^)]*\\)/|$)'"
        let mismatch = try XCTUnwrap(verify("b\n"))
        let record = pkg.artifacts + "/testLabel.label.txt.failure.json"
        XCTAssertEqual(mismatch.fixes, [.accept(recordPath: record), .rerecord(.failed)])
        XCTAssertTrue(mismatch.message.hasSuffix("\nAccept the actual value:  swift run labelsnap accept \(record)\nor re-record:  \(filter)"), mismatch.message)
        let file = pkg.root + "/not-a-folder"
        try pkg.write(Array("keep".utf8), to: file)
        let noActual = try XCTUnwrap(verify("b\n", env: ["SNAPSHOT_ARTIFACTS": file]))
        XCTAssertEqual(noActual.fixes, [.rerecord(.failed)])
        XCTAssertFalse(noActual.message.contains("labelsnap accept"), noActual.message)
        XCTAssertTrue(noActual.message.contains("\nor re-record:  \(filter)\n"), noActual.message)
        XCTAssertEqual(try XCTUnwrap(verify("b\n", record: .failed)).fixes, [])
    }

    func testMismatchWritesArtifactsAndARecord() throws {
        try pkg.write(Array("a\nb\nc\n".utf8), to: ref)
        let failure = try XCTUnwrap(verify("a\nB\nc\n"))
        XCTAssertEqual(failure.kind, .mismatch)
        XCTAssertTrue(failure.recordWritten)
        let art = pkg.artifacts + "/testLabel.label"
        XCTAssertEqual(failure.message, """
            Snapshot testLabel.label does not match its reference
              \(ref)
              reference: 3 lines, 6 bytes
              actual:    3 lines, 6 bytes
              lines: reference 3, actual 3; 1 removed, 1 added; first difference at line 2
                - b
                + B
              tolerance: exact
            Artifacts:
              actual:    \(art).txt.actual.txt
              diff:      \(art).txt.diff
              record:    \(art).txt.failure.json
            Accept the actual value:  swift run labelsnap accept \(art).txt.failure.json
            or re-record:  SNAPSHOT_TESTING_RECORD=failed swift test --filter '^FakeTests\\.(.*/)?testLabel(\\([^)]*\\)/|$)'
            """)
        XCTAssertEqual(pkg.bytes(art + ".txt.actual.txt"), Array("a\nB\nc\n".utf8))
        XCTAssertEqual(String(decoding: pkg.bytes(art + ".txt.diff") ?? [], as: UTF8.self),
                       "--- reference\n+++ actual\n  a\n- b\n+ B\n  c\n")
        let record = try SnapshotFailureRecord.load(art + ".txt.failure.json")
        XCTAssertEqual(record.kind, .mismatch)
        XCTAssertEqual(record.testName, "testLabel")
        XCTAssertEqual(record.snapshotName, "testLabel.label")
        XCTAssertEqual(record.reference, ref)
        XCTAssertEqual(record.referenceRelative, "__Snapshots__/FakeTests/BadgeTests/testLabel.label.txt")
        XCTAssertEqual(record.actual, art + ".txt.actual.txt")
        // The diff is `….txt.diff` (no doubled extension); the reference that was compared is kept beside it.
        XCTAssertEqual(record.artifacts, ["diff": art + ".txt.diff", "reference": art + ".txt.reference.txt"])
        XCTAssertEqual(pkg.bytes(art + ".txt.reference.txt"), Array("a\nb\nc\n".utf8))
        XCTAssertEqual(record.metrics["removedLines"], .int(1))
        XCTAssertEqual(record.metrics["firstDifferenceLine"], .int(2))
        XCTAssertEqual(record.recordMode, .missing)
        XCTAssertEqual(record.message, failure.message)
        XCTAssertEqual(try SnapshotFailureRecord.loadAll(in: pkg.root + "/.build/snapshot-artifacts").map(\.path),
                       [art + ".txt.failure.json"])
        // Passing again (after the reference is fixed) removes the stale artifacts.
        try pkg.write(Array("a\nB\nc\n".utf8), to: ref)
        XCTAssertNil(verify("a\nB\nc\n"))
        XCTAssertEqual(pkg.list(pkg.artifacts), [])
    }

    /// A pass after a failure removes the failure's artifacts and record, and only those (not the reference).
    func testAPassRemovesTheFailuresFiles() throws {
        try pkg.write(Array("old".utf8), to: ref)
        XCTAssertEqual(verify("new")?.kind, .mismatch)
        XCTAssertEqual(pkg.list(pkg.artifacts), ["testLabel.label.txt.actual.txt", "testLabel.label.txt.diff",
                                                 "testLabel.label.txt.failure.json", "testLabel.label.txt.reference.txt"])
        XCTAssertNil(verify("old"))
        XCTAssertEqual(pkg.list(pkg.artifacts), [])
        XCTAssertEqual(pkg.bytes(ref), Array("old".utf8))
    }

    /// A record cut short or edited says what is wrong in a few words and what to do, not JSONDecoder's dump
    /// ("DecodingError.keyNotFound: Key 'kind' not found in keyed decoding container. Debug description: …").
    func testABrokenFailureRecordSaysWhatIsWrong() throws {
        try pkg.write(Array("old".utf8), to: ref)
        let failure = try XCTUnwrap(verify("new"))
        let good = try XCTUnwrap(failure.record).jsonBytes()
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(good)) as? [String: Any])
        func json(_ change: (inout [String: Any]) -> Void) throws -> [UInt8] {
            var o = object
            change(&o)
            return Array(try JSONSerialization.data(withJSONObject: o))
        }
        let cases: [([UInt8], String)] = [
            (Array(good.prefix(40)), "not valid JSON"),
            (Array("[]".utf8), "not a JSON object"),
            (try json { $0["kind"] = nil }, "no \"kind\" in it"),
            (try json { $0["version"] = "one" }, "\"version\" has the wrong type"),
            (try json { $0["kind"] = "exploded" }, "\"kind\" has an invalid value"),
        ]
        let path = pkg.root + "/broken.failure.json"
        for (bytes, reason) in cases {
            try pkg.write(bytes, to: path)
            XCTAssertThrowsError(try SnapshotFailureRecord.load(path)) {
                XCTAssertEqual($0 as? SnapshotStoreError, .invalidFailureRecord(path: path, reason: reason
                    + "; it was edited or cut short: run the failing test again to rewrite it, or delete the file"))
            }
        }
    }

    func testCorruptReferenceIsReportedAndLeftUntouched() throws {
        let corrupt: [UInt8] = [0x68, 0x69, 0xFF, 0xFE, 0x00]
        try pkg.write(corrupt, to: ref)
        for mode in [RecordMode.never, .missing] {
            let failure = try XCTUnwrap(verify("hi", record: mode))
            XCTAssertEqual(failure.kind, .corruptReference)
            XCTAssertFalse(failure.referenceWritten)
            XCTAssertEqual(pkg.bytes(ref), corrupt, "untouched under \(mode)")
            XCTAssertTrue(failure.message.hasPrefix("""
                The reference of snapshot testLabel.label is corrupt: not valid UTF-8 text (first bad byte at offset 2)
                  \(ref) (5 bytes)
                It was left untouched (record mode "\(mode)").
                """), failure.message)
            XCTAssertTrue(failure.message.contains("Re-record it:  SNAPSHOT_TESTING_RECORD=failed swift test --filter '^FakeTests\\.(.*/)?testLabel(\\([^)]*\\)/|$)'"), failure.message)
            XCTAssertEqual(pkg.bytes(pkg.artifacts + "/testLabel.label.txt.actual.txt"), Array("hi".utf8))
        }
        let rewritten = try XCTUnwrap(verify("hi", record: .failed))
        XCTAssertEqual(rewritten.kind, .corruptReference)
        XCTAssertTrue(rewritten.referenceWritten)
        XCTAssertEqual(pkg.bytes(ref), Array("hi".utf8))
        XCTAssertNil(verify("hi"))
    }

    func testUnreadableReference() throws {
        try FileManager.default.createDirectory(atPath: ref, withIntermediateDirectories: true)
        let failure = try XCTUnwrap(verify("x", record: .failed))
        XCTAssertEqual(failure.kind, .unreadableReference)
        // It said only "reading … failed: EISDIR (Is a directory)"; now what it is and what to do, as for a FIFO.
        XCTAssertTrue(failure.message.contains("\(ref) is not a regular file (it is a folder): a reference must be a file; "
            + "remove it (or replace it with the reference) and run again"), failure.message)
        var isDir: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: ref, isDirectory: &isDir) && isDir.boolValue)
    }

    /// A FIFO or a device in place of a reference is refused by name, never read: a FIFO used to block the
    /// test forever in open(2) (no writer), `/dev/zero` failed with a bare errno 22. Neither is replaced.
    func testAReferenceThatIsNotARegularFileIsRefusedWithoutBlocking() throws {
        try FileManager.default.createDirectory(atPath: (ref as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        XCTAssertEqual(symlink("/dev/zero", ref), 0)
        let device = try XCTUnwrap(verify("x", record: .failed))
        XCTAssertEqual(device.kind, .unreadableReference)
        XCTAssertTrue(device.message.contains("\(ref) is not a regular file (it is a character device)"), device.message)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: ref), "/dev/zero", "left in place")

        try FileManager.default.removeItem(atPath: ref)
        XCTAssertEqual(mkfifo(ref, 0o644), 0)
        let fifo = try XCTUnwrap(verify("x", record: .failed))  // returns at once: no writer is waited for
        XCTAssertEqual(fifo.kind, .unreadableReference)
        XCTAssertTrue(fifo.message.contains("\(ref) is not a regular file (it is a FIFO)"), fifo.message)
        XCTAssertTrue(fifo.message.contains("It is not a regular file: delete it and re-record:  "), fifo.message)
        XCTAssertFalse(fifo.message.contains("permissions"), "permissions are not the problem: \(fifo.message)")
        var st = stat()
        XCTAssertTrue(lstat(ref, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO, "the FIFO is left in place")
    }

    func testUnknownRecordModeFailsWithoutWriting() throws {
        let failure = try XCTUnwrap(verify("x", env: ["SNAPSHOT_TESTING_RECORD": "yes"]))
        XCTAssertEqual(failure.kind, .configuration)
        XCTAssertEqual(failure.message, "Snapshot testLabel.label was not checked: environment variable SNAPSHOT_TESTING_RECORD is \"yes\", which is not a record mode: use one of all, missing, failed, never")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pkg.snapshots))
        XCTAssertEqual(visibleFiles(under: pkg.root + "/.build"), [], "no artifact; only the run's manifest and claims (hidden folders)")
    }

    func testArtifactsInsideTheReferencesFailWithoutWriting() throws {
        for (value, env) in [("__Snapshots__", [:]), ("__Snapshots__/art", [:]), ("Refs/art", ["LABELSNAP_SNAPSHOTS_DIR": "Refs"])] {
            let failure = try XCTUnwrap(verify("x", env: env.merging(["SNAPSHOT_ARTIFACTS": value]) { $1 }), value)
            XCTAssertEqual(failure.kind, .configuration)
            let references = pkg.root + "/" + (env.isEmpty ? "__Snapshots__" : "Refs")
            XCTAssertTrue(failure.message.contains("SNAPSHOT_ARTIFACTS=\(value) puts the artifacts folder (\(pkg.root)/\(value)) "
                                                   + "inside the folder of references \(references)"), failure.message)
            XCTAssertFalse(FileManager.default.fileExists(atPath: references), "nothing written: no reference, no artifact, no run file")
        }
    }

    /// Files below `folder`, skipping hidden folders (`.manifests`, `.runs`: the run's bookkeeping).
    func visibleFiles(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let next = walker.nextObject() as? String {
            if next.split(separator: "/").contains(where: { $0.hasPrefix(".") && $0 != ".build" }) { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + next, isDirectory: &isDirectory), !isDirectory.boolValue { found.append(next) }
        }
        return found
    }

    func testReadOnlySnapshotsFolder() throws {
        try FileManager.default.createDirectory(atPath: pkg.snapshots, withIntermediateDirectories: true)
        guard pkg.makeReadOnly(pkg.snapshots) else { throw XCTSkip("cannot make a folder read-only here") }
        let failure = try XCTUnwrap(verify("x"))
        XCTAssertEqual(failure.kind, .writeFailed)
        XCTAssertTrue(failure.message.hasPrefix("Snapshot testLabel.label could not be recorded (record mode \"missing\"): cannot write \(pkg.snapshots)/FakeTests: "), failure.message)
        XCTAssertTrue(failure.message.contains("The folder is read-only"), failure.message)
        XCTAssertEqual(pkg.list(pkg.snapshots), [])
    }

    /// A read-only artifacts folder (another user's checkout, a read-only mount) gives one line of advice,
    /// `SNAPSHOT_ARTIFACTS`, however many artifacts were not written: not `chmod` (the folder may not be
    /// this user's) and not record mode `never` (which writes artifacts too).
    func testReadOnlyArtifactsFolderAdvisesSnapshotArtifactsOnce() throws {
        XCTAssertEqual(verify("hello")?.kind, .missingReference, "recorded")
        let artifactsRoot = pkg.root + "/.build/snapshot-artifacts"
        try FileManager.default.createDirectory(atPath: artifactsRoot, withIntermediateDirectories: true)
        guard pkg.makeReadOnly(artifactsRoot) else { throw XCTSkip("cannot make a folder read-only here") }
        let failure = try XCTUnwrap(verify("world"))
        XCTAssertEqual(failure.kind, .mismatch)
        XCTAssertFalse(failure.recordWritten)
        XCTAssertEqual(failure.message.components(separatedBy: "SNAPSHOT_ARTIFACTS").count - 1, 1, failure.message)
        XCTAssertTrue(failure.message.contains("The artifacts folder \(artifactsRoot) is not writable: point SNAPSHOT_ARTIFACTS at a folder you can write"), failure.message)
        XCTAssertFalse(failure.message.contains("chmod"), failure.message)
        XCTAssertFalse(failure.message.contains("=never"), failure.message)
        XCTAssertTrue(failure.message.contains("Artifact not written: actual: cannot write "), failure.message)
    }

    func testUnnamedSnapshotsAreNumberedPerTest() throws {
        let counter = SnapshotCounter()
        for text in ["a", "b"] {
            _ = SnapshotVerifier.verify(text, as: .text, filePath: pkg.testFile, testName: "testTwo()", environment: [:], counter: counter)
        }
        XCTAssertEqual(pkg.list(pkg.referenceFolder), ["testTwo.1.txt", "testTwo.2.txt"])
        XCTAssertEqual(pkg.bytes(pkg.reference("testTwo.2.txt")), Array("b".utf8))
    }

    func testHostileNameStaysInside() throws {
        let failure = try XCTUnwrap(verify("x", named: "../../../etc/passwd"))
        XCTAssertEqual(failure.location?.referencePath, pkg.reference("testLabel.etc-passwd.txt"))
        XCTAssertEqual(pkg.list(pkg.referenceFolder), ["testLabel.etc-passwd.txt"])
        XCTAssertEqual(pkg.list(pkg.root).filter { $0 != ".build" }, ["Package.swift", "Tests", "__Snapshots__"])
        XCTAssertEqual(visibleFiles(under: pkg.root + "/.build"), [], "nothing but the run's bookkeeping")
    }

    func testNamesThatSanitiseToTheSameFileAreRefused() throws {
        let pkg = try TempPackage()
        let counter = SnapshotCounter()
        func check(_ named: String?, _ text: String = "x") -> SnapshotFailure? {
            SnapshotVerifier.verify(text, as: .text, named: named, record: .missing, filePath: pkg.testFile,
                                    testName: "testNames()", environment: [:], counter: counter)
        }
        XCTAssertEqual(check("a/b")?.kind, .missingReference)
        let clash = try XCTUnwrap(check("a-b"))
        XCTAssertEqual(clash.kind, .configuration)
        XCTAssertTrue(clash.message.contains("testNames() named: \"a-b\" and testNames() named: \"a/b\" both map to __Snapshots__/FakeTests/BadgeTests/testNames.a-b.txt"), clash.message)
        XCTAssertEqual(pkg.bytes(pkg.reference("testNames.a-b.txt")), Array("x".utf8), "the first snapshot's reference is untouched")
        // The same name again (a loop, a repeated assertion) is the same snapshot, not a clash.
        XCTAssertNil(check("a/b"))
        // A named "1" and the first numbered snapshot share testNames.1.txt.
        XCTAssertEqual(check(nil)?.kind, .missingReference)
        XCTAssertEqual(check("1")?.kind, .configuration)
    }

    /// A helper's unnamed snapshots where the running test could not tell them apart by name: the refusal says
    /// how to name them after the test (forward `testName:`), beside renaming.
    func testAHelpersClashSaysToForwardTheTestName() throws {
        let pkg = try TempPackage()
        let counter = SnapshotCounter()
        func check(_ testCase: String) -> SnapshotFailure? {
            SnapshotVerifier.verify("x", as: .text, record: .missing, filePath: pkg.testFile, testName: "assertBadge(_:)",
                                    environment: [:], counter: counter, testCase: testCase)
        }
        XCTAssertEqual(check("BadgeTests.testA")?.kind, .missingReference)
        let clash = try XCTUnwrap(check("BadgeTests.testB"))
        XCTAssertEqual(clash.kind, .configuration)
        XCTAssertTrue(clash.message.contains("Rename one of the tests"), clash.message)
        XCTAssertTrue(clash.message.hasSuffix("where it does not, forward the test's `testName: String = #function` "
            + "(with `fileID:`, `file:` and `line:`) from the helper."), clash.message)
    }

    /// A `testName:` given to two tests maps both to one file: their `named:` snapshots share it on purpose, their
    /// numbered ones (each test counts its own) are refused, and the refusal says why and how to share on purpose.
    func testTwoTestsGivenOneTestNameShareNamedSnapshotsOnly() throws {
        let pkg = try TempPackage()
        let counter = SnapshotCounter()
        func check(_ testCase: String, named: String? = nil) -> SnapshotFailure? {
            SnapshotVerifier.verify("x", as: .text, named: named, record: .missing, filePath: pkg.testFile, testName: "sharedBadge",
                                    environment: [:], counter: counter, testCase: testCase)
        }
        XCTAssertEqual(check("EdgeTests.testSharedA", named: "v")?.kind, .missingReference)
        XCTAssertNil(check("EdgeTests.testSharedB", named: "v"), "one named reference, shared on purpose")
        XCTAssertEqual(check("EdgeTests.testSharedA")?.kind, .missingReference)
        let clash = try XCTUnwrap(check("EdgeTests.testSharedB"))
        XCTAssertEqual(clash.kind, .configuration)
        XCTAssertTrue(clash.message.contains("A `testName:` given to two tests (`testName: \"sharedBadge\"`) maps both to one file"),
                      clash.message)
        XCTAssertTrue(clash.message.contains("give both assertions one `named:`"), clash.message)
        XCTAssertEqual(pkg.list(pkg.referenceFolder), ["sharedBadge.1.txt", "sharedBadge.v.txt"])
    }
}

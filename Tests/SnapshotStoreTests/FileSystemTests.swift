import TestSupport
import XCTest
import SnapshotStore

final class FileSystemTests: XCTestCase {
    func testAtomicWriteReplacesAndKeeps() throws {
        let pkg = try TempPackage()
        let path = pkg.root + "/a/b/c/file.bin"
        XCTAssertTrue(try SnapshotFileSystem.writeAtomically([1, 2, 3], to: path))
        XCTAssertEqual(pkg.bytes(path), [1, 2, 3])
        XCTAssertTrue(try SnapshotFileSystem.writeAtomically([4, 5], to: path, existing: .replace, sync: true))
        XCTAssertEqual(pkg.bytes(path), [4, 5])
        XCTAssertFalse(try SnapshotFileSystem.writeAtomically([9], to: path, existing: .keep))
        XCTAssertEqual(pkg.bytes(path), [4, 5])
        XCTAssertEqual(pkg.list(pkg.root + "/a/b/c"), ["file.bin"], "no temporary file is left behind")
        XCTAssertEqual(try SnapshotFileSystem.readIfPresent(path), [4, 5])
        XCTAssertNil(try SnapshotFileSystem.readIfPresent(pkg.root + "/missing"))
        XCTAssertEqual(try SnapshotFileSystem.readIfPresent(pkg.root + "/a/b/c/file.bin", limit: 2), [4, 5])
        XCTAssertThrowsError(try SnapshotFileSystem.readIfPresent(path, limit: 1)) {
            XCTAssertEqual($0 as? SnapshotStoreError, .fileTooLarge(path: path, size: 2, limit: 1))
        }
        XCTAssertThrowsError(try SnapshotFileSystem.readIfPresent(pkg.root + "/a")) { error in
            XCTAssertEqual(error as? SnapshotStoreError, .notARegularFile(path: pkg.root + "/a", kind: "a folder"))
        }
    }

    func testFileInPlaceOfAFolder() throws {
        let pkg = try TempPackage()
        try pkg.write([0], to: pkg.root + "/__Snapshots__")
        XCTAssertThrowsError(try SnapshotFileSystem.writeAtomically([1], to: pkg.root + "/__Snapshots__/X/a.png")) {
            XCTAssertEqual($0 as? SnapshotStoreError, .notADirectory(path: pkg.root + "/__Snapshots__"))
        }
    }

    func testReadOnlyFolderGivesAClearError() throws {
        let pkg = try TempPackage()
        try FileManager.default.createDirectory(atPath: pkg.snapshots, withIntermediateDirectories: true)
        guard pkg.makeReadOnly(pkg.snapshots) else { throw XCTSkip("cannot make a folder read-only here") }
        XCTAssertThrowsError(try SnapshotFileSystem.writeAtomically([1], to: pkg.snapshots + "/X/a.png")) { error in
            guard case .notWritable(let path, _)? = error as? SnapshotStoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, pkg.snapshots + "/X")
            XCTAssertTrue("\(error)".contains("read-only"), "\(error)")
            XCTAssertTrue("\(error)".contains("SNAPSHOT_TESTING_RECORD=never"), "\(error)")
        }
    }

    func testParallelWritersNeverTearAFile() throws {
        let pkg = try TempPackage()
        let path = pkg.root + "/shared.bin"
        let payloads = (0..<16).map { i in [UInt8](repeating: UInt8(i), count: 64 * 1024) }
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            _ = try? SnapshotFileSystem.writeAtomically(payloads[i % 16], to: path)
            if let read = try? SnapshotFileSystem.readIfPresent(path) {
                XCTAssertTrue(payloads.contains(read), "torn read")
            }
        }
        XCTAssertEqual(pkg.list(pkg.root), ["Package.swift", "Tests", "shared.bin"])
    }
}

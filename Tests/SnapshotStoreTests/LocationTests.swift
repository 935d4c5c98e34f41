import TestSupport
import XCTest
import SnapshotStore

final class LocationTests: XCTestCase {
    func testReferenceAndArtifactPaths() throws {
        let pkg = try TempPackage()
        // A nested test file: the root is the nearest folder with Package.swift.
        let file = pkg.root + "/Tests/FakeTests/Sub/BadgeTests.swift"
        let counter = SnapshotCounter()
        let first = SnapshotLocation.next(filePath: file, testName: "testBadge()", name: nil, pathExtension: "png",
                                          environment: [:], counter: counter)
        XCTAssertEqual(first.packageRoot, pkg.root)
        XCTAssertEqual(first.referencePath, pkg.root + "/__Snapshots__/FakeTests/BadgeTests/testBadge.1.png")
        XCTAssertEqual(first.referenceRelativePath, "__Snapshots__/FakeTests/BadgeTests/testBadge.1.png")
        XCTAssertEqual(first.actualPath, pkg.root + "/.build/snapshot-artifacts/FakeTests/BadgeTests/testBadge.1.png.actual.png")
        XCTAssertEqual(first.artifactPath("diff"), pkg.root + "/.build/snapshot-artifacts/FakeTests/BadgeTests/testBadge.1.png.diff.png")
        XCTAssertEqual(first.failureRecordPath, pkg.root + "/.build/snapshot-artifacts/FakeTests/BadgeTests/testBadge.1.png.failure.json")
        let second = SnapshotLocation.next(filePath: file, testName: "testBadge()", name: nil, pathExtension: "png",
                                           environment: [:], counter: counter)
        XCTAssertEqual(second.identifier, "2")
        let named = SnapshotLocation.next(filePath: file, testName: "testBadge()", name: "dark mode", pathExtension: "png",
                                          environment: [:], counter: counter)
        XCTAssertEqual(named.referencePath, pkg.root + "/__Snapshots__/FakeTests/BadgeTests/testBadge.dark-mode.png")
        // Named snapshots do not take a number; another test has its own counter.
        XCTAssertEqual(SnapshotLocation.next(filePath: file, testName: "testBadge()", name: nil, pathExtension: "png",
                                             environment: [:], counter: counter).identifier, "3")
        XCTAssertEqual(SnapshotLocation.next(filePath: file, testName: "testOther()", name: nil, pathExtension: "png",
                                             environment: [:], counter: counter).identifier, "1")
    }

    func testNamesCannotLeaveTheSnapshotsFolder() throws {
        let pkg = try TempPackage()
        let hostile = ["../../etc/passwd", "/etc/passwd", "..", "a/../../b", "x\u{0}y", String(repeating: "../", count: 400),
                       String(repeating: "n", count: 10_000), "\u{1B}[31mred", "con:aux"]
        for name in hostile {
            for testName in [name, "testX()"] {
                let loc = SnapshotLocation.next(filePath: pkg.testFile, testName: testName, name: name, pathExtension: "png",
                                                environment: [:], counter: SnapshotCounter())
                let normalized = SnapshotLocation.normalize(loc.referencePath)
                XCTAssertEqual(normalized, loc.referencePath, name)
                XCTAssertTrue(loc.referencePath.hasPrefix(pkg.referenceFolder + "/"), loc.referencePath)
                XCTAssertFalse(loc.referencePath.dropFirst(pkg.referenceFolder.count + 1).contains("/"))
                XCTAssertTrue(loc.failureRecordPath.hasPrefix(pkg.artifacts + "/"))
                XCTAssertLessThanOrEqual((loc.referencePath as NSString).lastPathComponent.utf8.count, 255)
                XCTAssertFalse(loc.referencePath.utf8.contains(0))
            }
        }
    }

    func testArtifactsRootFromEnvironment() throws {
        let pkg = try TempPackage()
        XCTAssertEqual(SnapshotLocation.artifactsRoot(packageRoot: pkg.root, environment: [:]),
                       pkg.root + "/.build/snapshot-artifacts")
        XCTAssertEqual(SnapshotLocation.artifactsRoot(packageRoot: pkg.root, environment: ["SNAPSHOT_ARTIFACTS": "/tmp/ci-art/"]),
                       "/tmp/ci-art")
        XCTAssertEqual(SnapshotLocation.artifactsRoot(packageRoot: pkg.root, environment: ["SNAPSHOT_ARTIFACTS": "out/art"]),
                       pkg.root + "/out/art")
        let loc = SnapshotLocation.next(filePath: pkg.testFile, testName: "testA()", name: nil, pathExtension: "txt",
                                        environment: ["SNAPSHOT_ARTIFACTS": "/tmp/ci-art"], counter: SnapshotCounter())
        XCTAssertEqual(loc.actualPath, "/tmp/ci-art/FakeTests/BadgeTests/testA.1.txt.actual.txt")
    }

    func testNoPackageSwiftFallsBackToTheTestFilesFolder() {
        XCTAssertEqual(SnapshotLocation.packageRoot(containing: "/nonexistent-labelsnap/Tests/X/A.swift"),
                       "/nonexistent-labelsnap/Tests/X")
    }

    func testCounterIsThreadSafe() {
        let counter = SnapshotCounter()
        let results = Mutex2<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 1000) { i in
            let n = counter.next(folder: "/f", testName: "t\(i % 2)")
            results.withLock { $0.append(n) }
        }
        let sorted = results.withLock { $0.sorted() }
        XCTAssertEqual(sorted, (1...500).flatMap { [$0, $0] })
        counter.reset(testName: "t0")
        XCTAssertEqual(counter.next(folder: "/f", testName: "t0"), 1)
        XCTAssertEqual(counter.next(folder: "/f", testName: "t1"), 501)
    }
}

/// A tiny lock-protected box for test bookkeeping.
final class Mutex2<T>: @unchecked Sendable {
    private var value: T
    private let lock = NSLock()
    init(_ value: T) { self.value = value }
    func withLock<R>(_ body: (inout T) -> R) -> R { lock.lock(); defer { lock.unlock() }; return body(&value) }
}

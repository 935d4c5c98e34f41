#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where one snapshot and its failure artifacts live (DESIGN.md §3):
///
/// - reference: `<package root>/__Snapshots__/<TestFileName>/<testName>.<id>.<ext>`
/// - artifacts: `<artifacts>/<TestFileName>/<testName>.<id>.actual.<ext>`, `.diff.<ext>`,
///   `.composite.<ext>` and `.failure.json`, where `<artifacts>` is `SNAPSHOT_ARTIFACTS`
///   (relative values are taken from the package root) or `<package root>/.build/snapshot-artifacts`.
///
/// The package root is the nearest folder above the test file that holds `Package.swift`
/// (the test file's own folder when there is none). Every component below the root is a
/// sanitised single component (`SnapshotNaming`), so no `named:` or test name can leave
/// `__Snapshots__` or the artifacts folder.
public struct SnapshotLocation: Sendable, Equatable {
    /// Name of the folder of reference snapshots in the package root.
    public static let snapshotsFolderName = "__Snapshots__"
    /// The environment variable naming the artifacts folder.
    public static let artifactsVariable = "SNAPSHOT_ARTIFACTS"
    /// Default artifacts folder, relative to the package root.
    public static let defaultArtifactsFolder = ".build/snapshot-artifacts"

    /// Absolute path of the test file (`#filePath`).
    public var testFilePath: String
    /// Folder holding `Package.swift` (absolute).
    public var packageRoot: String
    /// Sanitised test file name (`BadgeTests`).
    public var testFileName: String
    /// Sanitised test name (`testBadge`).
    public var testName: String
    /// Sanitised `named:` value or the counter value (`1`, `2`, …).
    public var identifier: String
    /// File extension of the format, without the dot (`png`, `txt`).
    public var pathExtension: String
    /// Absolute artifacts root.
    public var artifactsRoot: String

    /// `<testName>.<id>`, the snapshot's name in messages.
    public var snapshotName: String { "\(testName).\(identifier)" }
    /// `<package root>/__Snapshots__/<TestFileName>`.
    public var referenceFolder: String { packageRoot + "/" + Self.snapshotsFolderName + "/" + testFileName }
    /// The reference file, absolute.
    public var referencePath: String { referenceFolder + "/" + snapshotName + "." + pathExtension }
    /// The reference file relative to the package root: `__Snapshots__/BadgeTests/testBadge.1.png`.
    public var referenceRelativePath: String {
        Self.snapshotsFolderName + "/" + testFileName + "/" + snapshotName + "." + pathExtension
    }
    /// `<artifacts>/<TestFileName>`.
    public var artifactsFolder: String { artifactsRoot + "/" + testFileName }
    /// The reference's file name, `<testName>.<id>.<ext>`: every artifact name starts with it.
    public var referenceFileName: String { snapshotName + "." + pathExtension }
    /// The actual value that failed: `<testName>.<id>.<ext>.actual.<ext>`.
    public var actualPath: String { artifactPath("actual") }
    /// The failure record (JSON, `SnapshotFailureRecord`): `<testName>.<id>.<ext>.failure.json`.
    public var failureRecordPath: String { artifactPath("failure", pathExtension: "json") }
    /// An artifact of kind `kind` (`actual`, `diff`, `composite`, `reference`, `failure`) with the
    /// format's extension, or `ext` when given: `<reference file name>.<kind>.<ext>`; an extension equal
    /// to the kind is not repeated (`testA.1.txt.diff`, never `….diff.diff`).
    ///
    /// Why no two snapshots share an artifact (issue 15, defect 3): `kind` and `ext` are single
    /// components without a dot, so the last two dot-separated parts of an artifact name are its kind
    /// and extension and what precedes them is the reference's file name, unique per snapshot (claimed
    /// in `SnapshotVerifier`). An `.image` and a `.layout` snapshot of the same `named:` have
    /// `….png.*` and `….txt.*` artifacts.
    public func artifactPath(_ kind: String, pathExtension ext: String? = nil) -> String {
        let kind = Self.artifactComponent(kind), ext = Self.artifactComponent(ext ?? pathExtension)
        return artifactsFolder + "/" + referenceFileName + "." + kind + (ext == kind ? "" : "." + ext)
    }

    /// Longest artifact kind or extension, in bytes (names stay under 255 bytes with the longest
    /// test name and id: 2 × `SnapshotNaming.maximumComponentLength` + 3 × 17 + 5).
    public static let maximumArtifactComponentLength = 16

    static func artifactComponent(_ text: String) -> String {
        var out = ""
        for ch in SnapshotNaming.sanitize(text) {
            guard out.utf8.count + ch.utf8.count <= maximumArtifactComponentLength else { break }
            out.append(ch == "." ? "-" : ch)
        }
        return out
    }

    /// A location from already-known parts (names are sanitised here too).
    public init(testFilePath: String, packageRoot: String, testName: String, identifier: String,
                pathExtension: String, artifactsRoot: String) {
        self.testFilePath = testFilePath
        self.packageRoot = packageRoot
        self.testFileName = SnapshotNaming.testFileName(testFilePath)
        self.testName = SnapshotNaming.testName(testName)
        self.identifier = SnapshotNaming.sanitize(identifier)
        self.pathExtension = SnapshotNaming.sanitize(pathExtension)
        self.artifactsRoot = artifactsRoot
    }

    /// The location of the next snapshot of a test.
    /// - Parameters:
    ///   - filePath: the test file (`#filePath`); a relative path is taken from the working folder.
    ///   - testName: the test function (`#function`), e.g. `testBadge()`.
    ///   - name: the `named:` value; `nil` takes the next value of the test's counter.
    ///   - pathExtension: the format's extension (`png`).
    ///   - environment: read for `SNAPSHOT_ARTIFACTS`.
    ///   - counter: the counter that numbers unnamed snapshots (shared, thread-safe).
    ///   - testCase: the running test's identity (`BadgeTests.testBadge`, a Swift Testing test id), when known:
    ///     unnamed snapshots are numbered from 1 for each, whatever else runs in the process.
    public static func next(filePath: String, testName: String, name: String?, pathExtension: String,
                            environment: [String: String], counter: SnapshotCounter = .shared,
                            testCase: String? = nil) -> SnapshotLocation {
        let file = absolutePath(filePath)
        let root = packageRoot(containing: file)
        let artifacts = artifactsRoot(packageRoot: root, environment: environment)
        let sanitizedTest = SnapshotNaming.testName(testName)
        let id: String
        if let name {
            id = name
        } else {
            let folder = root + "/" + snapshotsFolderName + "/" + SnapshotNaming.testFileName(file)
            id = String(counter.next(folder: folder, testName: sanitizedTest, testCase: testCase))
        }
        return SnapshotLocation(testFilePath: file, packageRoot: root, testName: testName, identifier: id,
                                pathExtension: pathExtension, artifactsRoot: artifacts)
    }

    /// The artifacts root for a package root: `SNAPSHOT_ARTIFACTS` (relative values from the root)
    /// or `<root>/.build/snapshot-artifacts`.
    public static func artifactsRoot(packageRoot root: String, environment: [String: String]) -> String {
        if let value = environment[artifactsVariable]?.trimmingWhitespace(), !value.isEmpty {
            let path = value.hasPrefix("/") ? value : root + "/" + value
            return normalize(path)
        }
        return root + "/" + defaultArtifactsFolder
    }

    /// The nearest folder at or above the file's folder that holds `Package.swift`; the file's
    /// own folder when no folder above has one.
    public static func packageRoot(containing filePath: String) -> String {
        let file = absolutePath(filePath)
        let start = SnapshotFileSystem.split(file).0
        if let cached = rootCache.withLock({ $0[start] }) { return cached }
        var folder = start
        var found: String?
        while true {
            if access(folder + (folder == "/" ? "" : "/") + "Package.swift", F_OK) == 0 { found = folder; break }
            if folder == "/" || folder.isEmpty { break }
            folder = SnapshotFileSystem.split(folder).0
        }
        let root = found ?? start
        rootCache.withLock { $0[start] = root }
        return root
    }

    private static let rootCache = Locked<[String: String]>([:])

    /// `path` made absolute against the working folder and with `.`/`..`/empty components removed.
    public static func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let cwd = getcwd(&buffer, buffer.count) != nil
            ? String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/"
        return normalize(cwd + "/" + path)
    }

    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}

/// Numbers the unnamed snapshots of each test: 1, 2, 3, … per (reference folder, test name, running test case).
/// Thread-safe; Swift Testing runs tests in parallel in one process.
public final class SnapshotCounter: Sendable {
    /// The process-wide counter used by the assertions.
    public static let shared = SnapshotCounter()

    private let counts = Locked<[String: Int]>([:])

    public init() {}

    /// The next number (from 1) for `testName` in `folder`.
    public func next(folder: String, testName: String, testCase: String? = nil) -> Int {
        let key = folder + "\u{0}" + testName + "\u{0}" + (testCase ?? "")
        return counts.withLock { counts in
            let value = (counts[key] ?? 0) + 1
            counts[key] = value
            return value
        }
    }

    private let claims = Locked<[String: String]>([:])

    /// Records that `reference` holds the snapshot `rawName` (test name and `named:` as written, or
    /// "#n" for a numbered one). Returns the earlier name when another one was sanitised to the same
    /// file: two snapshots must never share a reference.
    public func claim(reference: String, rawName raw: String) -> String? {
        claims.withLock { claims in
            // Scalars, not String ==: canonically equivalent names ("é" and "e" + U+0301) are still two names.
            if let earlier = claims[reference], !earlier.unicodeScalars.elementsEqual(raw.unicodeScalars) { return earlier }
            claims[reference] = raw
            return nil
        }
    }

    /// Forgets the counts of one test (`testName` sanitised), or of all tests when `nil`.
    public func reset(testName: String? = nil) {
        counts.withLock { counts in
            guard let testName else { counts.removeAll(); return }
            counts = counts.filter { !$0.key.contains("\u{0}" + testName + "\u{0}") }
        }
    }
}

import Support
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where one snapshot and its failure artifacts live (docs/snapshots.md):
///
/// - reference: `<snapshots folder>/<TestModule>/<TestFileName>/<testName>.<id>.<ext>`, where the
///   snapshots folder is `<package root>/__Snapshots__` or the one named by `snapshotDirectory:` /
///   `LABELSNAP_SNAPSHOTS_DIR`
/// - artifacts: `<artifacts>/<TestModule>/<TestFileName>/<testName>.<id>.actual.<ext>`, `.diff.<ext>`,
///   `.composite.<ext>` and `.failure.json`, where `<artifacts>` is `SNAPSHOT_ARTIFACTS`
///   (relative values are taken from the package root) or `<package root>/.build/snapshot-artifacts`.
///
/// The package root is the nearest folder above the test file that holds `Package.swift`; when there
/// is none and no snapshots folder is named, the assertion fails and records nothing. Every component
/// below the root is a sanitised single component (`SnapshotNaming`), so no `named:` or test name can
/// leave the snapshots folder or the artifacts folder.
package struct SnapshotLocation: Sendable, Equatable {
    /// Name of the folder of reference snapshots in the package root.
    package static let snapshotsFolderName = "__Snapshots__"
    /// The environment variable naming the artifacts folder.
    package static let artifactsVariable = "SNAPSHOT_ARTIFACTS"
    /// Default artifacts folder, relative to the package root.
    package static let defaultArtifactsFolder = ".build/snapshot-artifacts"

    /// The environment variable naming the folder used in place of `<package root>/__Snapshots__`.
    package static let snapshotsDirectoryVariable = "LABELSNAP_SNAPSHOTS_DIR"

    /// Absolute path of the test file (`#filePath`).
    package var testFilePath: String
    /// Folder holding `Package.swift` (absolute); the test file's folder when none was found and a
    /// snapshots folder was named.
    package var packageRoot: String
    /// The folder of references: `<package root>/__Snapshots__`, or the one named by
    /// `snapshotDirectory:` / `LABELSNAP_SNAPSHOTS_DIR` (absolute).
    package var snapshotsFolder: String
    /// Sanitised test module (`LabelSnapshotTestingTests`); nil when unknown (references then sit
    /// directly under the snapshots folder, the layout before modules).
    package var moduleName: String?
    /// Sanitised test file name (`BadgeTests`).
    package var testFileName: String
    /// Sanitised test name (`testBadge`).
    package var testName: String
    /// Sanitised `named:` value or the counter value (`1`, `2`, …).
    package var identifier: String
    /// File extension of the format, without the dot (`png`, `txt`).
    package var pathExtension: String
    /// Absolute artifacts root.
    package var artifactsRoot: String
    /// No `Package.swift` was found and the test file's folder (the package root then) does not exist:
    /// sources moved away from where they were compiled.
    package var sourcesMissing = false

    /// Whether the run's own files (the manifest of used references, the claims of parallel processes) are
    /// kept under the artifacts root: not when that is the default folder below sources that no longer
    /// exist, where writing them would re-create the missing path on every run and nothing reads them.
    package var keepsRunFiles: Bool { !(sourcesMissing && artifactsRoot.hasPrefix(packageRoot + "/")) }

    /// `<testName>.<id>`, the snapshot's name in messages.
    package var snapshotName: String { "\(testName).\(identifier)" }
    /// `<Module>/<TestFileName>` (or `<TestFileName>` without a module): the same below the snapshots
    /// folder and the artifacts root.
    package var relativeFolder: String { (moduleName.map { $0 + "/" } ?? "") + testFileName }
    /// `<snapshots folder>/<Module>/<TestFileName>`.
    package var referenceFolder: String { snapshotsFolder + "/" + relativeFolder }
    /// The reference file, absolute.
    package var referencePath: String { referenceFolder + "/" + referenceFileName }
    /// Where the reference was before references were keyed by module (`<snapshots>/<TestFileName>/…`);
    /// nil without a module. Found there, it is moved to `referencePath` (docs/snapshots.md).
    package var legacyReferencePath: String? {
        moduleName == nil ? nil : snapshotsFolder + "/" + testFileName + "/" + referenceFileName
    }
    /// The reference relative to the package root (`__Snapshots__/AppTests/BadgeTests/testBadge.1.png`), or
    /// absolute when the snapshots folder is outside the package root.
    package var referenceRelativePath: String {
        referencePath.hasPrefix(packageRoot + "/") ? String(referencePath.dropFirst(packageRoot.count + 1)) : referencePath
    }
    /// `<artifacts>/<Module>/<TestFileName>`.
    package var artifactsFolder: String { artifactsRoot + "/" + relativeFolder }
    /// The reference's file name, `<testName>.<id>.<ext>`: every artifact name starts with it.
    package var referenceFileName: String { snapshotName + "." + pathExtension }
    /// The actual value that failed: `<testName>.<id>.<ext>.actual.<ext>`.
    package var actualPath: String { artifactPath("actual") }
    /// The failure record (JSON, `SnapshotFailureRecord`): `<testName>.<id>.<ext>.failure.json`.
    package var failureRecordPath: String { artifactPath("failure", pathExtension: "json") }
    /// An artifact of kind `kind` (`actual`, `diff`, `composite`, `reference`, `failure`) with the
    /// format's extension, or `ext` when given: `<reference file name>.<kind>.<ext>`; an extension equal
    /// to the kind is not repeated (`testA.1.txt.diff`, never `….diff.diff`).
    ///
    /// Why no two snapshots share an artifact (VerifierPropertyTests): `kind` and `ext` are single
    /// components without a dot, so the last two dot-separated parts of an artifact name are its kind
    /// and extension and what precedes them is the reference's file name, unique per snapshot (claimed
    /// in `SnapshotVerifier`). An `.image` and a `.layout` snapshot of the same `named:` have
    /// `….png.*` and `….txt.*` artifacts.
    package func artifactPath(_ kind: String, pathExtension ext: String? = nil) -> String {
        let kind = Self.artifactComponent(kind), ext = Self.artifactComponent(ext ?? pathExtension)
        return artifactsFolder + "/" + referenceFileName + "." + kind + (ext == kind ? "" : "." + ext)
    }

    /// Longest artifact kind or extension, in bytes (names stay under 255 bytes with the longest
    /// test name and id: 2 × `SnapshotNaming.maximumComponentLength` + 3 × 17 + 5).
    package static let maximumArtifactComponentLength = 16

    static func artifactComponent(_ text: String) -> String {
        // The verifier's own kinds and extensions ("failure", "json", "png") are already single components.
        if !text.isEmpty, text.utf8.count <= maximumArtifactComponentLength,
           text.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) { return text }
        var out = ""
        for ch in SnapshotNaming.sanitize(text) {
            guard out.utf8.count + ch.utf8.count <= maximumArtifactComponentLength else { break }
            out.append(ch == "." ? "-" : ch)
        }
        return out
    }

    /// A location from already-known parts (names are sanitised here too). `snapshotsFolder` nil is
    /// `<packageRoot>/__Snapshots__`.
    package init(testFilePath: String, packageRoot: String, testName: String, identifier: String,
                pathExtension: String, artifactsRoot: String, moduleName: String? = nil, snapshotsFolder: String? = nil) {
        self.testFilePath = testFilePath
        self.packageRoot = packageRoot
        self.snapshotsFolder = snapshotsFolder ?? packageRoot + "/" + Self.snapshotsFolderName
        self.moduleName = moduleName.map(SnapshotNaming.sanitize)
        self.testFileName = SnapshotNaming.testFileName(testFilePath)
        self.testName = SnapshotNaming.testName(testName)
        self.identifier = SnapshotNaming.sanitize(identifier)
        self.pathExtension = SnapshotNaming.sanitize(pathExtension)
        self.artifactsRoot = artifactsRoot
    }

    /// The location of the next snapshot of a test, without failing: when no package root is found,
    /// the test file's folder stands in for it. For paths of auxiliary artifacts; assertions use
    /// ``locate(filePath:fileID:testName:name:pathExtension:snapshotDirectory:environment:counter:testCase:)``.
    package static func next(filePath: String, testName: String, name: String?, pathExtension: String,
                            environment: [String: String], counter: SnapshotCounter = .shared,
                            testCase: String? = nil, fileID: String? = nil) -> SnapshotLocation {
        let file = absolutePath(filePath)
        let root = findPackageRoot(containing: file) ?? SnapshotFileSystem.split(file).0
        return make(file: file, root: root, snapshots: nil, fileID: fileID, testName: testName, name: name,
                    pathExtension: pathExtension, environment: environment, counter: counter, testCase: testCase)
    }

    /// The location of the next snapshot of a test (docs/snapshots.md).
    /// - Parameters:
    ///   - filePath: the test file (`#filePath`); a relative path is taken from the working folder.
    ///   - fileID: `#fileID` (`Module/File.swift`): the module keys the reference, so two test targets
    ///     with the same file names never share one. Used when it names the same file as `filePath`;
    ///     otherwise the module is the folder below `Tests/` in `filePath`, if any.
    ///   - testName: the test function (`#function`), e.g. `testBadge()`.
    ///   - name: the `named:` value; `nil` takes the next value of the test's counter.
    ///   - pathExtension: the format's extension (`png`).
    ///   - snapshotDirectory: the folder used in place of `<package root>/__Snapshots__` (relative:
    ///     from the package root, else the working folder); nil reads `LABELSNAP_SNAPSHOTS_DIR`.
    ///   - environment: read for `LABELSNAP_SNAPSHOTS_DIR` and `SNAPSHOT_ARTIFACTS`.
    ///   - counter: the counter that numbers unnamed snapshots (shared, thread-safe).
    ///   - testCase: the running test's identity (`BadgeTests.testBadge`, a Swift Testing test id), when known:
    ///     unnamed snapshots are numbered from 1 for each, whatever else runs in the process.
    /// - Throws: `SnapshotConfigurationError` when no `Package.swift` is found above the test file and
    ///   no folder is named: it says where it looked and how to name one; or when `SNAPSHOT_ARTIFACTS` names a
    ///   folder inside a `__Snapshots__` folder or the `LABELSNAP_SNAPSHOTS_DIR` folder; or when the named folder is one
    ///   `referencesFolderProblem` refuses (the filesystem root, the package root, the artifacts or build folder, a source
    ///   folder) or a file. Nothing is recorded then.
    package static func locate(filePath: String, fileID: String? = nil, testName: String, name: String?,
                              pathExtension: String, snapshotDirectory: String? = nil,
                              environment: [String: String], counter: SnapshotCounter = .shared,
                              testCase: String? = nil) throws -> SnapshotLocation {
        try locateRemembered(filePath: filePath, fileID: fileID, testName: testName, name: name, pathExtension: pathExtension,
                             snapshotDirectory: snapshotDirectory, environment: environment, counter: counter,
                             testCase: testCase).location
    }

    /// `locate`, with what the pass path works out once per named snapshot and process (`RememberedLocation`;
    /// nil for an unnamed snapshot, whose file changes with the counter, and for relative paths).
    static func locateRemembered(filePath: String, fileID: String?, testName: String, name: String?,
                                 pathExtension: String, snapshotDirectory: String?,
                                 environment: [String: String], counter: SnapshotCounter,
                                 testCase: String?) throws -> (location: SnapshotLocation, remembered: RememberedLocation?) {
        // The same snapshot asserted again (a pass path taken thousands of times) reuses the paths: they
        // depend only on these inputs and on where Package.swift is, which `findPackageRoot` caches too.
        // Relative paths depend on the working folder as well, so only absolute ones are remembered.
        let directory = snapshotDirectory ?? environment[snapshotsDirectoryVariable]
        let memoKey = filePath.hasPrefix("/") && (directory.map { $0.hasPrefix("/") || $0.trimmingWhitespace().isEmpty } ?? true)
            ? LocationMemoKey(filePath: filePath, fileID: fileID, testName: testName, name: name, pathExtension: pathExtension,
                              snapshotDirectory: snapshotDirectory, snapshotsVariable: environment[snapshotsDirectoryVariable],
                              artifactsVariable: environment[artifactsVariable])
            : nil
        if let memoKey, let remembered = locationMemo.withLock({ $0[memoKey] }) {
            guard name == nil else { return (remembered.location, remembered) }
            var location = remembered.location
            location.identifier = String(counter.next(folder: location.referenceFolder, testName: location.testName,
                                                      testCase: testCase))
            return (location, nil)
        }
        let location = try locateUncached(filePath: filePath, fileID: fileID, testName: testName, name: name,
                                          pathExtension: pathExtension, snapshotDirectory: snapshotDirectory,
                                          environment: environment, counter: counter, testCase: testCase)
        guard let memoKey else { return (location, nil) }
        let remembered = RememberedLocation(location)
        locationMemo.withLock { memo in
            if memo.count >= 4096 { memo.removeAll() }   // bounded: a suite's snapshots, not every one ever
            memo[memoKey] = remembered
        }
        return (location, name == nil ? nil : remembered)
    }

    /// The inputs a location depends on (besides where Package.swift is): hashed field by field, not joined.
    private struct LocationMemoKey: Hashable {
        var filePath: String, fileID: String?, testName: String, name: String?, pathExtension: String
        var snapshotDirectory: String?, snapshotsVariable: String?, artifactsVariable: String?
    }

    private static let locationMemo = Locked<[LocationMemoKey: RememberedLocation]>([:])

    private static func locateUncached(filePath: String, fileID: String?, testName: String, name: String?,
                                       pathExtension: String, snapshotDirectory: String?,
                                       environment: [String: String], counter: SnapshotCounter,
                                       testCase: String?) throws -> SnapshotLocation {
        let file = absolutePath(filePath)
        let found = findPackageRoot(containing: file)
        let named = snapshotDirectory?.trimmingWhitespace().nonEmpty
            ?? environment[snapshotsDirectoryVariable]?.trimmingWhitespace().nonEmpty
        guard found != nil || named != nil else {
            let start = SnapshotFileSystem.split(file).0
            throw SnapshotConfigurationError(
                "no Package.swift was found in \(start) or any folder above it (the test file is \(file); "
                    + "sources built elsewhere?), so there is no __Snapshots__ folder to use and nothing was recorded. "
                    + "Name the folder of references: set \(snapshotsDirectoryVariable)=/path/to/__Snapshots__, or pass "
                    + "snapshotDirectory: to the assertion, withSnapshotTesting or the .snapshots trait")
        }
        let root = found ?? SnapshotFileSystem.split(file).0
        let snapshots = named.map { $0.hasPrefix("/") ? normalize($0) : (found.map { normalize($0 + "/" + named!) } ?? absolutePath($0)) }
        var location = make(file: file, root: root, snapshots: snapshots, fileID: fileID, testName: testName, name: name,
                            pathExtension: pathExtension, environment: environment, counter: counter, testCase: testCase)
        // A `__Snapshots__` folder or the `LABELSNAP_SNAPSHOTS_DIR` one; a `snapshotDirectory:` argument may name a
        // scratch folder that holds both on purpose (as throw-away packages of tests do).
        let namedByVariable = snapshotDirectory == nil && environment[snapshotsDirectoryVariable] != nil
        if let references = referencesFolder(containing: location.artifactsRoot,
                                                folders: namedByVariable ? [location.snapshotsFolder] : [], base: root) {
            throw SnapshotConfigurationError(artifactsInReferencesMessage(
                location.artifactsRoot, references: references, source: "\(artifactsVariable)=\(environment[artifactsVariable] ?? "")"))
        }
        // One rule for a named folder, whichever names it (`referencesFolderProblem`), and a file in its place.
        if let named {
            let source = snapshotDirectory?.trimmingWhitespace().nonEmpty.map { "snapshotDirectory: \"\($0)\"" }
                ?? "\(snapshotsDirectoryVariable)=\(named)"
            if let problem = referencesFolderProblem(location.snapshotsFolder, packageRoot: found, artifactsRoot: location.artifactsRoot)
                ?? fileInTheWay(of: location.snapshotsFolder) {
                throw SnapshotConfigurationError(
                    "\(source) names \(location.snapshotsFolder), which \(problem), so it cannot hold references and nothing was "
                        + "recorded. Name a folder of its own (\"References\", from the package root), or none: references then go "
                        + "to <package root>/\(snapshotsFolderName)")
            }
        }
        location.sourcesMissing = found == nil && !SnapshotFileSystem.exists(root)
        return location
    }

    private static func make(file: String, root: String, snapshots: String?, fileID: String?, testName: String,
                             name: String?, pathExtension: String, environment: [String: String],
                             counter: SnapshotCounter, testCase: String?) -> SnapshotLocation {
        let artifacts = artifactsRoot(packageRoot: root, environment: environment)
        var location = SnapshotLocation(testFilePath: file, packageRoot: root, testName: testName, identifier: name ?? "0",
                                        pathExtension: pathExtension, artifactsRoot: artifacts,
                                        moduleName: moduleName(fileID: fileID, filePath: file, packageRoot: root),
                                        snapshotsFolder: snapshots)
        if name == nil {
            location.identifier = String(counter.next(folder: location.referenceFolder, testName: location.testName,
                                                      testCase: testCase))
        }
        return location
    }

    /// The test module: from `#fileID` (`Module/File.swift`) when it names the same file as `filePath`,
    /// else the folder below `<package root>/Tests/` in `filePath`, else nil.
    package static func moduleName(fileID: String?, filePath: String, packageRoot: String) -> String? {
        if let fileID, let slash = fileID.firstIndex(of: "/"),
           SnapshotFileSystem.split(filePath).1 == SnapshotFileSystem.split(fileID).1 {
            let module = String(fileID[..<slash])
            if !module.isEmpty { return module }
        }
        // `<root>/Tests/<Module>/…`; for sources no longer below their package (moved, built
        // elsewhere) the last `/Tests/<Module>/` of the path.
        let tests = packageRoot + "/Tests/"
        let parts: [Substring] = filePath.hasPrefix(tests) ? ["Tests"] + filePath.dropFirst(tests.count).split(separator: "/")
                                                           : filePath.split(separator: "/")
        guard let index = parts.dropLast(2).lastIndex(of: "Tests") else { return nil }
        return String(parts[index + 1])
    }

    /// The artifacts root for a package root: `SNAPSHOT_ARTIFACTS` (relative values from the root)
    /// or `<root>/.build/snapshot-artifacts`.
    package static func artifactsRoot(packageRoot root: String, environment: [String: String]) -> String {
        if let value = environment[artifactsVariable]?.trimmingWhitespace(), !value.isEmpty {
            let path = value.hasPrefix("/") ? value : root + "/" + value
            return normalize(path)
        }
        return root + "/" + defaultArtifactsFolder
    }

    /// The nearest folder at or above the file's folder that holds `Package.swift`; the file's
    /// own folder when no folder above has one.
    package static func packageRoot(containing filePath: String) -> String {
        let file = absolutePath(filePath)
        return findPackageRoot(containing: file) ?? SnapshotFileSystem.split(file).0
    }

    /// The nearest folder at or above the file's folder that holds `Package.swift`, or nil.
    package static func findPackageRoot(containing filePath: String) -> String? {
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
        if let found { rootCache.withLock { $0[start] = found } }
        return found
    }

    private static let rootCache = Locked<[String: String]>([:])

    /// `path` made absolute against the working folder and with `.`/`..`/empty components removed.
    package static func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let cwd = getcwd(&buffer, buffer.count) != nil
            ? String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/"
        return normalize(cwd + "/" + path)
    }

    /// `path` as an absolute path with `.` and empty components dropped and each `..` taking the one before it (lexically: symbolic
    /// links are not resolved).
    package static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}

/// What the pass path of one named snapshot works out once per process, kept with the location memo
/// (`SnapshotLocation.locateRemembered`): the reference's path and collision key, whether its use is in the
/// run's manifest, and whether a pass has already cleared its stale failure artifacts.
final class RememberedLocation: Sendable {
    let location: SnapshotLocation
    /// `location.referencePath`, built once (it joins five strings).
    let referencePath: String
    /// `SnapshotVerifier.collisionKey(referencePath)` (Foundation's canonical decomposition: costly).
    let collisionKey: String
    /// Set once `SnapshotVerifier.recordUse` has noted the reference in the manifest.
    let useRecorded = Atomic<Bool>(false)
    /// Set by a pass once no failure record of this snapshot is left in the artifacts folder; cleared by
    /// every failure of it in this process (which may write one).
    let artifactsClean = Atomic<Bool>(false)

    init(_ location: SnapshotLocation) {
        self.location = location
        referencePath = location.referencePath
        collisionKey = SnapshotVerifier.collisionKey(referencePath)
    }
}

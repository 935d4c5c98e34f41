// `labelsnap review`, `accept`, `reject`: the pending failures that failing snapshot assertions left
// under the artifacts folder (DESIGN.md §3), listed, accepted into `__Snapshots__`, or discarded.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import PNGCodec
import SnapshotStore

// MARK: - Help

let reviewHelp = """
usage: labelsnap review [--artifacts DIR] [--json]

Lists the pending snapshot failures recorded under the artifacts folder: test, snapshot, reference,
differing pixels and ratio, size change, and the command that accepts each.

options:
  --artifacts DIR   artifacts folder (default: $SNAPSHOT_ARTIFACTS, relative to the package root,
                    else <package root>/.build/snapshot-artifacts; the package root is the nearest
                    folder at or above the working folder holding Package.swift)
  --json            print one JSON object {"artifacts", "count", "failures": […], "errors": […]}
  -h, --help        show this help
Exit status: 0 listed (also when there is nothing pending), 2 error (an unreadable record, a bad option).
"""

let acceptHelp = """
usage: labelsnap accept RECORD.failure.json… | NAME… | --all [--artifacts DIR] [--dry-run] [--force]

Replaces each selected failure's reference in __Snapshots__ with its actual image (a temporary file in
the same folder, then rename), then removes the failure's artifacts. References are only ever written
inside <package root>/__Snapshots__; a record pointing elsewhere is refused.

selection:
  RECORD.failure.json  a failure record (the path printed by the failing test)
  NAME                 a pending failure under the artifacts folder, by snapshot (testBadge.1),
                       test file and snapshot (BadgeTests/testBadge.1), test (testBadge: all of its
                       snapshots), or reference path (__Snapshots__/BadgeTests/testBadge.1.png)
  --all                every pending failure under the artifacts folder
options:
  --artifacts DIR      artifacts folder searched for NAME and --all (see labelsnap review --help)
  --dry-run            print what would be done, change nothing
  --force              replace a reference even if it changed after the failure was recorded
  -h, --help           show this help
Nothing changes when a NAME matches nothing. When artifacts were moved (downloaded from CI), the
files next to the record are used, and a reference whose package root does not exist here is taken
relative to the current package root.
Exit status: 0 done (also --all with nothing pending), 1 a NAME matched nothing, 2 error (missing or
corrupt record, reference outside __Snapshots__, missing actual file, a failed write).
"""

let rejectHelp = """
usage: labelsnap reject RECORD.failure.json… | NAME… | --all [--artifacts DIR] [--dry-run]

Discards the selected failures: removes their artifacts (actual, diff, composite, record) and keeps
the reference exactly as it is. Only files of that failure next to its record are removed.

selection and options: as labelsnap accept (see labelsnap accept --help).
Exit status: 0 done, 1 a NAME matched nothing, 2 error (missing or corrupt record, a failed removal).
"""

// MARK: - Pending failures

/// An error of a review command: printed on stderr, exit status 2.
struct ReviewError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// One failure record found on disk, with its artifact files resolved next to the record.
struct PendingFailure {
    /// Absolute, normalised path of the `.failure.json`.
    let recordPath: String
    let record: SnapshotFailureRecord

    /// The folder holding the record and its artifacts.
    var folder: String { parentFolder(recordPath) }
    /// `BadgeTests` (from the record's test file).
    var testFileName: String { SnapshotNaming.testFileName(record.testFile) }
    /// `BadgeTests/testBadge.1`, the name shown and accepted on the command line.
    var displayName: String { testFileName + "/" + record.snapshotName }
    /// `labelsnap accept '<record>'`.
    var acceptCommand: String { "labelsnap accept " + SnapshotVerifier.shellQuote(recordPath) }

    /// An artifact named by the record, looked up next to the record (artifacts always live there;
    /// this also finds them after the folder was moved). Only files named `<snapshot>.…` qualify.
    func artifact(_ path: String?) -> String? {
        guard let path else { return nil }
        let name = SnapshotFileSystemName.base(path)
        guard name.hasPrefix(record.snapshotName + "."), name != ".", name != ".." else { return nil }
        return folder + "/" + name
    }
    var actualPath: String? { artifact(record.actual) }
    var diffPath: String? { artifact(record.artifacts["diff"]) }
    var compositePath: String? { artifact(record.artifacts["composite"]) }
    /// Every artifact file of this failure (not the record), deduplicated.
    var artifactFiles: [String] {
        var seen = Set<String>()
        return ([record.actual] + record.artifacts.keys.sorted().map { record.artifacts[$0] })
            .compactMap { artifact($0) }
            .filter { seen.insert($0).inserted }
    }
}

enum SnapshotFileSystemName {
    static func base(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}

func parentFolder(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
}

/// The package root of the working folder: the nearest folder at or above it holding `Package.swift`
/// (the working folder itself when none does).
func currentPackageRoot() -> String {
    SnapshotLocation.packageRoot(containing: SnapshotLocation.absolutePath(".") + "/-")
}

/// `--artifacts DIR` (relative to the working folder), else `$SNAPSHOT_ARTIFACTS` (relative to the
/// package root, like the assertions), else `<package root>/.build/snapshot-artifacts`.
func artifactsRoot(option: String?) -> String {
    if let option, !option.isEmpty { return SnapshotLocation.absolutePath(option) }
    return SnapshotLocation.artifactsRoot(packageRoot: currentPackageRoot(),
                                          environment: ProcessInfo.processInfo.environment)
}

/// `artifactsRoot(option:)`, checked: a folder named with `--artifacts` must exist, and without it the
/// working folder must be inside a package (or `SNAPSHOT_ARTIFACTS` set), so that a typo or the wrong
/// folder is an error rather than "no failures".
func checkedArtifactsRoot(option: String?) throws -> String {
    let root = artifactsRoot(option: option)
    if let option, !option.isEmpty {
        guard FileManager.default.fileExists(atPath: root) else {
            throw ReviewError("artifacts folder \(root) does not exist: check the --artifacts path")
        }
    } else if ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"]?.isEmpty ?? true,
              !FileManager.default.fileExists(atPath: currentPackageRoot() + "/Package.swift") {
        throw ReviewError("no Package.swift at or above \(FileManager.default.currentDirectoryPath): run labelsnap inside your package, or pass --artifacts DIR")
    }
    return root
}

/// What a scan of the artifacts folder found: readable records, and records that could not be read.
struct PendingScan {
    var failures: [PendingFailure] = []
    var errors: [(path: String, message: String)] = []
}

/// Every `*.failure.json` under `root` (sorted by path; hidden temporary files skipped). A missing
/// folder holds nothing; a file where the folder should be is an error.
func scanPending(in root: String) throws -> PendingScan {
    var st = stat()
    guard stat(root, &st) == 0 else {
        if errno == ENOENT { return PendingScan() }
        throw ReviewError("cannot read artifacts folder \(root): \(String(cString: strerror(errno)))")
    }
    guard (st.st_mode & S_IFMT) == S_IFDIR else { throw ReviewError("artifacts folder \(root) is not a folder") }
    var paths: [String] = []
    func walk(_ folder: String, depth: Int) {
        guard depth < 8, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var s = stat()
            guard lstat(path, &s) == 0 else { continue }
            switch s.st_mode & S_IFMT {
            case S_IFDIR: walk(path, depth: depth + 1)  // symbolic links to folders are not followed
            case S_IFREG where name.hasSuffix(".failure.json"): paths.append(path)
            default: break
            }
        }
    }
    walk(root, depth: 0)
    var scan = PendingScan()
    for path in paths.sorted() {
        do {
            scan.failures.append(PendingFailure(recordPath: path, record: try SnapshotFailureRecord.load(path)))
        } catch {
            scan.errors.append((path, "\(error)"))
        }
    }
    return scan
}

/// Loads the record at a path given on the command line (exit 2 when missing or corrupt).
func loadPending(recordAt path: String) throws -> PendingFailure {
    let absolute = SnapshotLocation.absolutePath(path)
    do {
        return PendingFailure(recordPath: absolute, record: try SnapshotFailureRecord.load(absolute))
    } catch {
        throw ReviewError("\(error)")
    }
}

// MARK: - Reference path, confined to __Snapshots__

/// Where accepting `failure` writes, checked to stay inside `<package root>/__Snapshots__`:
/// the record's reference when its package root exists here (holds `Package.swift`), else the
/// record's relative reference under the current package root (artifacts downloaded from CI).
/// Lexical `..` and symbolic links that lead out of `__Snapshots__` are refused.
func resolveReference(_ failure: PendingFailure) throws -> (path: String, note: String?) {
    let record = failure.record
    let folderName = SnapshotLocation.snapshotsFolderName
    let recordRoot = SnapshotLocation.absolutePath(record.packageRoot)
    let root: String
    let reference: String
    var note: String?
    if record.packageRoot.hasPrefix("/"), SnapshotFileSystem.exists(recordRoot + "/Package.swift") {
        root = recordRoot
        guard record.reference.hasPrefix("/") else {
            throw ReviewError("refusing \(failure.recordPath): its reference \(record.reference) is not an absolute path")
        }
        reference = SnapshotLocation.absolutePath(record.reference)
    } else {
        root = currentPackageRoot()
        guard SnapshotFileSystem.exists(root + "/Package.swift") else {
            throw ReviewError("the package root \(record.packageRoot) of \(failure.recordPath) does not exist here, and the working folder is not inside a package; run labelsnap from the package the snapshot belongs to")
        }
        let parts = record.referenceRelative.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.first.map(String.init) == folderName,
              !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw ReviewError("refusing \(failure.recordPath): its reference \(record.referenceRelative) is not a path inside \(folderName)/")
        }
        reference = root + "/" + record.referenceRelative
        note = "package root \(record.packageRoot) does not exist here; using \(root)"
    }
    let snapshots = root + "/" + folderName
    guard reference.hasPrefix(snapshots + "/") else {
        throw ReviewError("refusing \(failure.recordPath): its reference \(reference) is outside \(snapshots)")
    }
    // Symbolic links: the real location of the reference's folder must stay inside the real __Snapshots__.
    let realSnapshots = realPathOfExistingPrefix(snapshots)
    let realFolder = realPathOfExistingPrefix(parentFolder(reference))
    guard realFolder == realSnapshots || realFolder.hasPrefix(realSnapshots + "/") else {
        throw ReviewError("refusing \(failure.recordPath): the folder of its reference \(reference) leads to \(realFolder), outside \(realSnapshots)")
    }
    return (reference, note)
}

/// `realpath` of the longest existing prefix of `path`, with the remaining components appended.
func realPathOfExistingPrefix(_ path: String) -> String {
    var head = path
    var tail: [String] = []
    while true {
        if let resolved = realpath(head, nil) {
            defer { free(resolved) }
            let base = String(cString: resolved)
            return tail.isEmpty ? base : (base == "/" ? "" : base) + "/" + tail.reversed().joined(separator: "/")
        }
        if head == "/" || head.isEmpty { return path }
        tail.append(SnapshotFileSystemName.base(head))
        head = parentFolder(head)
    }
}

// MARK: - Numbers for humans

extension SnapshotFailureRecord {
    func intMetric(_ key: String) -> Int? {
        if case .int(let v)? = metrics[key] { return v }
        return nil
    }
    func doubleMetric(_ key: String) -> Double? {
        switch metrics[key] {
        case .double(let v)?: return v
        case .int(let v)?: return Double(v)
        default: return nil
        }
    }
    func sizeMetric(_ key: String) -> (Int, Int)? {
        if case .ints(let v)? = metrics[key], v.count == 2 { return (v[0], v[1]) }
        return nil
    }
}

/// `0.77%`; small non-zero ratios keep their significant digits (`0.0021%`).
func percent(_ ratio: Double) -> String {
    let p = ratio * 100
    if p == 0 { return "0%" }
    if p >= 0.01 { return String(format: "%.2f%%", p) }
    return String(format: "%.2g%%", p)
}

/// `37 px of 4800 (0.77%)`, or nil when the record has no pixel numbers.
func differingText(_ r: SnapshotFailureRecord) -> String? {
    guard let d = r.intMetric("differingPixels") else { return nil }
    var s = "\(d) px"
    if let c = r.intMetric("comparedPixels") { s += " of \(c)" }
    if let a = r.sizeMetric("actualSize"), let b = r.sizeMetric("referenceSize"), a != b { s += " in the overlap" }
    if let ratio = r.doubleMetric("differingRatio") { s += " (\(percent(ratio)))" }
    return s
}

/// `120×40 → 124×40 px (right edge +4)`, `120×40 px (same)`, or nil without size numbers.
func sizeChangeText(_ r: SnapshotFailureRecord) -> String? {
    guard let a = r.sizeMetric("actualSize") else { return nil }
    guard let ref = r.sizeMetric("referenceSize") else { return "\(a.0)×\(a.1) px (actual)" }
    if ref == a { return "\(a.0)×\(a.1) px (same)" }
    var edges: [String] = []
    let right = r.intMetric("rightEdgeMoved") ?? (a.0 - ref.0)
    let bottom = r.intMetric("bottomEdgeMoved") ?? (a.1 - ref.1)
    if right != 0 { edges.append("right edge \(right > 0 ? "+" : "")\(right)") }
    if bottom != 0 { edges.append("bottom edge \(bottom > 0 ? "+" : "")\(bottom)") }
    return "\(ref.0)×\(ref.1) → \(a.0)×\(a.1) px" + (edges.isEmpty ? "" : " (\(edges.joined(separator: ", ")))")
}

/// A short reading of the failure kind.
func kindText(_ kind: SnapshotFailureKind) -> String {
    switch kind {
    case .mismatch: return "mismatch"
    case .missingReference: return "missing reference"
    case .corruptReference: return "corrupt reference"
    case .unreadableReference: return "unreadable reference"
    case .recorded: return "recorded"
    case .configuration: return "configuration"
    case .writeFailed: return "write failed"
    case .valueFailed: return "value failed"
    }
}

// MARK: - review

func runReviewCommand(_ args: [String]) -> Int32 {
    do {
        let r = try ArgumentReader(args, valued: ["--artifacts"], flags: ["--json", "--help", "-h"])
        if r.flag("--help") || r.flag("-h") { print(reviewHelp); return 0 }
        guard r.positionals.isEmpty else { throw UsageError("review takes no arguments, got '\(r.positionals[0])' (see --help)") }
        let root = try checkedArtifactsRoot(option: r.value("--artifacts"))
        let scan = try scanPending(in: root)
        if r.flag("--json") {
            print(reviewJSON(scan, root: root))
        } else {
            print(reviewText(scan, root: root), terminator: "")
        }
        for e in scan.errors { printError("review: unreadable failure record: \(e.message)") }
        return scan.errors.isEmpty ? 0 : 2
    } catch {
        printError("review: \(error)")
        return 2
    }
}

func reviewText(_ scan: PendingScan, root: String) -> String {
    let n = scan.failures.count
    if n == 0 && scan.errors.isEmpty { return "No pending snapshot failures in \(root)\n" }
    var out = "\(n) pending snapshot failure\(n == 1 ? "" : "s") in \(root)\n"
    for f in scan.failures {
        let r = f.record
        out += "\n\(f.displayName)  \(kindText(r.kind))\n"
        var rows: [(String, String)] = [("test", r.testName + "  (" + r.testFile + ")")]
        // Where accept would write (also for artifacts downloaded from CI); nothing shown when refused.
        let resolved = try? resolveReference(f)
        let exists = resolved.map { SnapshotFileSystem.exists($0.path) } ?? false
        rows.append(("reference", r.referenceRelative + (resolved == nil ? "  (outside __Snapshots__: accept refuses it)" : exists ? "" : "  (missing)")))
        if let d = differingText(r) { rows.append(("differing", d)) }
        if let s = sizeChangeText(r) { rows.append(("size", s)) }
        else if let a = r.actualDescription { rows.append(("actual", a)) }
        if let delta = r.intMetric("largestChannelDelta") { rows.append(("max delta", "\(delta) of 255")) }
        if let box = r.metrics["boundingBox"] { rows.append(("changed box", "x, y, w, h = \(box)")) }
        if differingText(r) == nil, !r.summary.isEmpty { rows.append(("summary", r.summary.joined(separator: "\n             "))) }
        rows.append(("tolerance", r.tolerance))
        if r.referenceWritten { rows.append(("note", "the test already rewrote the reference (record mode \(r.recordMode))")) }
        if f.actualPath != nil {
            rows.append(("accept", f.acceptCommand))
        } else {
            rows.append(("accept", "not possible: no actual file was written; re-record: \(r.rerecordCommand)"))
        }
        for (k, v) in rows { out += "  " + (k + ":").padding(toLength: 12, withPad: " ", startingAt: 0) + " " + v + "\n" }
    }
    for e in scan.errors { out += "\nunreadable record \(e.path)\n  \(e.message)\n" }
    if n > 0 {
        out += "\nAccept all: labelsnap accept --all\(root == artifactsRoot(option: nil) ? "" : " --artifacts " + SnapshotVerifier.shellQuote(root))"
        out += "   Report: labelsnap report\(root == artifactsRoot(option: nil) ? "" : " --artifacts " + SnapshotVerifier.shellQuote(root))\n"
    }
    return out
}

func reviewJSON(_ scan: PendingScan, root: String) -> String {
    func str(_ s: String?) -> String { s.map(jsonString) ?? "null" }
    func size(_ v: (Int, Int)?) -> String { v.map { "[\($0.0), \($0.1)]" } ?? "null" }
    func int(_ v: Int?) -> String { v.map(String.init) ?? "null" }
    func num(_ v: Double?) -> String { v.map { $0.isFinite ? "\($0)" : "null" } ?? "null" }
    let items = scan.failures.map { f -> String in
        let r = f.record
        let fields: [(String, String)] = [
            ("record", str(f.recordPath)),
            ("test_file", str(r.testFile)),
            ("test", str(r.testName)),
            ("snapshot", str(r.snapshotName)),
            ("name", str(f.displayName)),
            ("kind", str(r.kind.rawValue)),
            ("reference", str(r.reference)),
            ("reference_relative", str(r.referenceRelative)),
            ("reference_exists", SnapshotFileSystem.exists(r.reference) ? "true" : "false"),
            ("reference_written", r.referenceWritten ? "true" : "false"),
            ("actual", str(f.actualPath)),
            ("diff", str(f.diffPath)),
            ("composite", str(f.compositePath)),
            ("differing_pixels", int(r.intMetric("differingPixels"))),
            ("compared_pixels", int(r.intMetric("comparedPixels"))),
            ("ratio", num(r.doubleMetric("differingRatio"))),
            ("largest_channel_delta", int(r.intMetric("largestChannelDelta"))),
            ("reference_size", size(r.sizeMetric("referenceSize"))),
            ("actual_size", size(r.sizeMetric("actualSize"))),
            ("tolerance", str(r.tolerance)),
            ("summary", "[" + r.summary.map(jsonString).joined(separator: ", ") + "]"),
            ("accept_command", f.actualPath == nil ? "null" : str(f.acceptCommand)),
            ("recorded_at", str(r.recordedAt)),
        ]
        return "    {" + fields.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }
    let errors = scan.errors.map { "    {\"record\": \(jsonString($0.path)), \"error\": \(jsonString($0.message))}" }
    return "{\n  \"artifacts\": \(jsonString(root)),\n  \"count\": \(scan.failures.count),\n"
        + "  \"failures\": [" + (items.isEmpty ? "" : "\n" + items.joined(separator: ",\n") + "\n  ") + "],\n"
        + "  \"errors\": [" + (errors.isEmpty ? "" : "\n" + errors.joined(separator: ",\n") + "\n  ") + "]\n}"
}

// MARK: - Selection (accept, reject)

/// The failures named on the command line, or why there are none.
enum Selection {
    case failures([PendingFailure], warnings: [String])
    case unmatched([String], root: String)
}

/// Resolves `RECORD.json…`, `NAME…` or `--all` into failures. Nothing is changed here: a NAME that
/// matches nothing stops the command before any file is touched.
func select(_ r: ArgumentReader, command: String) throws -> Selection {
    let all = r.flag("--all")
    if all && !r.positionals.isEmpty { throw UsageError("give either --all or names/records, not both (see labelsnap \(command) --help)") }
    if !all && r.positionals.isEmpty { throw UsageError("name a failure record, a snapshot, or --all (see labelsnap \(command) --help)") }
    // Record paths need no artifacts folder; names and --all are looked up in a checked one.
    let needsFolder = all || r.positionals.contains { !$0.hasSuffix(".json") }
    let root = needsFolder ? try checkedArtifactsRoot(option: r.value("--artifacts")) : artifactsRoot(option: r.value("--artifacts"))
    var chosen: [PendingFailure] = []
    var seen = Set<String>()
    func add(_ f: PendingFailure) { if seen.insert(f.recordPath).inserted { chosen.append(f) } }
    var warnings: [String] = []
    var scan: PendingScan?
    func pending() throws -> PendingScan {
        if let scan { return scan }
        let s = try scanPending(in: root)
        scan = s
        return s
    }
    if all {
        let s = try pending()
        s.failures.forEach(add)
        // With --all an unreadable record is an error of this command (exit 2), reported after the others.
        for e in s.errors { warnings.append("unreadable failure record: \(e.message)") }
        return .failures(chosen, warnings: warnings)
    }
    var unmatched: [String] = []
    for arg in r.positionals {
        if arg.hasSuffix(".json") {
            add(try loadPending(recordAt: arg))
            continue
        }
        let s = try pending()
        let matches = s.failures.filter { matchesName($0, arg) }
        if matches.isEmpty { unmatched.append(arg) } else { matches.forEach(add) }
    }
    if !unmatched.isEmpty {
        if let s = scan, !s.errors.isEmpty {
            for e in s.errors { printError("\(command): skipped unreadable failure record: \(e.message)") }
        }
        return .unmatched(unmatched, root: root)
    }
    return .failures(chosen, warnings: [])
}

/// Whether `name` names the failure: `testBadge.1`, `BadgeTests/testBadge.1`, `testBadge`
/// (`testBadge()`), `BadgeTests/testBadge`, the reference (relative or absolute), or its actual file.
func matchesName(_ f: PendingFailure, _ name: String) -> Bool {
    let r = f.record
    if name == r.snapshotName || name == f.displayName || name == r.referenceRelative { return true }
    if name == f.testFileName + "/" + r.testName { return true }
    if !name.contains("/"), !name.contains("."), SnapshotNaming.testName(name) == r.testName { return true }
    if name.contains("/") {
        let absolute = SnapshotLocation.absolutePath(name)
        if absolute == SnapshotLocation.absolutePath(r.reference) { return true }
        if let actual = f.actualPath, absolute == actual { return true }
        if absolute.hasSuffix("/" + r.referenceRelative), name.hasSuffix(r.referenceRelative) { return true }
    }
    return false
}

/// Removes the failure's artifacts and record (only files next to the record named `<snapshot>.…`).
/// Returns how many files existed and were removed.
func removeArtifacts(of f: PendingFailure) throws -> Int {
    var removed = 0
    for path in f.artifactFiles + [f.recordPath] {
        if SnapshotFileSystem.exists(path) { removed += 1 }
        try SnapshotFileSystem.removeIfPresent(path)
    }
    return removed
}

/// `120×40 px, 812 bytes` for PNG bytes, `812 bytes` otherwise.
func describeFile(_ bytes: [UInt8], path: String) -> String {
    if path.hasSuffix(".png"), let b = try? PNGCodec.decode(bytes) { return "\(b.width)×\(b.height) px, \(bytes.count) bytes" }
    return "\(bytes.count) bytes"
}

// MARK: - accept

func runAcceptCommand(_ args: [String]) -> Int32 {
    let forced = args.contains("--force")
    return runSelectionCommand(args, command: "accept", help: acceptHelp) { f, dryRun in
        let (reference, note) = try resolveReference(f)
        if let note { print("  note: \(note)") }
        guard let actualPath = f.actualPath else {
            throw ReviewError("\(f.displayName) has no actual file to accept (\(kindText(f.record.kind))); re-record instead: \(f.record.rerecordCommand)")
        }
        guard let bytes = try SnapshotFileSystem.readIfPresent(actualPath) else {
            throw ReviewError("the actual file of \(f.displayName) is gone: \(actualPath); run the test again (\(f.record.rerecordCommand.replacingOccurrences(of: "SNAPSHOT_TESTING_RECORD=failed ", with: "")))")
        }
        let refExt = SnapshotFileSystemName.base(reference).split(separator: ".").last.map(String.init) ?? ""
        guard actualPath.hasSuffix("." + refExt) else {
            throw ReviewError("refusing \(f.recordPath): the actual file \(actualPath) is not a .\(refExt) file like its reference \(reference)")
        }
        if refExt == "png" {
            do { _ = try PNGCodec.decode(bytes) } catch {
                throw ReviewError("refusing to accept \(actualPath): it is not a valid PNG (\(error)); the reference was left untouched")
            }
        }
        let old = try SnapshotFileSystem.readIfPresent(reference)
        // The reference must still be the one the failure was compared against.
        if let expected = f.record.referenceDigest, old.map(SnapshotFailureRecord.digest) != expected, !forced {
            throw ReviewError("refusing \(f.displayName): its reference \(reference) changed after the failure was recorded; run the test again, or pass --force to replace it anyway")
        }
        let what: String
        if let old {
            what = old == bytes
                ? "reference already holds the actual image: \(reference)"
                : "replaced \(reference)\n  was \(describeFile(old, path: reference)), now \(describeFile(bytes, path: reference))"
        } else {
            what = "created \(reference) (\(describeFile(bytes, path: reference)))"
        }
        if dryRun {
            print("would accept \(f.displayName): " + what.replacingOccurrences(of: "replaced ", with: "replace ").replacingOccurrences(of: "created ", with: "create "))
            return
        }
        if old != bytes {
            try SnapshotFileSystem.writeAtomically(bytes, to: reference, existing: .replace, sync: true)
        }
        let removed = try removeArtifacts(of: f)
        print("accepted \(f.displayName): \(what)")
        print("  removed \(removed) artifact file\(removed == 1 ? "" : "s") from \(f.folder)")
    }
}

// MARK: - reject

func runRejectCommand(_ args: [String]) -> Int32 {
    runSelectionCommand(args, command: "reject", help: rejectHelp) { f, dryRun in
        let files = (f.artifactFiles + [f.recordPath]).filter(SnapshotFileSystem.exists)
        if dryRun {
            print("would reject \(f.displayName): keep \(f.record.reference), remove \(files.count) file\(files.count == 1 ? "" : "s") from \(f.folder)")
            return
        }
        let removed = try removeArtifacts(of: f)
        print("rejected \(f.displayName): kept \(f.record.reference)")
        print("  removed \(removed) artifact file\(removed == 1 ? "" : "s") from \(f.folder)")
    }
}

/// Shared driver of accept and reject: parse, select, act on each failure (an error on one does not
/// stop the others), and turn the outcome into the exit status.
func runSelectionCommand(_ args: [String], command: String, help: String,
                         action: (PendingFailure, Bool) throws -> Void) -> Int32 {
    do {
        let r = try ArgumentReader(args, valued: ["--artifacts"], flags: ["--all", "--dry-run", "--force", "--help", "-h"])
        if r.flag("--help") || r.flag("-h") { print(help); return 0 }
        switch try select(r, command: command) {
        case .unmatched(let names, let root):
            for name in names { printError("\(command): no pending failure matches '\(name)' in \(root) (see labelsnap review)") }
            printError("\(command): nothing was changed")
            return 1
        case .failures(let failures, let warnings):
            if failures.isEmpty && warnings.isEmpty {
                print("No pending snapshot failures in \(artifactsRoot(option: r.value("--artifacts")))")
                return 0
            }
            var failed = !warnings.isEmpty
            for f in failures {
                do { try action(f, r.flag("--dry-run")) } catch {
                    printError("\(command) \(f.displayName): \(error)")
                    failed = true
                }
            }
            for w in warnings { printError("\(command): \(w)") }
            return failed ? 2 : 0
        }
    } catch {
        printError("\(command): \(error)")
        return 2
    }
}

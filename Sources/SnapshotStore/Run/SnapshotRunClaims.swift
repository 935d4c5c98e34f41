import CSnapshotStore
import Support
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Claims of reference files shared by all processes of one test run, so that two snapshots that map to
/// one file are refused with both names also when `swift test --parallel` runs them in different
/// processes (the in-process claim in `SnapshotCounter` cannot see those).
///
/// One claim is a file `<artifacts>/.runs/<run>/claims/<hash of the reference>` holding the claiming
/// snapshot's name, created once (`RunFiles.create`: moved into place whole, never replaced). The run is the parent process, as `swift test` starts every
/// worker: `<parent pid>-<parent start time>` when the parent is SwiftPM (`swift-test`, `swift-build`),
/// or `LABELSNAP_RUN_ID` when set. A test binary started by hand has no cross-process run: its
/// in-process claims suffice. Folders of runs whose parent has exited are removed on first use.
package enum SnapshotRunClaims {
    /// Names a run explicitly (e.g. a CI job id), for runners other than SwiftPM.
    package static let runVariable = "LABELSNAP_RUN_ID"

    /// Records that the reference with collision key `key` holds `rawName` in this run. Returns the
    /// other name when a different snapshot claimed it first (in any process of the run).
    package static func claim(key: String, rawName: String, artifactsRoot: String,
                             environment: [String: String]) -> String? {
        claim(key: key, SnapshotClaim(rawName: rawName), artifactsRoot: artifactsRoot, environment: environment)?.rawName
    }

    /// Records that the reference with collision key `key` holds `claim` in this run; returns the earlier
    /// claim (in any process of the run) when it conflicts (`SnapshotClaim.conflicts`); the same name claimed
    /// again by this process is left to `SnapshotCounter`, which knows when a test starts a new run. The file holds the name,
    /// the key, the call site, the test case and the claiming process, one a line (older files: the first two).
    package static func claim(key: String, _ claim: SnapshotClaim, artifactsRoot: String,
                             environment: [String: String]) -> SnapshotClaim? {
        guard let folder = runFolder(artifactsRoot: artifactsRoot, environment: environment) else { return nil }
        let claims = folder + "/claims"
        let path = claims + "/" + SnapshotNaming.hex(SnapshotNaming.fnv1a64(key))
        // This process already holds the claim under this name (an assertion run again): its file exists,
        // and another process claiming the file later is refused by it. Saves a write and a read per pass.
        if held.withLock({ $0[path].map { $0.unicodeScalars.elementsEqual(claim.rawName.unicodeScalars) } ?? false }) { return nil }
        // Names and keys hold no newline that matters here: sanitised paths and call sites have none.
        let lines = [claim.rawName, key, claim.callSite ?? "", claim.testCase ?? "", processIdentity]
            .map { $0.replacingOccurrences(of: "\n", with: " ") }
        // Best effort: a folder that cannot be written does not stop the assertion (it fails later, with
        // a clear message, if it needs to write).
        switch RunFiles.create(Array(lines.joined(separator: "\n").utf8), at: path) {
        case true?:
            held.withLock { $0[path] = claim.rawName }
            return nil
        case false?: break
        case nil: return nil
        }
        guard let existing = RunFiles.read(path) else { return nil }
        let fields = String(decoding: existing, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 2, fields[1].unicodeScalars.elementsEqual(lines[1].unicodeScalars) else { return nil }
        let earlier = SnapshotClaim(rawName: fields[0], callSite: fields.count > 2 ? nonEmpty(fields[2]) : nil,
                                    testCase: fields.count > 3 ? nonEmpty(fields[3]) : nil)
        // The same name from this process again is the in-process claim's to judge (it knows new runs).
        let sameName = earlier.rawName.unicodeScalars.elementsEqual(claim.rawName.unicodeScalars)
        if sameName, fields.count > 4, fields[4] == processIdentity { return nil }
        return claim.conflicts(with: earlier) ? earlier : nil
    }

    /// `<artifacts>/.runs/<run>`, or nil outside a run shared by several processes.
    package static func runFolder(artifactsRoot: String, environment: [String: String]) -> String? {
        guard let run = runIdentity(environment: environment) else { return nil }
        let runs = artifactsRoot + "/.runs"
        if cleaned.withLock({ done in defer { done = true }; return !done }) { removeFinishedRuns(in: runs) }
        return runs + "/" + run
    }

    private static let cleaned = Locked(false)

    /// Claim files this process wrote, with the name it wrote (path → raw name).
    private static let held = Locked<[String: String]>([:])

    static func runIdentity(environment: [String: String]) -> String? {
        if let id = environment[runVariable].map(trimmingWhitespace), !id.isEmpty { return "id-" + SnapshotNaming.sanitize(id) }
        return parentRun.withLock { cached in
            // The parent of a running process stays the same process (re-parenting only follows its exit,
            // which ends the run): /proc is read once per parent.
            let parent = getppid()
            if let cached, cached.parent == parent { return cached.identity }
            var identity: String?
            if let comm = procText("/proc/\(parent)/comm"), comm.hasPrefix("swift-"), let start = startTime(of: parent) {
                identity = "\(parent)-\(start)"
            }
            cached = (parent, identity)
            return identity
        }
    }

    private static let parentRun = Locked<(parent: pid_t, identity: String?)?>(nil)

    /// Field 22 of `/proc/<pid>/stat` (start time in clock ticks since boot), nil when unknown.
    static func startTime(of pid: pid_t) -> String? {
        guard let stat = procText("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : nil   // fields after "(comm)" start at field 3
    }

    /// A small `/proc` file as text. Read until end of file: `/proc` reports a size of 0, so a read of
    /// `st_size` bytes (`RegularFile.contents`) gets nothing, and no run was ever found.
    static func procText(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1024)
        while bytes.count < 8192 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return trimmingWhitespace(String(decoding: bytes, as: UTF8.self))
    }

    /// `<pid>-<start time>` of this process: the one CSnapshotRun's constructor noted in a test bundle, else
    /// read from `/proc` (a benchmark or a tool that asserts outside XCTest).
    static let processIdentity = lsr_process_id().map { String(cString: $0) } ?? "\(getpid())-\(startTime(of: getpid()) ?? "?")"

    /// Removes `<runs>/<pid>-<start>` folders whose process no longer runs (or is another process now).
    private static func removeFinishedRuns(in runs: String) {
        for name in RunFiles.entries(runs) {
            let parts = name.split(separator: "-")
            guard parts.count == 2, let pid = pid_t(parts[0]) else { continue }
            if startTime(of: pid) != String(parts[1]) { RunFiles.removeTree(runs + "/" + name) }
        }
    }
}

/// `text` without leading and trailing whitespace (`Character.isWhitespace`), as the store trims its variables.
private func trimmingWhitespace(_ text: String) -> String {
    String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
}

/// nil for the empty string.
private func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

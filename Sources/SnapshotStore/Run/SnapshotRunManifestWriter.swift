import Support
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CSnapshotStore

/// Appends the references a test process uses to its manifest,
/// `<artifacts>/.manifests/<run>/<process>.manifest` (format and rules: `SnapshotRunManifest`).
///
/// Safe under parallel processes because no two processes share a file: each process has its own
/// manifest in its run's folder (`CSnapshotRun` creates it when the test bundle loads, with the command
/// line, and ends it with the exit status), and `labelsnap orphans` merges the files of a run. Within a
/// process, each line is one `write(2)` to a descriptor opened with `O_APPEND`, under a lock, so threads
/// never interleave inside a line. Outside a SwiftPM test bundle nothing is written.
package enum SnapshotRunManifestWriter {
    /// Whether this process keeps a manifest: a SwiftPM test bundle (`<Package>PackageTests.xctest`).
    package static var isActive: Bool { lsr_run_id() != nil }

    /// Records that this process used (read, compared or wrote) the reference `reference` in the
    /// folder of references `snapshotsFolder`; `artifactsRoot` (absolute and normalised, so that one folder has
    /// one spelling) holds the manifests. Best effort: a manifest that cannot be written never fails an
    /// assertion (the run then just has no evidence).
    package static func recordUse(reference: String, snapshotsFolder: String, artifactsRoot: String) {
        guard let run = lsr_run_id().map({ String(cString: $0) }),
              let process = lsr_process_id().map({ String(cString: $0) }) else { return }
        let manifests = artifactsRoot + "/" + SnapshotRunManifest.folderName
        let path = manifests + "/" + run + "/" + process + ".manifest"
        state.withLock { state in
            var file: (fd: Int32, lines: Set<String>)
            if let open = state[path] {
                file = open
            } else {
                let fd = lsr_manifest_open(path)
                guard fd >= 0 else { return }
                file = (fd, [])
                if state.isEmpty { pruneOldRuns(in: manifests, keeping: run) }
            }
            for line in ["snapshots\t" + SnapshotRunManifest.escape(snapshotsFolder), "use\t" + SnapshotRunManifest.escape(reference)]
            where !file.lines.contains(line) {
                let bytes = Array((line + "\n").utf8)
                if bytes.withUnsafeBytes({ write(file.fd, $0.baseAddress, $0.count) }) == bytes.count { file.lines.insert(line) }
            }
            state[path] = file
        }
    }

    /// Notes in every manifest of this process (those open and those opened later) that the test `name`
    /// (XCTest's `Class.testMethod`) was skipped in the run: it used none of its references, which
    /// `labelsnap orphans` must then not judge. Once per name.
    package static func noteSkipped(test name: String) {
        guard isActive, skippedNoted.withLock({ $0.insert(name).inserted }) else { return }
        lsr_manifest_note("skipped\t" + SnapshotRunManifest.escape(name))
    }

    private static let skippedNoted = Locked<Set<String>>([])

    /// Open manifests of this process by path: descriptor and the lines already written.
    private static let state = Locked<[String: (fd: Int32, lines: Set<String>)]>([:])

    /// Keeps the newest `keptRuns` run folders (by their manifests' modification time) besides the
    /// current run; older ones are removed, so the folder does not grow with every `swift test`.
    static let keptRuns = 4

    private static func pruneOldRuns(in manifests: String, keeping current: String) {
        var runs: [(name: String, time: Int)] = []
        for name in RunFiles.entries(manifests) where !name.hasPrefix(".") && name != current {
            var st = stat()
            if stat(manifests + "/" + name, &st) == 0 { runs.append((name, Int(st.st_mtim.tv_sec))) }
        }
        for run in runs.sorted(by: { $0.time > $1.time }).dropFirst(keptRuns) {
            RunFiles.removeTree(manifests + "/" + run.name)
        }
    }
}

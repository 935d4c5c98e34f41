#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// The references one test run used, merged from the manifests of its processes, and whether the run
/// can be trusted to say which references no test uses (`labelsnap orphans`, docs/snapshots.md "Orphans").
///
/// A run is the processes of one `swift test` (XCTest, Swift Testing, every `--parallel` worker: their
/// parent is the same SwiftPM process) or of one `LABELSNAP_RUN_ID`. Each process writes
/// `<artifacts>/.manifests/<run>/<process>.manifest`, lines of `key<TAB>value` (tab, newline and
/// backslash escaped as `\t`, `\n`, `\\`):
///
///     labelsnap-manifest 1
///     process <pid>-<start>     run <run>     started <unix seconds>
///     argv<TAB>…                 the process's command line
///     launcher <pid>-<start><TAB>swift-test<TAB>…   the SwiftPM command that started it, when it did
///     snapshots<TAB><folder>     use<TAB><reference>   one line per folder and reference used
///     skipped<TAB><Class.test>   an XCTest case skipped in the run (XCTSkip): it used none of its references
///     exit <status>              written by exit(); missing after a crash, a kill, or while running
package struct SnapshotRunManifest: Sendable, Equatable {
    /// The folder of run manifests inside the artifacts root.
    package static let folderName = ".manifests"

    /// One process of the run.
    package struct ProcessRecord: Sendable, Equatable {
        package var file: String
        package var process: String
        /// Wall-clock start, seconds since 1970.
        package var started: Double
        package var arguments: [String]
        /// `<pid>-<start>` and the command line of the SwiftPM process that started this one.
        package var launcher: String?
        package var launcherArguments: [String]
        package var exitStatus: Int32?
        package var snapshotsFolders: Set<String>
        package var references: Set<String>
        /// XCTest cases (`Class.testMethod`) skipped in this process.
        package var skippedTests: Set<String> = []

        /// Whether this is the Swift Testing pass of a `swift test` that selected no tests: SwiftPM started it
        /// with `--testing-library swift-testing` and neither its command line nor its launcher's selects
        /// tests or only lists them. Exit status 69 from it means the bundle has no Swift Testing test (a
        /// `.disabled` one still counts as run: measured, the pass exits 0).
        var isUnfilteredSwiftTestingPass: Bool {
            let own = arguments.dropFirst()
            let launcherOptions = launcherArguments.dropFirst()
            return launcher != nil && zip(own, own.dropFirst()).contains { $0 == "--testing-library" && $1 == "swift-testing" }
                && SnapshotRunManifest.selecting(own).isEmpty && SnapshotRunManifest.selecting(launcherOptions).isEmpty
                && launcherOptions.first != "list"
        }
    }

    /// `<pid>-<start>` of the launcher, or the run id given by `LABELSNAP_RUN_ID` (`id-…`).
    package var run: String
    package var folder: String
    package var processes: [ProcessRecord]

    /// A run of `processes` (each parsed from its file, or built by hand to judge a run) in `folder`.
    package init(run: String, folder: String, processes: [ProcessRecord]) {
        self.run = run
        self.folder = folder
        self.processes = processes
    }

    /// When the run started: its earliest process.
    package var started: Double { processes.map(\.started).min() ?? 0 }
    /// Every reference any process used.
    package var references: Set<String> { processes.reduce(into: []) { $0.formUnion($1.references) } }
    /// Every test any process noted as skipped (`Class.testMethod`).
    package var skippedTests: Set<String> { processes.reduce(into: []) { $0.formUnion($1.skippedTests) } }
    /// Every folder of references any process used.
    package var snapshotsFolders: Set<String> { processes.reduce(into: []) { $0.formUnion($1.snapshotsFolders) } }

    /// The exit status of a Swift Testing pass that ran no test (`EX_UNAVAILABLE` of sysexits.h;
    /// swift-testing's `EntryPoint`): a filter selected none of its tests, or the bundle has none.
    /// `swift test` (6.3.1) always starts the Swift Testing pass (`--testing-library swift-testing`), so an
    /// XCTest-only package ends each plain run with one; an XCTest pass without a test exits 0.
    package static let noTestMatchedStatus: Int32 = 69

    /// `swift test` options that run a subset of the tests: a run with any of them cannot tell an unused
    /// reference from one whose test did not run.
    package static let selectionOptions = ["--filter", "--skip", "-s", "--specifier", "--test-product",
                                          "--disable-xctest", "--disable-swift-testing"]

    /// Why the run cannot be trusted to name unused references; empty when it can. A run is trusted
    /// only when all of these hold:
    /// 1. every process was started by `swift test` (a test bundle run by hand runs one testing library);
    /// 2. no launcher selected a subset of the tests (`selectionOptions`) or only listed them;
    /// 3. every launcher has finished (the run is over);
    /// 4. every process exited with status 0 (no test failed, nothing crashed or was killed; 69, Swift
    ///    Testing's "no test ran", passes in an unfiltered Swift Testing pass of `swift test`, where it means
    ///    the package has no Swift Testing test, and is told as a filtered run elsewhere; a process without an exit line that is
    ///    still alive by pid and start time is a run in progress, not a crash): the
    ///    manifest exists from the moment the test bundle loads, so a process that died before its
    ///    first assertion is seen too;
    /// 5. the run used at least one reference.
    /// - Parameter isRunning: whether a process `<pid>-<start>` still runs (the default reads /proc).
    package func problems(isRunning: (String) -> Bool = SnapshotRunManifest.isRunning) -> [String] {
        var problems: [String] = []
        for process in processes where process.launcher == nil {
            problems.append("process \(process.process) was not started by swift test (\(Self.commandText(process.arguments))): a test bundle run by hand runs one testing library")
        }
        var launchers: [String: [String]] = [:]
        for process in processes { if let launcher = process.launcher { launchers[launcher] = process.launcherArguments } }
        for (launcher, arguments) in launchers.sorted(by: { $0.key < $1.key }) {
            let options = arguments.dropFirst()
            let selecting = Self.selecting(options)
            if !selecting.isEmpty {
                problems.append("the run was filtered (\(Self.commandText(arguments)) selects tests with \(selecting.map { $0.split(separator: "=")[0] }.joined(separator: ", ")))")
            } else if options.first == "list" {
                problems.append("the run only listed the tests (\(Self.commandText(arguments)))")
            }
            if isRunning(launcher) {
                problems.append("a test run is in progress (\(Self.commandText(arguments)), process \(launcher.split(separator: "-")[0])): wait until it finishes")
            }
        }
        for process in processes {
            switch process.exitStatus {
            case 0?: break
            case Self.noTestMatchedStatus? where process.isUnfilteredSwiftTestingPass:
                break  // the package has no Swift Testing test: the pass had nothing to run
            case Self.noTestMatchedStatus?:
                problems.append("no test matched in \(Self.commandText(process.arguments)) (exit status 69, EX_UNAVAILABLE: Swift Testing's status when a filter selects none of its tests): the run was filtered")
            case let status?:
                problems.append("tests failed: \(Self.commandText(process.arguments)) exited with status \(status)")
            case nil where isRunning(process.process):
                problems.append("a test run is in progress: process \(process.process.split(separator: "-")[0]) (\(Self.commandText(process.arguments))) has not finished")
            case nil where process.launcher.map(isRunning) == true:
                break  // its launcher is still going: said above
            case nil:
                problems.append("a test process crashed or was killed before it finished: \(Self.commandText(process.arguments)) (no exit status in \(process.file))")
            }
        }
        if problems.isEmpty && references.isEmpty {
            problems.append("the run used no reference at all (were the snapshot tests run?)")
        }
        return problems
    }

    /// The options among `options` that select a subset of the tests (`selectionOptions`, also as `--filter=…`).
    static func selecting(_ options: ArraySlice<String>) -> [String] {
        options.filter { option in Self.selectionOptions.contains { option == $0 || option.hasPrefix($0 + "=") } }
    }

    /// Every run under `<artifactsRoot>/.manifests`, newest first. Unreadable files are skipped;
    /// a file that is not a manifest is skipped too.
    package static func runs(in artifactsRoot: String) -> [SnapshotRunManifest] {
        let root = artifactsRoot + "/" + folderName
        var runs: [SnapshotRunManifest] = []
        for run in RunFiles.entries(root) {
            let folder = root + "/" + run
            let processes = RunFiles.entries(folder).filter { $0.hasSuffix(".manifest") }
                .compactMap { name in RunFiles.read(folder + "/" + name).flatMap { parse($0, file: folder + "/" + name) } }
            if !processes.isEmpty { runs.append(SnapshotRunManifest(run: run, folder: folder, processes: processes.sorted { $0.process < $1.process })) }
        }
        return runs.sorted { $0.started > $1.started }
    }

    /// One process's manifest; nil when the bytes are not one.
    package static func parse(_ bytes: [UInt8], file: String) -> ProcessRecord? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == "labelsnap-manifest 1" else { return nil }
        var record = ProcessRecord(file: file, process: "", started: 0, arguments: [], launcher: nil, launcherArguments: [],
                                   exitStatus: nil, snapshotsFolders: [], references: [])
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { unescape(String($0)) }
            let head = fields[0].split(separator: " ", maxSplits: 1).map(String.init)
            let value = head.count > 1 ? head[1] : ""
            switch head[0] {
            case "process": record.process = value
            case "started": record.started = Double(value) ?? 0
            case "argv": record.arguments = Array(fields.dropFirst())
            case "launcher": record.launcher = value; record.launcherArguments = Array(fields.dropFirst())
            case "snapshots" where fields.count == 2: record.snapshotsFolders.insert(fields[1])
            case "use" where fields.count == 2: record.references.insert(fields[1])
            case "skipped" where fields.count == 2: record.skippedTests.insert(fields[1])
            case "exit": record.exitStatus = Int32(value)
            default: break  // lines of newer versions
            }
        }
        return record.process.isEmpty ? nil : record
    }

    /// Whether `<pid>-<start time>` is a process that still runs (the same pid could be another one now).
    package static func isRunning(_ process: String) -> Bool {
        let parts = process.split(separator: "-")
        guard parts.count == 2, let pid = pid_t(parts[0]) else { return false }
        return SnapshotRunClaims.startTime(of: pid) == String(parts[1])
    }

    /// `\t`, `\n` and `\\` for tab, newline and backslash, so that one value is one field of one line.
    package static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\\" }) else { return text }
        var out = ""
        for ch in text {
            switch ch {
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\\": out += "\\\\"
            default: out.append(ch)
            }
        }
        return out
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = "", escaped = false
        for ch in text {
            if escaped {
                out.append(ch == "t" ? "\t" : ch == "n" ? "\n" : ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// A command line for a message: the program's file name and its arguments.
    static func commandText(_ arguments: [String]) -> String {
        guard let program = arguments.first else { return "(unknown command)" }
        let name = program.split(separator: "/").last.map(String.init) ?? program
        return ([name == "swift-test" ? "swift test" : name] + arguments.dropFirst().map(ShellQuoting.quote)).joined(separator: " ")
    }

}

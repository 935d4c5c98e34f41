import Foundation
import Imaging
import SnapshotStore
import SnapshotMessages
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The built `labelsnap` executable, found next to the test bundle (`.build/debug/`).
func labelsnapExecutable() throws -> URL {
    var folders: [URL] = []
    folders.append(Bundle.main.bundleURL)
    if let exe = Bundle.main.executableURL { folders.append(exe.deletingLastPathComponent()) }
    folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    var candidates: [URL] = []
    for folder in folders {
        var f = folder
        for _ in 0..<4 {  // macOS: …/X.xctest/Contents/MacOS
            candidates.append(f.appendingPathComponent("labelsnap"))
            f = f.deletingLastPathComponent()
        }
    }
    for c in candidates where FileManager.default.isExecutableFile(atPath: c.path) { return c }
    throw XCTSkip("labelsnap executable not found next to the tests (looked at \(candidates.map(\.path)))")
}

extension XCTestCase {
    /// A new empty folder under the system's temporary directory, named `<prefix>-<UUID>`, removed when the test ends.
    func temporaryFolder(_ prefix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}

struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The harness stopped it after `timeout` seconds (it blocked); status is then the signal's.
    var timedOut = false
}

/// Runs `labelsnap args…` in `cwd` with SNAPSHOT_ARTIFACTS / record variables removed (unless given). With a
/// `timeout`, a process still running after that many seconds is terminated and reported `timedOut` (for the
/// tests of what must not block: the harness's limit, not an assertion about speed). `unprivileged` runs it as
/// user and group 65534 (nobody) when the tests run as root, whom file permissions do not stop (`setpriv`).
func labelsnap(_ args: [String], cwd: String, environment extra: [String: String] = [:],
               timeout: TimeInterval? = nil, standardInput: Data? = nil, unprivileged: Bool = false) throws -> CLIResult {
    let process = Process()
    process.executableURL = try labelsnapExecutable()
    process.arguments = args
    if unprivileged, geteuid() == 0 {
        let setpriv = "/usr/bin/setpriv"
        guard FileManager.default.isExecutableFile(atPath: setpriv) else { throw XCTSkip("running as root without \(setpriv)") }
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", process.executableURL!.path] + args
        process.executableURL = URL(fileURLWithPath: setpriv)
    }
    process.currentDirectoryURL = URL(fileURLWithPath: cwd)
    var env = ProcessInfo.processInfo.environment
    for key in ["SNAPSHOT_ARTIFACTS", "SNAPSHOT_TESTING_RECORD", "CI"] { env[key] = nil }
    env.merge(extra) { $1 }
    process.environment = env
    // stdout through a pipe, stderr into a file: no second reader thread needed.
    let errPath = NSTemporaryDirectory() + "/labelsnap-cli-stderr-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    guard FileManager.default.createFile(atPath: errPath, contents: nil),
          let errHandle = FileHandle(forWritingAtPath: errPath) else { throw CocoaError(.fileWriteUnknown) }
    defer { try? errHandle.close(); try? FileManager.default.removeItem(atPath: errPath) }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = errHandle
    if let standardInput {   // from a file, so no writer thread is needed
        let inPath = errPath + ".stdin"
        guard FileManager.default.createFile(atPath: inPath, contents: standardInput),
              let inHandle = FileHandle(forReadingAtPath: inPath) else { throw CocoaError(.fileWriteUnknown) }
        unlink(inPath)   // open: read to its end all the same
        process.standardInput = inHandle
    }
    try process.run()
    let watchdog = Watchdog()
    if let timeout {
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { watchdog.stop(process) }
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errData = FileManager.default.contents(atPath: errPath) ?? Data()
    return CLIResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                     stderr: String(decoding: errData, as: UTF8.self), timedOut: watchdog.fired)
}

/// Terminates a process that outlived its timeout, and remembers that it did.
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var didFire = false
    var fired: Bool { lock.lock(); defer { lock.unlock() }; return didFire }
    func stop(_ process: Process) {
        lock.lock(); defer { lock.unlock() }
        if process.isRunning { didFire = true; process.terminate() }
    }
}

/// A throw-away package root with real snapshot failures made by `SnapshotVerifier` (the code
/// behind `assertLabelSnapshot`): reference in `__Snapshots__/FakeTests/BadgeTests/`, artifacts in
/// `.build/snapshot-artifacts/FakeTests/BadgeTests/`.
final class FailurePackage {
    let root: String
    var testFile: String { root + "/Tests/FakeTests/BadgeTests.swift" }
    var referenceFolder: String { root + "/__Snapshots__/FakeTests/BadgeTests" }
    var artifactsRoot: String { root + "/.build/snapshot-artifacts" }
    var artifactsFolder: String { artifactsRoot + "/FakeTests/BadgeTests" }

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/labelsnap-cli-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        root = URL(fileURLWithPath: String(cString: made)).standardizedFileURL.resolvingSymlinksInPath().path
        try "// swift-tools-version:6.0\n".write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/Tests/FakeTests", withIntermediateDirectories: true)
    }

    deinit {
        if ProcessInfo.processInfo.environment["LABELSNAP_CLI_TESTS_KEEP"] == nil {
            try? FileManager.default.removeItem(atPath: root)
        } else {
            print("kept \(root)")
        }
    }

    func reference(_ snapshot: String) -> String { referenceFolder + "/" + snapshot + ".png" }
    func record(_ snapshot: String) -> String { artifactsFolder + "/" + snapshot + ".png.failure.json" }
    func actual(_ snapshot: String) -> String { artifactsFolder + "/" + snapshot + ".png.actual.png" }

    func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { Array($0) } }

    func write(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { throw CocoaError(.fileWriteUnknown) }
    }

    func list(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Records `reference` for `testName`/`named`, then verifies `actual` against it with record mode
    /// `never`: a real failure with its artifacts and record. Returns the record.
    @discardableResult
    func fail(_ testName: String, named: String, reference: Bitmap?, actual: Bitmap,
              file: StaticString = #filePath, line: UInt = #line) throws -> SnapshotFailureRecord {
        let snapshot = SnapshotNaming.testName(testName) + "." + named
        if let reference { try write(try PNGCodec.encode(reference), to: self.reference(snapshot)) }
        let failure = try XCTUnwrap(SnapshotVerifier.verify(actual, as: .image, named: named, record: .never,
                                                            filePath: testFile, testName: testName,
                                                            environment: [:], counter: SnapshotCounter()),
                                    "expected a failure", file: file, line: line)
        XCTAssertTrue(failure.recordWritten, failure.message, file: file, line: line)
        return try XCTUnwrap(failure.record, file: file, line: line)
    }

    /// Rewrites a record on disk after `change`.
    func edit(_ snapshot: String, _ change: (inout SnapshotFailureRecord) -> Void) throws {
        var record = try SnapshotFailureRecord.load(self.record(snapshot))
        change(&record)
        try write(try record.jsonBytes(), to: self.record(snapshot))
    }
}

/// A `width`×`height` opaque bitmap of `color` with the pixels in `marks` painted black.
func bitmap(_ width: Int, _ height: Int, _ color: Color = .white, marks: [(Int, Int)] = []) throws -> Bitmap {
    var b = try Bitmap(width: width, height: height, fill: color)
    for (x, y) in marks {
        let i = (y * width + x) * 4
        b.pixels[i] = 0; b.pixels[i + 1] = 0; b.pixels[i + 2] = 0; b.pixels[i + 3] = 255
    }
    return b
}

/// A PNG of an IHDR declaring `width`×`height` RGBA px and one tiny IDAT (CRCs computed here, ISO 3309).
func hugePNG(width: UInt32, height: UInt32) -> [UInt8] {
    func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        be32(UInt32(data.count)) + Array(type.utf8) + data + be32(crc32(Array(type.utf8) + data))
    }
    // zlib header 78 01, one stored final block of 5 zero bytes, Adler-32 of them (1).
    let idat: [UInt8] = [0x78, 0x01, 0x01, 0x05, 0x00, 0xFA, 0xFF, 0, 0, 0, 0, 0, 0, 0x05, 0x00, 0x01]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
        + chunk("IDAT", idat) + chunk("IEND", [])
}

/// A command's `--json` output as an object (fails the test when it is not one).
func jsonObject(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
    try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text, file: file, line: line)
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A throw-away package root (a folder with `Package.swift`) and a test file path inside it.
public final class TempPackage {
    public let root: String
    public var testFile: String { root + "/Tests/FakeTests/BadgeTests.swift" }
    public var snapshots: String { root + "/__Snapshots__" }
    public var referenceFolder: String { snapshots + "/FakeTests/BadgeTests" }
    public var artifacts: String { root + "/.build/snapshot-artifacts/FakeTests/BadgeTests" }

    public init() throws {
        var template = Array((NSTemporaryDirectory() + "/labelsnap-test-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        root = URL(fileURLWithPath: String(cString: made)).standardizedFileURL.path
        try "// swift-tools-version:6.0\n".write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/Tests/FakeTests", withIntermediateDirectories: true)
    }

    public func reference(_ name: String) -> String { referenceFolder + "/" + name }

    public func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { Array($0) } }

    public func write(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Names of the files in a folder, sorted (`[]` when it does not exist).
    public func list(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Makes `folder` unwritable: mode 0555, and when that does not stop writes (running as root),
    /// the immutable attribute. Returns false when neither works (the test then skips).
    public func makeReadOnly(_ folder: String) -> Bool {
        chmod(folder, 0o555)
        if probeWritable(folder) {
            run("/usr/bin/chattr", ["+i", folder])
            immutable.append(folder)
        }
        return !probeWritable(folder)
    }

    private var immutable: [String] = []

    private func probeWritable(_ folder: String) -> Bool {
        let probe = folder + "/.probe"
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        if fd < 0 { return false }
        close(fd); unlink(probe)
        return true
    }

    private func run(_ tool: String, _ args: [String]) {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.standardError = FileHandle.nullDevice
        try? p.run()
        p.waitUntilExit()
    }

    deinit {
        for folder in immutable { run("/usr/bin/chattr", ["-i", folder]) }
        run("/bin/chmod", ["-R", "u+w", root])
        try? FileManager.default.removeItem(atPath: root)
    }
}

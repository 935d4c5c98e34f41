import Foundation

/// This test bundle run again in a child process, as SwiftPM runs it, for the tests of what happens across
/// processes (claims of one run, manifests, attachments, repetitions): in a throw-away package folder, so its
/// run manifest stays there and not in this checkout's `.build`.
public enum TestBundleProcess {
    /// The running SwiftPM test bundle (`…PackageTests.xctest`); nil when the tests run some other way.
    public static var bundle: String? {
        CommandLine.arguments.first.flatMap { $0.hasSuffix(".xctest") ? $0 : nil }
    }

    /// Starts `executable` (the bundle by default) with `arguments` in `folder`, with this process's environment
    /// changed by `environment` (nil removes a variable) and `SNAPSHOT_ARTIFACTS` removed unless given there.
    /// Standard output and error are discarded, or read into `output` when one is given.
    public static func start(_ arguments: [String], in folder: String, environment changes: [String: String?] = [:],
                             executable: String = CommandLine.arguments[0], output: Pipe? = nil) throws -> Process {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: executable)
        child.arguments = arguments
        child.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["SNAPSHOT_ARTIFACTS"] = nil
        for (name, value) in changes { environment[name] = value }
        child.environment = environment
        child.standardOutput = output ?? FileHandle.nullDevice
        child.standardError = output ?? FileHandle.nullDevice
        try child.run()
        return child
    }

    /// `start`, then waits: the exit status and, with `captureOutput`, standard output and error together.
    public static func run(_ arguments: [String], in folder: String, environment changes: [String: String?] = [:],
                           executable: String = CommandLine.arguments[0],
                           captureOutput: Bool = false) throws -> (status: Int32, output: String) {
        let pipe = captureOutput ? Pipe() : nil
        let child = try start(arguments, in: folder, environment: changes, executable: executable, output: pipe)
        let text = pipe.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) } ?? ""
        child.waitUntilExit()
        return (child.terminationStatus, text)
    }
}

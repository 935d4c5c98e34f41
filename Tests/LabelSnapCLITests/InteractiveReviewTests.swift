import Foundation
import Imaging
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `labelsnap review` on a pseudo-terminal: keys written to the master side, the screens read back.
final class InteractiveReviewTests: XCTestCase {
    /// A reference over the preview bound (2048×2048 px = 4 Mpx) is named with its IHDR size and path
    /// instead of being decoded; a smaller actual in the same failure is still previewed, its scale as a fraction below 0.1×.
    func testAReferenceTooLargeToPreviewIsNamedNotDecoded() throws {
        let pkg = try FailurePackage()
        let record = try pkg.fail("testHuge", named: "1", reference: try bitmap(2049, 2048), actual: try bitmap(8000, 2))
        let referenceCopy = try XCTUnwrap(record.artifacts["reference"].map { pkg.artifactsFolder + "/" + ($0 as NSString).lastPathComponent })
        let session = try PseudoTerminalSession(["review"], cwd: pkg.root, columns: 400, rows: 40)
        defer { session.end() }
        try session.read(until: " quit")                      // first screen (the diff view) drawn
        session.send("t")
        let reference = try session.read(until: "reference")   // the reference view
        XCTAssertTrue(reference.contains("reference is 2049×2048 px: too large to preview here; open \(referenceCopy)"), reference)
        XCTAssertFalse(reference.contains("shown"), reference)
        session.send("t")
        let actual = try session.read(until: "shown")
        // 400 columns for 8000 px is 0.05×, printed as a fraction below 0.1× (two decimals printed "0.00×" at 16000 px).
        XCTAssertTrue(actual.contains("actual: 8000×2 px  \(pkg.actual("testHuge.1")), shown 1/20×"), actual)
        session.send("q")
        XCTAssertTrue(try session.read(until: "Reviewed").contains("Reviewed 0 of 1"))
    }
}

/// `labelsnap args…` with standard input, output and error on a new pseudo-terminal of `columns`×`rows`.
final class PseudoTerminalSession {
    let master: Int32
    let process = Process()
    private var output: [UInt8] = []

    init(_ args: [String], cwd: String, columns: Int, rows: Int) throws {
        // posix_openpt(3), unlockpt(3) and ptsname(3) are not visible through Swift's Glibc module: their ioctls
        // /dev/ptmx and the ioctls behind them (TIOCSPTLCK, TIOCGPTN: _IOW/_IOR('T', 0x31/0x30, unsigned int), asm-generic numbering).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw XCTSkip("no pseudo-terminal available")
        }
        let name = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw XCTSkip("cannot open \(name)") }
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = try labelsnapExecutable()
        process.arguments = args
        process.currentDirectoryURL = URL(fileURLWithPath: cwd)
        var env = ProcessInfo.processInfo.environment
        for key in ["SNAPSHOT_ARTIFACTS", "SNAPSHOT_TESTING_RECORD", "CI", "NO_COLOR"] { env[key] = nil }
        env["TERM"] = "xterm-256color"
        env["COLORTERM"] = "truecolor"
        process.environment = env
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()   // the child holds the slave side now: its exit ends our reads
    }

    func send(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Everything printed since the last call, escape sequences removed, once it contains `marker`.
    /// - Throws: when the program exits, or prints nothing for 60 s, without printing `marker`.
    @discardableResult
    func read(until marker: String) throws -> String {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let text = String(decoding: output, as: UTF8.self)
                .replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
            if text.contains(marker) { output = []; return text }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 60_000) > 0 else { throw Failure("nothing printed for 60 s; waiting for \(marker) after: \(text)") }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure("the program ended before printing \(marker): \(text)") }
            output += buffer[0..<n]
        }
    }

    /// Quits the program if it still runs and closes the master side.
    func end() {
        if process.isRunning { send("q") }
        process.waitUntilExit()
        close(master)
    }

    struct Failure: Error, CustomStringConvertible { let description: String; init(_ d: String) { description = d } }
}

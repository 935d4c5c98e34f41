import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A FIFO for the tests that a reader must refuse without blocking, with the test harness's timeout: if the body
/// blocks in `open(2)` or `read(2)` on it (no writer ever comes), a watchdog thread opens the FIFO for writing after
/// `timeout` seconds and closes it again (and again for each later blocked open), which releases the reader (it sees the end of the file), so the suite
/// never hangs; the test then fails on `released`, not on how long anything took.
public final class FIFOWatchdog: @unchecked Sendable {
    public let path: String
    private let lock = NSLock()
    private var done = false
    private var releasedReader = false

    /// Creates a FIFO at a fresh path in the temporary folder (removed by `remove()`).
    public init() throws {
        path = NSTemporaryDirectory() + "/labelsnap-fifo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard mkfifo(path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Runs `body` (which reads `path`) under the watchdog. Returns whether the watchdog had to release a blocked
    /// reader: true means the code under test blocked.
    public func run<T>(timeout: TimeInterval = 60, _ body: () throws -> T) rethrows -> (result: T, released: Bool) {
        lock.lock(); done = false; releasedReader = false; lock.unlock()
        let path = self.path
        Thread.detachNewThread { [self] in
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                lock.lock(); let finished = done; lock.unlock()
                if finished { return }
                usleep(20_000)
            }
            // Until the body returns: it may open the FIFO again after a release (a library retrying, a second
            // reader), and each blocked open must be released. O_NONBLOCK: succeeds only while a reader waits
            // (ENXIO otherwise), so this never blocks either.
            while true {
                lock.lock()
                if done { lock.unlock(); return }
                let fd = open(path, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { releasedReader = true; close(fd) }
                lock.unlock()
                usleep(20_000)
            }
        }
        let result = try body()
        lock.lock(); done = true; let released = releasedReader; lock.unlock()
        return (result, released)
    }

    public func remove() { unlink(path) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An exclusive `flock(2)` on a folder, across processes and threads (each holder opens the folder
/// itself). Locking the folder, not a file in it, leaves nothing behind in a folder of references.
enum FolderLock {
    /// Runs `body` while holding the lock on `folder`, waiting for another holder to finish.
    /// - Throws: `ReviewError` when the folder cannot be opened or locked; what `body` throws.
    static func holding<T>(_ folder: String, _ body: () throws -> T) throws -> T {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw ReviewError("cannot lock \(folder) for writing a reference: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw ReviewError("cannot lock \(folder) for writing a reference: \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}

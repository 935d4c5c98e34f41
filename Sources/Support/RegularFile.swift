#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one checked way to read a file that must be a regular file: a reference, an image, a failure record, a
/// string catalog. Every reader of such a path (PNGCodec, SnapshotStore, StringResources) opens it here, so none
/// of them can block on a FIFO or read a device.
///
/// Why: `open(2)` of a FIFO for reading waits for a writer, forever when there is none (`labelsnap info` on a
/// FIFO hung), and a character device such as `/dev/zero` never ends. So the file is opened with `O_NONBLOCK`
/// (which changes nothing for a regular file) and `fstat(2)` decides before a byte is read; symbolic links are
/// followed, so a link to a device is refused as the device.
package enum RegularFile {
    /// Opens `path` for reading and checks that it is a regular file.
    /// - Returns: the open descriptor (the caller closes it) and the file's size in bytes at opening.
    /// - Throws: `RegularFileError` (nothing stays open then).
    package static func openForReading(_ path: String) throws(RegularFileError) -> (descriptor: Int32, size: Int) {
        guard !path.isEmpty, !path.utf8.contains(0) else { throw RegularFileError(path: path, problem: .invalidPath) }
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) } while fd < 0 && errno == EINTR
        guard fd >= 0 else {
            let code = errno
            throw RegularFileError(path: path, problem: code == ENOENT ? .missing : code == EISDIR ? .directory : .system(errno: code))
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let code = errno
            close(fd)
            throw RegularFileError(path: path, problem: .system(errno: code))
        }
        let problem: RegularFileError.Problem? = switch st.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .directory
        case S_IFIFO: .notRegular(kind: "a FIFO")
        case S_IFCHR: .notRegular(kind: "a character device")
        case S_IFBLK: .notRegular(kind: "a block device")
        case S_IFSOCK: .notRegular(kind: "a socket")
        default: .notRegular(kind: "a special file")
        }
        if let problem {
            close(fd)
            throw RegularFileError(path: path, problem: problem)
        }
        return (fd, Int(st.st_size))
    }

    /// The whole file: its size at opening, at most `limit` bytes (fewer when it shrinks while read).
    /// - Throws: `RegularFileError`, `.tooLarge` before anything is allocated.
    package static func contents(_ path: String, limit: Int = .max) throws(RegularFileError) -> [UInt8] {
        let (fd, size) = try openForReading(path)
        defer { close(fd) }
        guard size <= limit else { throw RegularFileError(path: path, problem: .tooLarge(size: size, limit: limit)) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RegularFileError(path: path, problem: .system(errno: errno))
            }
            if n == 0 { break }  // shrank while reading
            done += n
        }
        if done < size { bytes.removeSubrange(done...) }
        return bytes
    }
}

/// Why a path could not be read as a regular file. Each reader turns it into its own error
/// (`PNGError.unreadableFile`, `SnapshotStoreError`, `StringResourceError`); `reason` is the shared wording.
package struct RegularFileError: Error, Equatable, Sendable, CustomStringConvertible {
    package enum Problem: Equatable, Sendable {
        /// Nothing at the path (`ENOENT`; also a dangling symbolic link).
        case missing
        /// A folder.
        case directory
        /// A FIFO, a device, a socket: `kind` is "a FIFO", "a character device" …
        case notRegular(kind: String)
        /// More bytes than the reader takes.
        case tooLarge(size: Int, limit: Int)
        /// Empty, or holding a NUL byte.
        case invalidPath
        /// Another system error (permission denied, a loop of symbolic links …).
        case system(errno: Int32)
    }

    package var path: String
    package var problem: Problem

    package init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// "it is a FIFO, not a regular file", "no such file", "Permission denied" …: what follows "cannot read PATH: ".
    package var reason: String {
        switch problem {
        case .missing: "no such file"
        case .directory: "it is a folder, not a file"
        case .notRegular(let kind): "it is \(kind), not a regular file: nothing was read"
        case .tooLarge(let size, let limit): "it is \(size) bytes, more than the \(limit) bytes it may have"
        case .invalidPath: path.isEmpty ? "the path is empty" : "the path contains a NUL byte"
        case .system(let code): String(cString: strerror(code))
        }
    }

    package var description: String { "cannot read \(path): \(reason)" }
}

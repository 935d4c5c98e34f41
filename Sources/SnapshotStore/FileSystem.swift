import Support
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CSnapshotStore
import Foundation
import Synchronization

/// The few POSIX file operations the store needs: whole-file reads, `mkdir -p`, and atomic
/// writes (a temporary file in the destination folder, then `rename(2)`, or `renameat2(RENAME_NOREPLACE)`
/// when an existing file must not be replaced). Readers therefore see the old file or the new one, never
/// a torn one, also with many writers in parallel.
package enum SnapshotFileSystem {
    /// Largest file the store reads (256 MiB); a reference is far smaller.
    package static let maximumFileSize = 256 << 20

    /// The file's bytes, or `nil` when nothing exists at `path`.
    /// Never blocks on a FIFO nor reads a device: anything but a regular file (after symbolic links) is refused.
    /// - Throws: `SnapshotStoreError.io` (unreadable …), `.notARegularFile` (a folder, a FIFO, a device,
    ///   a socket) or `.fileTooLarge`.
    package static func readIfPresent(_ path: String, limit: Int = maximumFileSize) throws -> [UInt8]? {
        do {
            return try RegularFile.contents(path, limit: limit)
        } catch {
            switch error.problem {
            case .missing: return nil
            // Said as for a FIFO, with what to do (a bare "EISDIR" said neither).
            case .directory: throw SnapshotStoreError.notARegularFile(path: path, kind: "a folder")
            case .notRegular(let kind): throw SnapshotStoreError.notARegularFile(path: path, kind: kind)
            case .tooLarge(let size, let limit): throw SnapshotStoreError.fileTooLarge(path: path, size: size, limit: limit)
            case .invalidPath: throw SnapshotStoreError.io(operation: "reading", path: path, errno: EINVAL)
            case .system(let code): throw SnapshotStoreError.io(operation: "reading", path: path, errno: code)
            }
        }
    }

    /// The target of the symbolic link at `path` when that link points at nothing (a dangling link), else nil.
    /// `open(2)` reports such a link as missing (`ENOENT`), but the path is not free: it must not read as
    /// "no reference".
    package static func danglingLinkTarget(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK, stat(path, &st) != 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        return n < 0 ? "?" : String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether anything exists at `path`.
    package static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// Creates `path` and its missing parents (`mkdir -p`); safe to race with other creators.
    /// - Throws: `.notWritable` for a read-only parent, `.notADirectory`, or `.io`.
    package static func makeDirectories(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            var st = stat()
            if stat(prefix, &st) == 0 {
                guard (st.st_mode & S_IFMT) == S_IFDIR else { throw SnapshotStoreError.notADirectory(path: prefix) }
                continue
            }
            if mkdir(prefix, 0o777) != 0 {
                let code = errno
                if code == EEXIST, stat(prefix, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { continue }
                throw writeError(code, path: prefix, operation: "creating folder")
            }
        }
    }

    /// How an atomic write treats an existing destination.
    package enum ExistingFile: Sendable {
        /// Replace it (`rename(2)`).
        case replace
        /// Keep it and report `false` (`renameat2(RENAME_NOREPLACE)` refuses to replace): used to create a
        /// missing reference without clobbering one another process wrote meanwhile.
        case keep
    }

    private static let sequence = Atomic<Int>(0)

    /// Writes `bytes` to `path` atomically: a temporary file in the same folder (created with
    /// `O_EXCL`, mode 0666 less the umask), optionally `fsync`ed, then renamed into place (`.keep`:
    /// `renameat2(RENAME_NOREPLACE)`, or `link(2)` where the file system has no such rename).
    /// Missing parent folders are created. With `sync` inside a `SnapshotWriteBatch` (its `current`), only the
    /// temporary file is written now: the batch makes it durable and renames it when it commits.
    /// - Returns: `false` only for `.keep` when a file already existed (nothing was written).
    /// - Throws: `.notWritable` for a read-only folder or file system, `.io` otherwise.
    @discardableResult
    package static func writeAtomically(_ bytes: [UInt8], to path: String, existing: ExistingFile = .replace,
                                       sync: Bool = false) throws -> Bool {
        let (folder, name) = split(path)
        try makeDirectories(folder)
        if sync, let batch = SnapshotWriteBatch.current {
            return try batch.stage(bytes, to: path, folder: folder, name: name, existing: existing)
        }
        let temp = try writeTemporary(bytes, folder: folder, name: name, sync: sync)
        guard try publish(temp, to: path, existing: existing) else { return false }
        // The new directory entry survives a power loss only once the folder itself is synced.
        if sync { syncFolder(folder) }
        return true
    }

    /// A new temporary file beside `name` in `folder` holding `bytes` (fsynced with `sync`), closed.
    /// Nothing is left behind when it throws.
    static func writeTemporary(_ bytes: [UInt8], folder: String, name: String, sync: Bool) throws -> String {
        let seq = sequence.wrappingAdd(1, ordering: .relaxed).newValue
        let temp = folder + "/." + String(decoding: name.utf8.prefix(100), as: UTF8.self) + ".tmp-\(getpid())-\(seq)-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        if fd < 0 { throw writeError(errno, path: folder, operation: "creating a file in") }
        var failure: SnapshotStoreError?
        var done = 0
        bytes.withUnsafeBytes { buf in
            while done < buf.count {
                let n = write(fd, buf.baseAddress! + done, buf.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = writeError(errno, path: temp, operation: "writing"); return
                }
                done += n
            }
        }
        if failure == nil, sync, fsync(fd) != 0 { failure = writeError(errno, path: temp, operation: "syncing") }
        if close(fd) != 0, failure == nil { failure = writeError(errno, path: temp, operation: "closing") }
        if let failure { unlink(temp); throw failure }
        return temp
    }

    /// The process id in the name of a temporary file `writeTemporary` made (`.<name>.tmp-<pid>-<seq>-<random>`);
    /// nil for any other name.
    package static func temporaryWriter(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { return nil }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let pid = pid_t(parts[0]), pid > 0 else { return nil }
        return pid
    }

    /// Whether process `pid` is gone (`kill(pid, 0)` answers ESRCH). A live process that reused the id keeps its
    /// files: nothing is removed that might still be written.
    static func processIsGone(_ pid: pid_t) -> Bool { kill(pid, 0) != 0 && errno == ESRCH }

    /// The temporary files in `folder` (and, with `recursive`, its non-hidden subfolders) of writes whose process is
    /// gone: a test killed (`kill -9`, a crash, a timeout) while it wrote a reference leaves its hidden
    /// `.<name>.tmp-<pid>-…` beside the references for good, where `git add .` would commit it.
    package static func abandonedTemporaries(in folder: String, recursive: Bool = false) -> [String] {
        var found: [String] = []
        for name in entries(folder) {
            let path = folder + "/" + name
            if let pid = temporaryWriter(name) {
                var st = stat()
                if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, processIsGone(pid) { found.append(path) }
            } else if recursive, !name.hasPrefix(".") {
                var st = stat()
                if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { found += abandonedTemporaries(in: path, recursive: true) }
            }
        }
        return found
    }

    private static let foldersSwept = Locked<Set<String>>([])

    /// Removes `abandonedTemporaries(in: folder)`, once per folder and process (the verifier calls it for the
    /// folder of each reference it uses). Best effort: a file that cannot be removed stays.
    package static func removeAbandonedTemporaries(in folder: String) {
        guard foldersSwept.withLock({ $0.insert(folder).inserted }) else { return }
        for path in abandonedTemporaries(in: folder) { unlink(path) }
    }

    /// Forgets which folders were swept (tests: a new process).
    package static func forgetSweptFolders() { foldersSwept.withLock { $0.removeAll() } }

    /// Moves the finished temporary file `temp` to `path`; the temporary name is gone afterwards either way.
    /// - Returns: false when `.keep` found something at `path` (which is left as it is).
    /// - Throws: `.notWritable` or `.io`.
    static func publish(_ temp: String, to path: String, existing: ExistingFile) throws -> Bool {
        switch existing {
        case .replace:
            if rename(temp, path) != 0 {
                let code = errno
                unlink(temp)
                throw writeError(code, path: path, operation: "renaming into")
            }
        case .keep:
            // CSnapshotFiles' one chain (rename that refuses to replace, else link(2), else check and rename),
            // shared with the run's claim files.
            switch lsf_publish_noreplace(temp, path) {
            case 1: break
            case 0: return false
            case -2: throw writeError(errno, path: path, operation: "linking into")
            default: throw writeError(errno, path: path, operation: "renaming into")
            }
        }
        return true
    }

    /// link(2) errors that mean "this file system has no hard links", not "read-only" (`lsf_link_unsupported`).
    static func linkUnsupported(_ code: Int32) -> Bool { lsf_link_unsupported(code) != 0 }

    /// fsync(2) on a folder, so that a rename into it is durable. Errors are ignored: some file
    /// systems refuse to sync folders, and the file itself is already synced.
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// Moves the file at `from` to `to` (creating `to`'s folders) unless something exists at `to`;
    /// removes `from`'s folder when that leaves it empty.
    /// - Throws: `.notWritable` or `.io`.
    package static func moveWithoutReplacing(_ from: String, to: String) throws {
        try makeDirectories(split(to).0)
        if link(from, to) == 0 {
            try removeIfPresent(from)
        } else if errno == EEXIST {
            return
        } else if !exists(to), rename(from, to) != 0 {
            throw writeError(errno, path: to, operation: "moving \(from) to")
        }
        syncFolder(split(to).0)
        rmdir(split(from).0)  // only succeeds when empty
    }

    /// Removes the file at `path`; a missing file is not an error.
    package static func removeIfPresent(_ path: String) throws {
        if unlink(path) != 0, errno != ENOENT {
            throw writeError(errno, path: path, operation: "removing")
        }
    }

    /// The folder of `path` (`.` for a bare name).
    package static func parentFolder(_ path: String) -> String { split(path).0 }

    /// The names in `folder` (without `.` and `..`), sorted; empty when it cannot be read.
    package static func entries(_ folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// (`folder`, `name`) of a path; the folder of a bare name is `.`.
    package static func split(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    static func writeError(_ code: Int32, path: String, operation: String) -> SnapshotStoreError {
        if code == EACCES || code == EPERM || code == EROFS { return .notWritable(path: path, errno: code) }
        return .io(operation: operation, path: path, errno: code)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CSnapshotStore
import Foundation
import Support

/// The file operations of the run's own small files (claims, manifests), all best effort: a run file that
/// cannot be read or written leaves the run without that evidence and never fails an assertion. The store's
/// `SnapshotFileSystem` sits above this module; both use the checked read (`RegularFile`) and one chain that
/// moves a file into place without replacing (`lsf_publish_noreplace`).
enum RunFiles {
    /// The bytes of the file at `path`; nil when it is missing, unreadable, not a regular file or over 256 MiB.
    static func read(_ path: String) -> [UInt8]? { try? RegularFile.contents(path, limit: 256 << 20) }

    /// The names in `folder` (without `.` and `..`), sorted; empty when it cannot be read.
    static func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Creates `path` holding `bytes` unless something is there already, its folders too: a temporary file beside
    /// it moved into place in one step that refuses to replace, so a reader of `path` sees all of `bytes` or no
    /// file. True when this call created it, false when something was there, nil when it could not tell.
    static func create(_ bytes: [UInt8], at path: String) -> Bool? {
        guard let slash = path.lastIndex(of: "/"), makeFolders(String(path[..<slash])) else { return nil }
        let temp = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return nil }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard close(fd) == 0, written == bytes.count else {
            unlink(temp)
            return nil
        }
        // The store's chain for a reference created without replacing (it removes `temp` either way).
        switch lsf_publish_noreplace(temp, path) {
        case 1: return true
        case 0: return false
        default: return nil
        }
    }

    /// `mkdir -p`, safe to race with other processes creating the same folders.
    private static func makeFolders(_ path: String) -> Bool {
        var folder = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            folder += "/" + part
            if mkdir(folder, 0o777) != 0 && errno != EEXIST { return false }
        }
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// `rm -r` for the small run folders (files and folders only; links are removed, not followed).
    static func removeTree(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            for name in entries(path) { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

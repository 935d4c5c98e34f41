#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Errors from the snapshot store. Each description says what went wrong, on which path, and
/// what to do.
public enum SnapshotStoreError: Error, CustomStringConvertible, Equatable {
    /// A record-mode value that is not one of `all, missing, failed, never`; `source` names where it came
    /// from ("environment variable SNAPSHOT_TESTING_RECORD").
    case unknownRecordMode(value: String, source: String)
    /// A folder or file cannot be written because it (or a parent) is read-only.
    case notWritable(path: String, errno: Int32)
    /// A path exists but is not a folder where a folder is needed.
    case notADirectory(path: String)
    /// A file is larger than the store reads.
    case fileTooLarge(path: String, size: Int, limit: Int)
    /// Any other failed system call.
    case io(operation: String, path: String, errno: Int32)
    /// A computed path would leave the folder it must stay in (a defect: names are sanitised).
    case pathEscapesFolder(path: String, folder: String)
    /// A failure record could not be read or is not one this version understands.
    case invalidFailureRecord(path: String, reason: String)
    /// A symbolic link at `path` points at `target`, which does not exist.
    case danglingLink(path: String, target: String)
    /// A file at `path` is not a regular file (`kind`: "a FIFO", "a character device", …), so it cannot be
    /// a reference; reading it could block forever (a FIFO) or never end (`/dev/zero`).
    case notARegularFile(path: String, kind: String)

    public var description: String {
        switch self {
        case .unknownRecordMode(let value, let source):
            // The variable (the source) is known; its value is not.
            return "\(source) is \"\(value)\", which is not a record mode: use one of \(RecordMode.allowedValues)"
        case .notWritable(let path, let code):
            return "cannot write \(path): \(errnoName(code)) (\(errnoText(code))). The folder is read-only: "
                + "make it writable for the user running the tests, or run with \(RecordMode.environmentVariable)=never to assert without recording references"
        case .notADirectory(let path):
            return "\(path) is a file, not a folder, and a folder is needed there: point the setting that names it "
                + "(snapshotDirectory:, LABELSNAP_SNAPSHOTS_DIR) at a folder, or move a stray file away"
        case .fileTooLarge(let path, let size, let limit):
            return "\(path) is \(size) bytes, more than the \(limit) bytes a snapshot may have"
        case .io(let operation, let path, let code):
            return "\(operation) \(path) failed: \(errnoName(code)) (\(errnoText(code)))"
        case .pathEscapesFolder(let path, let folder):
            return "refusing to use \(path): it is outside \(folder)"
        case .invalidFailureRecord(let path, let reason):
            return "cannot read failure record \(path): \(reason)"
        case .danglingLink(let path, let target):
            return "\(path) is a symbolic link to \(target), which does not exist; restore the target or remove the link"
        case .notARegularFile(let path, let kind):
            return "\(path) is not a regular file (it is \(kind)): a reference must be a file; remove it (or replace it with the reference) and run again"
        }
    }
}

extension SnapshotStoreError {
    /// The system's words for a failed write or mkdir ("Permission denied", "Not a directory"), without
    /// the path and the advice, for a caller whose own message names both (the CLI's output files);
    /// any other error's description as it is.
    package static func reason(of error: any Error) -> String {
        switch error as? SnapshotStoreError {
        case .notWritable(_, let code)?, .io(_, _, let code)?: return errnoText(code)
        case .notADirectory(let path)?: return "\(path) is a file, not a folder"
        default: return "\(error)"
        }
    }
}

/// The system's words for `code` (`strerror`).
package func errnoText(_ code: Int32) -> String {
    guard let s = strerror(code) else { return "errno \(code)" }
    return String(cString: s)
}

/// The symbolic name of `code` (`EACCES`), else `errno <code>`.
package func errnoName(_ code: Int32) -> String {
    switch code {
    case EACCES: return "EACCES"
    case EPERM: return "EPERM"
    case EROFS: return "EROFS"
    case ENOENT: return "ENOENT"
    case ENOTDIR: return "ENOTDIR"
    case EISDIR: return "EISDIR"
    case ENOSPC: return "ENOSPC"
    case EEXIST: return "EEXIST"
    case ENAMETOOLONG: return "ENAMETOOLONG"
    default: return "errno \(code)"
    }
}

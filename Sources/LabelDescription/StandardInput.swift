import Foundation

/// Standard input read whole, for an option given `-` (`labelsnap render --text-file -`, `--attributed -`).
package enum StandardInput {
    /// The most read (64 MiB): a pipe has no size to check first, so it is read up to the limit and refused beyond
    /// it (a file's size is known: a path has no such limit).
    package static let maximumBytes = 64 << 20

    /// Whether an option's path names standard input: `-`, or `/dev/stdin` (a pipe, which `RegularFile` refuses).
    package static func isNamed(by path: String) -> Bool { path == "-" || path == "/dev/stdin" }

    /// All of standard input, at most `limit` bytes. `option` (`--text-file`) and `what` (`the text`) word the refusal.
    /// - Throws: `LabelPropertyError` when it holds more, or cannot be read.
    package static func read(limit: Int = maximumBytes, option: String, what: String) throws(LabelPropertyError) -> [UInt8] {
        // Read straight into one buffer of limit + 1 bytes (pages are only committed as they are written): no copy
        // per chunk, which a debug build of this tool pays per byte.
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: limit + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let n = Foundation.read(STDIN_FILENO, buffer.baseAddress! + count, buffer.count - count)
                if n > 0 { count += n; continue }
                if n < 0, errno == EINTR { continue }
                if n < 0 { failure = errno }
                return
            }
        }
        if failure != 0 {
            throw LabelPropertyError("standard input cannot be read (\(String(cString: strerror(failure)))): give \(what) with \(option) PATH")
        }
        guard bytes.count <= limit else {
            throw LabelPropertyError("standard input holds more than \(limit) bytes, the most \(option) - reads: save \(what) to a file "
                + "and give its path")
        }
        return bytes
    }
}

import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `Synchronization.Mutex`: the lock box of every module that keeps shared state (the store's
/// caches, claims and manifest; Typesetting's font identities and variation axes).
///
/// The body also tells ThreadSanitizer that it holds the lock (`__tsan_acquire` after locking, `__tsan_release`
/// before unlocking, looked up once in the running process, so they are no-ops outside a `--sanitize=thread`
/// build): a contended `Mutex` on Linux hands over through a `FUTEX_LOCK_PI` system call the sanitizer does not see,
/// so without them `Scripts/sanitize.sh thread` would report the values of contended boxes as races.
package final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    package init(_ value: sending Value) { mutex = Mutex(value) }

    package func withLock<R: Sendable>(_ body: (inout sending Value) throws -> R) rethrows -> R {
        let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        return try mutex.withLock { value throws -> R in
            ThreadSanitizerHooks.acquire?(address)
            defer { ThreadSanitizerHooks.release?(address) }
            return try body(&value)
        }
    }
}

/// ThreadSanitizer's annotations of a happens-before edge, present only in a process linked with its runtime.
private enum ThreadSanitizerHooks {
    typealias Hook = @convention(c) (UnsafeRawPointer?) -> Void
    static let acquire: Hook? = lookup("__tsan_acquire")
    static let release: Hook? = lookup("__tsan_release")

    private static func lookup(_ name: String) -> Hook? {
        // nil handle: RTLD_DEFAULT, every object of the process.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: Hook.self)
    }
}

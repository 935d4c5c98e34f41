import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `Synchronization.Mutex`: the lock box of every module that keeps shared state (the store's
/// caches, claims and manifest; Typesetting's faces, their caches and fontconfig's listings).
///
/// The body also tells ThreadSanitizer that it holds the lock (`__tsan_acquire` after locking, `__tsan_release`
/// before unlocking, looked up once in the running process, so they are no-ops outside a `--sanitize=thread`
/// build): a contended `Mutex` on Linux hands over through a `FUTEX_LOCK_PI` system call the sanitizer does not see,
/// so without them `Scripts/sanitize.sh thread` would report the values of contended boxes as races.
///
/// The mutex guards no value of its own (`Mutex<Void>`, a concrete type): the value lives in memory of its own,
/// reached only inside `withLock`. A `Mutex<Value>` made an unoptimised client look up the generic type's metadata
/// in the runtime on every lock (about 400 instructions), and Typesetting takes locks per glyph drawn.
/// `@inlinable`, so an optimised client specialises the body to its value and inlines it.
package final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let mutex = Mutex<Void>(())
    /// The value, only read or written while `mutex` is held.
    @usableFromInline let storage: UnsafeMutablePointer<Value>

    package init(_ value: sending Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    @inlinable
    package func withLock<R: Sendable>(_ body: (inout sending Value) throws -> R) rethrows -> R {
        try mutex.withLock { _ throws -> R in
            let address = UnsafeRawPointer(storage)
            ThreadSanitizerHooks.acquire?(address)
            defer { ThreadSanitizerHooks.release?(address) }
            return try body(&storage.pointee)
        }
    }
}

/// ThreadSanitizer's annotations of a happens-before edge, present only in a process linked with its runtime.
@usableFromInline
enum ThreadSanitizerHooks {
    @usableFromInline typealias Hook = @convention(c) (UnsafeRawPointer?) -> Void
    @usableFromInline static let acquire: Hook? = lookup("__tsan_acquire")
    @usableFromInline static let release: Hook? = lookup("__tsan_release")

    private static func lookup(_ name: String) -> Hook? {
        // nil handle: RTLD_DEFAULT, every object of the process.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: Hook.self)
    }
}

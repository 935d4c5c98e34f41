import Foundation

/// A value behind an `NSLock` (a pthread mutex). Used instead of `Synchronization.Mutex`, whose futex-based
/// lock ThreadSanitizer on Linux does not see, so that TSan runs of the parallel tests report real races only.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock(); defer { lock.unlock() }
        return try body(&value)
    }
}

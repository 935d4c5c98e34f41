import Support
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The process environment as a dictionary, for the assertions' default `environment`: built once and
/// rebuilt only when the environment changed. `ProcessInfo.processInfo.environment` copies every
/// variable into a new dictionary on each call, a sizeable share of a passing assertion.
///
/// A change is seen by comparing the `environ` array's entry pointers with those of the last build:
/// `setenv`, `unsetenv` and `putenv` replace, remove or add entries, so any of them changes a pointer
/// or the count (as long as nobody writes into a string already handed to `putenv`, which POSIX leaves
/// to the caller anyway).
enum ProcessEnvironment {
    /// The variables of the process now.
    static var current: [String: String] {
        let entries = environmentEntries()
        if let cached = cache.withLock({ $0.entries == entries ? $0.variables : nil }) { return cached }
        let variables = ProcessInfo.processInfo.environment
        cache.withLock { $0 = (entries, variables) }
        return variables
    }

    private static let cache = Locked<(entries: [UInt], variables: [String: String])>(([], [:]))

    /// The addresses of the `environ` entries, in order (empty for an empty environment).
    private static func environmentEntries() -> [UInt] {
        var out: [UInt] = []
        var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard entry != nil else { return out }
        out.reserveCapacity(128)
        while let current = entry, let string = current.pointee {
            out.append(UInt(bitPattern: string))
            entry = current + 1
        }
        return out
    }
}

import Support
import Synchronization

/// The face a fallback chain picks for a cluster of one BMP code unit, remembered for the life of the process
/// (docs/fonts.md, Fallback: the choice depends on the cluster's code points and the chain alone). Every layout
/// of a label asks again for the same few characters; in a client's debug build asking FreeType and Unicode's
/// properties again was a third of a badge's layout. One table of 65,536 entries per chain (64 KB), shared by
/// all threads. Uncovered units are not stored: their code points are reported each time.
///
/// The entries are atomic bytes, not a table behind a lock: every cluster of every layout reads one, and a lock
/// per cluster cost many times the lookup itself (a 1,000-word layout takes some 6,000). Relaxed
/// order suffices: an entry is written once per unit with the only value any thread finds for it, and nothing
/// else is published with it.
final class FaceChoiceCache: @unchecked Sendable {   // `table` is only reached through its atomic entries
    /// Chain index + 1 per unit; 0 = not chosen yet.
    private let table: UnsafeMutablePointer<Atomic<UInt8>>

    private init() {
        table = .allocate(capacity: 0x10000)
        for unit in 0..<0x10000 { (table + unit).initialize(to: Atomic(0)) }
    }

    /// The face index chosen for `unit` before, or nil.
    func face(for unit: UInt16) -> Int? {
        let stored = table[Int(unit)].load(ordering: .relaxed)
        return stored == 0 ? nil : Int(stored) - 1
    }

    func remember(_ face: Int, for unit: UInt16) {
        guard face < Int(UInt8.max) else { return }
        table[Int(unit)].store(UInt8(face + 1), ordering: .relaxed)
    }

    private struct Registry {
        var byChain: [[FontFile]: FaceChoiceCache] = [:]
        /// The chain asked for last and its cache: compared before `byChain` hashes every path of a chain
        /// (the labels of a test run mostly share one chain, whose paths share storage, so `==` is quick).
        var last: (chain: [FontFile], cache: FaceChoiceCache)?
    }
    private static let registry = Locked(Registry())

    /// The cache of `chain` (made on first use; never freed, as the faces it indexes are not).
    static func shared(for chain: [FontFile]) -> FaceChoiceCache {
        registry.withLock { registry in
            if let last = registry.last, last.chain == chain { return last.cache }
            let cache = registry.byChain[chain] ?? FaceChoiceCache()
            registry.byChain[chain] = cache
            registry.last = (chain, cache)
            return cache
        }
    }
}

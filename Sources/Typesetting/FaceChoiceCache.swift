import Foundation

/// The face a fallback chain picks for a cluster of one BMP code unit, remembered for the life of the process
/// (DESIGN.md §2, Fallback: the choice depends on the cluster's code points and the chain alone). Every layout
/// of a label asks again for the same few characters; in a client's debug build asking FreeType and Unicode's
/// properties again was a third of a badge's layout. One table of 65,536 entries per chain (64 KB), shared by
/// all threads under a lock. Uncovered units are not stored: their code points are reported each time.
final class FaceChoiceCache: @unchecked Sendable {
    private let lock = NSLock()
    /// Chain index + 1 per unit; 0 = not chosen yet.
    private let table: UnsafeMutablePointer<UInt8>

    private init() {
        table = .allocate(capacity: 0x10000)
        table.initialize(repeating: 0, count: 0x10000)
    }

    /// The face index chosen for `unit` before, or nil.
    func face(for unit: UInt16) -> Int? {
        lock.lock()
        let stored = table[Int(unit)]
        lock.unlock()
        return stored == 0 ? nil : Int(stored) - 1
    }

    func remember(_ face: Int, for unit: UInt16) {
        guard face < Int(UInt8.max) else { return }
        lock.lock()
        table[Int(unit)] = UInt8(face + 1)
        lock.unlock()
    }

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var registry: [[FontFile]: FaceChoiceCache] = [:]

    /// The chain asked for last and its cache: compared before the registry hashes every path of a chain
    /// (the labels of a test run mostly share one chain, whose paths share storage, so `==` is quick).
    nonisolated(unsafe) private static var last: (chain: [FontFile], cache: FaceChoiceCache)?

    /// The cache of `chain` (made on first use; never freed, as the faces it indexes are not).
    static func shared(for chain: [FontFile]) -> FaceChoiceCache {
        registryLock.lock(); defer { registryLock.unlock() }
        if let last, last.chain == chain { return last.cache }
        let cache = registry[chain] ?? FaceChoiceCache()
        registry[chain] = cache
        last = (chain, cache)
        return cache
    }
}

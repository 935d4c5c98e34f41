import Support

/// Numbers the unnamed snapshots of each test: 1, 2, 3, … per (reference folder, test name, running test case).
/// Thread-safe; Swift Testing runs tests in parallel in one process.
package final class SnapshotCounter: Sendable {
    /// The process-wide counter used by the assertions.
    package static let shared = SnapshotCounter()

    private let counts = Locked<[String: Int]>([:])

    package init() {}

    /// The next number (from 1) for `testName` in `folder`.
    package func next(folder: String, testName: String, testCase: String? = nil) -> Int {
        let key = folder + "\u{0}" + testName + "\u{0}" + (testCase ?? "")
        return counts.withLock { counts in
            let value = (counts[key] ?? 0) + 1
            counts[key] = value
            return value
        }
    }

    private let claims = Locked<[String: SnapshotClaim]>([:])

    /// The task group child (runtime task number) that made the first unnamed snapshot of each running test case.
    private let groupChildren = Locked<[String: UInt64]>([:])

    /// Notes that an unnamed snapshot of `testCase` is made in `task`, a child of a task group. False when another
    /// child made one in this run of the test: the two run at the same time, so their order is not known.
    package func noteGroupChild(testCase: String, task: UInt64) -> Bool {
        groupChildren.withLock { children in
            if let first = children[testCase] { return first == task }
            children[testCase] = task
            return true
        }
    }

    /// Records that `reference` holds `claim`. Returns the earlier claim when it conflicts
    /// (`SnapshotClaim.conflicts`): two snapshots must never share a reference.
    package func claim(reference: String, _ claim: SnapshotClaim) -> SnapshotClaim? {
        claims.withLock { claims in
            if let earlier = claims[reference], claim.conflicts(with: earlier) { return earlier }
            claims[reference] = claim
            return nil
        }
    }

    /// `claim(reference:_:)` by name alone: returns the earlier name of another snapshot in that file.
    package func claim(reference: String, rawName raw: String) -> String? {
        claim(reference: reference, SnapshotClaim(rawName: raw))?.rawName
    }

    /// Starts a new run of the running test case `testCase`: its unnamed snapshots are numbered from 1
    /// again (a repetition, a retry, the same XCTest case run twice in one process) and the references it
    /// claimed in this process are released.
    package func startRun(testCase: String) {
        let suffix = "\u{0}" + testCase
        counts.withLock { counts in counts = counts.filter { !$0.key.hasSuffix(suffix) } }
        // Its assertions hold their files afresh: the same `named:` at another call site is refused per run.
        claims.withLock { claims in claims = claims.filter { $0.value.testCase != testCase } }
        groupChildren.withLock { $0[testCase] = nil }
    }

    /// Forgets the counts of one test (`testName` sanitised), or of all tests when `nil`.
    package func reset(testName: String? = nil) {
        counts.withLock { counts in
            guard let testName else { counts.removeAll(); return }
            counts = counts.filter { !$0.key.contains("\u{0}" + testName + "\u{0}") }
        }
    }
}

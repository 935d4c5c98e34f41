/// What holds a reference file in a run (`SnapshotCounter.claim`, `SnapshotRunClaims`): two snapshots must
/// never share one file.
package struct SnapshotClaim: Sendable, Equatable {
    /// The test name and `named:` as written (`testBadge() named: "dark"`), or `testBadge() #2 of <test case>`
    /// for a numbered one.
    package var rawName: String
    /// The assertion's place, `Module/File.swift:12`, when known (`SnapshotCallSite`).
    package var callSite: String?
    /// The running test (`BadgeTests.testBadge`, a Swift Testing id), when known.
    package var testCase: String?

    package init(rawName: String, callSite: String? = nil, testCase: String? = nil) {
        self.rawName = rawName
        self.callSite = callSite
        self.testCase = testCase
    }

    /// Whether this claim may not share the file `earlier` holds: another name sanitised to the same file
    /// (scalars compared: canonically equivalent names are still two names), or the same name from
    /// another assertion (call site) of the same test. The same assertion again — a repetition, a retry,
    /// a re-run in one process — holds the file it held; tests named alike on purpose (`testName:`) share.
    package func conflicts(with earlier: SnapshotClaim) -> Bool {
        if !earlier.rawName.unicodeScalars.elementsEqual(rawName.unicodeScalars) { return true }
        guard let site = callSite, let earlierSite = earlier.callSite, let test = testCase, earlier.testCase == test else { return false }
        return site != earlierSite
    }

    /// `testBadge() named: "dark" at AppTests/BadgeTests.swift:12`.
    package var description: String { rawName + (callSite.map { " at " + $0 } ?? "") }
}

/// The place of the assertion running in this task (`Module/File.swift:line`), set by the assertion
/// functions, so that a reference claimed twice names both assertions.
package enum SnapshotCallSite {
    @TaskLocal package static var current: String?

    /// Runs `body` with the call site `fileID:line`, unless an enclosing assertion already set one (the
    /// assertion the user wrote is the one to name, not the library's calls inside it).
    package static func scope<R>(fileID: String, line: UInt, _ body: () -> R) -> R {
        if current != nil { return body() }
        return $current.withValue("\(fileID):\(line)", operation: body)
    }
}

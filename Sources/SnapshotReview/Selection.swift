import SnapshotStore

/// The failures named on a command line, or the names that matched nothing (with suggestions), or the
/// short names that matched failures of several test files (with their qualified names).
package enum Selection: Sendable {
    case failures([PendingFailure], problems: [String])
    case unmatched([UnmatchedName])
    case ambiguous([AmbiguousName])
}

/// A short name (`testBadge.1`, `testBadge`) that matches pending failures of more than one test file.
/// It is refused, as git refuses an ambiguous revision and insta asks for the full snapshot name: accepting
/// all of them would replace a reference in a file the user may not have looked at.
package struct AmbiguousName: Sendable, Equatable {
    package var name: String
    /// The qualified names it matched, sorted (`AnotherTests/testBadge.1`, `BadgeTests/testBadge.1`).
    package var candidates: [String]
}

/// A name that matched no pending failure, and the closest names that do exist.
package struct UnmatchedName: Sendable, Equatable {
    package var name: String
    /// At most three names of pending failures, closest first ("did you mean testBadge.2?").
    package var suggestions: [String]
}

extension PendingScan {
    /// Resolves `RECORD.failure.json…`, `NAME…` or `all` into failures. Nothing changes here: a name
    /// that matches nothing, or a name without a test file that matches failures of several test files
    /// (`testBadge.1` in `BadgeTests` and `AnotherTests`), stops the command before any file is touched.
    /// - Parameter load: reads a record path given directly (`ArtifactsFolders.load(recordAt:)`).
    package func select(_ names: [String], all: Bool,
                       load: (String) throws -> PendingFailure = { try ArtifactsFolders.load(recordAt: $0) }) rethrows -> Selection {
        var chosen: [PendingFailure] = []
        var seen = Set<String>()
        func add(_ f: PendingFailure) { if seen.insert(f.recordPath).inserted { chosen.append(f) } }
        if all {
            failures.forEach(add)
            return .failures(chosen, problems: errors.map { "unreadable or refused failure record: \($0.message)" })
        }
        var unmatched: [UnmatchedName] = []
        var ambiguous: [AmbiguousName] = []
        for name in names {
            if name.hasSuffix(".json") { add(try load(name)); continue }
            let matches = failures.filter { $0.matches(name) }
            if matches.isEmpty { unmatched.append(UnmatchedName(name: name, suggestions: suggestions(for: name))) }
            else if let a = ambiguity(of: name, matches) { ambiguous.append(a) }
            else { matches.forEach(add) }
        }
        if !unmatched.isEmpty { return .unmatched(unmatched) }
        return ambiguous.isEmpty ? .failures(chosen, problems: []) : .ambiguous(ambiguous)
    }

    /// The qualified names a short name matched, when they belong to more than one test file. A name
    /// with a `/` (test file or reference path) already says which file it means.
    func ambiguity(of name: String, _ matches: [PendingFailure]) -> AmbiguousName? {
        guard !name.contains("/"), Set(matches.map(\.testFileName)).count > 1 else { return nil }
        // The spelling the user used: a snapshot (`testBadge.1`) or a whole test (`testBadge`).
        let qualified = matches.map { $0.record.snapshotName == name ? $0.displayName : $0.testFileName + "/" + $0.record.testName }
        return AmbiguousName(name: name, candidates: Array(Set(qualified)).sorted())
    }

    /// Pending names closest to `name` by edit distance (at most a quarter of its last part, at least 2),
    /// in the spelling the user used (with or without the test file).
    package func suggestions(for name: String) -> [String] {
        var best: [(Int, String)] = []
        for f in failures {
            // A name with a dot means a snapshot (`testBadge.3`), without one it may mean a test.
            let snapshot = name.contains("/") ? f.displayName : f.record.snapshotName
            let test = (name.contains("/") ? f.testFileName + "/" : "") + f.record.testName
            let candidates = name.split(separator: "/").last?.contains(".") == true ? [snapshot] : [snapshot, test]
            for c in candidates {
                best.append((editDistance(name, c), c))
            }
        }
        // Close enough: a few edits for the name's last part, and no worse than the best match + 1.
        let last = name.split(separator: "/").last.map(String.init) ?? name
        let limit = min(max(2, last.count / 4), (best.map(\.0).min() ?? 0) + 1)
        var out: [String] = []
        for (d, c) in best.sorted(by: { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }) where d <= limit && !out.contains(c) {
            out.append(c)
            if out.count == 3 { break }
        }
        if out.isEmpty { out = sameTest(as: name) }
        return out
    }

    /// For `testBadge.9` when no snapshot is a few edits away (a matrix names its snapshots after the
    /// combination, `testBadge.large-dark`): the test itself (which selects all its snapshots), then its
    /// first snapshots, in the spelling the user used.
    func sameTest(as name: String) -> [String] {
        guard let dot = name.lastIndex(of: "."), !name[name.index(after: dot)...].contains("/") else { return [] }
        let prefix = String(name[..<dot])
        var out: [String] = []
        for f in failures.sorted(by: { $0.record.snapshotName < $1.record.snapshotName }) {
            let test = (prefix.contains("/") ? f.testFileName + "/" : "") + f.record.testName
            guard prefix == test || (!prefix.contains("/") && SnapshotNaming.testName(prefix) == f.record.testName) else { continue }
            for c in [test, prefix.contains("/") ? f.displayName : f.record.snapshotName] where !out.contains(c) && out.count < 3 {
                out.append(c)
            }
        }
        return out
    }
}

extension PendingFailure {
    /// Whether `name` names this failure: `testBadge.1`, `BadgeTests/testBadge.1`, `testBadge`
    /// (`testBadge()`), `BadgeTests/testBadge`, the reference (relative or absolute), or its actual file.
    package func matches(_ name: String) -> Bool {
        let r = record
        if name == r.snapshotName || name == displayName || name == r.referenceRelative { return true }
        if name == testFileName + "/" + r.testName { return true }
        if !name.contains("/"), !name.contains("."), SnapshotNaming.testName(name) == r.testName { return true }
        if name.contains("/") {
            let absolute = SnapshotLocation.absolutePath(name)
            if absolute == SnapshotLocation.absolutePath(r.reference) { return true }
            if let actual = actualPath, absolute == actual { return true }
            if absolute.hasSuffix("/" + r.referenceRelative), name.hasSuffix(r.referenceRelative) { return true }
        }
        return false
    }
}

/// Levenshtein distance over Unicode scalars (names are short: O(n·m) is nothing).
func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
    if x.isEmpty { return y.count }
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        current[0] = i
        for j in stride(from: 1, through: y.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[y.count]
}

import SnapshotMessages
import SnapshotReview
import SnapshotStore

/// `--artifacts DIR`, repeatable: the folders one review command merges (shards of one suite).
let artifactsOption = OptionSpec("--artifacts", kind: .list("DIR"), help: """
    artifacts folder; repeat to merge several (one per CI shard): the same reference in
    two folders is one failure when the actual files are equal, refused with both paths
    when they differ. Default: $SNAPSHOT_ARTIFACTS, relative to the package root, else
    <package root>/.build/snapshot-artifacts (the package root is the nearest folder at or
    above the working folder holding Package.swift)
    """)

/// `--artifacts …` of a command line as the options to pass back in a suggested command
/// (empty when the default folder is used).
func artifactsArguments(_ roots: [String]) -> String {
    if roots == [ArtifactsFolders.defaultRoot(environment: commandEnvironment)] { return "" }
    return roots.map { " --artifacts " + SnapshotCommand.shellQuote($0) }.joined()
}

/// The folders' names for a heading: `/a/artifacts` or `/a, /b (merged)`.
func foldersText(_ roots: [String]) -> String {
    roots.count == 1 ? roots[0] : roots.joined(separator: ", ") + " (merged)"
}

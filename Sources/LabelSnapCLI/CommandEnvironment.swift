import Foundation

/// The process environment, read once for the command (on first use): `labelsnap` is an entry point, and the
/// modules below it (SnapshotReview's artifacts folders and references) take the environment as a parameter
/// instead of reading the process's themselves.
let commandEnvironment = ProcessInfo.processInfo.environment

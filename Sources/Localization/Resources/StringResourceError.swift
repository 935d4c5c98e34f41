/// A string resource that cannot be read, with the file and (when known) the 1-based line.
/// The sweep stops on the first one: nothing is half-reported.
public struct StringResourceError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Path of the file as given.
    public var file: String
    /// 1-based line of the problem, or nil when it concerns the whole file.
    public var line: Int?
    /// What is wrong and what to do.
    public var message: String

    public init(file: String, line: Int?, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}

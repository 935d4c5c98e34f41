/// An error of a review operation, said so that the user knows what to do (printed by `labelsnap`
/// on stderr, exit status 2).
public struct ReviewError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ message: String) { description = message }
}

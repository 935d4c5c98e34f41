/// An error of a review operation, said so that the user knows what to do (printed by `labelsnap`
/// on stderr, exit status 2).
package struct ReviewError: Error, CustomStringConvertible, Equatable {
    package let description: String
    package init(_ message: String) { description = message }
}

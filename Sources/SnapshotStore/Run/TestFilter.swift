/// The `swift test --filter` pattern of the re-record command, which must select the one test that failed
/// and nothing else: `SNAPSHOT_TESTING_RECORD=failed` rewrites every failing reference of the tests it runs.
/// SwiftPM hands the pattern to both testing libraries, which search (not match) each test's name with it:
/// XCTest's `Module.Class/testName`, and Swift Testing's `Test.ID` with its source location,
/// `Module.Suite/test()/File.swift:12:6` (`--list-tests` prints it without the location). So a pattern is
/// anchored with `^` at the module, escaped, and ended with `$` for XCTest but with the `/` before the source
/// location for Swift Testing (a `$` there selects nothing). Each pattern selects no test of the other library.
package enum TestFilter {
    /// A Swift Testing test by its id (`test.id.moduleName`, `test.id.nameComponents`):
    /// `^AppTests\.Suite/badge\(\)/`. Raw identifiers keep their spelling (``^AppTests\.Suite/`a b`\(\)/``).
    package static func swiftTesting(moduleName: String, nameComponents: [String]) -> String {
        "^" + escaped(moduleName) + "\\." + nameComponents.map(escaped).joined(separator: "/") + "/"
    }

    /// An XCTest case of class `className` in `moduleName`: `^AppTests\.BadgeTests/testBadge$`.
    package static func xctest(moduleName: String, className: String, testName: String) -> String {
        "^" + escaped(moduleName) + "\\." + escaped(className) + "/" + escaped(testName) + "$"
    }

    /// A test known only by its (sanitised) name, when neither library told which test runs: that name in any
    /// suite of the module (`^AppTests\.(.*/)?testBadge(\([^)]*\)/|$)`), or of any module when unknown.
    package static func anyTest(named testName: String, moduleName: String?) -> String {
        (moduleName.map { "^" + escaped($0) + "\\.(.*/)?" } ?? "(^|[./])") + escaped(testName) + "(\\([^)]*\\)/|$)"
    }

    /// `text` with every character that means something in a regular expression (Swift's `Regex`, which
    /// Swift Testing uses, and SwiftPM's) behind a backslash.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

import Foundation
import LabelSnapshotTesting
import XCTest

/// In tests, a relative style path and a relative catalog path are both taken from the test file's package
/// root (README's example writes them side by side), whatever the working folder.
final class PackageRelativePathTests: XCTestCase {
    /// The package root above this file, found by hand: Tests/LocalizationTests/<this file>.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func testTheReadmeSpellingOfLoadResolvesAgainstThePackageRoot() throws {
        // load(packagePath:) takes the package root: the error names the package-root path.
        XCTAssertThrowsError(try LabelStyle.load(packagePath: "Tests/no-such-style.json")) {
            XCTAssertTrue("\($0)".contains(root + "/Tests/no-such-style.json"), "\($0)")
        }
        XCTAssertEqual(try LabelStyle.load(packagePath: "Examples/Sweep/badge-style.json").width, 160)   // "width": 160 in the file
    }

    func testStyleAndCatalogOfAnotherPackageResolveAgainstItsRoot() throws {
        var template = Array((NSTemporaryDirectory() + "/labelsnap-paths-XXXXXX").utf8CString)
        let made = try XCTUnwrap(mkdtemp(&template))
        let other = URL(fileURLWithPath: String(cString: made)).resolvingSymlinksInPath().path
        defer { try? FileManager.default.removeItem(atPath: other) }
        try FileManager.default.createDirectory(atPath: other + "/Tests/AppTests/Fixtures", withIntermediateDirectories: true)
        try "// swift-tools-version:6.0\n".write(toFile: other + "/Package.swift", atomically: true, encoding: .utf8)
        try #"{"font": "DejaVu Sans", "size": 13, "width": 77}"#
            .write(toFile: other + "/Tests/AppTests/Fixtures/style.json", atomically: true, encoding: .utf8)
        let file = other + "/Tests/AppTests/FitTests.swift"
        let style = try LabelStyle.load(packagePath: "Tests/AppTests/Fixtures/style.json", file: file)
        XCTAssertEqual(style.width, 77)
        let missing = try XCTUnwrap(verifyLabelsFit(catalog: "Tests/AppTests/Fixtures/nope.xcstrings", style: style, file: file))
        XCTAssertTrue(missing.contains(other + "/Tests/AppTests/Fixtures/nope.xcstrings"), missing)
    }
}

import Foundation
import XCTest

/// The plugin lines and the sweep samples of README, the DocC articles and docs/ as a user copies them: every
/// `swift package … labelsnap <command>` that writes carries the option that grants write access (SwiftPM stops
/// otherwise), the plugin's permission reason names each command that writes, and each sweep sample table is the one
/// `labelsnap sweep` prints for the example.
final class DocumentedCommandLinesTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let articles = "Sources/LabelSnapshotTesting/LabelSnapshotTesting.docc"
    static func text(_ name: String) throws -> String { try String(contentsOfFile: root + "/" + name, encoding: .utf8) }
    /// README, every DocC article and every page of docs/, by path.
    static func documents() throws -> [(name: String, text: String)] {
        let paths = try [articles, "docs"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder).filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
        }
        return try (["README.md"] + paths).map { ($0, try text($0)) }
    }
    /// The plugin commands that write into the package (review lists, labelsnap-list only reads).
    static let writing = ["accept", "reject", "report", "sweep", "orphans"]

    func testEveryPluginLineThatWritesAsksForWriteAccess() throws {
        let pattern = try NSRegularExpression(pattern: #"swift package ((?:--[a-z-]+ )*)labelsnap ([a-z]+)"#)
        var seen = Set<String>()
        for (name, text) in try Self.documents() {
            let flat = text.replacingOccurrences(of: "\n", with: " ")
            for match in pattern.matches(in: flat, range: NSRange(flat.startIndex..., in: flat)) {
                let options = String(flat[Range(match.range(at: 1), in: flat)!])
                let command = String(flat[Range(match.range(at: 2), in: flat)!])
                seen.insert(command)
                if Self.writing.contains(command) {
                    XCTAssertTrue(options.contains("--allow-writing-to-package-directory"),
                                  "\(name): swift package \(options)labelsnap \(command) needs --allow-writing-to-package-directory")
                }
            }
        }
        XCTAssertTrue(seen.isSuperset(of: ["accept", "reject", "report"]), "\(seen)")
        let manifest = try Self.text("Package.swift")
        let reason = try XCTUnwrap(manifest.range(of: #"writeToPackageDirectory\(reason: "[^"]*""#, options: .regularExpression)
            .map { String(manifest[$0]) })
        for command in ["accept", "reject", "report", "sweep"] {
            XCTAssertTrue(reason.contains(command), "the permission reason does not name \(command): \(reason)")
        }
    }

    func testEverySweepSampleTableIsWhatSweepPrints() throws {
        let result = try labelsnap(["sweep", "Examples/Sweep/Localizable.xcstrings", "--style", "Examples/Sweep/badge-style.json",
                                    "--locales", "de,ru", "--no-sheets"], cwd: Self.root)
        XCTAssertEqual(result.status, 1, result.stderr)
        func tables(_ text: String) -> [[String]] {
            let lines = text.components(separatedBy: "\n")
            return lines.indices.filter { lines[$0].hasPrefix("locale  strings") }.map { Array(lines[$0...].prefix { !$0.isEmpty && !$0.hasPrefix("```") }) }
        }
        let printed = try XCTUnwrap(tables(result.stdout).first, result.stdout)
        XCTAssertEqual(printed.count, 3, result.stdout)
        var samples = 0
        for (name, text) in try Self.documents() {
            for table in tables(text) {
                samples += 1
                XCTAssertEqual(table, printed, "\(name)'s sweep table is not what labelsnap sweep prints")
            }
        }
        XCTAssertGreaterThan(samples, 0, "no sweep sample table in README or the DocC articles")
    }

    /// Radii that do not fit are scaled as CSS scales them (`CornerRadii.clamped`): the article on corners says so.
    func testTheDocsSayHowRadiiThatDoNotFitAreScaled() throws {
        let said = try Self.documents().contains {
            $0.text.replacingOccurrences(of: "\n", with: " ")
                .contains("are all scaled down by one factor, the one that makes the tightest side fit, as CSS does (CSS Backgrounds 3 §5.5)")
        }
        XCTAssertTrue(said)
    }
}

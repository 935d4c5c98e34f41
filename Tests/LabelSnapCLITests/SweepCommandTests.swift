import Foundation
import Imaging
import XCTest

/// `labelsnap sweep` as a user runs it: the example catalog and style, exit codes, --json, contact sheets,
/// bad input (exit 2, nothing on stdout).
final class SweepCommandTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    let catalog = root + "/Examples/Sweep/Localizable.xcstrings"
    let style = root + "/Examples/Sweep/badge-style.json"

    func testJSONFailuresSheetsAndExitStatus() throws {
        let artifacts = try temporaryFolder("sweep-cli")
        let r = try labelsnap(["sweep", catalog, "--style", style, "--locales", "de,ru", "--json", "--artifacts", artifacts],
                              cwd: Self.root)
        XCTAssertEqual(r.status, 1, r.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let failures = try XCTUnwrap(object["failures"] as? [[String: Any]])
        XCTAssertFalse(failures.isEmpty)
        for f in failures {
            for key in ["key", "locale", "variant", "lines", "maxLines", "overflow_pt", "lost", "state"] {
                XCTAssertNotNil(f[key], "\(key) missing in \(f)")
            }
            XCTAssertTrue(["de", "ru"].contains(f["locale"] as? String))
            XCTAssertGreaterThan(f["overflow_pt"] as? Double ?? 0, 0)
        }
        let locales = try XCTUnwrap(object["locales"] as? [[String: Any]])
        XCTAssertEqual(locales.compactMap { $0["locale"] as? String }, ["de", "ru"])
        // One contact sheet per locale with failures, a PNG that decodes, and the JSON for the report.
        for l in locales {
            let path = try XCTUnwrap(l["contact_sheet"] as? String)
            XCTAssertTrue(path.hasSuffix("/localization/\(l["locale"] as? String ?? "").png"), path)
            let sheet = try PNGCodec.decode(Array(try XCTUnwrap(FileManager.default.contents(atPath: path))))
            XCTAssertGreaterThan(sheet.height, 100)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts + "/localization/sweep.json"))
        // The text report lists the same failures.
        let text = try labelsnap(["sweep", catalog, "--style", style, "--locales", "de,ru", "--no-sheets"], cwd: Self.root)
        XCTAssertEqual(text.status, 1)
        XCTAssertEqual(text.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  de  ") || $0.hasPrefix("  ru  ") }.count,
                       failures.count)
    }

    /// A Thai translation that no font of the chain covers (the chain's cmaps are checked in CoverageTests) fails
    /// as "not covered" in the text and JSON, outlines its contact-sheet cells magenta, and shows in the report.
    func testAStringNoFontCoversFailsInEveryReport() throws {
        let dir = try temporaryFolder("sweep-cli")
        let catalog = dir + "/Localizable.xcstrings"
        try Data("""
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "badge.new": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "New"}},
                                              "th": {"stringUnit": {"state": "translated", "value": "\u{0E43}\u{0E2B}\u{0E21}\u{0E48}"}}}}}}
            """.utf8).write(to: URL(fileURLWithPath: catalog))
        let text = try labelsnap(["sweep", catalog, "--style", style, "--artifacts", dir], cwd: Self.root)
        XCTAssertEqual(text.status, 1, text.stderr)
        XCTAssertTrue(text.stdout.hasPrefix("1 of 2 strings fail (1 of 2 locales): 0 do not fit, 1 not covered by any font:"), text.stdout)
        XCTAssertTrue(text.stdout.contains("  th  badge.new: not covered by any font: U+0E43 THAI CHARACTER SARA AI MAIMUAN, "), text.stdout)
        // The sheet: a magenta outline (ContactSheet.uncoveredColor, #C01EC8), no red one (nothing is cut).
        let sheet = try PNGCodec.decode(Array(try XCTUnwrap(FileManager.default.contents(atPath: dir + "/localization/th.png"))))
        func has(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Bool {
            sheet.pixels.withUnsafeBufferPointer { p in stride(from: 0, to: p.count, by: 4).contains { p[$0] == r && p[$0 + 1] == g && p[$0 + 2] == b } }
        }
        XCTAssertTrue(has(0xC0, 0x1E, 0xC8))
        XCTAssertFalse(has(0xE0, 0x1E, 0x1E))
        let json = try labelsnap(["sweep", catalog, "--style", style, "--json", "--no-sheets"], cwd: Self.root)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let failure = try XCTUnwrap((object["failures"] as? [[String: Any]])?.first)
        XCTAssertEqual(failure["kinds"] as? [String], ["not_covered"])
        let report = try labelsnap(["report", "--artifacts", dir, "-o", "-"], cwd: Self.root)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(report.stdout.contains("Localization sweep: 1 of 2 strings fail (1 not covered by any font)"), report.stdout.prefix(3000).description)
        XCTAssertTrue(report.stdout.contains("U+0E48 THAI CHARACTER MAI EK"))
    }

    func testReportShowsTheLastSweep() throws {
        let artifacts = try temporaryFolder("sweep-cli")
        let sweep = try labelsnap(["sweep", catalog, "--style", style, "--locales", "ru", "--artifacts", artifacts], cwd: Self.root)
        XCTAssertEqual(sweep.status, 1, sweep.stderr)
        let report = try labelsnap(["report", "--artifacts", artifacts, "-o", "-"], cwd: Self.root)
        XCTAssertEqual(report.status, 0, report.stderr)
        let failures = sweep.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  ru  ") }.count
        XCTAssertTrue(report.stdout.contains("Localization sweep: \(failures) of 58 strings do not fit"), report.stdout.prefix(3000).description)
        XCTAssertTrue(report.stdout.contains("Молниеносная распродажа"))
        XCTAssertTrue(report.stdout.contains("alt=\"strings that do not fit in ru\""))
        // Only a sweep to show: the title says so instead of "No pending snapshot failures".
        XCTAssertTrue(report.stdout.contains("<h1>Localization sweep (no pending snapshot failures)</h1>"), report.stdout.prefix(2000).description)
    }

    func testEverythingFitsExitsZero() throws {
        let wide = try temporaryFolder("sweep-cli") + "/wide.json"
        try Data(#"{"font": "DejaVu Sans", "size": 13, "width": 2000}"#.utf8).write(to: URL(fileURLWithPath: wide))
        let r = try labelsnap(["sweep", catalog, "--style", wide, "--no-sheets"], cwd: Self.root)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("All 316 strings fit."), r.stdout)   // 313 before French gained "many" (CLDR)
    }

    /// A pseudo-locale named in --locales is checked (it was refused with advice to pass --pseudo, even with
    /// --pseudo given); --pseudo adds en-XA on top of the real locales named.
    func testPseudoLocalesNamedInLocalesAreChecked() throws {
        let cases: [([String], [String])] = [
            (["--pseudo", "--locales", "en-XA"], ["en-XA"]),
            (["--locales", "en-XA"], ["en-XA"]),
            (["--locales", "ar-XB,de"], ["de", "ar-XB"]),
            (["--locales", "de", "--pseudo"], ["de", "en-XA"]),
        ]
        for (options, expected) in cases {
            let r = try labelsnap(["sweep", catalog, "--style", style, "--json", "--no-sheets"] + options, cwd: Self.root)
            XCTAssertTrue([0, 1].contains(r.status), "\(options): \(r.stderr)")
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(options)")
            let locales = try XCTUnwrap(object["locales"] as? [[String: Any]])
            XCTAssertEqual(locales.compactMap { $0["locale"] as? String }, expected, "\(options)")
        }
    }

    /// A mistyped --artifacts folder is reported as review/accept/reject/orphans do, not created with its parents.
    func testAMissingArtifactsFolderIsNotCreated() throws {
        let missing = try temporaryFolder("sweep-cli") + "/typo/artifacts"
        let r = try labelsnap(["sweep", catalog, "--style", style, "--locales", "de", "--artifacts", missing], cwd: Self.root)
        XCTAssertEqual(r.status, 2, r.stdout)
        XCTAssertEqual(r.stdout, "")
        let shown = URL(fileURLWithPath: missing).standardizedFileURL.path   // as the CLI makes it absolute
        XCTAssertEqual(r.stderr, "labelsnap: sweep: artifacts folder \(shown) does not exist: check the --artifacts path, or create it first\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: (missing as NSString).deletingLastPathComponent))
    }

    func testBadInputExitsTwoAndReportsNothing() throws {
        let broken = Self.root + "/Tests/LocalizationTests/Fixtures/Broken"
        let cases: [([String], String)] = [
            (["sweep", broken + "/trailing-comma.xcstrings", "--style", style], "trailing-comma.xcstrings:5"),
            (["sweep", catalog, "--style", broken + "/style-unknown-key.json"], "style-unknown-key.json:3"),
            (["sweep", catalog, "--style", style, "--locales", "de,xx-Klingon"], "unknown locale \"xx-Klingon\""),
            (["sweep", catalog, "--style", style, "--locales", "es"], "no locale \"es\""),
            (["sweep", catalog], "needs --style"),
        ]
        for (args, message) in cases {
            let r = try labelsnap(args + ["--no-sheets"], cwd: Self.root)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stdout)")
            XCTAssertEqual(r.stdout, "", "nothing half-reported")
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
        // Artifacts under a file: the reason in words (it was "NSCocoaErrorDomain error 512").
        let dir = try temporaryFolder("sweep-cli")
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/file"))
        let r = try labelsnap(["sweep", catalog, "--style", style, "--locales", "de", "--artifacts", dir + "/file"], cwd: Self.root)
        XCTAssertEqual(r.status, 2)
        let file = URL(fileURLWithPath: dir + "/file").standardizedFileURL.path   // as the CLI makes it absolute
        XCTAssertEqual(r.stderr, "labelsnap: sweep: cannot create \(file)/localization: \(file) is a file, not a folder; "
                                 + "give --artifacts a writable folder\n")
        // A style that is a folder.
        let folder = try labelsnap(["sweep", catalog, "--style", dir], cwd: Self.root)
        XCTAssertEqual(folder.stderr, "labelsnap: sweep: \(dir): is a folder, not a file\n")
    }
}

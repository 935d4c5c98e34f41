import Foundation
import LabelSnapshotTesting
import Localization
import XCTest

/// A catalog that lacks plural categories its locale uses is flagged. Expected categories are CLDR's published
/// plural rules (unicode.org's Language Plural Rules chart), typed in: Arabic zero, one, two, few, many, other;
/// Russian one, few, many, other; English one, other; Japanese other.
final class PluralGapTests: XCTestCase {
    func testICUGivesCLDRsCategories() {
        XCTAssertEqual(PluralSamples.categories(locale: "ar"), ["zero", "one", "two", "few", "many", "other"])
        XCTAssertEqual(PluralSamples.categories(locale: "ru"), ["one", "few", "many", "other"])
        XCTAssertEqual(PluralSamples.categories(locale: "en"), ["one", "other"])
        XCTAssertEqual(PluralSamples.categories(locale: "ja"), ["other"])
        XCTAssertEqual(PluralSamples.categories(locale: "pt_BR"), ["one", "many", "other"])
    }

    func catalog() throws -> StringTable {
        func plural(_ forms: [(String, String)]) -> String {
            "{\"variations\": {\"plural\": {" + forms.map { "\"\($0.0)\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\($0.1)\"}}" }
                .joined(separator: ", ") + "}}}"
        }
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "items": {"localizations": {
                "en": \(plural([("one", "%lld item"), ("other", "%lld items")])),
                "ar": \(plural([("one", "عنصر"), ("other", "%lld عناصر")])),
                "ru": \(plural([("one", "%lld товар"), ("few", "%lld товара"), ("many", "%lld товаров"), ("other", "%lld товара")])),
                "ja": \(plural([("other", "%lld 件")]))}}}}
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("plural-gap-\(getpid()).xcstrings").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try StringTable.read(path: path)
    }

    func testArabicWithOnlyOneAndOtherIsFlagged() throws {
        let style = LabelStyle(label: PaddedLabel("", font: Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", size: 13)), width: 2000)
        let result = try Sweep(table: try catalog(), style: style).run()
        XCTAssertTrue(result.failures.isEmpty, "\(result.failures)")   // every text fits 2000 pt
        XCTAssertEqual(result.pluralGaps.map { "\($0.locale) \($0.key) \($0.argument): \($0.present) \($0.missing)" },
                       ["ar items plural: [\"one\", \"other\"] [\"zero\", \"two\", \"few\", \"many\"]"])
        XCTAssertFalse(result.fits)
        let text = SweepReport.text(result)
        XCTAssertTrue(text.hasPrefix("All 9 strings fit, but plural categories are missing:"), text)
        XCTAssertTrue(text.contains("  ar  items: has one, other; needs zero, two, few, many too ("), text)
        let document = try SweepReportDocument.decode(Array(SweepReport.json(result).utf8))
        XCTAssertEqual(document.pluralGaps.first?.missing, ["zero", "two", "few", "many"])
        XCTAssertFalse(document.fits)
        // With the four forms added, nothing is flagged.
        XCTAssertEqual(PluralSamples.gaps(in: ["zero", "one", "two", "few", "many", "other"].map {
            LocalizedString(key: "items", locale: "ar", variant: "plural=\($0)", format: "x")
        }), [])
    }
}

import TestSupport
import Foundation
import LabelRendering
import LabelSnapshotTesting
import XCTest

/// A translation far too long for any label is its own row and the sweep goes on; a word wider than the line,
/// wrapped between letters, is a failure kind of its own (`word_broken`). Widths from FreeType alone (FontReference).
final class LongAndBrokenTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// DejaVu Sans 15 pt, insets 4, 8, width 140 pt (124 pt of text), @2x.
    func badge(width: CGFloat = 140, lines: Int = 1) -> LabelStyle {
        var label = PaddedLabel("", font: Font(path: Self.dejaVu, size: 15), insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        label.scale = 2
        label.numberOfLines = lines
        return LabelStyle(label: label, width: width)
    }

    /// `"Wort "` × 100,000, 40,000 long words, 5,000,000 `Ä`: each is reported as not fitting (its numbers lower
    /// bounds, since nobody measures 300,000 lines), and the strings after it are checked as usual: none stops the
    /// sweep with a size limit ("label of 34621×1 px exceeds the limit", "invalid bounds … height …").
    func testVeryLongTranslationsAreTheirOwnRowsAndTheSweepGoesOn() throws {
        let long = ["words": String(repeating: "Wort ", count: 100_000),
                    "longWords": Array(repeating: "Donaudampfschifffahrtsgesellschaftskapitän", count: 40_000).joined(separator: " "),
                    "letters": String(repeating: "Ä", count: 5_000_000)]
        let ref = try FontReference(path: Self.dejaVu, text: "Wort DonaudampfschifffahrtsgesellschaftskapitänÄ Kostenloser Versand\u{2026}")
        for paragraph in [false, true] {
            let style = paragraph ? badge(width: 200, lines: 2) : badge()
            let textWidth = paragraph ? 184.0 : 124.0
            var strings: [LocalizedString] = []
            for (key, text) in long.sorted(by: { $0.key < $1.key }) {
                strings.append(LocalizedString(key: key, locale: "de", format: text, state: .translated))
            }
            strings.append(LocalizedString(key: "new", locale: "de", format: "Neu", state: .translated))
            strings.append(LocalizedString(key: "shipping", locale: "de", format: "Kostenloser Versand", state: .translated))
            let result = try Sweep(table: StringTable(sourceLanguage: "en", strings: strings), style: style).run()
            for (key, text) in long {
                let f = try XCTUnwrap(result.failures.first { $0.key == key }, key)
                XCTAssertEqual(f.truncation, .byTruncatingTail, key)
                XCTAssertTrue(f.atLeast, "\(key): its numbers are lower bounds")
                // The whole text on one line, and the lines it needs at least (each line holds at most the text rect).
                let natural = ref.width(String(text.prefix(2_000)), pointSize: 15) * Double(text.count) / 2_000
                // At least the lines its first clusters need (greedy wrapping: width / line), measured from them.
                let start = String(text.prefix(FitCheck.maximumMeasuredLength / 4))
                XCTAssertGreaterThanOrEqual(Double(f.lines), ref.width(start, pointSize: 15) / textWidth, key)
                XCTAssertLessThanOrEqual(Double(f.lines), natural / textWidth * 2, key)
                XCTAssertEqual(f.maxLines, paragraph ? 2 : 1)
                if !paragraph { XCTAssertLessThanOrEqual(f.overflow, natural - textWidth, key) }
                XCTAssertGreaterThan(f.overflow, 1000, key)
                XCTAssertTrue(text.trimmingCharacters(in: .whitespaces).hasSuffix(String(f.lost.suffix(100))), "\(key): lost is the text's tail")
                XCTAssertGreaterThan(f.lost.count, text.count - 1000, key)
                let line = SweepReport.failureLine(f)
                XCTAssertTrue(line.contains("needs at least \(f.lines) lines, \(paragraph ? 2 : 1) allowed"), line)
            }
            XCTAssertNil(result.failures.first { $0.key == "new" })
            // The strings after the long ones are measured as ever: the shipping badge's overflow on one line.
            if !paragraph {
                let shipping = try XCTUnwrap(result.failures.first { $0.key == "shipping" })
                XCTAssertFalse(shipping.atLeast)
                XCTAssertEqual(shipping.overflow, ref.width("Kostenloser Versand", pointSize: 15) - 124, accuracy: 0.01)
            }
            let sheet = try SweepContactSheet.render(locale: "de", failures: result.failures, style: style)
            XCTAssertLessThan(sheet.height, 6000, "three rows of at most 40 lines")
        }
    }

    /// "Donaudampfschifffahrtsgesellschaftskapitän" is wider than 184 pt, so two lines of 184 pt wrap it between
    /// letters: the sweep reported it as fitting. A sentence of short words at the same width breaks no word, and
    /// `.byCharWrapping` breaks words on purpose.
    func testAWordWiderThanTheLineIsBrokenNotFitting() throws {
        let word = "Donaudampfschifffahrtsgesellschaftskapitän"
        let ref = try FontReference(path: Self.dejaVu, text: word + " Kapitän der Schiffe")
        XCTAssertGreaterThan(ref.width(word, pointSize: 15), 184, "wider than the line")
        XCTAssertLessThan(ref.width(word, pointSize: 15), 2 * 184, "two lines hold it")
        let style = badge(width: 200, lines: 2)
        let f = try XCTUnwrap(try FitCheck.check(word, style: style, language: "de"))
        XCTAssertNil(f.truncation, "it is shown whole, in two lines")
        XCTAssertEqual(f.brokenWords, [word])
        XCTAssertNil(try FitCheck.check("Kapitän der Schiffe", style: style, language: "de"))
        var byChars = style
        byChars.label.lineBreakMode = .byCharWrapping
        XCTAssertNil(try FitCheck.check(word, style: byChars, language: "de"))
        // In a sentence: the word is named whole, not the words around it.
        let sentence = try XCTUnwrap(try FitCheck.check("Der " + word + " lacht", style: badge(width: 200, lines: 3), language: "de"))
        XCTAssertEqual(sentence.brokenWords, [word])

        let table = StringTable(sourceLanguage: "en", strings: [
            LocalizedString(key: "captain", locale: "de", format: word, state: .translated),
            LocalizedString(key: "ok", locale: "de", format: "Kapitän der Schiffe", state: .translated),
        ])
        let result = try Sweep(table: table, style: style).run()
        XCTAssertEqual(result.failures.map(\.key), ["captain"])
        XCTAssertEqual(result.failures.first?.kinds, [.wordBroken])
        XCTAssertEqual(result.summaries.first?.wordBroken, 1)
        let text = SweepReport.text(result)
        XCTAssertTrue(text.contains("de  captain: word broken in the middle: \"\(word)\""), text)
        XCTAssertTrue(text.contains("1 with a word broken in the middle"), text)
        let message = try XCTUnwrap(verifyLabelsFit(catalog: table, style: style))
        XCTAssertTrue(message.contains("word broken in the middle: \"\(word)\""), message)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(SweepReport.json(result).utf8)) as? [String: Any])
        let failure = try XCTUnwrap((object["failures"] as? [[String: Any]])?.first)
        XCTAssertEqual(failure["kinds"] as? [String], ["word_broken"])
        XCTAssertEqual(failure["broken_words"] as? [String], [word])
        XCTAssertEqual((object["locales"] as? [[String: Any]])?.first?["word_broken"] as? Int, 1)
    }

    /// A String Catalog without strings (Xcode's new, empty `Localizable.xcstrings`), or one whose chosen locales
    /// hold none, checks nothing: the assertion fails and says so instead of passing ("All 0 strings fit").
    func testACatalogWithoutStringsDoesNotPass() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("empty-catalog-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("Localizable.xcstrings").path
        try #"{"sourceLanguage":"en","strings":{},"version":"1.0"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let message = try XCTUnwrap(verifyLabelsFit(catalog: path, style: badge()))
        XCTAssertTrue(message.contains("no strings to check"), message)
        XCTAssertThrowsError(try Sweep(table: StringTable(sourceLanguage: "en", strings: []), style: badge()).run()) { error in
            XCTAssertTrue(error is Sweep.NoStrings, "\(error)")
        }
    }
}

import Foundation
@testable import Localization
import TestSupport
import XCTest

/// The readers against fixtures written by hand (Fixtures/): every variant, state, encoding and the line of
/// each broken file's problem, counted in the fixture itself.
final class StringResourcesTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    func read(_ name: String) throws -> StringTable { try StringTable.read(path: Self.fixtures + "/" + name) }

    func error(_ name: String) -> StringResourceError? {
        do { _ = try read(name); return nil } catch let e as StringResourceError { return e } catch { return nil }
    }

    func testCatalogVariantsSubstitutionsAndStates() throws {
        let table = try read("Catalog.xcstrings")
        XCTAssertEqual(table.sourceLanguage, "en")
        XCTAssertEqual(table.locales, ["en", "de", "ru"])
        func strings(_ key: String, _ locale: String) -> [LocalizedString] {
            table.strings.filter { $0.key == key && $0.locale == locale }
        }
        // A key without localizations shows itself in the source language.
        XCTAssertEqual(strings("Keyed by its English text", "en").map(\.format), ["Keyed by its English text"])
        // Every plural category of Russian, each with its state.
        let ru = strings("cart.count", "ru")
        XCTAssertEqual(ru.map(\.variant), ["plural=one", "plural=few", "plural=many", "plural=other"])
        XCTAssertEqual(ru.map(\.format), ["%lld товар", "%lld товара", "%lld товаров", "%lld товара"])
        XCTAssertEqual(ru.map(\.state), [.translated, .needsReview, .translated, .translated])
        XCTAssertEqual(ru.map { $0.pluralArguments[0] }, ["one", "few", "many", "other"])
        // Two substitutions: 2 × 2 combinations, %arg replaced by the positional specifier.
        let de = strings("files.summary", "de")
        XCTAssertEqual(de.map(\.variant), ["files=one,folders=one", "files=one,folders=other",
                                          "files=other,folders=one", "files=other,folders=other"])
        XCTAssertEqual(de[0].format, "%1$lld Datei in %2$lld Ordner")
        XCTAssertEqual(de[3].format, "%1$lld Dateien in %2$lld Ordnern")
        XCTAssertEqual(de[0].pluralArguments, [1: "one", 2: "one"])
        XCTAssertEqual(de[0].state, .new, "the state of a substitution's variant that is not translated is reported")
        // Device variations, every one.
        XCTAssertEqual(strings("tap.continue", "de").map(\.variant), ["device=iphone", "device=mac", "device=other"])
        XCTAssertEqual(strings("tap.continue", "de").first?.state, .stale)
        XCTAssertEqual(table.missingCount(in: "ru"), 3)
    }

    func testStringsFilesInUTF16AndUTF8WithTheStringsdictWinning() throws {
        let table = try read("Strings")
        XCTAssertEqual(table.locales, ["en", "de", "ru"])
        let en = table.strings.filter { $0.locale == "en" }
        XCTAssertEqual(en.map(\.key), ["badge.new", "quote", "bare_key", "multi\nline"])
        XCTAssertEqual(en.map(\.format), ["New", "Say \"hi\"\nété", "Bare", "value"])
        XCTAssertEqual(en.map(\.line), [2, 4, 5, 6])
        XCTAssertEqual(table.strings.filter { $0.locale == "ru" }.map(\.format), ["Новинка"], "UTF-16 big-endian")
        let de = table.strings.filter { $0.locale == "de" }
        XCTAssertEqual(de.map(\.key), ["badge.new", "quote", "%d files", "%d files"])
        XCTAssertEqual(de.filter { $0.key == "%d files" }.map(\.format), ["%1$d Datei", "%1$d Dateien"])
        XCTAssertEqual(de.filter { $0.key == "%d files" }.map(\.variant), ["files=one", "files=other"])
        XCTAssertEqual(de.filter { $0.key == "%d files" }.first?.line, 5)
    }

    /// A catalog, style or text file that is a FIFO (no writer) or a device is refused at once (it blocked).
    func testAFIFOOrADeviceIsRefusedWithoutBlocking() throws {
        let fifo = try FIFOWatchdog()
        defer { fifo.remove() }
        let (message, released) = fifo.run { () -> String in
            do { _ = try StringTable.bytes(ofFile: fifo.path); return "read" } catch { return "\(error)" }
        }
        XCTAssertFalse(released, "blocked on the FIFO until the watchdog opened it for writing")
        XCTAssertEqual(message, "\(fifo.path): is a FIFO, not a regular file (nothing was read): give the path of a file")
        XCTAssertThrowsError(try StringTable.bytes(ofFile: "/dev/zero")) {
            XCTAssertEqual("\($0)", "/dev/zero: is a character device, not a regular file (nothing was read): give the path of a file")
        }
    }

    func testBrokenFilesNameFileAndLine() {
        let cases: [(String, Int?, String)] = [
            ("Broken/trailing-comma.xcstrings", 5, "expected a string key"),
            ("Broken/unknown-state.xcstrings", 5, "unknown state \"done\""),
            ("Broken/unknown-locale.xcstrings", 5, "unknown locale \"xx-Klingon\""),
            ("Broken/de.lproj/MissingSemicolon.strings", 3, "expected ';'"),
            ("Broken/de.lproj/Latin1.strings", 2, "not valid UTF-8"),
            ("Broken/de.lproj/Bad.stringsdict", 5, "not a valid XML property list"),
            ("Broken/de.lproj/NoOther.stringsdict", 4, "no \"other\" variant"),
        ]
        for (name, line, message) in cases {
            guard let e = error(name) else { XCTFail("\(name) was read without an error"); continue }
            XCTAssertTrue(e.file.hasSuffix(name), "\(e)")
            XCTAssertEqual(e.line, line, "\(e)")
            XCTAssertTrue(e.message.contains(message), "\(e)")
        }
        XCTAssertTrue(error("Broken")?.description.contains("trailing-comma.xcstrings:5") ?? false, "a folder stops at its first broken file")
        XCTAssertEqual(error("nonexistent.xcstrings")?.message, "no such file or folder")
    }

    /// Every text file is UTF-8 (or, for .strings, UTF-16 with a BOM) or refused: the error names the file,
    /// the line and the byte offset of the first invalid sequence (counted here by hand), never a U+FFFD guess.
    func testInvalidUTF8IsRefusedWithItsByteOffset() throws {
        let latin1: [UInt8] = [0xFC]                                  // "ü" in ISO-8859-1
        let surrogate: [UInt8] = [0xED, 0xA0, 0x80]                   // U+D800 encoded as if it were a scalar
        func check(_ name: String, offset: Int, line: Int, _ read: () throws -> Void) {
            XCTAssertThrowsError(try read(), name) {
                let e = $0 as? StringResourceError
                XCTAssertEqual(e?.file, name)
                XCTAssertEqual(e?.line, line, "\($0)")
                XCTAssertTrue(e?.message.hasPrefix("not valid UTF-8 at byte offset \(offset) (0x") ?? false, "\($0)")
                XCTAssertTrue(e?.message.contains("save the file as UTF-8") ?? false, "\($0)")
            }
        }
        let strings = Array("\"a\" = \"A\";\n\"b\" = \"Gr".utf8) + latin1 + Array("\";\n".utf8)
        check("x.strings", offset: 20, line: 2) { _ = try StringsFileReader.entries(bytes: strings, file: "x.strings") }
        let bom = [0xEF, 0xBB, 0xBF] + Array("\"a\" = \"".utf8) + surrogate + Array("\";".utf8)
        check("bom.strings", offset: 10, line: 1) { _ = try StringsFileReader.entries(bytes: bom, file: "bom.strings") }
        let catalog = Array("{\"sourceLanguage\": \"en\",\n \"strings\": {\"k".utf8) + surrogate + Array("\": {}}}".utf8)
        check("a.xcstrings", offset: 40, line: 2) { _ = try StringCatalogReader.read(bytes: catalog, file: "a.xcstrings") }
        // Outside a string too: a bad byte between values is named by its offset, not "unexpected character '\u{FFFD}'".
        let between = Array("{\"width\": 100,\n".utf8) + latin1 + Array("}".utf8)
        check("style.json", offset: 15, line: 2) { _ = try JSONDocument.parse(between, file: "style.json") }
        let plist = Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>
            """.utf8) + latin1 + Array("</string></dict></dict></plist>".utf8)
        check("de.lproj/L.stringsdict", offset: 129, line: 2) {
            _ = try StringsDictReader.read(bytes: plist, file: "de.lproj/L.stringsdict", locale: "de")
        }
        // A property list that declares another encoding is left to Foundation's parser.
        XCTAssertFalse(StringsDictReader.declaresUTF8(Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist/>".utf8)))
        XCTAssertTrue(StringsDictReader.declaresUTF8(Array("<?xml version=\"1.0\" encoding='utf-8'?><plist/>".utf8)))
        XCTAssertTrue(StringsDictReader.declaresUTF8(Array("<plist/>".utf8)))
        XCTAssertNil(UTF8Validation.firstInvalidSequence(in: Array("않이 👍🏽 \u{10FFFF}".utf8)))
        XCTAssertEqual(UTF8Validation.firstInvalidSequence(in: [0x61, 0xF4, 0x90, 0x80, 0x80])?.offset, 1)   // above U+10FFFF
    }

    /// A symbolic link back to a parent folder: each folder is searched once (two such links made the
    /// search run for ever, one more level of links each time), and a linked .lproj is not read twice.
    func testFolderSearchFollowsEachFolderOnce() throws {
        let root = NSTemporaryDirectory() + "/strings-links-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["App/de.lproj", "App/a", "App/b"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try Data("\"k\" = \"K\";\n".utf8).write(to: URL(fileURLWithPath: root + "/App/de.lproj/Localizable.strings"))
        XCTAssertEqual(symlink("..", root + "/App/a/up"), 0)
        XCTAssertEqual(symlink("../..", root + "/App/b/up"), 0)
        XCTAssertEqual(symlink("../de.lproj", root + "/App/a/de.lproj"), 0)
        let table = try StringTable.read(path: root + "/App")
        XCTAssertEqual(table.strings.map { "\($0.locale) \($0.key)=\($0.format)" }, ["de k=K"])
        // Links that lead nowhere say so.
        XCTAssertEqual(symlink(root + "/loop2", root + "/loop1"), 0)
        XCTAssertEqual(symlink(root + "/loop1", root + "/loop2"), 0)
        XCTAssertEqual(symlink(root + "/gone", root + "/dangling"), 0)
        for (path, message) in [("loop1", "is a loop of symbolic links (each leads to the next): point it at a real file"),
                                ("dangling", "is a symbolic link to nothing (its target does not exist)"),
                                ("none.xcstrings", "no such file or folder")] {
            XCTAssertThrowsError(try StringTable.read(path: root + "/" + path)) {
                XCTAssertEqual($0 as? StringResourceError, StringResourceError(file: root + "/" + path, line: nil, message))
            }
        }
        XCTAssertThrowsError(try StringTable.bytes(ofFile: root + "/App")) {
            XCTAssertEqual("\($0)", root + "/App: is a folder, not a file")
        }
    }

    /// One rule takes a file for UTF-16 or UTF-32 in every reader (`UTF8Validation.utf16Evidence`): a UTF-16
    /// byte-order mark or a NUL byte in the first 256; the error says which. ASCII in UTF-16LE is the
    /// character's byte then 00, so the first NUL is at offset 1; in UTF-16BE 00 comes first (offset 0).
    func testUTF16WithoutBOMIsRefused() throws {
        func le(_ s: String) -> [UInt8] { s.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        func be(_ s: String) -> [UInt8] { s.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        XCTAssertThrowsError(try StringsFileReader.entries(bytes: le("\"a\" = \"b\";"), file: "x.strings")) {
            XCTAssertTrue("\($0)".contains("UTF-16 without a byte-order mark (a NUL byte at offset 1)"), "\($0)")
        }
        XCTAssertThrowsError(try JSONDocument.parse(le("{\"sourceLanguage\": \"en\"}"), file: "a.xcstrings")) {
            XCTAssertEqual(($0 as? StringResourceError)?.message,
                           "the file looks like UTF-16 or UTF-32 (a NUL byte at offset 1); JSON must be UTF-8: save it as UTF-8")
        }
        XCTAssertThrowsError(try JSONDocument.parse([0xFE, 0xFF] + be("{}"), file: "style.json")) {
            XCTAssertTrue("\($0)".contains("(it starts with a UTF-16 byte-order mark)"), "\($0)")
        }
        XCTAssertFalse(StringsDictReader.declaresUTF8(be("<?xml version=\"1.0\"?><plist/>")))
        XCTAssertEqual(UTF8Validation.utf16Evidence(be("<plist/>")), "a NUL byte at offset 0")
        XCTAssertNil(UTF8Validation.utf16Evidence(Array("\u{FEFF}\"않이\" = \"b\";".utf8)), "UTF-8, its BOM included")
    }

    func testCatalogInUTF16AndDuplicateKeysAreRefused() {
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("{\"sourceLanguage\": \"en\"}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        XCTAssertThrowsError(try StringCatalogReader.read(bytes: utf16, file: "a.xcstrings")) {
            XCTAssertTrue("\($0)".contains("save it as UTF-8"), "\($0)")
        }
        let duplicate = Array("{\"sourceLanguage\": \"en\",\n\"strings\": {\"a\": {},\n\"a\": {}}}".utf8)
        XCTAssertThrowsError(try StringCatalogReader.read(bytes: duplicate, file: "a.xcstrings")) {
            XCTAssertEqual(($0 as? StringResourceError)?.line, 3)
            XCTAssertTrue("\($0)".contains("duplicate key \"a\""), "\($0)")
        }
    }

    func testFormatSpecifiersExpandedWithLongSamples() {
        let samples = FormatSamples()
        XCTAssertEqual(FormatSpecifiers.expand("%@ has %lld items, %.2f%% off", samples: samples, locale: "en"),
                       "Maximilianus has 12345678 items, 1234567.89% off")
        XCTAssertEqual(FormatSpecifiers.expand("%2$@ → %1$d", samples: samples, locale: "en"), "Maximilianus → 12345678")
        XCTAssertEqual(FormatSpecifiers.expand("%05d|%-4c|%x", samples: FormatSamples(integer: 42), locale: "en"), "00042|M   |2a")
        let overridden = FormatSamples(string: "Jo", integer: 7, double: 0.5, arguments: [2: "two"])
        XCTAssertEqual(FormatSpecifiers.expand("%@ %@ %.1f", samples: overridden, locale: "en"), "Jo two 0.5")
        XCTAssertEqual(FormatSpecifiers.expand("50%% off", samples: samples, locale: "en"), "50% off")
    }

    func testPluralSamplesFallInTheirCategory() {
        // CLDR: Russian one = n mod 10 = 1 and n mod 100 ≠ 11; few = 2–4 (not 12–14); English one = 1.
        XCTAssertEqual(PluralSamples.sample(category: "one", locale: "ru", preferred: 12_345_678), 12_345_601)
        XCTAssertEqual(PluralSamples.sample(category: "few", locale: "ru", preferred: 12_345_678), 12_345_602)
        XCTAssertEqual(PluralSamples.sample(category: "many", locale: "ru", preferred: 12_345_678), 12_345_678)
        XCTAssertEqual(PluralSamples.sample(category: "one", locale: "en", preferred: 12_345_678), 1)
        XCTAssertEqual(PluralSamples.sample(category: "one", locale: "fr", preferred: 12_345_678), 1)
        XCTAssertEqual(PluralSamples.sample(category: "zero", locale: "en", preferred: 12_345_678), 0)
        XCTAssertEqual(FormatSpecifiers.expand("%lld товар", pluralArguments: [0: "one"], locale: "ru"), "12345601 товар")
    }
}

import Foundation
import LabelRendering
import Typesetting
import XCTest

/// The system font's stand-in against sizes iOS drew in SF Pro (Fixtures/sf-measurements.json: public projects'
/// snapshot references and tests, each with its source). Every expected value is iOS's; the targets are the
/// stand-in's: single lines within 1.5 % of iOS on average and 3 % at worst, no point size narrower than iOS on
/// average, the 350 pt paragraph wrapped into iOS's lines.
final class SystemFontWidthTests: XCTestCase {
    struct Case {
        var text: String, size: Double, weight: Font.Weight, italic: Bool, scale: Double, width: Double
        var lines: [String] = [], wrapWidth: Double = 0
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/sf-measurements.json")
        guard let data = try? Data(contentsOf: url),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let cases = json["cases"] as? [[String: Any]] else { return [] }
        return cases.compactMap { c in
            guard let text = c["text"] as? String, let size = c["size_pt"] as? Double, let weight = c["weight"] as? String else { return nil }
            let scale = (c["scale"] as? Double) ?? ((c["scale"] as? [Double])?.first ?? 2)
            var width = c["ios_label_width_pt"] as? Double ?? 0
            if let s = c["ios_size_pt"] as? [Double] { width = s[0] }
            if let s = c["ios_size_pt"] as? [String: [Double]], let two = s["@2x"] { width = two[0] }
            var out = Case(text: text.components(separatedBy: "\n")[0], size: size, weight: weight.hasPrefix("bold") ? .bold : .regular,
                           italic: weight.hasSuffix("italic"), scale: scale, width: width)
            if let lines = c["ios_lines"] as? [String], let wrap = c["width_pt"] as? Double { out.text = text; out.lines = lines; out.wrapWidth = wrap }
            return out
        }
    }()

    func font(_ c: Case) -> Font {
        let font = Font.system(size: c.size, weight: c.weight)
        return c.italic ? font.italic() : font
    }

    /// `intrinsicContentSize` of each single line (no insets, at the case's scale) against iOS's.
    func testSingleLineWidthsAreIOSs() throws {
        let single = Self.cases.filter { $0.lines.isEmpty }
        XCTAssertEqual(single.count, 8, "the fixture's single-line cases")
        var errors: [(size: Double, error: Double)] = []
        for c in single {
            var label = PaddedLabel(c.text, font: font(c), insets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
            label.scale = c.scale
            let width = Double(try label.intrinsicContentSize.width)
            let error = width / c.width - 1
            XCTAssertLessThanOrEqual(abs(error), 0.03, "\(c.text) at \(c.size) pt: \(width) pt here, \(c.width) pt on iOS")
            errors.append((c.size, error))
        }
        let mean = errors.map { abs($0.error) }.reduce(0, +) / Double(errors.count)
        XCTAssertLessThanOrEqual(mean, 0.015, "mean width error against iOS")
        for size in Set(errors.map(\.size)) {
            let at = errors.filter { $0.size == size }.map(\.error)
            XCTAssertGreaterThanOrEqual(at.reduce(0, +) / Double(at.count), 0, "at \(size) pt the stand-in is narrower than iOS on average")
        }
    }

    /// The 445-character paragraph in a 350 pt wide label with `numberOfLines` 0 breaks where iOS broke it.
    func testParagraphWrapsIntoIOSsLines() throws {
        let paragraph = try XCTUnwrap(Self.cases.first { !$0.lines.isEmpty })
        var label = PaddedLabel(paragraph.text, font: font(paragraph), insets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        label.numberOfLines = 0
        label.scale = paragraph.scale
        label.bounds = CGRect(x: 0, y: 0, width: paragraph.wrapWidth, height: 1000)
        let lines = try label.makeLayout().lines.map { $0.text.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines, paragraph.lines)
    }

    /// The example as a user tries it: "Hello world!" at 18 pt is 95 pt on iOS.
    func testHelloWorldAt18pt() throws {
        var label = PaddedLabel("Hello world!", font: .system(size: 18), insets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        label.scale = 2
        XCTAssertEqual(Double(try label.intrinsicContentSize.width), 95, accuracy: 95 * 0.015)
    }
}

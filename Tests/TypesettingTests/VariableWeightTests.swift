import Foundation
import TestSupport
import Testing
import Typesetting

/// A weight asked of a variable font sets its `wght` axis. Expected advances from `hb-shape --variations` (HarfBuzz's
/// utility, apt `libharfbuzz-bin`) on Debian's Inter variable fonts (apt `fonts-inter-variable`; `fc-query`: one
/// axis, wght 100…900, the roman and italic files); faces from `fc-list :family=Inter file style`.
@Suite struct VariableWeightTests {
    static let folder = "/usr/share/fonts/truetype/inter-vf/"
    static let roman = folder + "Inter-roman.var.ttf", italic = folder + "Inter-italic.var.ttf"
    static let text = "Semibold Badge 42"

    /// The font's advances in font units (× unitsPerEm, no size-adjust: these fonts have none).
    static func advances(_ font: Font) throws -> [Int] {
        #expect(font.file.adjustment == nil)
        let upem = Double(try FontFace.load(font.file).unitsPerEm)
        return try Shaper.shape(Array(text.utf16), font: font).glyphs.map { Int(($0.advance * upem).rounded()) }
    }

    @Test func aWeightOfAVariableFileIsItsWghtAxis() throws {
        let font = Font(path: Self.roman, size: 15).withWeight(Font.Weight(cssWeight: 650))
        #expect(font.file.path == Self.roman && font.file.faceIndex == 0)   // not the family's Inter-Bold.otf
        #expect(font.variations == ["wght": 650])
        #expect(try Self.advances(font) == (try HBShape.advances(path: Self.roman, text: Self.text, variations: "wght=650")))
        // A named weight too, and one beyond the axis is clamped to it (900, its maximum).
        #expect(Font(path: Self.roman, size: 15).withWeight(.bold).variations == ["wght": 700])
        let heaviest = Font(path: Self.roman, size: 15).withWeight(Font.Weight(cssWeight: 1000))
        #expect(heaviest.variations == ["wght": 900])
        #expect(try Self.advances(heaviest) == (try HBShape.advances(path: Self.roman, text: Self.text, variations: "wght=900")))
        // A named instance given by index keeps its file too.
        #expect(Font(path: Self.roman, size: 15, faceIndex: 7 << 16).withWeight(Font.Weight(cssWeight: 650)).file.path == Self.roman)
    }

    @Test func italicOfAVariableFileIsTheFamilysVariableItalic() throws {
        let font = Font(path: Self.roman, size: 15).withWeight(Font.Weight(cssWeight: 650)).italic()
        #expect(font.file.path == Self.italic && font.variations == ["wght": 650])
        #expect(try Self.advances(font) == (try HBShape.advances(path: Self.italic, text: Self.text, variations: "wght=650")))
        #expect(font.upright().file.path == Self.roman && font.upright().variations == ["wght": 650])
        // Without a weight asked, the axis is left as it was.
        #expect(Font(path: Self.roman, size: 15).italic().variations.isEmpty)
    }

    @Test func aSystemFontOfVariableFilesDrawsTheWeightOnTheAxis() throws {
        try SystemFont.withSystemFont(.files([Self.roman])) { () throws in
            let font = Font.system(size: 15, weight: Font.Weight(cssWeight: 650))
            #expect(font.file.path == Self.roman && font.file.faceIndex == 0 && font.variations == ["wght": 650])
            #expect(try Self.advances(font) == (try HBShape.advances(path: Self.roman, text: Self.text, variations: "wght=650")))
            // One of the file's named instances is drawn as it is (fc-query: index 7 << 16 is Inter_700wght).
            #expect(Font.system(size: 15, weight: .bold).file.faceIndex == 7 << 16)
        }
        // A family with static faces and variable fonts: a static face of exactly the weight, else the axis.
        try SystemFont.withSystemFont(.family("Inter")) { () throws in
            #expect(Font.system(size: 15, weight: .bold).file.path == "/usr/share/fonts/opentype/inter/Inter-Bold.otf")
            let between = Font.system(size: 15, weight: Font.Weight(cssWeight: 650))
            #expect(between.file.path == Self.roman && between.variations == ["wght": 650])
            #expect(try Self.advances(between) == (try HBShape.advances(path: Self.roman, text: Self.text, variations: "wght=650")))
        }
    }

    @Test func theDrawnAxisValuesAreClamped() {
        #expect(FontFile(path: Self.roman, variations: ["wght": 5000]).drawnVariations == ["wght": 900])
        #expect(FontFile(path: Self.roman, variations: ["wght": 50]).drawnVariations == ["wght": 100])
        #expect(FontFile(path: Self.roman, variations: ["wght": 650, "wdth": 80]).drawnVariations == ["wght": 650, "wdth": 80])
        // A variation asked of the font is the weight it reads.
        #expect(Font(path: Self.roman, size: 15, variations: ["wght": 5000]).weight == .black)
    }

    @Test func uprightRemovesTheItalicTrait() {
        let inter = "/usr/share/fonts/opentype/inter/"
        #expect(Font(path: inter + "Inter-Italic.otf", size: 13).upright().file.path == inter + "Inter-Regular.otf")
        #expect(Font(path: inter + "Inter-SemiBoldItalic.otf", size: 13).upright().file.path == inter + "Inter-SemiBold.otf")
        #expect(!Font(path: inter + "Inter-Italic.otf", size: 13).upright().isItalic)
        #expect(Font.system(size: 13).italic().upright().file == Font.system(size: 13).file)
        #expect(Font.default(size: 13).italic().upright().file == .dejaVuSans)
        let upright = Font(path: inter + "Inter-Regular.otf", size: 13)
        #expect(upright.upright() == upright)
        // Assigning a file forgets what was asked of the face before: the new face's own slant and weight.
        var assigned = Font.system(size: 13)
        assigned.file = FontFile(path: inter + "Inter-SemiBoldItalic.otf")
        #expect(assigned.isItalic && assigned.weight == .semibold)
    }

    @Test func weightNamesTakeWholeDecimalNumbers() {
        #expect(Font.Weight(name: "650") == Font.Weight(cssWeight: 650))
        #expect(Font.Weight(name: "1000") != nil && Font.Weight(name: "1") != nil)
        for refused in ["650.5", "0x10", "1e3", "+600", " 600", "0", "1001", "-5", "nan"] {
            #expect(Font.Weight(name: refused) == nil, "\(refused)")
        }
        // A weight between whole classes is written as it is, not rounded to another class.
        #expect(Font.Weight(cssWeight: 650.5).description == "650.5")
        #expect(Font.Weight(cssWeight: 650).description == "650")
    }
}

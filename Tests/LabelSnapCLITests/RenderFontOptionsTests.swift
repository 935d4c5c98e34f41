import Foundation
import LabelRendering
import Imaging
import Typesetting
import XCTest

/// `labelsnap render`'s font options (--weight, --italic, --feature, --variation, --register, --font-name) draw what
/// the API draws, state the face in the summary and `--json`, and refuse bad values writing nothing.
final class RenderFontOptionsTests: XCTestCase {
    static let interVariable = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"

    func testWeightItalicAndFeatureDrawTheAPIsFontAndStateTheFace() throws {
        let dir = try temporaryFolder("render-font-options")
        let run = try labelsnap(["render", "1111 8888", "--size", "13", "--weight", "semibold", "--italic", "--feature", "tnum",
                                 "-o", dir + "/out.png"], cwd: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        let font = Font.system(size: 13, weight: .semibold).italic().monospacedDigit()
        XCTAssertEqual(try PNGCodec.decode(contentsOf: dir + "/out.png"), try PaddedLabel("1111 8888", font: font).render())
        // The bundled italic file at wght 600; the text design's size-adjust is 1 (fitted to iOS, docs/fonts.md).
        XCTAssertTrue(run.stdout.contains("face: Inter-4.1-Italic.ttf weight 600 (semibold asked), italic, size-adjust 1.0000, features tnum=1"),
                      run.stdout)
        // Without the options: another face and no face line.
        let plain = try labelsnap(["render", "1111 8888", "--size", "13", "--json"], cwd: dir)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertFalse(plain.stdout.contains("\"face\""), plain.stdout)
        XCTAssertTrue(plain.stdout.contains("/Inter-4.1.ttf"), plain.stdout)
    }

    /// --text-style in the system font is UIFont.preferredFont(forTextStyle:): headline is semibold (HIG Typography),
    /// 17 pt at Large (Apple's Dynamic Type table); --weight after it restyles it.
    func testTheHeadlineTextStyleIsSemiboldInTheSystemFont() throws {
        let dir = try temporaryFolder("render-font-options")
        let run = try labelsnap(["render", "Headline", "--text-style", "headline", "-o", dir + "/out.png"], cwd: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("face: Inter-4.1.ttf weight 600 (semibold asked)"), run.stdout)
        XCTAssertEqual(try PNGCodec.decode(contentsOf: dir + "/out.png"), try PaddedLabel("Headline", font: .preferred(.headline)).render())
        let regular = try labelsnap(["render", "Headline", "--text-style", "headline", "--weight", "regular", "--json"], cwd: dir)
        XCTAssertTrue(regular.stdout.contains("/Inter-4.1.ttf") && !regular.stdout.contains("\"face\""), regular.stdout)
        // Another font keeps its face (UIFontMetrics.scaledFont).
        let dejaVu = try labelsnap(["render", "Headline", "--font", "DejaVu Sans", "--text-style", "headline", "--json"], cwd: dir)
        XCTAssertTrue(dejaVu.stdout.contains("/DejaVuSans.ttf"), dejaVu.stdout)
    }

    func testAVariationDrawsTheInstanceBetweenSemiboldAndBold() throws {
        let dir = try temporaryFolder("render-font-options")
        var widths: [Double] = []
        for wght in ["600", "650", "700"] {
            let run = try labelsnap(["render", "Semibold badge", "--font", Self.interVariable, "--size", "60", "--variation", "wght=\(wght)",
                                     "--json", "-o", dir + "/\(wght).png"], cwd: dir)
            XCTAssertEqual(run.status, 0, run.stderr)
            let json = try jsonObject(run.stdout)
            XCTAssertEqual(json["face"] as? String, "Inter-roman.var.ttf weight \(wght), upright, instance wght=\(wght)", run.stdout)
            widths.append(try XCTUnwrap((json["intrinsic_pt"] as? [Double])?.first))  // whole points (pixel-ceiled): 60 pt keeps the steps apart
        }
        XCTAssertLessThan(widths[0], widths[1])
        XCTAssertLessThan(widths[1], widths[2])
        let font = Font(path: Self.interVariable, size: 60, variations: ["wght": 650])
        XCTAssertEqual(try PNGCodec.decode(contentsOf: dir + "/650.png"), try PaddedLabel("Semibold badge", font: font).render())
    }

    /// A weight asked of a variable font given by path, or drawing the system font (LABELSNAP_SYSTEM_FONT), is its
    /// wght axis, not the family's nearest face or named instance; a variation wght given too wins (CSS's
    /// font-variation-settings over font-weight); the face line states the value drawn, clamped to the axis
    /// (fc-query: wght 100…900), beside the one asked. Pixels are the API's font at that wght.
    func testAWeightOfAVariableFontIsItsWghtAxis() throws {
        let dir = try temporaryFolder("render-font-options")
        let at650 = try PaddedLabel("Semibold badge", font: Font(path: Self.interVariable, size: 17, variations: ["wght": 650])).render()
        let runs: [([String], [String: String], String)] = [
            (["--font", Self.interVariable, "--weight", "650"], [:], "Inter-roman.var.ttf weight 650 (650 asked), upright, instance wght=650"),
            (["--font", Self.interVariable, "--variation", "wght=650", "--weight", "bold"], [:],
             "Inter-roman.var.ttf weight 650 (bold asked), upright, instance wght=650"),
            (["--weight", "650"], ["LABELSNAP_SYSTEM_FONT": Self.interVariable], "Inter-roman.var.ttf weight 650 (650 asked), upright, instance wght=650"),
        ]
        for (args, environment, face) in runs {
            let run = try labelsnap(["render", "Semibold badge"] + args + ["--json", "-o", dir + "/out.png"], cwd: dir, environment: environment)
            XCTAssertEqual(run.status, 0, "\(args): \(run.stderr)")
            XCTAssertEqual(try jsonObject(run.stdout)["face"] as? String, face, "\(args): \(run.stdout)")
            XCTAssertEqual(try PNGCodec.decode(contentsOf: dir + "/out.png"), at650, "\(args)")
        }
        let clamped = try labelsnap(["render", "Heavy", "--font", Self.interVariable, "--variation", "wght=5000", "-o", dir + "/out.png"], cwd: dir)
        XCTAssertEqual(clamped.status, 0, clamped.stderr)
        XCTAssertTrue(clamped.stdout.contains("face: Inter-roman.var.ttf weight 900, upright, instance wght=900 (wght=5000 asked)"), clamped.stdout)
    }

    /// --italic false is the upright face of an italic font's family (removing UIKit's traitItalic); a family
    /// without the slant asked keeps its face and the face line says what was asked (fc-list: NanumGothic has no
    /// italic face).
    func testItalicFalseMakesAnItalicFontUpright() throws {
        let dir = try temporaryFolder("render-font-options")
        let inter = "/usr/share/fonts/opentype/inter/"
        let run = try labelsnap(["render", "Upright", "--font", inter + "Inter-SemiBoldItalic.otf", "--italic", "false", "--json", "-o", dir + "/out.png"], cwd: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try jsonObject(run.stdout)["fonts"] as? [String], [inter + "Inter-SemiBold.otf"], run.stdout)
        XCTAssertEqual(try PNGCodec.decode(contentsOf: dir + "/out.png"),
                       try PaddedLabel("Upright", font: Font(path: inter + "Inter-SemiBold.otf", size: 17)).render())
        let nanum = try labelsnap(["render", "Tag", "--font", "NanumGothic", "--italic", "-o", dir + "/out.png"], cwd: dir)
        XCTAssertEqual(nanum.status, 0, nanum.stderr)
        XCTAssertTrue(nanum.stdout.contains("face: NanumGothic.ttf weight 400, upright (italic asked)"), nanum.stdout)
    }

    /// A copy of NanumSquareRoundR.ttf in a folder: --register makes --font-name find the copy (a registered file
    /// before the installed one). The PostScript name is fc-query's.
    func testARegisteredFolderIsFoundByPostScriptName() throws {
        let dir = try temporaryFolder("render-font-options")
        let fonts = dir + "/Fonts"
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/nanum/NanumSquareRoundR.ttf", toPath: fonts + "/Bundled.ttf")
        let run = try labelsnap(["render", "Tag", "--register", "Fonts", "--font-name", "NanumSquareRoundR", "--json", "-o", dir + "/out.png"], cwd: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        let used = try jsonObject(run.stdout)["fonts"] as? [String]
        XCTAssertTrue(used == ["Fonts/Bundled.ttf"] || used == [fonts + "/Bundled.ttf"], run.stdout)
        XCTAssertEqual(try PNGCodec.decode(contentsOf: dir + "/out.png"),
                       try PaddedLabel("Tag", font: Font(path: fonts + "/Bundled.ttf", size: 17)).render())
    }

    func testBadValuesExit2WritingNothing() throws {
        let dir = try temporaryFolder("render-font-options")
        let cases: [([String], String)] = [
            (["--weight", "heavyish"], "--weight must be ultraLight, thin, light, regular, medium, semibold, bold, heavy, black or a CSS weight 1…1000, got 'heavyish'"),
            (["--font-name", "Intr-SemiBold"], #"no registered or installed font named "Intr-SemiBold"; nearest names: "Inter-SemiBold""#),
            (["--variation", "wght"], "--variation needs TAG=NUMBER, got 'wght'"),
            (["--variation", "wdth=80"], "Inter-4.1.ttf has no \"wdth\" variation axis; its axes: opsz, wght"),
            (["--feature", "toolong"], "--feature needs OpenType tags of 1 to 4 ASCII characters, got 'toolong'"),
            // Past Int.max (it trapped converting to Int) and outside HarfBuzz's unsigned 32-bit values.
            (["--feature", "tnum=9223372036854775808"], "--feature needs whole numbers from 0 to 4294967295 after =, got 'tnum=9223372036854775808'"),
            (["--feature", "liga=-1"], "--feature needs whole numbers from 0 to 4294967295 after =, got 'liga=-1'"),
            (["--feature", "tnum=4294967296"], "--feature needs whole numbers from 0 to 4294967295 after =, got 'tnum=4294967296'"),
            (["--register", dir + "/nope"], "--register: no font file at \(dir)/nope"),
            // A weight class is a whole number in decimal digits (it showed 650.5 as "651 asked"; 0x10 was 16).
            (["--weight", "650.5"], "--weight takes a CSS weight as a whole number from 1 to 1000 in decimal digits "
                + "(a variable font's weight between two is a variation: wght=650.5), got '650.5'"),
            (["--weight", "0x10"], "--weight takes a CSS weight as a whole number from 1 to 1000 in decimal digits"),
            (["--weight", "1e3"], "--weight takes a CSS weight as a whole number from 1 to 1000 in decimal digits"),
        ]
        for (args, message) in cases {
            let run = try labelsnap(["render", "x"] + args + ["-o", dir + "/out.png"], cwd: dir)
            XCTAssertEqual(run.status, 2, "\(args): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), "\(args): \(run.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"), "\(args)")
        }
    }
}

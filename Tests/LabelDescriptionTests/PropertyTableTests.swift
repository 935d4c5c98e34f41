import TestSupport
import Foundation
import LabelDescription
import LabelRendering
import Localization
import Imaging
import Typesetting
import XCTest

/// The property table drives the command line, the style JSON and the provenance's `label:` line: every entry
/// is checked through each front end it has, with values and texts written out by hand.
final class PropertyTableTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
    static let bold = dejaVu + "DejaVuSans-Bold.ttf", mono = dejaVu + "DejaVuSansMono.ttf"

    /// One entry's case: command-line options (nil: it has none), a style JSON object's members (nil: not a
    /// style key), the label they must make, and the parts the provenance must state.
    struct Case: Sendable {
        var options: [String: [String]]?
        var json: String?
        var check: @Sendable (PaddedLabel) -> Bool
        var states: [String]
    }

    /// Each case's values and texts are derived by hand (Apple's Dynamic Type table for the text styles: title1 at
    /// Large is 28 pt, body at AX1 is 28 pt).
    static let cases: [String: Case] = [
        "text": Case(options: nil, json: nil, check: { $0.text == "a\"b" }, states: [#"text="a\"b""#]),
        "font": Case(options: ["--font": [bold, mono]], json: #""font": "\#(bold)""#,
                     check: { $0.font.file.path == bold }, states: ["font=DejaVuSans-Bold.ttf#0 17pt"]),
        // A copy of NanumSquareRoundR.ttf (no other test draws it) under its own name, so font= reads the same
        // whichever file --font-name finds; the PostScript name is fc-query's.
        "registerFonts": Case(options: ["--register": [registerFolder]], json: #""registerFonts": "\#(registerFolder)""#,
                              check: { _ in FontRegistry.registeredFaces.contains { $0.file.path == registerFolder + "/NanumSquareRoundR.ttf" } },
                              states: []),
        "fontName": Case(options: ["--font-name": ["NanumSquareRoundR"]], json: #""fontName": "NanumSquareRoundR""#,
                         check: { $0.font.file.info?.postScriptName == "NanumSquareRoundR" }, states: ["font=NanumSquareRoundR.ttf#0 17pt"]),
        "size": Case(options: ["--size": ["12.5"]], json: #""size": 12.5"#, check: { $0.font.pointSize == 12.5 },
                     states: ["font=DejaVuSans.ttf#0 12.5pt"]),
        "insets": Case(options: ["--insets": ["1,2,3,4.5"]], json: #""insets": [1, 2, 3, 4.5]"#,
                       check: { $0.insets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4.5) }, states: ["insets=1,2,3,4.5"]),
        "numberOfLines": Case(options: ["--lines": ["3"]], json: #""numberOfLines": 3"#, check: { $0.numberOfLines == 3 }, states: ["lines=3"]),
        "lineBreakMode": Case(options: ["--line-break-mode": ["head"]], json: #""lineBreakMode": "byTruncatingHead""#,
                              check: { $0.lineBreakMode == .byTruncatingHead }, states: ["lineBreakMode=byTruncatingHead"]),
        "textAlignment": Case(options: ["--align": ["center"]], json: #""textAlignment": "center""#,
                              check: { $0.textAlignment == .center }, states: ["alignment=center"]),
        "textColor": Case(options: ["--color": ["#FF0000"]], json: ##""textColor": "#f00""##,
                          check: { $0.textColor == Color(red: 255, green: 0, blue: 0) }, states: ["textColor=#FF0000FF"]),
        "backgroundColor": Case(options: ["--background": ["#0000FF80"]], json: ##""backgroundColor": "#0000ff80""##,
                                check: { $0.backgroundColor == Color(red: 0, green: 0, blue: 255, alpha: 128) },
                                states: ["backgroundColor=#0000FF80"]),
        "bounds": Case(options: nil, json: nil, check: { $0.bounds == CGRect(x: 0, y: 0, width: 30, height: 20) }, states: ["bounds=30x20"]),
        "preferredMaxLayoutWidth": Case(options: ["--preferred-max-layout-width": ["120"]], json: #""preferredMaxLayoutWidth": 120"#,
                                        check: { $0.preferredMaxLayoutWidth == 120 }, states: ["preferredMaxLayoutWidth=120"]),
        "cornerRadius": Case(options: ["--corner-radius": ["4"]], json: #""cornerRadius": 4"#, check: { $0.cornerRadius == 4 },
                             states: ["cornerRadius=4"]),
        "borderWidth": Case(options: ["--border-width": ["2"]], json: #""borderWidth": 2"#, check: { $0.borderWidth == 2 },
                            states: ["border=2 #000000FF"]),
        "borderColor": Case(options: ["--border-width": ["1"], "--border-color": ["#00FF00"]],
                            json: ##""borderWidth": 1, "borderColor": "#00FF00""##,
                            check: { $0.borderColor == Color(red: 0, green: 255, blue: 0) }, states: ["border=1 #00FF00FF"]),
        "lineSpacing": Case(options: ["--line-spacing": ["3"]], json: #""lineSpacing": 3"#, check: { $0.lineSpacing == 3 },
                            states: ["lineSpacing=3"]),
        "lineHeightMultiple": Case(options: ["--line-height-multiple": ["1.5"]], json: #""lineHeightMultiple": 1.5"#,
                                   check: { $0.lineHeightMultiple == 1.5 }, states: ["lineHeightMultiple=1.5"]),
        "adjustsFontSizeToFitWidth": Case(options: ["--adjusts-font-size-to-fit-width": ["true"]], json: #""adjustsFontSizeToFitWidth": true"#,
                                          check: { $0.adjustsFontSizeToFitWidth }, states: ["adjustsFontSizeToFitWidth minimumScaleFactor=0"]),
        "minimumScaleFactor": Case(options: ["--min-scale": ["0.5"]], json: #""adjustsFontSizeToFitWidth": true, "minimumScaleFactor": 0.5"#,
                                   check: { $0.adjustsFontSizeToFitWidth && $0.minimumScaleFactor == 0.5 },
                                   states: ["adjustsFontSizeToFitWidth minimumScaleFactor=0.5"]),
        "layoutDirection": Case(options: ["--direction": ["rtl"]], json: #""layoutDirection": "rightToLeft""#,
                                check: { $0.layoutDirection == .rightToLeft }, states: ["layoutDirection=rightToLeft"]),
        "language": Case(options: ["--language": ["ko"]], json: nil, check: { $0.language == "ko" }, states: ["language=ko"]),
        "scale": Case(options: ["--scale": ["2"]], json: #""scale": 2"#, check: { $0.scale == 2 }, states: ["\nscale: 2\n"]),
        "fallbacks": Case(options: ["--fallback": [mono, bold]], json: #""fallbacks": ["\#(mono)", "\#(bold)"]"#,
                          check: { $0.font.fallbacks.map(\.path) == [mono, bold] },
                          states: ["fallbacks=DejaVuSansMono.ttf#0,DejaVuSans-Bold.ttf#0"]),
        "textStyle": Case(options: ["--text-style": ["title1"]], json: #""textStyle": "title1""#,
                          check: { $0.font.dynamicType?.textStyle == .title1 && $0.font.pointSize == 28 },
                          states: ["font=DejaVuSans.ttf#0 28pt", "textStyle=title1"]),
        "contentSizeCategory": Case(options: ["--text-style": ["body"], "--content-size-category": ["AX1"]],
                                    json: #""textStyle": "body", "contentSizeCategory": "accessibilityMedium""#,
                                    check: { $0.contentSizeCategory == .accessibilityMedium && $0.font.pointSize == 28 },
                                    states: ["font=DejaVuSans.ttf#0 28pt", "contentSizeCategory=AX1"]),
        // Right to left, leading is the right edge: top 1, left 4 (trailing), bottom 3, right 2 (leading).
        "directionalInsets": Case(options: ["--directional-insets": ["1,2,3,4"], "--direction": ["rtl"]],
                                  json: #""layoutDirection": "rightToLeft", "directionalInsets": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4}"#,
                                  check: { $0.directionalInsets == DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4) },
                                  states: ["insets=1,4,3,2", "directionalInsets=1,2,3,4"]),
        "lineBreakStrategy": Case(options: ["--line-break-strategy": ["none"]], json: #""lineBreakStrategy": "none""#,
                                  check: { $0.lineBreakStrategy == [] }, states: ["lineBreakStrategy=none"]),
        "baselineAdjustment": Case(options: ["--baseline-adjustment": ["alignCenters"]], json: #""baselineAdjustment": "alignCenters""#,
                                   check: { $0.baselineAdjustment == .alignCenters }, states: ["baselineAdjustment=alignCenters"]),
        "tabStops": Case(options: ["--tab-stops": ["10,20.5"]], json: #""tabStops": [10, 20.5]"#,
                         check: { $0.tabStops == [TextTab(location: 10), TextTab(location: 20.5)] }, states: ["tabStops=10,20.5"]),
        "defaultTabInterval": Case(options: ["--default-tab-interval": ["14"]], json: #""defaultTabInterval": 14"#,
                                   check: { $0.defaultTabInterval == 14 }, states: ["defaultTabInterval=14"]),
        "userInterfaceStyle": Case(options: ["--user-interface-style": ["dark"], "--appearance": ["dark"]], json: #""userInterfaceStyle": "dark""#,
                                   check: { $0.userInterfaceStyle == .dark }, states: ["userInterfaceStyle=dark"]),
        "accessibilityContrast": Case(options: ["--contrast": ["high"]], json: #""accessibilityContrast": "high""#,
                                      check: { $0.accessibilityContrast == .high }, states: ["accessibilityContrast=high"]),
        "adjustsInsetsForContentSizeCategory": Case(options: ["--adjusts-insets-for-content-size-category": ["true"]],
                                                     json: #""adjustsInsetsForContentSizeCategory": true"#,
                                                     check: { $0.adjustsInsetsForContentSizeCategory },
                                                     states: ["adjustsInsetsForContentSizeCategory"]),
        "attributedText": Case(options: ["--attributed": [attributedFile]],
                               json: #""attributedText": {"text": "ab", "runs": [{"range": [0, 1], "kern": 1.5}]}"#,
                               check: { $0.text == "ab" && $0.attributedText?.runs.first?.kern == 1.5 },
                               states: ["attributedText=0..<1{kern=1.5}"]),
        "markdown": Case(options: ["--markdown": ["**a**b"]], json: nil,
                         check: { $0.text == "ab" && $0.attributedText?.runs.first?.inlinePresentationIntent == .stronglyEmphasized },
                         states: [#"text="ab""#, "attributedText=0..<1{intent=2}"]),
        "cornerConfiguration": Case(options: ["--corners": ["0,4,8,12.5"]], json: #""cornerConfiguration": [0, 4, 8, 12.5]"#,
                                    check: { $0.cornerConfiguration == .corners(topLeftRadius: 0, topRightRadius: 4, bottomLeftRadius: 8, bottomRightRadius: 12.5) },
                                    states: ["corners=0,4,8,12.5"]),
        "maskedCorners": Case(options: ["--masked-corners": ["topLeft,layerMaxXMaxYCorner"]],
                              json: #""maskedCorners": ["layerMinXMinYCorner", "bottomRight"]"#,
                              check: { $0.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMaxYCorner] },
                              states: ["maskedCorners=topLeft,bottomRight"]),
        "cornerCurve": Case(options: ["--corner-curve": ["continuous"]], json: #""cornerCurve": "continuous""#,
                            check: { $0.cornerCurve == .continuous }, states: ["cornerCurve=continuous"]),
        "clipsToBounds": Case(options: ["--clips-to-bounds": ["true"]], json: #""clipsToBounds": true"#,
                              check: { $0.clipsToBounds }, states: ["clipsToBounds"]),
        "alpha": Case(options: ["--alpha": ["0.5"]], json: #""alpha": 0.5"#, check: { $0.alpha == 0.5 }, states: ["alpha=0.5"]),
        // A switch: given at all, it sets the value (the argument list's content is not read).
        "isEnabled": Case(options: ["--disabled": [""]], json: #""isEnabled": false"#, check: { !$0.isEnabled }, states: ["disabled"]),
        "isHighlighted": Case(options: ["--highlighted": [""]], json: #""isHighlighted": true"#, check: { $0.isHighlighted },
                              states: ["highlighted"]),
        "highlightedTextColor": Case(options: ["--highlighted-text-color": ["#00FF00"]], json: ##""highlightedTextColor": "#0f0""##,
                                     check: { $0.highlightedTextColor == Color(red: 0, green: 255, blue: 0) },
                                     states: ["highlightedTextColor=#00FF00FF"]),
        "shadowColor": Case(options: ["--shadow-color": ["#00000080"]], json: ##""shadowColor": "#00000080""##,
                            check: { $0.shadowColor == Color(red: 0, green: 0, blue: 0, alpha: 128) && $0.shadowOffset == CGSize(width: 0, height: -1) },
                            states: ["shadow=#00000080 0,-1"]),
        "shadowOffset": Case(options: ["--shadow-color": ["#000000"], "--shadow-offset": ["2,-1.5"]],
                             json: ##""shadowColor": "#000000", "shadowOffset": [2, -1.5]"##,
                             check: { $0.shadowOffset == CGSize(width: 2, height: -1.5) }, states: ["shadow=#000000FF 2,-1.5"]),
        // DejaVu Sans has weights 200, 400 and 700: CSS's rule takes 700 for semibold (600), and its italic is Oblique.
        "weight": Case(options: ["--weight": ["semibold"]], json: #""weight": "semibold""#,
                       check: { $0.font.file.path == bold && $0.font.weight == .semibold }, states: ["font=DejaVuSans-Bold.ttf#0 17pt", "weight=semibold"]),
        "italic": Case(options: ["--italic": [""]], json: #""italic": true"#,
                       check: { $0.font.file.path == dejaVu + "DejaVuSans-Oblique.ttf" && $0.font.isItalic },
                       states: ["font=DejaVuSans-Oblique.ttf#0 17pt", "italic"]),
        "variations": Case(options: ["--font": [interVariable], "--variation": ["wght=650"]],
                           json: #""font": "\#(interVariable)", "variations": {"wght": 650}"#,
                           check: { $0.font.file.path == interVariable && $0.font.variations == ["wght": 650] },
                           states: ["font=Inter-roman.var.ttf#0 17pt", "variations=wght=650"]),
        "features": Case(options: ["--feature": ["tnum", "liga=0"]], json: #""features": {"tnum": 1, "liga": 0}"#,
                         check: { $0.font.features == ["tnum": 1, "liga": 0] }, states: ["features=liga=0,tnum=1"]),
    ]

    /// `--attributed`'s file: "ab" with a kern of 1.5 pt on "a".
    static let attributedFile: String = {
        let path = NSTemporaryDirectory() + "PropertyTableTests-attributed-\(getpid()).json"
        try! Data(#"{"text": "ab", "runs": [{"range": [0, 1], "kern": 1.5}]}"#.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }()

    static let interVariable = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"

    /// `--register`'s folder: a copy of NanumSquareRoundR.ttf.
    static let registerFolder: String = {
        let folder = NSTemporaryDirectory() + "PropertyTableTests-fonts-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/nanum/NanumSquareRoundR.ttf", toPath: folder + "/NanumSquareRoundR.ttf")
        return folder
    }()

    /// The label every case starts from: DejaVu Sans 17 pt, every other property at UIKit's default.
    static var base: PaddedLabel { PaddedLabel("x", font: Font(path: dejaVu + "DejaVuSans.ttf", size: 17)) }

    func testEveryEntryRoundTripsThroughTheCommandLineTheStyleAndTheProvenance() throws {
        XCTAssertEqual(Set(Self.cases.keys), Set(LabelProperty.all.map(\.name)),
                       "every table entry needs a case here (command-line options, style JSON, the label, the provenance parts)")
        for property in LabelProperty.all {
            let c = try XCTUnwrap(Self.cases[property.name])
            XCTAssertEqual(c.options == nil, property.options.isEmpty, "\(property.name): the case's options and the entry's")
            XCTAssertEqual(c.json != nil, property.inStyle, "\(property.name): a style key exactly when the entry says so")
            var label = Self.base
            if let options = c.options {
                try LabelProperty.applyOptions({ options[$0] ?? [] }, to: &label)
                XCTAssertTrue(property.options.allSatisfy { options[$0.flag] != nil }, "\(property.name): each of its options is tried")
            } else {
                // No front end sets it: the entry's own setter, from command-line text.
                let text = property.name == "text" ? "a\"b" : "30,20"
                try property.setter(.text(text))(&label)
            }
            XCTAssertTrue(c.check(label), "\(property.name) from the command line: \(label)")
            XCTAssertNotNil(property.describe(label) ?? (property.name == "scale" ? "" : property.name == "size" || property.name == "borderColor"
                || property.name == "minimumScaleFactor" || property.name == "markdown" || property.name == "shadowOffset"
                || property.name == "registerFonts" || property.name == "fontName" ? "" : nil), "\(property.name) is stated once set")
            let provenance = try SnapshotProvenance(label: label).text
            for part in c.states { XCTAssertTrue(provenance.contains(part), "\(property.name): \(part) in\n\(provenance)") }

            guard let json = c.json else { continue }
            // "fontName" names the primary face itself: a style with "font" too is refused.
            let font = json.contains(#""font":"#) || json.contains(#""fontName":"#) ? "" : #""font": "\#(Self.dejaVu)DejaVuSans.ttf", "#
            let style = try LabelStyle(json: Array(#"{"width": 100, \#(font)\#(json)}"#.utf8), file: "s.json")
            XCTAssertTrue(c.check(style.label), "\(property.name) from the style: \(style.label)")
            let fromStyle = try SnapshotProvenance(label: style.label).text
            for part in c.states where !part.hasPrefix("text=") {
                XCTAssertTrue(fromStyle.contains(part), "\(property.name) from the style: \(part) in\n\(fromStyle)")
            }
        }
    }

    /// A label at its defaults states what the provenance has always stated, in that order, and nothing else;
    /// every property the provenance stated before the table keeps its text and place.
    func testTheLabelLineOfRecordedReferencesIsUnchanged() {
        XCTAssertEqual(LabelProperty.describe(Self.base), "text=\"x\" font=DejaVuSans.ttf#0 17pt insets=0,0,0,0 lines=1 "
            + "lineBreakMode=byTruncatingTail alignment=natural textColor=dynamic(light: #000000FF, dark: #FFFFFFFF) "
            + "backgroundColor=#00000000")
        var label = Self.base
        label.insets = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
        label.numberOfLines = 0
        label.bounds = CGRect(x: 0, y: 0, width: 80, height: 40)
        label.preferredMaxLayoutWidth = 64
        label.cornerRadius = 6
        label.borderWidth = 1.5
        label.lineSpacing = 2
        label.lineHeightMultiple = 1.25
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        label.layoutDirection = .leftToRight
        label.language = "ja"
        XCTAssertEqual(LabelProperty.describe(label), "text=\"x\" font=DejaVuSans.ttf#0 17pt insets=4,8,4,8 lines=0 "
            + "lineBreakMode=byTruncatingTail alignment=natural textColor=dynamic(light: #000000FF, dark: #FFFFFFFF) "
            + "backgroundColor=#00000000 bounds=80x40 preferredMaxLayoutWidth=64 cornerRadius=6 border=1.5 #000000FF lineSpacing=2 "
            + "lineHeightMultiple=1.25 adjustsFontSizeToFitWidth minimumScaleFactor=0.5 layoutDirection=leftToRight language=ja")
    }

    /// Every stored property of `PaddedLabel` (and of its `Font`) has an entry: a new property without one fails here.
    func testEveryStoredPropertyOfALabelIsInTheTable() {
        let names = Set(LabelProperty.all.map(\.name))
        // Stored under another name: the font and insets are read through computed properties.
        let storedAs = ["storedFont": "font", "absoluteInsets": "insets", "storedText": "text", "storedAttributedText": "attributedText"]
        let stored = Mirror(reflecting: Self.base).children.compactMap(\.label)
        XCTAssertGreaterThan(stored.count, 25)
        for name in stored {
            XCTAssertTrue(names.contains(storedAs[name] ?? name), "PaddedLabel.\(name) has no entry in LabelProperty.all: add one (Sources/LabelDescription/LabelProperties.swift)")
        }
        // The face and its source are stated by the face's file in `font=` (its variations by `variations`); the
        // weight and italic asked for and the features have entries of their own; whether a variable face's `opsz`
        // follows the point size is part of `size`.
        let fontParts = ["file": "font", "face": "font", "source": "font", "requestedWeight": "weight", "requestedItalic": "italic",
                         "features": "features", "pointSize": "size", "opticalSizeFollowsPointSize": "size", "fallbacks": "fallbacks", "dynamicType": "textStyle"]
        for name in Mirror(reflecting: Self.base.font).children.compactMap(\.label) {
            XCTAssertTrue(fontParts[name].map(names.contains) ?? false, "Font.\(name) has no entry in LabelProperty.all")
        }
    }

    /// One syntax reads both front ends; each names the property its own way.
    func testRefusalsNameTheOptionOrTheKey() {
        func cli(_ options: [String: [String]]) -> String {
            var label = Self.base
            do { try LabelProperty.applyOptions({ options[$0] ?? [] }, to: &label); return "accepted" } catch { return error.description }
        }
        func json(_ members: String) -> String {
            do { _ = try LabelStyle(json: Array("{\"width\": 100, \(members)}".utf8), file: "s.json"); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertEqual(cli(["--lines": ["2.5"]]), "--lines needs an integer, got '2.5'")
        XCTAssertEqual(json(#""numberOfLines": 2.5"#), #"s.json:1: "numberOfLines" must be a whole number (0 = unlimited)"#)
        XCTAssertEqual(json(#""numberOfLines": "2""#), #"s.json:1: "numberOfLines" must be a number, not a string"#)
        XCTAssertEqual(cli(["--line-break-mode": ["wrap"]]),
                       "--line-break-mode must be word, char, clip, head, tail or middle (or byTruncatingTail …), got 'wrap'")
        XCTAssertEqual(json(#""lineBreakMode": "wrap""#),
                       #"s.json:1: "lineBreakMode" must be word, char, clip, head, tail or middle (or byTruncatingTail …), got "wrap""#)
        XCTAssertEqual(cli(["--color": ["red"]]), ##"--color: invalid colour "red": use #RGB, #RRGGBB or #RRGGBBAA hexadecimal, or a system colour's name (systemRed, label, systemGray6 …)"##)
        XCTAssertEqual(json(#""textColor": "red""#), ##"s.json:1: "textColor": invalid colour "red": use #RGB, #RRGGBB or #RRGGBBAA hexadecimal, or a system colour's name (systemRed, label, systemGray6 …)"##)
        XCTAssertEqual(json(#""insets": {"top": -2000000}"#), #"s.json:1: "insets.top" must be within -1000000…1000000, got -2000000"#)
        XCTAssertEqual(cli(["--insets": ["1,2,3"]]), "--insets needs 4 comma-separated finite numbers (not nan or inf), got '1,2,3'")
        // The command line leaves ranges to the label, whose own message states its limit.
        XCTAssertEqual(cli(["--lines": ["-1"]]), "accepted")
        XCTAssertEqual(json(#""numberOfLines": -1"#), #"s.json:1: "numberOfLines" must be within 0…10000, got -1"#)
    }

    /// A style file is told in JSON's terms (a corner list was refused with the command line's TL,TR,BL,BR); an
    /// attributed run's colour takes the names `--color` takes, through the same parser; bounds without an image are
    /// refused, not dropped; every boolean switch reads bare as true and takes an explicit `true` or `false`.
    func testJSONWordsRunColoursBoundsAndSwitches() throws {
        func json(_ members: String) -> String {
            do { _ = try LabelStyle(json: Array("{\"width\": 100, \(members)}".utf8), file: "s.json"); return "accepted" } catch { return "\(error)" }
        }
        let corners = #"must be "capsule", "capsule:MAX", a radius or [topLeft, topRight, bottomLeft, bottomRight] (numbers, pt)"#
        XCTAssertEqual(json(#""cornerConfiguration": [14, 14, 3]"#), #"s.json:1: "cornerConfiguration" "# + corners + "; an array needs 4 radii, not 3")
        XCTAssertEqual(json(#""cornerConfiguration": "14,14,3""#), #"s.json:1: "cornerConfiguration" "# + corners + #", got "14,14,3""#)
        XCTAssertEqual(json(#""cornerConfiguration": true"#), #"s.json:1: "cornerConfiguration" "# + corners)
        var label = Self.base
        XCTAssertThrowsError(try LabelProperty.applyOptions({ $0 == "--corners" ? ["1,2"] : [] }, to: &label)) {
            XCTAssertEqual("\($0)", "--corners must be capsule, capsule:MAX, a radius or TL,TR,BL,BR, got '1,2'")
        }

        let named = try LabelStyle(json: Array(##"{"width": 100, "attributedText": {"text": "ab", "runs": [{"range": [0, 1], "color": "systemRed", "backgroundColor": "#00F"}]}}"##.utf8), file: "s.json")
        let run = try XCTUnwrap(named.makeLabel(text: "ab", language: nil).attributedText?.runs.first)
        XCTAssertEqual(run.foregroundColor?.resolved(for: .light), Color(red: 255, green: 59, blue: 48))   // HIG systemRed light
        XCTAssertEqual(run.backgroundColor, Color(red: 0, green: 0, blue: 255))
        XCTAssertEqual(json(#""attributedText": {"text": "ab", "runs": [{"range": [0, 1], "color": "red"}]}"#),
                       ##"s.json:1: "attributedText": runs[0].color: invalid colour "red": use #RGB, #RRGGBB or #RRGGBBAA hexadecimal, or a system colour's name (systemRed, label, systemGray6 …)"##)
        XCTAssertEqual(json(#""attributedText": {"text": "ab", "runs": [{"range": [0, 1], "bounds": [0, 0, 12, 12]}]}"#),
                       #"s.json:1: "attributedText": runs[0] has "bounds" but no "image": bounds size an attachment, so give its PNG file as "image" (or drop "bounds")"#)

        // Every option of a true-or-false property is such a switch.
        for property in LabelProperty.all where property.summary == "true or false" {
            XCTAssertTrue(property.options.allSatisfy { $0.switchValue != nil }, property.name)
        }
        func switched(_ flag: String, _ given: String) throws -> PaddedLabel {
            var label = Self.base
            try LabelProperty.applyOptions({ $0 == flag ? [given] : [] }, to: &label)
            return label
        }
        for (given, on) in [("", true), ("true", true), ("false", false)] {
            XCTAssertEqual(try switched("--disabled", given).isEnabled, !on, given)
            XCTAssertEqual(try switched("--highlighted", given).isHighlighted, on, given)
            XCTAssertEqual(try switched("--clips-to-bounds", given).clipsToBounds, on, given)
            XCTAssertEqual(try switched("--adjusts-font-size-to-fit-width", given).adjustsFontSizeToFitWidth, on, given)
            XCTAssertEqual(try switched("--adjusts-insets-for-content-size-category", given).adjustsInsetsForContentSizeCategory, on, given)
        }
    }

    /// A colour is a system colour's UIKit name wherever a hexadecimal one is taken; `--appearance` is
    /// `--user-interface-style`'s short form. Values typed from Apple's HIG table (systemRed light 255, 59, 48;
    /// systemGray6 dark 28, 28, 30).
    func testSystemColourNamesAndTheAppearanceOption() throws {
        var label = Self.base
        let options: [String: [String]] = ["--color": ["systemRed"], "--background": ["systemGray6"], "--appearance": ["dark"]]
        try LabelProperty.applyOptions({ options[$0] ?? [] }, to: &label)
        XCTAssertEqual(label.userInterfaceStyle, .dark)
        XCTAssertEqual(label.textColor.resolved(for: .light), Color(red: 255, green: 59, blue: 48))
        XCTAssertEqual(label.backgroundColor.resolved(for: .dark), Color(red: 28, green: 28, blue: 30))
        let style = try LabelStyle(json: Array(#"{"width": 100, "textColor": "secondaryLabel", "borderColor": "separator"}"#.utf8), file: "s.json")
        let styled = try style.makeLabel(text: "a", language: nil)
        XCTAssertEqual(styled.textColor.resolved(for: .dark), Color(red: 235, green: 235, blue: 245, alpha: 153))
        XCTAssertEqual(styled.borderColor.resolved(for: .light), Color(red: 60, green: 60, blue: 67, alpha: 74))
    }

    /// --font, a style's font and an attributed run's font share one resolver: a file, a family, or a face's
    /// PostScript or full name (fc-query Inter-SemiBold.otf: "Inter-SemiBold", "Inter Semi Bold"); a name that is
    /// neither says so once, with the nearest face names, and names no option that does not exist.
    func testTheFontTakesAFaceName() throws {
        let semibold = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"
        let fields = try XCTUnwrap(FCQuery.fields(path: semibold, ["postscriptname", "fullname"]).first)
        XCTAssertEqual(fields, ["Inter-SemiBold", "Inter Semi Bold"])
        for name in fields {
            XCTAssertEqual(try ValueSyntax<[FontFile]>.fonts.parse(.text(name)).map(\.path), [semibold], name)
            let style = try LabelStyle(json: Array(#"{"width": 100, "font": "\#(name)"}"#.utf8), file: "s.json")
            XCTAssertEqual(try style.makeLabel(text: "a", language: nil).font.file.path, semibold, name)
        }
        XCTAssertEqual(try ValueSyntax<[FontFile]>.fonts.parse(.text("DejaVu Sans")).map(\.path),
                       ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])
        XCTAssertThrowsError(try ValueSyntax<[FontFile]>.fonts.parse(.text("Inter Semi Bld"))) { error in
            let message = (error as? PropertyValueError)?.message(for: "--font") ?? "\(error)"
            XCTAssertTrue(message.hasPrefix(#"--font: no installed font for family"#), message)
            XCTAssertTrue(message.contains(#"no installed font for family "Inter Semi Bld""#), message)
            XCTAssertTrue(message.contains(#"nor a face of that PostScript or full name (nearest: "Inter Semi Bold""#), message)
            XCTAssertFalse(message.contains("labelsnap --"), message)
        }
    }

    /// --font's help names the font a label draws when none is given: PaddedLabel's default, the system font at
    /// 17 pt, whose stand-in is the bundled Inter-4.1.ttf (its display design from 20 pt), then its fallbacks.
    func testTheFontsHelpNamesTheDefaultFontDrawn() throws {
        let label = PaddedLabel("")
        XCTAssertEqual(label.font.pointSize, 17)
        XCTAssertEqual(URL(fileURLWithPath: label.font.file.path).lastPathComponent, "Inter-4.1.ttf")
        XCTAssertEqual(Font.system(size: 20).file.adjustment?.axes["opsz"], 32)
        let option = try XCTUnwrap(LabelProperty.all.flatMap(\.options).first { $0.flag == "--font" })
        let help = option.help.replacingOccurrences(of: "\n", with: " ")
        XCTAssertTrue(help.contains("default: the system font, 17 pt, drawn by its stand-in Inter, Inter Display from 20 pt"), help)
        XCTAssertFalse(help.contains("default: DejaVu Sans"), help)
        XCTAssertTrue(help.contains("Noto Sans CJK JP, NanumGothic, Noto Color Emoji, DejaVu Sans"), help)
    }
}

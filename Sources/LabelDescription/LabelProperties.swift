import Foundation
import LabelRendering
import Imaging
import Typesetting

// The table of PaddedLabel's properties. To add a property: add its entry here (name = PaddedLabel's property
// and style JSON key, its `labelsnap render` option, its syntax, its setter, its part of the provenance's
// `label:` line), then its layout or drawing code. Provenance parts are joined in table order: an entry whose
// part is new goes after `language`, so recorded references keep their `label:` line (entries without a part
// may go anywhere, next to those they belong with). DESIGN.md, "Adding a label property".

private func n(_ v: Double) -> String { LabelDescriptionFormat.number(v) }
private func n(_ v: CGFloat) -> String { LabelDescriptionFormat.number(Double(v)) }

extension LabelProperty {
    /// Every property of `PaddedLabel`, in the order of the provenance's `label:` line and of
    /// `labelsnap render --help`.
    package static let all: [LabelProperty] = [
        LabelProperty("text", inStyle: false, syntax: .string(placeholder: "TEXT", summary: "any text"),
                      set: { $0.text = $1 }, describe: { LabelProperty.describe(text: $0.text) }),
        // Fonts registered first, before a font, name, family or weight is looked up among them (table order is the
        // command line's and the style's order of application); the face chosen is stated by `font=`.
        LabelProperty("registerFonts", options: [Option("--register", help: """
            register a font file or every font in a folder (FontRegistry), so --font-name, --font and
            --weight find their faces; repeat for more
            """, repeats: true)],
                      syntax: .registeredFonts, set: { _, _ in }),
        LabelProperty("font", options: [Option("--font", help: """
            font file or fontconfig family; repeat for the fallback order (default: the system
            font, 17 pt, drawn by its stand-in Inter, Inter Display from 20 pt; then Noto Sans CJK
            JP, NanumGothic, Noto Color Emoji, DejaVu Sans)
            """, repeats: true)],
                      syntax: .fonts, set: { label, files in
                          label.font.file = files[0]
                          if files.count > 1 { label.font.fallbacks = Array(files.dropFirst()) }
                      },
                      describe: { "font=\(URL(fileURLWithPath: $0.font.file.path).lastPathComponent)#\($0.font.file.faceIndex) \(n($0.font.pointSize))pt" }),
        LabelProperty("fontName", options: [Option("--font-name", help: """
            a face by PostScript or full name (UIFont(name:size:)), over --register's and installed fonts;
            not with --font (both name the primary face: --fallback gives the others)
            """)],
                      syntax: .fontName, set: { $0.font.file = $1 }),
        LabelProperty("size", options: [Option("--size", help: "point size (default 17)")],
                      syntax: .number(0.01...Font.maximumPointSize), set: { $0.font.pointSize = $1 }),
        LabelProperty("insets", options: [Option("--insets", help: "edge insets in points (default 0,0,0,0)")],
                      syntax: .fourLengths(key: "insets", edges: ["top", "left", "bottom", "right"], placeholder: "T,L,B,R"),
                      set: { $0.insets = EdgeInsets(top: $1[0], left: $1[1], bottom: $1[2], right: $1[3]) },
                      describe: { let i = $0.insets; return "insets=\([i.top, i.left, i.bottom, i.right].map { n($0) }.joined(separator: ","))" }),
        LabelProperty("numberOfLines", options: [Option("--lines", help: "numberOfLines, 0 = unlimited (default 1)")],
                      syntax: .integer(0...10_000, meaning: "0 = unlimited"), set: { $0.numberOfLines = $1 },
                      describe: { "lines=\($0.numberOfLines)" }),
        LabelProperty("lineBreakMode", options: [Option("--line-break-mode", "M", help: "word|char|clip|head|tail|middle (default tail)")],
                      syntax: .choice(lineBreakModes + LineBreakMode.allCases.map { ($0.rawValue, $0) },
                                      shown: lineBreakModes.map(\.0), also: "or byTruncatingTail …"),
                      set: { $0.lineBreakMode = $1 }, describe: { "lineBreakMode=\($0.lineBreakMode)" }),
        LabelProperty("textAlignment", options: [Option("--align", "A", help: "left|center|right|justified|natural (default natural)")],
                      syntax: .choice(TextAlignment.allCases.map { ($0.rawValue, $0) }, shown: TextAlignment.allCases.map(\.rawValue)),
                      set: { $0.textAlignment = $1 }, describe: { "alignment=\($0.textAlignment)" }),
        LabelProperty("textColor", options: [Option("--color", help: "text colour, #RRGGBB[AA] or a system colour such as systemRed (default label)")],
                      syntax: .color, set: { $0.textColor = $1 }, describe: { "textColor=\($0.textColor)" }),
        LabelProperty("backgroundColor", options: [Option("--background", help: "background colour, #RRGGBB[AA] or systemGray6 … (default transparent)")],
                      syntax: .color, set: { $0.backgroundColor = $1 }, describe: { "backgroundColor=\($0.backgroundColor)" }),
        LabelProperty("bounds", inStyle: false, syntax: .twoLengths,
                      set: { $0.bounds = CGRect(x: 0, y: 0, width: $1[0], height: $1[1]) },
                      describe: { label in label.bounds.map { "bounds=\(n($0.width))x\(n($0.height))" } }),
        LabelProperty("preferredMaxLayoutWidth", options: [Option("--preferred-max-layout-width", help: """
            text width at which a multi-line label wraps for its intrinsicContentSize (default 0: one line)
            """)],
                      syntax: .positiveLength, set: { $0.preferredMaxLayoutWidth = $1 },
                      describe: { $0.preferredMaxLayoutWidth != 0 ? "preferredMaxLayoutWidth=\(n($0.preferredMaxLayoutWidth))" : nil }),
        LabelProperty("cornerRadius", options: [Option("--corner-radius", help: "background corner radius")],
                      syntax: .positiveLength, set: { $0.cornerRadius = $1 },
                      describe: { $0.cornerRadius != 0 ? "cornerRadius=\(n($0.cornerRadius))" : nil }),
        LabelProperty("borderWidth", options: [Option("--border-width", help: "border inside the bounds")],
                      syntax: .positiveLength, set: { $0.borderWidth = $1 },
                      describe: { $0.borderWidth != 0 ? "border=\(n($0.borderWidth)) \($0.borderColor)" : nil }),
        LabelProperty("borderColor", options: [Option("--border-color", help: "border colour (default #000000)")],
                      syntax: .color, set: { $0.borderColor = $1 }),  // stated with borderWidth: border=W #RRGGBBAA
        LabelProperty("lineSpacing", options: [Option("--line-spacing", help: "extra space between lines (NSParagraphStyle.lineSpacing)")],
                      syntax: .positiveLength, set: { $0.lineSpacing = $1 },
                      describe: { $0.lineSpacing != 0 ? "lineSpacing=\(n($0.lineSpacing))" : nil }),
        LabelProperty("lineHeightMultiple", options: [Option("--line-height-multiple", "M", help: "line height × M (NSParagraphStyle.lineHeightMultiple)")],
                      syntax: .positiveLength, set: { $0.lineHeightMultiple = $1 },
                      describe: { $0.lineHeightMultiple != 0 ? "lineHeightMultiple=\(n($0.lineHeightMultiple))" : nil }),
        LabelProperty("adjustsFontSizeToFitWidth", options: [Option("--adjusts-font-size-to-fit-width", help: """
            shrink the font until the text fits, down to minimumScaleFactor (default false)
            """, switchValue: "true")],
                      syntax: .bool, set: { $0.adjustsFontSizeToFitWidth = $1 },
                      describe: { $0.adjustsFontSizeToFitWidth ? "adjustsFontSizeToFitWidth minimumScaleFactor=\(n($0.minimumScaleFactor))" : nil }),
        // Stated with adjustsFontSizeToFitWidth (it does nothing without it).
        LabelProperty("minimumScaleFactor", options: [Option("--min-scale", "F", help: """
            adjustsFontSizeToFitWidth with minimumScaleFactor F (0…1; 0 = no shrinking)
            """, also: { $0.adjustsFontSizeToFitWidth = true })],
                      syntax: .number(0...1), set: { $0.minimumScaleFactor = $1 }),
        LabelProperty("layoutDirection", options: [Option("--direction", "D", help: """
            ltr|rtl: the view's layout direction (semanticContentAttribute): .natural alignment,
            directional insets and paragraphs without a strong character; text keeps its own
            direction (default: none, each paragraph's from its first strong character, UAX #9)
            """)],
                      syntax: .choice([("ltr", .leftToRight), ("rtl", .rightToLeft), ("leftToRight", .leftToRight), ("rightToLeft", .rightToLeft)],
                                      shown: ["ltr", "rtl"], also: "or leftToRight, rightToLeft", placeholder: "D"),
                      set: { $0.layoutDirection = $1 }, describe: { label in label.layoutDirection.map { "layoutDirection=\($0)" } }),
        LabelProperty("language", inStyle: false, options: [Option("--language", help: """
            the text's language, a BCP 47 tag (ko, ja, zh-Hans …): picks the CJK design of the fallback
            font (default: guessed from the text)
            """)],
                      syntax: .string(placeholder: "TAG", summary: "a BCP 47 language tag"), set: { $0.language = $1 },
                      describe: { label in label.language.map { "language=\($0)" } }),
        LabelProperty("scale", options: [Option("--scale", "S", help: "pixels per point, usually 1, 2 or 3 like UIScreen.scale (default 1)")],
                      syntax: .number(0.01...16), set: { $0.scale = $1 }),  // stated on the provenance's own scale: line

        // Stated in the provenance only since the table: after every part recorded references hold.
        LabelProperty("fallbacks", options: [Option("--fallback", help: """
            a fallback font, replacing the default order; repeat for more (as --font's after the first)
            """, repeats: true)],
                      syntax: .list(of: .font, placeholder: "PATH|FAMILY"), set: { $0.font.fallbacks = $1 },
                      describe: { label in
                          label.font.fallbacks == FontFile.defaultFallbacks ? nil
                              : "fallbacks=" + label.font.fallbacks.map { "\(URL(fileURLWithPath: $0.path).lastPathComponent)#\($0.faceIndex)" }.joined(separator: ",")
                      }),
        LabelProperty("textStyle", options: [Option("--text-style", "STYLE", help: """
            a Dynamic Type font of this UIFont.TextStyle (body, headline, caption1 …): its .large size from
            Apple's table, scaled for --content-size-category; in the system font Apple's weight for the
            style (headline semibold), another font keeps its face; not with --size
            """)],
                      syntax: .choice(TextStyle.allCases.map { ($0.rawValue, $0) }, shown: TextStyle.allCases.map(\.rawValue), placeholder: "STYLE",
                                      unknown: { PropertyValueError(.whole("unknown textStyle \"\($0)\" (\(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")))")) }),
                      set: { label, style in
                          var font = label.font
                          if case .system = font.source {
                              // The system font is the style's own (UIFont.preferredFont: headline semibold).
                              font = Font.preferred(style)
                              font.fallbacks = label.font.fallbacks
                              font.features = label.font.features
                              label.font = font
                              return
                          }
                          font.pointSize = DynamicType.pointSize(of: style, in: .large)
                          label.font = Font.scaled(font, relativeTo: style)
                      },
                      describe: { label in label.font.dynamicType.map { "textStyle=\($0.textStyle)" } }),
        LabelProperty("contentSizeCategory", options: [Option("--content-size-category", "C", help: """
            the user's text size (large, extraLarge, accessibilityMedium … or L, xL, AX1 …; default large);
            scales a --text-style font
            """)],
                      syntax: .choice(contentSizeCategories, shown: ContentSizeCategory.allCases.map(\.shortName), placeholder: "C",
                                      unknown: { PropertyValueError(.whole("unknown contentSizeCategory \"\($0)\" (large, extraLarge, accessibilityMedium … or L, xL, AX1 …)")) }),
                      set: { $0.contentSizeCategory = $1 },
                      describe: { $0.contentSizeCategory != .large ? "contentSizeCategory=\($0.contentSizeCategory)" : nil }),
        LabelProperty("directionalInsets", options: [Option("--directional-insets", help: """
            insets by leading/trailing edge (NSDirectionalEdgeInsets), resolved by the layout direction
            """)],
                      syntax: .fourLengths(key: "directionalInsets", edges: ["top", "leading", "bottom", "trailing"], placeholder: "T,L,B,TR"),
                      set: { $0.directionalInsets = DirectionalEdgeInsets(top: $1[0], leading: $1[1], bottom: $1[2], trailing: $1[3]) },
                      describe: { label in
                          label.directionalInsets.map { i in "directionalInsets=\([i.top, i.leading, i.bottom, i.trailing].map { n($0) }.joined(separator: ","))" }
                      }),
        LabelProperty("lineBreakStrategy", options: [Option("--line-break-strategy", "S", help: """
            standard|push-out|hangul|none: lineBreakStrategy (default standard = push-out and
            hangul: a last line never holds a lone word, Korean words stay whole; none = greedy)
            """)],
                      syntax: .choice(lineBreakStrategies + [("pushOut", .pushOut), ("hangulWordPriority", .hangulWordPriority)],
                                      shown: lineBreakStrategies.map(\.0), placeholder: "S"),
                      set: { $0.lineBreakStrategy = $1 },
                      describe: { label in
                          label.lineBreakStrategy == .standard ? nil
                              : "lineBreakStrategy=" + (lineBreakStrategies.first { $0.1 == label.lineBreakStrategy }?.0 ?? "\(label.lineBreakStrategy.rawValue)")
                      }),
        LabelProperty("baselineAdjustment", options: [Option("--baseline-adjustment", "B", help: """
            alignBaselines|alignCenters|none: where a line shrunk by adjustsFontSizeToFitWidth sits (default alignBaselines)
            """)],
                      syntax: .choice(BaselineAdjustment.allCases.map { ($0.rawValue, $0) }, shown: BaselineAdjustment.allCases.map(\.rawValue), placeholder: "B"),
                      set: { $0.baselineAdjustment = $1 },
                      describe: { $0.baselineAdjustment != .alignBaselines ? "baselineAdjustment=\($0.baselineAdjustment)" : nil }),
        LabelProperty("tabStops", options: [Option("--tab-stops", "PT,PT…", help: """
            left tab stops, pt from the text's leading edge (default twelve, every 28 pt)
            """)],
                      syntax: .list(of: .positiveLength, placeholder: "PT,PT…"),
                      set: { $0.tabStops = $1.map { TextTab(location: $0) } },
                      describe: { $0.tabStops == TextTab.defaultStops ? nil : "tabStops=" + $0.tabStops.map { n($0.location) }.joined(separator: ",") }),
        LabelProperty("defaultTabInterval", options: [Option("--default-tab-interval", help: """
            interval of the tab stops beyond the last of --tab-stops (default 0: a tab is then a space)
            """)],
                      syntax: .positiveLength, set: { $0.defaultTabInterval = $1 },
                      describe: { $0.defaultTabInterval != 0 ? "defaultTabInterval=\(n($0.defaultTabInterval))" : nil }),
        LabelProperty("userInterfaceStyle", options: [Option("--user-interface-style", help: """
            the appearance that resolves dynamic colours (default light)
            """), Option("--appearance", help: "light|dark: as --user-interface-style (give one of the two)")],
                      syntax: .choice(UserInterfaceStyle.allCases.map { ($0.rawValue, $0) }, shown: UserInterfaceStyle.allCases.map(\.rawValue)),
                      set: { $0.userInterfaceStyle = $1 },
                      describe: { $0.userInterfaceStyle != .light ? "userInterfaceStyle=\($0.userInterfaceStyle)" : nil }),
        LabelProperty("adjustsInsetsForContentSizeCategory", options: [Option("--adjusts-insets-for-content-size-category", help: """
            scale the insets with the text for the content size category (default false)
            """, switchValue: "true")],
                      syntax: .bool, set: { $0.adjustsInsetsForContentSizeCategory = $1 },
                      describe: { $0.adjustsInsetsForContentSizeCategory ? "adjustsInsetsForContentSizeCategory" : nil }),
        LabelProperty("attributedText", options: [Option("--attributed", "FILE.json", help: """
            attributed text: {"text": …, "markdown": true|false, "runs": [{"range": [0, 3], "font": …, "size": 12,
            "color": "#FFFFFF", "kern": 1.2, …}], "paragraphStyle": {"minimumLineHeight": 20, …}} (README);
            '-' reads it from standard input (relative image paths from the working folder)
            """)],
                      syntax: ValueSyntax<AttributedTextJSON.Parsed>(placeholder: "FILE.json", summary: "an object with text, runs and paragraphStyle") {
                          input throws(PropertyValueError) in
                          switch input {
                          case .text(let path) where StandardInput.isNamed(by: path):
                              return try AttributedTextJSON.parse(AttributedTextJSON.readStandardInput(), base: FileManager.default.currentDirectoryPath)
                          case .text(let path):
                              return try AttributedTextJSON.parse(AttributedTextJSON.read(file: path),
                                                                  base: URL(fileURLWithPath: path).deletingLastPathComponent().path)
                          default: return try AttributedTextJSON.parse(input, base: FileManager.default.currentDirectoryPath)
                          }
                      },
                      set: { $0.attributedText = $1.sized($0.font.pointSize) },
                      describe: { label in label.attributedText.map { LabelProperty.describe(attributedText: $0) } }),
        LabelProperty("markdown", inStyle: false, options: [Option("--markdown", "TEXT", help: """
            the text in Markdown's inline syntax (**strong**, *emphasis*, `code`, ~~strikethrough~~), drawn as
            attributed text in the bold, italic and monospaced faces of the font's family
            """)],
                      syntax: ValueSyntax<AttributedString>(placeholder: "TEXT", summary: "Markdown") { input throws(PropertyValueError) in
                          switch input {
                          case .text(let s), .string(let s):
                              do { return try AttributedString(markdown: s) } catch { throw PropertyValueError(.detail("\(error)")) }
                          default: throw PropertyValueError(.phrase("must be a string, not \(input.typeName)", got: nil))
                          }
                      },
                      set: { $0.attributedText = $1 }),
        LabelProperty("cornerConfiguration", options: [Option("--corners", help: """
            corners from the laid-out bounds (UIView.cornerConfiguration): capsule (half the shorter side,
            capsule:MAX at most MAX pt), R (every corner) or TL,TR,BL,BR; wins over --corner-radius
            """)],
                      syntax: .corners, set: { $0.cornerConfiguration = $1 },
                      describe: { label in label.cornerConfiguration.map { "corners=\($0)" } }),
        LabelProperty("maskedCorners", options: [Option("--masked-corners", help: """
            the corners --corner-radius rounds (CALayer.maskedCorners): topLeft,topRight,bottomLeft,bottomRight
            or layerMinXMinYCorner …, comma-separated (default all four)
            """)],
                      syntax: ValueSyntax<[CornerMask]>.list(of: .choice(CornerMask.names + cornerMaskLayerNames, shown: CornerMask.names.map(\.0),
                                                also: "or layerMinXMinYCorner …"), placeholder: "CORNERS")
                          .map { $0.reduce(into: CornerMask()) { $0.formUnion($1) } },
                      set: { $0.maskedCorners = $1 },
                      describe: { label in
                          label.maskedCorners == .all ? nil
                              : "maskedCorners=" + (label.maskedCorners.isEmpty ? "none" : CornerMask.names.filter { label.maskedCorners.contains($0.1) }.map(\.0).joined(separator: ","))
                      }),
        LabelProperty("cornerCurve", options: [Option("--corner-curve", help: """
            the corners' curve (CALayer.cornerCurve; continuous = Apple's smooth corner; default circular)
            """)],
                      syntax: .choice(CornerCurve.allCases.map { ($0.rawValue, $0) }, shown: CornerCurve.allCases.map(\.rawValue)),
                      set: { $0.cornerCurve = $1 },
                      describe: { $0.cornerCurve != .circular ? "cornerCurve=\($0.cornerCurve)" : nil }),
        LabelProperty("clipsToBounds", options: [Option("--clips-to-bounds", help: """
            clip the text to the corner shape (UIView.clipsToBounds; default false)
            """, switchValue: "true")],
                      syntax: .bool, set: { $0.clipsToBounds = $1 },
                      describe: { $0.clipsToBounds ? "clipsToBounds" : nil }),
        LabelProperty("accessibilityContrast", options: [Option("--contrast", help: """
            normal|high: UITraitCollection.accessibilityContrast, which resolves the system colours'
            increased-contrast values (default normal)
            """)],
                      syntax: .choice(AccessibilityContrast.allCases.map { ($0.rawValue, $0) }, shown: AccessibilityContrast.allCases.map(\.rawValue)),
                      set: { $0.accessibilityContrast = $1 },
                      describe: { $0.accessibilityContrast != .normal ? "accessibilityContrast=\($0.accessibilityContrast)" : nil }),
        LabelProperty("alpha", options: [Option("--alpha", "A", help: """
            the view's opacity (UIView.alpha) 0…1: the whole label composited once at it; below 0 as 0,
            above 1 as 1 (default 1)
            """)],
                      syntax: .number(-Double(PaddedLabel.maximumLength)...Double(PaddedLabel.maximumLength), placeholder: "A",
                                      meaning: "an opacity from 0 to 1; values outside it are clamped, as UIView.alpha"),
                      set: { $0.alpha = $1 },
                      describe: { $0.drawnAlpha != 1 ? "alpha=\(n($0.drawnAlpha))" : nil }),
        LabelProperty("isEnabled", options: [Option("--disabled", help: """
            isEnabled = false: the text dimmed, its alpha × tertiaryLabel's (0.3)
            """, switchValue: "false")],
                      syntax: .bool, set: { $0.isEnabled = $1 },
                      describe: { $0.isEnabled ? nil : "disabled" }),
        LabelProperty("isHighlighted", options: [Option("--highlighted", help: """
            isHighlighted = true: the text in --highlighted-text-color, when given
            """, switchValue: "true")],
                      syntax: .bool, set: { $0.isHighlighted = $1 },
                      describe: { $0.isHighlighted ? "highlighted" : nil }),
        LabelProperty("highlightedTextColor", options: [Option("--highlighted-text-color", help: """
            the text colour when highlighted (UILabel.highlightedTextColor; default none)
            """)],
                      syntax: .color, set: { $0.highlightedTextColor = $1 },
                      describe: { label in label.highlightedTextColor.map { "highlightedTextColor=\($0)" } }),
        LabelProperty("shadowColor", options: [Option("--shadow-color", help: """
            the text's shadow (UILabel.shadowColor): the glyphs again under the text, no blur (default none)
            """)],
                      syntax: .color, set: { $0.shadowColor = $1 },
                      describe: { label in label.shadowColor.map { "shadow=\($0) \(n(label.shadowOffset.width)),\(n(label.shadowOffset.height))" } }),
        LabelProperty("shadowOffset", options: [Option("--shadow-offset", help: """
            the shadow's offset in points, x right, y down (UILabel.shadowOffset; default 0,-1)
            """)],
                      syntax: .offset, set: { $0.shadowOffset = CGSize(width: $1[0], height: $1[1]) }),  // stated with shadowColor
        LabelProperty("weight", options: [Option("--weight", help: """
            the font's weight (UIFont.Weight: ultraLight … semibold, bold … black, or a whole CSS weight 650):
            the family's nearest face by CSS's rule (the system font between the nine: its variable instance;
            a variable font: its wght axis), after --font, --font-name or --text-style; --variation wght wins
            """)],
                      syntax: .weight, set: { $0.font = $0.font.withWeight($1) },
                      describe: { label in label.font.requestedWeight.flatMap { $0 == .regular ? nil : "weight=\($0)" } }),
        LabelProperty("italic", options: [Option("--italic", help: """
            the family's italic face at the font's weight; false: its upright face (an italic font made upright)
            """, switchValue: "true")],
                      syntax: .bool, set: { label, italic in label.font = italic ? label.font.italic() : label.font.upright() },
                      describe: { $0.font.requestedItalic == true ? "italic" : nil }),
        LabelProperty("variations", options: [Option("--variation", "TAG=V", help: """
            a variable font's axis value (wght=650, wdth=90; clamped to the axis); repeat for more
            """, repeats: true)],
                      syntax: .tagged(placeholder: "TAG=V", summary: "axis values by tag", bare: nil, integers: false),
                      set: { label, values in label.font.file.variations.merge(values) { $1 } },
                      describe: { $0.font.variations.isEmpty ? nil : "variations=\($0.font.file.variationsDescription)" }),
        LabelProperty("features", options: [Option("--feature", "TAG[=N]", help: """
            an OpenType feature (tnum, smcp, ss01; liga=0 turns one off); repeat for more
            """, repeats: true)],
                      syntax: ValueSyntax<[String: Double]>.tagged(placeholder: "TAG[=N]", summary: "OpenType features by tag", bare: 1, integers: true)
                          .map { $0.mapValues { Int($0) } },
                      set: { label, features in label.font.features.merge(features) { $1 } },
                      describe: { $0.font.features.isEmpty ? nil : "features=\($0.font.featuresDescription)" }),
    ]

    /// `CACornerMask`'s own names beside the short ones.
    static let cornerMaskLayerNames: [(String, CornerMask)] = [
        ("layerMinXMinYCorner", .layerMinXMinYCorner), ("layerMaxXMinYCorner", .layerMaxXMinYCorner),
        ("layerMinXMaxYCorner", .layerMinXMaxYCorner), ("layerMaxXMaxYCorner", .layerMaxXMaxYCorner),
    ]

    /// The short line-break mode names of the style JSON and the command line.
    static let lineBreakModes: [(String, LineBreakMode)] = [
        ("word", .byWordWrapping), ("char", .byCharWrapping), ("clip", .byClipping),
        ("head", .byTruncatingHead), ("tail", .byTruncatingTail), ("middle", .byTruncatingMiddle),
    ]

    static let lineBreakStrategies: [(String, LineBreakStrategy)] = [
        ("standard", .standard), ("push-out", .pushOut), ("hangul", .hangulWordPriority), ("none", []),
    ]

    /// Short names ("L", "AX1") and UIKit's case names ("large", "accessibilityExtraLarge").
    static let contentSizeCategories: [(String, ContentSizeCategory)] = {
        let uiKitNames = ["extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
                          "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge",
                          "accessibilityExtraExtraLarge", "accessibilityExtraExtraExtraLarge"]
        return ContentSizeCategory.allCases.map { ($0.shortName, $0) } + zip(uiKitNames, ContentSizeCategory.allCases).map { ($0, $1) }
    }()
}

import Foundation
import LabelRendering
import Imaging
import Localization
import Typesetting

extension LabelStyle {
    /// Reads a style file (JSON, see `LabelStyle`); a relative `path` is taken from the working folder (the
    /// `labelsnap sweep --style` CLI). Tests use LabelSnapshotTesting's `load(packagePath:)`, which takes a
    /// relative path from the test's package root, as `assertLabelsFit(catalog:)` does.
    /// - Throws: `StringResourceError` naming the file and line of invalid JSON, an unknown key, a value of the
    ///   wrong type or range, or a font that cannot be found.
    package static func load(path: String) throws -> LabelStyle {
        try LabelStyle(json: try StringTable.bytes(ofFile: path), file: path)
    }

    /// Parses a style from JSON bytes; `file` names it in errors.
    package init(json bytes: [UInt8], file: String) throws {
        let root = try JSONDocument.parse(bytes, file: file)
        let reader = StyleReader(file: file)
        guard case .object(let members) = root.value else { throw reader.error(root, "the style must be a JSON object") }
        guard members.contains(where: { $0.key == "width" }) else {
            throw reader.error(root, "the style needs \"width\": the label's width in pt (its bounds, insets included)")
        }
        self.init(width: 0)
        try reader.checkSizeAndTextStyle(members)
        let hasTextStyle = members.contains { $0.key == "textStyle" }
        try reader.checkContentSizeCategory(members, baseHasTextStyle: false)
        var overrides: [Override] = [], overrideNodes: [JSONNode] = []
        for (key, _, value) in StyleReader.inTableOrder(members) {
            if key == "overrides" {
                guard case .array(let items) = value.value else { throw reader.error(value, "\"overrides\" must be an array of objects") }
                for item in items { overrides.append(try reader.override(item, baseHasTextStyle: hasTextStyle)) }
                overrideNodes = items
                continue
            }
            let apply = try reader.setter(key, value)
            apply(&self)
        }
        self.overrides = overrides
        // The label must lay out (every property in range together, such as size × scale, and its font file
        // readable): otherwise the sweep fails later with an error that does not name the style.
        var probe = label
        probe.text = "x"
        do { _ = try probe.makeLayout() } catch { throw reader.error(root, "\(error)") }
        // A width the insets fill leaves the text no room: every string then "overflows" by its height, which
        // hid the real mistake. Checked for the base style and for it with each override.
        try reader.checkRoomForText(self, at: root)
        for (override, node) in zip(overrides, overrideNodes) {
            var style = self
            override.apply(&style)
            try reader.checkRoomForText(style, at: node, inOverride: true)
        }
    }
}

extension StyleReader {
    /// Refuses a `"width"` not wider than the horizontal insets, naming both.
    func checkRoomForText(_ style: LabelStyle, at node: JSONNode, inOverride: Bool = false) throws {
        let insets = style.label.insets.left + style.label.insets.right
        guard style.width <= insets else { return }
        func n(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
        throw error(node, "\"width\": \(n(Double(style.width))) pt\(inOverride ? " (with this override)" : "") leaves the text no room: "
            + "the insets take \(n(Double(insets))) pt of it; give a \"width\" over \(n(Double(insets))) pt (the label's bounds, insets included)")
    }
}

/// Turns style JSON members into setters on `LabelStyle`, the same ones for the base style and its overrides.
struct StyleReader {
    let file: String

    func error(_ node: JSONNode, _ message: String) -> StringResourceError {
        StringResourceError(file: file, line: node.line, message)
    }

    /// The style's own keys (the label's are the property table's, `LabelProperty.styleKeys`).
    static let styleOnlyKeys = ["width", "height", "markdown", "samples", "background", "interactive", "overrides"]

    /// Every key a style takes: the label's properties in table order, then the style's own.
    static let knownKeys = LabelProperty.styleKeys + styleOnlyKeys

    /// Members in the property table's order, as `labelsnap render` applies its options (a weight after the font
    /// it restyles, `directionalInsets` after `insets`), whatever order the file writes them in; the style's own
    /// keys after the label's, each kind in the file's order (the sort is stable).
    static func inTableOrder(_ members: [(key: String, line: Int, value: JSONNode)]) -> [(key: String, line: Int, value: JSONNode)] {
        let rank = Dictionary(LabelProperty.all.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        return members.sorted { (rank[$0.key] ?? Int.max) < (rank[$1.key] ?? Int.max) }
    }

    /// - Parameter baseHasTextStyle: the style the override belongs to gives `textStyle` (so its font scales).
    func override(_ node: JSONNode, baseHasTextStyle: Bool) throws -> LabelStyle.Override {
        guard case .object(let members) = node.value else { throw error(node, "each override must be an object") }
        guard let keysNode = node["keys"] else {
            throw error(node, "an override needs \"keys\": a key pattern such as \"onboarding.*\" or a list of them")
        }
        let keys: [String]
        switch keysNode.value {
        case .string(let s): keys = [s]
        case .array(let items):
            keys = try items.map { guard case .string(let s) = $0.value else { throw error($0, "\"keys\" must hold strings") }; return s }
        default: throw error(keysNode, "\"keys\" must be a pattern or a list of patterns")
        }
        try checkSizeAndTextStyle(members)
        try checkContentSizeCategory(members, baseHasTextStyle: baseHasTextStyle)
        var setters: [@Sendable (inout LabelStyle) -> Void] = []
        for (key, _, value) in StyleReader.inTableOrder(members) where key != "keys" {
            guard key != "overrides" else { throw error(value, "overrides cannot be nested") }
            setters.append(try setter(key, value))
        }
        let all = setters
        return LabelStyle.Override(keys: keys) { style in for s in all { s(&style) } }
    }

    func checkSizeAndTextStyle(_ members: [(key: String, line: Int, value: JSONNode)]) throws {
        if members.contains(where: { $0.key == "size" }), let t = members.first(where: { $0.key == "textStyle" }) {
            throw error(t.value, "give either \"size\" (a fixed font) or \"textStyle\" (Dynamic Type), not both")
        }
        // Both name the primary face: "fontName" replaced "font"'s silently (as --font with --font-name is refused).
        if members.contains(where: { $0.key == "font" }), let name = members.first(where: { $0.key == "fontName" }) {
            throw error(name.value, "give either \"font\" or \"fontName\", not both: each names the primary face (\"fallbacks\" gives the others)")
        }
    }

    /// A `contentSizeCategory` scales only a Dynamic Type font: without a `textStyle` here or in the base style the
    /// font is fixed and the category would change nothing, silently; refused, as `size` with
    /// `textStyle` is.
    func checkContentSizeCategory(_ members: [(key: String, line: Int, value: JSONNode)], baseHasTextStyle: Bool) throws {
        guard !baseHasTextStyle, !members.contains(where: { $0.key == "textStyle" }),
              let category = members.first(where: { $0.key == "contentSizeCategory" }) else { return }
        throw error(category.value, "\"contentSizeCategory\" only scales a Dynamic Type font: add \"textStyle\" (\"body\", "
            + "\"headline\" …); a fixed font (\"size\", or none: 17 pt) keeps its size in every category")
    }

    func number(_ node: JSONNode, _ key: String, in range: ClosedRange<Double>) throws -> Double {
        guard case .number(let v) = node.value else { throw error(node, "\"\(key)\" must be a number, not \(node.typeName)") }
        guard range.contains(v) else {
            func n(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)" }
            throw error(node, "\"\(key)\" must be within \(n(range.lowerBound))…\(n(range.upperBound)), got \(n(v))")
        }
        return v
    }
    func string(_ node: JSONNode, _ key: String) throws -> String {
        guard case .string(let s) = node.value else { throw error(node, "\"\(key)\" must be a string, not \(node.typeName)") }
        return s
    }
    func bool(_ node: JSONNode, _ key: String) throws -> Bool {
        guard case .bool(let b) = node.value else { throw error(node, "\"\(key)\" must be true or false") }
        return b
    }
    /// The setter for one member, validated now so that a bad value is reported with its line.
    func setter(_ key: String, _ node: JSONNode) throws -> @Sendable (inout LabelStyle) -> Void {
        let positive = 0...Double(PaddedLabel.maximumLength)
        if let property = LabelProperty.named(key), property.inStyle {
            do {
                let set = try property.setter(PropertyInput(node))
                return { set(&$0.label) }
            } catch {
                throw self.error(node, error.message(for: "\"\(key)\""))
            }
        }
        switch key {
        case "width":
            let v = try number(node, key, in: positive)
            return { $0.width = v }
        case "markdown":
            let b = try bool(node, key)
            return { $0.markdown = b }
        case "background":
            let text = try string(node, key)
            do {
                let color = try Color(hexOrName: text)
                return { $0.background = color }
            } catch {
                throw self.error(node, "\"background\": \(error)")
            }
        case "interactive":
            let b = try bool(node, key)
            return { $0.interactive = b }
        case "height":
            if case .null = node.value { return { $0.height = nil } }
            let v = try number(node, key, in: positive)
            return { $0.height = v }
        case "samples":
            var samples = FormatSamples()
            guard case .object(let members) = node.value else { throw error(node, "\"samples\" must be an object") }
            for (name, _, v) in members {
                switch name {
                case "string": samples.string = try string(v, "samples.string")
                case "integer":
                    let n = try number(v, "samples.integer", in: -1e15...1e15)
                    guard n == n.rounded() else { throw error(v, "\"samples.integer\" must be a whole number") }
                    samples.integer = Int(n)
                case "double": samples.double = try number(v, "samples.double", in: -1e15...1e15)
                default:
                    guard let position = Int(name), position >= 1 else {
                        throw error(v, "unknown sample \"\(name)\" (string, integer, double, or an argument position \"1\", \"2\" …)")
                    }
                    samples.arguments[position] = try string(v, "samples.\(name)")
                }
            }
            let chosen = samples
            return { $0.samples = chosen }
        default:
            let hint = StyleReader.knownKeys.first { $0.lowercased() == key.lowercased() }
                ?? (key == "fontSize" ? "size" : key == "lines" ? "numberOfLines" : nil)
            throw error(node, "unknown style key \"\(key)\"\(hint.map { " (did you mean \"\($0)\"?)" } ?? "") — keys are PaddedLabel's properties: \(StyleReader.knownKeys.joined(separator: ", "))")
        }
    }
}

import LabelRendering

/// One property of `PaddedLabel` as every front end sees it: its style JSON key, its `labelsnap render`
/// option, the syntax of its value, how it is set on a label and how the provenance's `label:` line states it.
/// `LabelProperty.all` is the table; DESIGN.md "Adding a label property" is the recipe.
package struct LabelProperty: Sendable {
    /// `PaddedLabel`'s property name, which is also the style JSON key (`numberOfLines`).
    package let name: String
    /// Whether a style file (`LabelStyle`'s JSON) takes it; `text` and `language` are set per string and
    /// `bounds` from the style's width and height, so those are not style keys.
    package let inStyle: Bool
    /// The `labelsnap render` option(s); empty when the command sets it otherwise (`text`: TEXT or
    /// `--text-file`; `bounds`: `--width`, `--height`).
    package let options: [CommandLineOption]
    /// The value's syntax in words (help and docs).
    package let summary: String
    /// Reads a value (JSON or command-line text) into a setter; refusals name no property (the caller does).
    package let setter: @Sendable (PropertyInput) throws(PropertyValueError) -> @Sendable (inout PaddedLabel) -> Void
    /// This property's part of the provenance's `label:` line (`lines=2`); nil at its default, or when another
    /// entry states it (`size` is in `font=…`). The parts are joined in table order.
    package let describe: @Sendable (PaddedLabel) -> String?

    /// A `labelsnap render` option of a property.
    package struct CommandLineOption: Sendable {
        /// `--lines`.
        package let flag: String
        /// The argument in help text (`N`), from the syntax unless given.
        package let placeholder: String
        /// The help text; lines after the first are indented under it.
        package let help: String
        /// A repeated option passes every argument (`--font A --font B`); otherwise the last one counts.
        package let repeats: Bool
        /// What else the option sets (`--min-scale` also turns `adjustsFontSizeToFitWidth` on).
        package let also: (@Sendable (inout PaddedLabel) -> Void)?
        /// A switch takes no argument: given, it sets the value this text reads as (`--disabled`: "false"); an
        /// explicit `true` after it does the same, `false` the opposite (`--disabled false`: enabled).
        package let switchValue: String?

        package init(_ flag: String, placeholder: String, help: String, repeats: Bool = false,
                    also: (@Sendable (inout PaddedLabel) -> Void)? = nil, switchValue: String? = nil) {
            self.flag = flag
            self.switchValue = switchValue
            self.placeholder = switchValue == nil ? placeholder : "[true|false]"
            self.help = help
            self.repeats = repeats
            self.also = also
        }
    }

    /// An option given without a placeholder takes the syntax's.
    package struct Option: Sendable {
        let flag: String, placeholder: String?, help: String, repeats: Bool
        let also: (@Sendable (inout PaddedLabel) -> Void)?
        let switchValue: String?
        package init(_ flag: String, _ placeholder: String? = nil, help: String, repeats: Bool = false,
                    also: (@Sendable (inout PaddedLabel) -> Void)? = nil, switchValue: String? = nil) {
            self.flag = flag
            self.switchValue = switchValue
            self.placeholder = placeholder
            self.help = help
            self.repeats = repeats
            self.also = also
        }
    }

    /// A property whose values have `syntax`, put on the label by `set`.
    package init<Value>(_ name: String, inStyle: Bool = true, options: [Option] = [], syntax: ValueSyntax<Value>,
                       set: @escaping @Sendable (inout PaddedLabel, Value) -> Void,
                       describe: @escaping @Sendable (PaddedLabel) -> String? = { _ in nil }) {
        self.name = name
        self.inStyle = inStyle
        self.options = options.map {
            CommandLineOption($0.flag, placeholder: $0.placeholder ?? syntax.placeholder, help: $0.help, repeats: $0.repeats, also: $0.also,
                              switchValue: $0.switchValue)
        }
        self.summary = syntax.summary
        let parse = syntax.parse
        self.setter = { input throws(PropertyValueError) in
            let value = try parse(input)
            return { set(&$0, value) }
        }
        self.describe = describe
    }

    /// The entry named `name`.
    package static func named(_ name: String) -> LabelProperty? { all.first { $0.name == name } }

    /// The style JSON keys, in table order.
    package static var styleKeys: [String] { all.filter(\.inStyle).map(\.name) }

    /// The provenance's `label:` line: every entry's part, in table order (deterministic; numbers in pt).
    package static func describe(_ label: PaddedLabel) -> String {
        all.compactMap { $0.describe(label) }.joined(separator: " ")
    }
}

import Localization

/// A value given for a label property: a style JSON value, or the text of a `labelsnap render` option.
/// Every property reads both through one `ValueSyntax`, so the JSON and the command line accept the same
/// values (a JSON string is never read as a number; command-line text is, as the shell gives only text).
package enum PropertyInput: Sendable, Equatable {
    /// Command-line text, read by the syntax's text form ("12", "4,8,4,8", "#FF0000", "tail").
    case text(String)
    /// A repeated command-line option (`--font A --font B`), in the order given.
    case texts([String])
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([PropertyInput])
    case object([Member])
    case null

    /// One member of a JSON object, in the order written.
    package struct Member: Sendable, Equatable {
        package var key: String
        package var value: PropertyInput
        package init(key: String, value: PropertyInput) {
            self.key = key
            self.value = value
        }
    }

    /// Whether this came from the command line (ranges are then left to the label's own validation).
    var isCommandLine: Bool {
        switch self {
        case .text, .texts: true
        default: false
        }
    }

    /// JSON's name of the value's type, for "must be a number, not a string".
    var typeName: String {
        switch self {
        case .text, .texts, .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .array: "an array"
        case .object: "an object"
        case .null: "null"
        }
    }
}

/// Why a value is refused, without the property's name: each front end names the property its own way
/// (`"numberOfLines"` in a style file, `--lines` on the command line) with `message(for:)`.
package struct PropertyValueError: Error, Sendable, Equatable {
    package enum Form: Sendable, Equatable {
        /// "<name> <phrase>", with the refused value quoted as its front end writes it (`, got 'x'` / `, got "x"`).
        case phrase(String, got: Got?)
        /// "<name>: <detail>" (a colour's or a font's own error).
        case detail(String)
        /// The whole message, which names the property itself.
        case whole(String)
    }
    /// The refused value as it is shown.
    package enum Got: Sendable, Equatable {
        case text(String)
        case number(Double)
    }
    package var form: Form
    package init(_ form: Form) { self.form = form }

    /// The message naming the property as `name` (`"\"size\""` or `"--size"`).
    package func message(for name: String) -> String {
        switch form {
        case .whole(let s): return s
        case .detail(let s): return "\(name): \(s)"
        case .phrase(let s, let got):
            let quote = name.hasPrefix("-") ? "'" : "\""
            switch got {
            case nil: return "\(name) \(s)"
            case .text(let t): return "\(name) \(s), got \(quote)\(t)\(quote)"
            case .number(let v): return "\(name) \(s), got \(LabelDescriptionFormat.number(v))"
            }
        }
    }
}

/// How numbers are written in the label line and in messages: no trailing ".0".
package enum LabelDescriptionFormat {
    package static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}

extension PropertyInput {
    /// A parsed JSON value (a style file, an attributed-text file) as the property table reads it.
    init(_ node: JSONNode) {
        self = switch node.value {
        case .object(let members): .object(members.map { Member(key: $0.key, value: PropertyInput($0.value)) })
        case .array(let items): .array(items.map(PropertyInput.init))
        case .string(let s): .string(s)
        case .number(let v): .number(v)
        case .bool(let b): .bool(b)
        case .null: .null
        }
    }
}

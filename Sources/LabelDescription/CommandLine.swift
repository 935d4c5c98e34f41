import LabelRendering

/// A property value refused by a front end, named as that front end names it (`--lines needs an integer, got 'x'`).
package struct LabelPropertyError: Error, CustomStringConvertible, Sendable {
    package let description: String
    package init(_ description: String) { self.description = description }
}

extension LabelProperty {
    /// The options of one property (`--user-interface-style`, `--appearance`): one of each group may be given.
    package static var synonymFlags: [[String]] { all.map { $0.options.map(\.flag) }.filter { $0.count > 1 } }

    /// Sets on `label` every property whose option `arguments` gives, in table order (so `--directional-insets`
    /// wins over `--insets`, as setting `directionalInsets` after `insets` does). `arguments(flag)` are the
    /// option's arguments in the order given; a non-repeating option takes the last (`labelsnap render` refuses a
    /// repeat before); a switch is on when it gives any but `false` (`""` for a bare switch, or `true`).
    /// - Throws: `LabelPropertyError` naming the option ("--lines needs an integer, got 'x'").
    package static func applyOptions(_ arguments: (String) -> [String], to label: inout PaddedLabel) throws(LabelPropertyError) {
        for property in all {
            for option in property.options {
                let given = arguments(option.flag)
                guard var last = given.last else { continue }
                // A bare switch or `true` sets its value; `false` the other one.
                if let value = option.switchValue { last = last == "false" ? (value == "true" ? "false" : "true") : value }
                let set: @Sendable (inout PaddedLabel) -> Void
                do { set = try property.setter(option.repeats ? .texts(given) : .text(last)) } catch {
                    throw LabelPropertyError(error.message(for: option.flag))
                }
                option.also?(&label)
                set(&label)
            }
        }
    }
}

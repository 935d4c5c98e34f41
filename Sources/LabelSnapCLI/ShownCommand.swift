import Foundation
import SnapshotMessages

/// A `labelsnap …` command (spelled `labelsnap …` or `SnapshotCommand`'s `swift run labelsnap …`) as the user types it
/// where this process runs. Through the SwiftPM command plugin (which sets `LABELSNAP_PLUGIN`) a review is the read-only
/// plugin's `swift package labelsnap-list` (no permission asked), every other command the `labelsnap` plugin's with the
/// option that grants it write access (SwiftPM stops to ask otherwise). Started through `PATH` (`invokedAs` a bare name)
/// it is `labelsnap …`; started by its path (`.build/debug/labelsnap`, `swift run`), `swift run labelsnap …`, which runs in
/// the package. Any other text is returned as it is.
func shownCommand(_ command: String, environment: [String: String] = commandEnvironment,
                  invokedAs: String = CommandLine.arguments.first ?? "") -> String {
    let rest: Substring
    if command.hasPrefix(SnapshotCommand.program + " ") { rest = command.dropFirst(SnapshotCommand.program.count + 1) }
    else if command.hasPrefix("labelsnap ") { rest = command.dropFirst("labelsnap ".count) }
    else { return command }
    if environment[pluginEnvironmentKey] != nil {
        if rest == "review" || rest.hasPrefix("review ") { return "swift package labelsnap-list" + rest.dropFirst("review".count) }
        return "swift package --allow-writing-to-package-directory labelsnap " + rest
    }
    return (invokedAs.contains("/") ? SnapshotCommand.program : "labelsnap") + " " + rest
}

/// `text` with every `swift run labelsnap <command>` in it (the review model's messages, a record's) as `shownCommand`
/// shows it.
func shownText(_ text: String, environment: [String: String] = commandEnvironment,
               invokedAs: String = CommandLine.arguments.first ?? "") -> String {
    let marker = SnapshotCommand.program + " "
    guard text.contains(marker) else { return text }
    var out = "", rest = Substring(text)
    while let range = rest.range(of: marker) {
        out += rest[..<range.lowerBound]
        let after = rest[range.upperBound...]
        let word = after.prefix { $0.isLetter || $0 == "-" }
        out += shownCommand(marker + word, environment: environment, invokedAs: invokedAs)
        rest = after.dropFirst(word.count)
    }
    return out + rest
}

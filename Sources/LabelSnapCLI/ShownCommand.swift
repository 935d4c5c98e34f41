import Foundation

/// A `labelsnap …` command as the user types it where this process runs. Through the SwiftPM command plugin
/// (which sets `LABELSNAP_PLUGIN`) `labelsnap` is not on `PATH`: a review is the read-only plugin's
/// `swift package labelsnap-list` (no permission asked), every other command the `labelsnap` plugin's with the
/// option that grants it write access (SwiftPM stops to ask otherwise).
func shownCommand(_ command: String, environment: [String: String] = commandEnvironment) -> String {
    guard environment[pluginEnvironmentKey] != nil, command.hasPrefix("labelsnap ") else { return command }
    let rest = command.dropFirst("labelsnap ".count)
    if rest == "review" || rest.hasPrefix("review ") { return "swift package labelsnap-list" + rest.dropFirst("review".count) }
    return "swift package --allow-writing-to-package-directory labelsnap " + rest
}

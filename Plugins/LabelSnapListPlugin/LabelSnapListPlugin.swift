// `swift package labelsnap-list [--artifacts DIR…] [--json]` in a package that depends on LabelSnapshot: runs
// `labelsnap review --list` from the folder it was typed in. It only reads, so unlike `swift package labelsnap`
// (accept, reject and report write) it declares no permission and SwiftPM asks for none.
import Foundation
import PackagePlugin

@main
struct LabelSnapListPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let review = Process()
        review.executableURL = try buildLabelsnap(context, packageManager, verb: "labelsnap-list")
        review.arguments = ["review", "--list"] + arguments
        // SwiftPM starts a plugin in the folder the command was typed in: relative --artifacts paths are the user's.
        review.environment = ProcessInfo.processInfo.environment.merging(["LABELSNAP_PLUGIN": "1"]) { _, plugin in plugin }
        try review.run()
        review.waitUntilExit()
        if review.terminationStatus != 0 { exit(review.terminationStatus) }   // labelsnap said why on stderr
    }
}

/// Builds the `labelsnap` product (debug) and returns the executable. The plugin builds it itself rather than naming it
/// as a dependency, so that it can say so first: SwiftPM builds a plugin's dependencies before the plugin runs, and the
/// first run in a package compiled the command for a minute without a word. Said once per package (a marker in the
/// plugin's work folder); later builds find it up to date.
func buildLabelsnap(_ context: PluginContext, _ packageManager: PackageManager, verb: String) throws -> URL {
    let marker = context.pluginWorkDirectoryURL.appendingPathComponent("labelsnap-built")
    if !FileManager.default.fileExists(atPath: marker.path) {
        FileHandle.standardError.write(Data("\(verb): building the labelsnap command (once per package; the first build takes a minute or more)…\n".utf8))
    }
    let result = try packageManager.build(.product("labelsnap"), parameters: .init(configuration: .debug, logging: .concise))
    guard result.succeeded, let tool = result.builtArtifacts.first(where: { $0.kind == .executable }) else {
        FileHandle.standardError.write(Data(result.logText.utf8))
        throw LabelsnapBuildFailed(verb: verb)
    }
    try? Data().write(to: marker)
    return tool.url
}

struct LabelsnapBuildFailed: Error, CustomStringConvertible {
    let verb: String
    var description: String { "\(verb): building the labelsnap command failed (the build log is above); try swift build --product labelsnap" }
}

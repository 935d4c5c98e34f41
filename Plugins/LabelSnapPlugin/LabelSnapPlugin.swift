// `swift package labelsnap <command> …` in a package that depends on LabelSnapshot: runs the
// `labelsnap` executable (built by the plugin, nothing to build by hand) in the folder the command
// was typed in (inside the package), so `review`, `report`, `accept`, `reject` find its __Snapshots__ and
// .build/snapshot-artifacts and relative paths are the user's.
import Foundation
import PackagePlugin

@main
struct LabelSnapPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try buildLabelsnap(context, packageManager, verb: "labelsnap")
        process.arguments = arguments
        // SwiftPM starts a plugin in the folder the command was typed in: labelsnap runs there too, so relative
        // paths (`sweep strings.xcstrings` typed in Catalog/) are the user's; it finds the package around it.
        // Outside the package (`--package-path`), the package's folder.
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let package = context.package.directoryURL.standardizedFileURL.path
        process.currentDirectoryURL = here == package || here.hasPrefix(package + "/")
            ? URL(fileURLWithPath: here) : context.package.directoryURL
        // SwiftPM runs plugins with their own environment; the artifacts folder stays the package's.
        // LABELSNAP_PLUGIN: there is no terminal here, so `review` says why it lists (ReviewCommand.swift).
        process.environment = ProcessInfo.processInfo.environment.merging(["LABELSNAP_PLUGIN": "1"]) { _, plugin in plugin }
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        if status != 0 {
            // labelsnap has said what went wrong on stderr; keep its exit status (1 no match, 2 error).
            Diagnostics.error("labelsnap \(arguments.first ?? "") exited with status \(status)")
            exit(status)
        }
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

// `swift package labelsnap <command> …` in a package that depends on LabelSnapshot: runs the
// `labelsnap` executable (built by SwiftPM for the plugin, nothing to build by hand) in the folder the command
// was typed in (inside the package), so `review`, `report`, `accept`, `reject` find its __Snapshots__ and
// .build/snapshot-artifacts and relative paths are the user's.
import Foundation
import PackagePlugin

@main
struct LabelSnapPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // A plugin sees the executable target it depends on under the target's name.
        let tool = try context.tool(named: "LabelSnapCLI")
        let process = Process()
        process.executableURL = tool.url
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

// `swift package labelsnap <command> …` in a package that depends on LabelSnapshot: runs the
// `labelsnap` executable (built by SwiftPM for the plugin, nothing to build by hand) in the package's
// folder, so `review`, `report`, `accept`, `reject` find its __Snapshots__ and .build/snapshot-artifacts.
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
        process.currentDirectoryURL = context.package.directoryURL
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

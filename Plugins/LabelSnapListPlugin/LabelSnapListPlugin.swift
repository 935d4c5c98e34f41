// `swift package labelsnap-list [--artifacts DIR…] [--json]` in a package that depends on LabelSnapshot: runs
// `labelsnap review --list` from the folder it was typed in. It only reads, so unlike `swift package labelsnap`
// (accept, reject and report write) it declares no permission and SwiftPM asks for none.
import Foundation
import PackagePlugin

@main
struct LabelSnapListPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let review = Process()
        review.executableURL = try context.tool(named: "LabelSnapCLI").url
        review.arguments = ["review", "--list"] + arguments
        // SwiftPM starts a plugin in the folder the command was typed in: relative --artifacts paths are the user's.
        review.environment = ProcessInfo.processInfo.environment.merging(["LABELSNAP_PLUGIN": "1"]) { _, plugin in plugin }
        try review.run()
        review.waitUntilExit()
        if review.terminationStatus != 0 { exit(review.terminationStatus) }   // labelsnap said why on stderr
    }
}

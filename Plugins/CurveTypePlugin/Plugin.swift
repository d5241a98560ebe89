// `swift package curvetype render JOBS [--check]`: a package that commits CurveType's SVGs
// renders them from its job file, or checks in CI that they are up to date. The work is the
// library's `Batch.process`, run by the `curvetype-render` tool with the package's folder as its
// working directory, so the job file's relative paths are the package's.
import Foundation
import PackagePlugin

@main
struct CurveTypePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "curvetype-render")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        // The tool has said what went wrong on standard error; pass its status on.
        if process.terminationReason == .uncaughtSignal || process.terminationStatus != 0 {
            Diagnostics.error("curvetype render exited with status \(process.terminationStatus)")
            exit(process.terminationStatus == 0 ? 1 : process.terminationStatus)
        }
    }
}

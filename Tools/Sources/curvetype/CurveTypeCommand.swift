import ArgumentParser
import CurveType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct CurveTypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curvetype",
        abstract: "Type on circles and spirals as clean, deterministic SVG, measured with real fonts.",
        version: CurveTypeVersion.string,
        subcommands: [CircleCommand.self, SpiralCommand.self, PathCommand.self, FitCommand.self, AngleCommand.self, BadgeCommand.self,
                      SealCommand.self, BatchCommand.self, LogosCommand.self])

    /// Runs the command; a failure prints one line on stderr and exits non-zero. Help and version
    /// requests print as ArgumentParser prints them.
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let commands = configuration.subcommands.compactMap { $0.configuration.commandName }
        if let first = arguments.first, !first.hasPrefix("-"), first != "help", !commands.contains(first) {
            fail("unknown command '\(first)' (commands: \(commands.joined(separator: ", ")))", code: 64)
        }
        // No option name is longer than 64 characters: refuse a longer one at once, before the
        // argument parser looks for a close name (a 100 KB name took it seconds).
        for argument in arguments.prefix(while: { $0 != "--" }) where argument.hasPrefix("-") && Double(argument) == nil {
            let name = argument.prefix { $0 != "=" }
            if name.utf8.count > QueryCommand.maximumOptionNameLength + 2 {
                fail("unknown option '\(Diagnostic.escaped(String(name.prefix(40))))…' (option names are at most \(QueryCommand.maximumOptionNameLength) characters)", code: 64)
            }
        }
        // `angle -30`: a negative angle would read as an option; pass it after `--` at the end.
        if arguments.first == "angle", arguments.count > 1, arguments[1].hasPrefix("-"), Double(arguments[1]) != nil,
           !arguments.contains("--") {
            let value = arguments.remove(at: 1)
            arguments += ["--", value]
        }
        // Plain words go straight into the library's options (CommandInvocation says why);
        // everything else, help and every error included, goes through ArgumentParser.
        if let invocation = CommandInvocation.plain(arguments, shortNames: ["o": "output"]), !invocation.writesFrames {
            do {
                try emitDocument(try invocation.request().renderDocument(), output: invocation.output, layout: invocation.layout,
                                 settings: invocation.settings, quiet: invocation.quiet)
                exitProcess(0)
            } catch {
                fail(error.description, code: 1)
            }
        }
        do {
            var command: ParsableCommand
            // A run pays only for the subcommand it runs: parsing from the root resolves every
            // subcommand's options (Swift runtime conformance lookups), most of the start-up.
            // Help, version and completion requests go through the root, which prints them
            // with the whole command's name and context.
            let asksForHelp = arguments.contains { ["-h", "--help", "--version", "--experimental-dump-help"].contains($0) || $0.hasPrefix("--generate-completion") }
            if !asksForHelp, let first = arguments.first,
               let type = configuration.subcommands.first(where: { $0.configuration.commandName == first }) {
                command = try type.parse(Array(arguments.dropFirst()))
            } else {
                command = try parseAsRoot(arguments)
            }
            try command.run()
        } catch let error as CurveTypeError {
            fail(error.description, code: 1)
        } catch let code as ExitCode {
            // The command has said what went wrong (a batch, job by job).
            exitProcess(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)
            }
            fail(firstLine(of: error), code: code.rawValue == 0 ? 64 : code.rawValue)
        }
    }

    /// ArgumentParser's message for `error`, first line only, without its "Error: ".
    static func firstLine(of error: Error) -> String {
        let message = fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
        return message.replacing("Error: ", with: "")
    }

    static func fail(_ message: String, code: Int32) -> Never {
        OutputFile.writeToStandardError(Diagnostic.line("error", message))
        exitProcess(code)
    }
}

extension CommandInvocation {
    /// An angle's `--frames` writes a folder: AngleCommand does that.
    var writesFrames: Bool {
        if case .angle(let options) = command { options.frames != nil || options.outDir != nil } else { false }
    }
}

/// The C library's `exit` (inside a command type, `exit` names ArgumentParser's own).
private func exitProcess(_ code: Int32) -> Never { exit(code) }

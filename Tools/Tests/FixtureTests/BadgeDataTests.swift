import CurveType
import Foundation
import TestSupport
import Testing

/// `--endpoint` and `--json` against the options they stand for: each real endpoint file kept
/// in Fixtures/badge-data draws, byte for byte, the badge of the flags shields' reading of it
/// gives (coalesce-badge.js), worked out here from the JSON apart from the library's reader.
@Suite struct BadgeDataTests {
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    static let folder = fixtures.appendingPathComponent("badge-data")

    static var endpointFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix("-package.json") }.sorted()
    }

    /// The flags shields' reading of an endpoint document gives, `overrides` applied over it.
    static func flags(for document: [String: Any], overrides: [String: String] = [:]) -> [String] {
        let isError = document["isError"] as? Bool ?? false
        var flags = ["--label", overrides["label"] ?? document["label"] as? String ?? "", "--message", document["message"] as? String ?? ""]
        flags += ["--message-color", (isError ? nil : overrides["color"]) ?? document["color"] as? String ?? "lightgrey"]
        if let labelColor = (isError ? nil : overrides["labelColor"]) ?? document["labelColor"] as? String { flags += ["--label-color", labelColor] }
        if let style = overrides["style"] ?? document["style"] as? String { flags += ["--style", style] }
        if let logo = overrides["logo"] {
            flags += ["--logo", logo]
        } else if let named = document["namedLogo"] as? String {
            flags += ["--logo", named]
            if let color = overrides["logoColor"] ?? document["logoColor"] as? String { flags += ["--logo-color", color] }
        } else if let svg = document["logoSvg"] as? String {
            flags += ["--logo", "data:image/svg+xml;base64," + Data(svg.utf8).base64EncodedString()]
        }
        return flags
    }

    @Test func endpointFilesDrawAsTheirFlags() throws {
        #expect(Self.endpointFiles.count >= 7)
        for name in Self.endpointFiles {
            let path = Self.folder.appendingPathComponent(name).path
            let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            for overrides in [[:], ["label": "tests", "color": "blue", "labelColor": "#123456", "style": "for-the-badge"], ["logo": "github"]] {
                var given: [String] = []
                for (key, flag) in [("label", "--label"), ("color", "--message-color"), ("labelColor", "--label-color"), ("style", "--style"), ("logo", "--logo")] {
                    if let value = overrides[key] { given += [flag, value] }
                }
                let fromFile = try curvetype(["badge", "--endpoint", path, "--id-prefix", "t"] + given)
                let fromFlags = try curvetype(["badge", "--id-prefix", "t"] + Self.flags(for: document, overrides: overrides))
                #expect(fromFile.status == 0 && fromFlags.status == 0, "\(name): \(fromFile.stderr) \(fromFlags.stderr)")
                #expect(fromFile.stdout == fromFlags.stdout, "\(name) \(overrides)")
            }
        }
    }

    /// A query's value is the message, as shields' dynamic JSON badge writes it: prefix,
    /// value, suffix; the label "custom badge" and lightgrey unless given.
    @Test func jsonQueriesDrawTheirValues() throws {
        let file = Self.folder.appendingPathComponent("badge-maker-package.json").path
        let cases: [([String], [String])] = [
            (["--query", "$.version"], ["--label", "custom badge", "--message", "6.0.0", "--message-color", "lightgrey"]),
            (["--query", "$['version']", "--prefix", "v", "--label", "npm"], ["--label", "npm", "--message", "v6.0.0", "--message-color", "lightgrey"]),
            (["--query", "$.keywords[-1]", "--message-color", "blue"], ["--label", "custom badge", "--message", "shields.io", "--message-color", "blue"]),
            (["--query", "$.contributors", "--suffix", " et al."], ["--label", "custom badge", "--message", "Paul Melnikow, Pierre-Yves Bigourdan et al.", "--message-color", "lightgrey"]),
            (["--query", "$.engines.*"], ["--label", "custom badge", "--message", ">=20", "--message-color", "lightgrey"]),
        ]
        for (query, flags) in cases {
            let fromFile = try curvetype(["badge", "--json", file, "--id-prefix", "t"] + query)
            let fromFlags = try curvetype(["badge", "--id-prefix", "t"] + flags)
            #expect(fromFile.status == 0, "\(query): \(fromFile.stderr)")
            #expect(fromFile.stdout == fromFlags.stdout, "\(query)")
        }
        // Standard input, as CI pipes a report in.
        let piped = try shell("printf '{\"totals\":{\"percent_covered\":97.3}}' | $CT badge --json - --query '$.totals.percent_covered' --suffix % --label coverage --id-prefix t",
                              in: packageRoot)
        #expect(piped.stdout.contains("aria-label=\"coverage: 97.3%\""), "\(piped.stderr)")
    }

    /// Every key shields' schema refuses is refused, naming the file and the key.
    @Test func endpointSchemaIsCheckedAsShieldsChecksIt() throws {
        let scratch = try scratchFolder("endpoint")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cases: [(String, String)] = [
            (#"{"schemaVersion":2,"label":"a","message":"b"}"#, "\"schemaVersion\" must be 1"),
            (#"{"schemaVersion":1,"message":"b"}"#, "\"label\" is required"),
            (#"{"schemaVersion":1,"label":"a","message":""}"#, "\"message\" must not be empty"),
            (#"{"schemaVersion":1,"label":"a","message":"b","isError":"yes"}"#, "\"isError\" must be true or false"),
            (#"{"schemaVersion":1,"label":"a","message":"b","namedLogo":"github","logoSvg":"<svg/>"}"#, "cannot both be given"),
            (#"{"schemaVersion":1,"label":"a","message":"b","logoColor":"red"}"#, "\"logoColor\" needs \"namedLogo\""),
            (#"{"schemaVersion":1,"label":"a","message":"b","logoWidth":20}"#, "\"logoWidth\" needs a logo"),
            (#"{"schemaVersion":1,"label":"a","message":"b","cacheSeconds":-1}"#, "\"cacheSeconds\" must be a whole number"),
            (#"{"schemaVersion":1,"label":"a","message":"b","link":"https://x.example"}"#, "\"link\" is not a key of shields' endpoint schema"),
            (#"[1,2]"#, "must hold a JSON object"),
            (String(repeating: "[", count: 100_000), "not valid JSON"),
        ]
        for (index, (json, message)) in cases.enumerated() {
            let file = scratch.appendingPathComponent("\(index).json")
            try Data(json.utf8).write(to: file)
            let run = try curvetype(["badge", "--endpoint", file.path])
            #expect(run.status != 0 && run.stderr.hasPrefix("curvetype: error: the endpoint file ") && run.stderr.contains(message), "\(json.prefix(80)): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
        // Values shields reads leniently, read so: a colour it cannot read is the renderer's
        // default (brightgreen, not the endpoint's lightgrey), an unknown style flat, an
        // unknown logo none.
        let lenient = scratch.appendingPathComponent("lenient.json")
        try Data(#"{"schemaVersion":1,"label":"a","message":"b","color":"reddish","style":"round","namedLogo":"githb","logoColor":"red"}"#.utf8).write(to: lenient)
        let read = try curvetype(["badge", "--endpoint", lenient.path, "--id-prefix", "t"])
        let plain = try curvetype(["badge", "--label", "a", "--message", "b", "--id-prefix", "t"])
        #expect(read.status == 0 && read.stdout == plain.stdout, "\(read.stderr)")
        // What Joi converts and shields accepts: no schemaVersion, "true" and "300" as strings,
        // and logoPosition and logoWidth, read and ignored (they were refused or drawn).
        let converted = scratch.appendingPathComponent("converted.json")
        try Data(#"{"label":"a","message":"b","isError":"true","cacheSeconds":"300","namedLogo":"github","logoPosition":5,"logoWidth":"40"}"#.utf8).write(to: converted)
        let strict = scratch.appendingPathComponent("strict.json")
        try Data(#"{"schemaVersion":1,"label":"a","message":"b","isError":true,"cacheSeconds":300,"namedLogo":"github"}"#.utf8).write(to: strict)
        let loose = try curvetype(["badge", "--endpoint", converted.path, "--id-prefix", "t"])
        #expect(loose.status == 0, "\(loose.stderr)")
        #expect(loose.stdout == (try curvetype(["badge", "--endpoint", strict.path, "--id-prefix", "t"])).stdout)
        // shields' old popout styles read as flat ones.
        let popout = scratch.appendingPathComponent("popout.json")
        try Data(#"{"schemaVersion":1,"label":"a","message":"b","style":"popout-square"}"#.utf8).write(to: popout)
        let drawn = try curvetype(["badge", "--endpoint", popout.path, "--id-prefix", "t"])
        let square = try curvetype(["badge", "--label", "a", "--message", "b", "--message-color", "lightgrey", "--style", "flat-square", "--id-prefix", "t"])
        #expect(drawn.stdout == square.stdout)
    }
}

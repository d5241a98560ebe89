// `make bench-server`'s ceiling for the framework: a bare Hummingbird route answering every GET
// with one fixed SVG, built as the server is (same Application, same address form, no server
// name). The server's speed goals are ratios to this, measured in the same run. Bench only.
//
// Usage: curvetype-bench-bare-route PORT SVG_FILE
import Foundation
import Hummingbird

let arguments = CommandLine.arguments
guard arguments.count == 3, let port = Int(arguments[1]), let svg = FileManager.default.contents(atPath: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: curvetype-bench-bare-route PORT SVG_FILE\n".utf8))
    exit(2)
}
let body = ByteBuffer(bytes: svg)
let router = Router()
router.get("/**") { _, _ in
    Response(status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "public, max-age=86400"],
             body: .init(byteBuffer: body))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil))
try await app.runService()

// libFuzzer target: batch job files (a JSON array or JSON lines) into command lines.
// Built only by `make fuzz`.
import CurveType
import Foundation
import FuzzSupport

exit(runFuzzer { data, size in
    let bytes = bytes(data, size)
    guard let jobs = try? BatchJobFile.parse(bytes) else { return 0 }
    for case .success(let arguments) in jobs {
        precondition(!arguments.isEmpty && arguments[0] != "batch", "a job without a command, or a batch in a batch")
    }
    return 0
})

// libFuzzer target: batch job files (a JSON array or JSON lines) decoded into each command's
// options. Built only by `make fuzz`.
import CurveType
import Foundation
import FuzzSupport

exit(runFuzzer { data, size in
    let bytes = bytes(data, size)
    guard let jobs = try? BatchJobFile.parse(bytes) else { return 0 }
    for case .success(let job) in jobs {
        precondition(job.output != "-" && job.layout != "-", "a batch job writing to standard output")
        if case .angle(let angle) = job.command {
            precondition(angle.frames == nil && angle.outDir == nil, "angle frames in a batch")
        }
    }
    return 0
})

// libFuzzer target: batch job files (a JSON array or JSON lines) decoded into each command's
// options. Built only by `make fuzz`.
import CurveType
import Foundation
import FuzzSupport

exit(runFuzzer { data, size in
    let bytes = bytes(data, size)
    guard let jobs = try? BatchJobFile.parse(bytes) else { return 0 }
    for case .success(let entry) in jobs {
        switch entry {
        case .drawing(let job):
            precondition(job.output != "-" && job.layout != "-", "a batch job writing to standard output")
            if case .angle(let angle) = job.command {
                precondition(angle.frames == nil && angle.outDir == nil, "angle frames in a batch")
            }
        case .merge(let merge):
            precondition(merge.template != nil && merge.data != nil && merge.output != nil, "a merge job without its files")
            precondition(merge.output != "-" && merge.manifest != "-" && merge.data != "-", "a merge job on standard input or output")
        }
    }
    return 0
})

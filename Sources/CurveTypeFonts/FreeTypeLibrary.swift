import CFreeType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The process's one `FT_Library`. FreeType allows faces of one library to be used from several
/// threads as long as each face is used by one thread at a time and face creation and disposal
/// are serialised; `Font` keeps the first rule with a lock per face, this type the second.
final class FreeTypeLibrary: @unchecked Sendable {
    private let handle: FT_Library
    private let lock = Mutex(())

    private init(handle: FT_Library) { self.handle = handle }

    static let shared: Result<FreeTypeLibrary, FontError> = {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            return .failure(freeTypeError("FT_Init_FreeType", error))
        }
        return .success(FreeTypeLibrary(handle: library))
    }()

    /// Opens face `index` of the font in `bytes`, which must outlive the face.
    func openFace(bytes: UnsafeRawBufferPointer, index: Int) throws(FontError) -> FT_Face {
        var face: FT_Face?
        let base = bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self)
        let error = lock.withLock { _ in FT_New_Memory_Face(handle, base, FT_Long(bytes.count), FT_Long(index), &face) }
        try check("FT_New_Memory_Face", error)
        guard let face else { throw freeTypeError("FT_New_Memory_Face", 0x23) }
        return face
    }

    /// Number of faces in a font file (1 for .ttf/.otf, n for a collection).
    func faceCount(bytes: UnsafeRawBufferPointer) throws(FontError) -> Int {
        let face = try openFace(bytes: bytes, index: -1)
        defer { closeFace(face) }
        return Int(face.pointee.num_faces)
    }

    func closeFace(_ face: FT_Face) {
        lock.withLock { _ in _ = FT_Done_Face(face) }
    }
}

/// Throws a `FontError` naming `function` unless `error` is 0 (FT_Err_Ok).
func check(_ function: String, _ error: FT_Error) throws(FontError) {
    if error != 0 { throw freeTypeError(function, error) }
}

func freeTypeError(_ function: String, _ error: FT_Error) -> FontError {
    let reason = FT_Error_String(error).map { String(cString: $0) }
        ?? freeTypeErrorNames[Int(error)] ?? "FreeType error"
    return .cCallFailed(function: function, code: Int32(error), reason: reason)
}

/// FreeType's error names (fterrdef.h) for builds without FT_CONFIG_OPTION_ERROR_STRINGS, whose
/// `FT_Error_String` returns NULL. Only the ones a font file can cause.
private let freeTypeErrorNames: [Int: String] = [
    0x01: "cannot open resource", 0x02: "unknown file format", 0x03: "broken file",
    0x06: "invalid argument", 0x07: "unimplemented feature", 0x08: "broken table",
    0x09: "broken offset within table", 0x0A: "array allocation size too large",
    0x10: "invalid glyph index", 0x11: "invalid character code",
    0x12: "unsupported glyph image format", 0x14: "invalid outline",
    0x15: "invalid composite glyph", 0x23: "invalid face handle", 0x40: "out of memory",
    0x51: "cannot open stream", 0x52: "invalid stream seek", 0x53: "invalid stream skip",
    0x54: "invalid stream read", 0x55: "invalid stream operation",
    0x56: "invalid frame operation", 0x58: "invalid frame read",
    0x8E: "found FDEF or IDEF opcode in glyf bytecode", 0x8F: "invalid table",
    0x90: "too many function definitions", 0x94: "invalid horizontal metrics",
    0x95: "invalid character map format", 0x96: "invalid ppem value",
    0x97: "invalid vertical metrics", 0x98: "could not find context",
    0x99: "invalid PostScript (post) table format", 0x9A: "invalid PostScript (post) table",
]

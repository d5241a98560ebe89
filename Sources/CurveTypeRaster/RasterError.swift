/// Why a frame could not be drawn as PNG or PDF.
public enum RasterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request is outside what the writer draws (a scale out of range, a picture too large):
    /// the caller's to change.
    case refused(String)
    /// cairo reported a failure (out of memory, a broken image): `status` is its message.
    case cairo(String)
    /// The caller stopped the drawing before it was done (a server whose client was answered).
    case cancelled

    /// One line for a person.
    public var description: String {
        switch self {
        case .refused(let reason): reason
        case .cairo(let status): "cairo could not draw the picture: \(status)"
        case .cancelled: "the drawing was stopped before it was done"
        }
    }
}

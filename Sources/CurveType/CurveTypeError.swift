import Foundation

/// Any error of CurveType's pipeline, one line for a person in `description`.
public enum CurveTypeError: Error, Sendable, CustomStringConvertible {
    case font(FontError)
    case layout(LayoutError)
    case svg(SVGError)
    case invalidInput(String)
    case output(path: String, reason: String)

    public var description: String {
        switch self {
        case .font(let e): return e.description
        case .layout(let e): return e.description
        case .svg(let e): return e.description
        case .invalidInput(let message): return message
        case .output(let path, let reason): return "cannot write \(path): \(reason)"
        }
    }
}

/// Runs `body`, lifting each stage's error into `CurveTypeError`.
func lifting<T>(_ body: () throws -> T) throws(CurveTypeError) -> T {
    do {
        return try body()
    } catch let e as FontError {
        throw .font(e)
    } catch let e as LayoutError {
        throw .layout(e)
    } catch let e as SVGError {
        throw .svg(e)
    } catch let e as CurveTypeError {
        throw e
    } catch {
        throw .invalidInput(String(describing: error))
    }
}

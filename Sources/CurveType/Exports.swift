// `import CurveType` gives build scripts the whole pipeline: fonts, geometry, layout, frames and SVG.
@_exported import CurveTypeFonts
@_exported import CurveTypeGeometry
@_exported import CurveTypeLayout
@_exported import CurveTypeFrame
@_exported import CurveTypeSVGReader
@_exported import CurveTypeSVG
@_exported import CurveTypeRaster
@_exported import CurveTypeEffects
@_exported import CurveTypeMachine

/// CurveType's version: what `curvetype --version` prints, and part of the server's ETags, so
/// output of one version is never taken for another's.
public enum CurveTypeVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let string = "0.34.0"
}

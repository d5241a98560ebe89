// `import CurveType` gives build scripts the whole pipeline: fonts, geometry, layout and SVG.
@_exported import CurveTypeFonts
@_exported import CurveTypeGeometry
@_exported import CurveTypeLayout
@_exported import CurveTypeSVG

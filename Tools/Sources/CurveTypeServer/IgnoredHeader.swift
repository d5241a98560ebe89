import HTTPTypes

extension HTTPField.Name {
    /// What a shields-style badge address asked for that was ignored, as shields ignores it.
    static let curveTypeIgnored = Self("CurveType-Ignored")!
}

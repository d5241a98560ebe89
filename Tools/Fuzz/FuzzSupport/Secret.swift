#if canImport(Glibc)
import Glibc
#endif

/// A secret planted on this machine for the doors' fuzz targets: a file no untrusted input may
/// name, read or quote. Its text is JSON, so that an option reading JSON (`--json`,
/// `--endpoint`) would draw it whole, and a text option would set it. The seeds name its path.
public enum PlantedSecret {
    /// Where it is (the seeds name this path).
    public static let path = "/tmp/curvetype-fuzz-secret.json"
    /// What it holds: no page, error or answer may hold it.
    public static let text = "PLANTED-FUZZ-SECRET-42"

    /// Writes the secret (once per process).
    public static func plant() {
        let json = #"{"v": "\#(text)", "schemaVersion": 1, "label": "\#(text)", "message": "\#(text)"}"#
        guard let file = fopen(path, "w") else { return }
        fputs(json, file)
        fclose(file)
    }

    /// Stops the fuzzer where `output` holds the secret: an untrusted door read the file.
    public static func check(_ output: String, _ door: String) {
        precondition(!output.contains(text), "\(door) read the planted secret")
    }
}

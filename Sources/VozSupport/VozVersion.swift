/// Voz's version, said by `voz --version` and written into transcripts and reports.
public enum VozVersion {
    /// This release, as a semantic version (`0.1.0`).
    public static let current = "0.1.0"
}

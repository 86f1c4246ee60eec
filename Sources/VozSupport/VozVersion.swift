/// Voz's version, said by `voz --version` and written into transcripts and reports.
public enum VozVersion {
    public static let current = "0.1.0"
}

import Foundation
import VozForm
import VozJSON

extension OpenAPIFormBuilder.Output {
    /// The form file's text, indented for a person to read and edit.
    public var text: String { JSONWriter(indent: 2).text(form) + "\n" }

    /// The generated form through Voz's own form decoder, so a form that would not run is never run nor written.
    ///
    /// `path` names the description in the document and in errors; the document's source map points into the
    /// description, not into the generated text; the labels' provenance goes with it, so the audit can tell which
    /// labels are only property names.
    public func document(path: String, forAudit: Bool = false) throws(FormFileError) -> FormDocument {
        var document = try FormFile.decode(data: Data(text.utf8), path: path, forAudit: forAudit)
        document.sourceMap = sourceMap
        document.provenance = provenance
        return document
    }
}

import Foundation
import VozJSON

extension JSONNode {
    /// The JSON text of a reply body, members in the order they were built (type, title, status, detail,
    /// errors), so replies read in the order a person expects.
    var data: Data { Data(JSONWriter().bytes(self)) }
}

import Catalog
import VisitStore

/// A visit of the library as the JSON of `visits` and `visits show` has it (the match report's are ``VisitJSON``): the
/// visit's own fields, as they always were, and `moments`, what its game proves happened (``StadiumVisit/moments(in:)``,
/// from the catalog at read time).
struct StoredVisitJSON: Encodable {
    let visit: StadiumVisit
    let moments: [VisitMoment]

    init(_ visit: StadiumVisit, catalog: Catalog) {
        self.visit = visit
        moments = visit.moments(in: catalog)
    }

    private enum Keys: String, CodingKey { case moments }

    func encode(to encoder: any Encoder) throws {
        try visit.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(moments, forKey: .moments)
    }
}

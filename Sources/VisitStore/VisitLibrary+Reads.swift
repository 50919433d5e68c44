import Foundation
import GRDB

/// The reads the front ends need, by name: commands never see the database.
extension VisitLibrary {
    /// Every visit, by date.
    public func visits() throws(LibraryError) -> [StadiumVisit] {
        try read { db in try StadiumVisit.order(Column("localDate"), Column("id")).fetchAll(db) }
    }

    /// The visits of these games.
    public func visits(ofGames ids: Set<String>) throws(LibraryError) -> [StadiumVisit] {
        try read { db in try StadiumVisit.filter(Array(ids).contains(Column("gameId"))).order(Column("localDate"), Column("id")).fetchAll(db) }
    }

    /// How many photos each visit has, by visit id.
    public func photoCounts() throws(LibraryError) -> [String: Int] {
        try read { db in
            try Row.fetchAll(db, VisitPhoto.select(Column("visitId"), count(Column("sha256")).forKey("n")).group(Column("visitId")))
                .reduce(into: [String: Int]()) { $0[$1["visitId"]] = $1["n"] }
        }
    }

    /// Each visit's photos, in their order.
    public func photosByVisit() throws(LibraryError) -> [String: [VisitPhoto]] {
        try read { db in
            Dictionary(grouping: try VisitPhoto.order(Column("visitId"), Column("sortOrder")).fetchAll(db), by: \.visitId)
        }
    }
}

import Foundation
import GRDB

/// Ids found by how they start, for the short ids the tables show and a fan types (``VisitLibrary`` never guesses:
/// the caller decides what a prefix several ids share means).
extension VisitLibrary {
    /// The ids of visits that start with `prefix`, in any case; at most `limit`.
    public func visitIds(startingWith prefix: String, limit: Int) throws(LibraryError) -> [String] {
        try read { db in
            try String.fetchAll(
                db, StadiumVisit.select(StadiumVisit.Columns.id).filter(Self.starts(StadiumVisit.Columns.id, prefix)).limit(limit))
        }
    }

    /// The ids of pending matches that start with `prefix`, in any case; at most `limit`.
    public func pendingIds(startingWith prefix: String, limit: Int) throws(LibraryError) -> [String] {
        try read { db in
            try String.fetchAll(
                db, PendingMatch.select(PendingMatch.Columns.id).filter(Self.starts(PendingMatch.Columns.id, prefix)).limit(limit))
        }
    }

    /// The content hashes of visit photos that start with `prefix`, in any case; at most `limit`.
    public func photoHashes(startingWith prefix: String, limit: Int) throws(LibraryError) -> [String] {
        try read { db in
            try String.fetchAll(
                db, VisitPhoto.select(VisitPhoto.Columns.sha256).filter(Self.starts(VisitPhoto.Columns.sha256, prefix)).limit(limit))
        }
    }

    /// `column` starts with `prefix`: SQLite's LIKE ignores the case of ASCII letters; `%`, `_` and `\` in the prefix
    /// are taken as themselves.
    private static func starts(_ column: Column, _ prefix: String) -> SQLExpression {
        let escaped = prefix.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        return column.like(escaped + "%", escape: "\\")
    }
}

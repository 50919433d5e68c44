import VisitStore

/// An id as a person types it: the whole id, or — from ``shortest`` characters, in any case — the start of exactly one
/// id, as the tables show them (``shown`` characters). A start several ids share is refused with them listed: never a
/// guess.
public enum TypedID {
    /// The fewest characters a typed start of an id may have.
    static let shortest = 6
    /// How much of an id the tables show.
    public static let shown = 8

    /// What `typed` names: what `find` finds for it as a whole id, else what it finds for the only id `startingWith`
    /// gives (nil when none). Throws ``CorrectionError/ambiguousId(typed:matches:)`` when several ids start so, and
    /// ``CorrectionError/idTooShort(typed:shortest:)`` when `typed` is shorter than ``shortest`` (no start is looked
    /// for: "FB9D" would too often name one by chance).
    static func resolve<Found>(
        _ typed: String, find: (String) throws -> Found?, startingWith: (String, Int) throws -> [String]
    ) throws -> Found? {
        if let found = try find(typed) { return found }
        guard typed.count >= shortest else { throw CorrectionError.idTooShort(typed: typed, shortest: shortest) }
        let matches = try startingWith(typed, 5)
        guard matches.count <= 1 else { throw CorrectionError.ambiguousId(typed: typed, matches: matches) }
        return try matches.first.flatMap(find)
    }
}

extension VisitLibrary {
    /// The visit a typed id names (whole, or a unique start); throws ``CorrectionError/noSuchVisit(id:)`` for none.
    func visit(typed: String) throws -> StadiumVisit {
        let found = try TypedID.resolve(typed, find: visit(id:), startingWith: { try visitIds(startingWith: $0, limit: $1) })
        guard let found else { throw CorrectionError.noSuchVisit(id: typed) }
        return found
    }

    /// The id of the visit a typed id names (whole, or a unique start); throws ``CorrectionError/noSuchVisit(id:)``.
    func visitId(typed: String) throws -> String { try visit(typed: typed).id }

    /// The pending match a typed id names (whole, or a unique start); throws ``CorrectionError/noSuchPending(id:)``.
    func pendingMatch(typed: String) throws -> PendingMatch {
        let found = try TypedID.resolve(typed, find: pendingMatch(id:), startingWith: { try pendingIds(startingWith: $0, limit: $1) })
        guard let found else { throw CorrectionError.noSuchPending(id: typed) }
        return found
    }

    /// The visit photo a typed content hash names (whole, or a unique start of it); nil when none.
    func photoHash(typed: String) throws -> String? {
        // A short text is more likely a file's name than a hash: it is said not to be in the library, as a path.
        guard typed.count >= TypedID.shortest else { return nil }
        return try TypedID.resolve(
            typed, find: { try containsPhoto(hash: $0) ? $0 : nil }, startingWith: { try photoHashes(startingWith: $0, limit: $1) })
    }
}

import VisitStore

/// An id as a person types it: the whole id, or — from ``shortest`` characters, in any case — the start of exactly one
/// id, as the tables show them (``shown`` characters). A start several ids share is refused with them listed: never a
/// guess.
public enum TypedID {
    /// The fewest characters a typed start of an id may have.
    static let shortest = 6
    /// How much of an id the tables show.
    public static let shown = 8

    /// The one id `typed` names: itself when `exists`, else the only id `startingWith` finds for it (nil when none, or
    /// when it is shorter than ``shortest``). Throws ``CorrectionError/ambiguousId(typed:matches:)`` when several
    /// start so.
    static func resolve(
        _ typed: String, exists: (String) throws -> Bool, startingWith: (String, Int) throws -> [String]
    ) throws -> String? {
        if try exists(typed) { return typed }
        guard typed.count >= shortest else { return nil }
        let matches = try startingWith(typed, 5)
        guard matches.count <= 1 else { throw CorrectionError.ambiguousId(typed: typed, matches: matches) }
        return matches.first
    }
}

extension VisitLibrary {
    /// The visit a typed id names (whole, or a unique start); throws ``CorrectionError/noSuchVisit(id:)`` for none.
    func visitId(typed: String) throws -> String {
        let found = try TypedID.resolve(
            typed, exists: { try visit(id: $0) != nil }, startingWith: { try visitIds(startingWith: $0, limit: $1) })
        guard let found else { throw CorrectionError.noSuchVisit(id: typed) }
        return found
    }

    /// The pending match a typed id names (whole, or a unique start); throws ``CorrectionError/noSuchPending(id:)``.
    func pendingId(typed: String) throws -> String {
        let found = try TypedID.resolve(
            typed, exists: { try pendingMatch(id: $0) != nil }, startingWith: { try pendingIds(startingWith: $0, limit: $1) })
        guard let found else { throw CorrectionError.noSuchPending(id: typed) }
        return found
    }

    /// The visit photo a typed content hash names (whole, or a unique start of it); nil when none.
    func photoHash(typed: String) throws -> String? {
        try TypedID.resolve(
            typed, exists: { try containsPhoto(hash: $0) }, startingWith: { try photoHashes(startingWith: $0, limit: $1) })
    }
}

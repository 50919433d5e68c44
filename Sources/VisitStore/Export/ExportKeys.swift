import Foundation

/// The rules between an export's records — no key twice, every reference to a record the export holds, a photo in
/// one place — kept as compact keys while the records stream past: `export` checks what it writes (the library's own
/// indexes, which a damaged database can leave out of step with its tables, are never asked), and `restore` what it
/// reads, by the same rules. Memory grows by about 90 bytes a photo (the 32 bytes of its hash in a set, and the set's
/// room), far below the records themselves.
final class ExportKeys {
    private var visits: Set<String> = []
    private var gameVisits: Set<String> = []
    /// `venue|day|type` of visits without a game: one per venue, day and kind.
    private var gamelessVisits: Set<String> = []
    private var photos: Set<ContentKey> = []
    private var pending: Set<String> = []
    private var pendingPhotos: Set<ContentKey> = []
    private var originals: Set<String> = []
    private var corrections: Set<Int64> = []
    private var runs: Set<Int64> = []
    // References, each with the first record that made it (for the message).
    private var photoVisits: [String: String] = [:]
    private var pendingVisits: [String: String] = [:]
    /// Photos still waiting to be settled, by content: such a photo may not also be filed in a visit.
    private var unsettled: [ContentKey: (id: String, hash: String)] = [:]
    private var photoRuns: [Int64: String] = [:]
    private var pendingRuns: [Int64: String] = [:]

    func visit(_ visit: StadiumVisit, _ at: String) throws(LibraryError) {
        guard visits.insert(visit.id).inserted else { throw .invalidExport(reason: "\(at).id \(visit.id.prefix(80)) appears twice") }
        if let gameId = visit.gameId {
            guard gameVisits.insert(gameId.rawValue).inserted else { throw .invalidExport(reason: "\(at).gameId \(gameId) has two visits") }
        } else {
            guard gamelessVisits.insert("\(visit.venueId)|\(visit.localDate.iso8601)|\(visit.visitType.rawValue)").inserted else {
                throw .invalidExport(reason: "\(at) is a second visit of \(visit.venueId.prefix(80)) on \(visit.localDate.iso8601)")
            }
        }
    }

    func photo(_ photo: VisitPhoto, _ at: String) throws(LibraryError) {
        guard photos.insert(ContentKey(photo.sha256)).inserted else {
            throw .invalidExport(reason: "\(at).sha256 \(photo.sha256) is in two places; a photo is in one")
        }
        if photoVisits[photo.visitId] == nil { photoVisits[photo.visitId] = photo.sha256 }
        if let run = photo.importRunId, photoRuns[run] == nil { photoRuns[run] = photo.sha256 }
    }

    func pending(_ match: PendingMatch, _ at: String) throws(LibraryError) {
        guard pending.insert(match.id).inserted else { throw .invalidExport(reason: "\(at).id \(match.id) appears twice") }
        let content = ContentKey(match.sha256)
        guard pendingPhotos.insert(content).inserted else {
            throw .invalidExport(reason: "\(at).sha256 \(match.sha256) is in two places; a photo is in one")
        }
        if match.status != .resolved { unsettled[content] = (match.id, match.sha256) }
        if let visit = match.resolvedVisitId, pendingVisits[visit] == nil { pendingVisits[visit] = match.id }
        if let run = match.importRunId, pendingRuns[run] == nil { pendingRuns[run] = match.id }
    }

    func original(_ original: VisitOriginal, _ at: String) throws(LibraryError) {
        guard originals.insert(original.visitId).inserted else {
            throw .invalidExport(reason: "\(at).visitId \(original.visitId.prefix(80)) appears twice")
        }
    }

    func correction(_ correction: Correction, _ at: String) throws(LibraryError) {
        if let id = correction.id, !corrections.insert(id).inserted { throw .invalidExport(reason: "\(at).id appears twice") }
    }

    func importRun(_ run: ImportRun, _ at: String) throws(LibraryError) {
        if let id = run.id, !runs.insert(id).inserted { throw .invalidExport(reason: "\(at).id appears twice") }
    }

    /// The references between records, once every record has passed.
    func finish() throws(LibraryError) {
        if let (visit, hash) = photoVisits.first(where: { !visits.contains($0.key) }) {
            throw .invalidExport(reason: "photos (sha256 \(hash)).visitId \(visit.prefix(80)) is no visit of the export")
        }
        if let (visit, id) = pendingVisits.first(where: { !visits.contains($0.key) }) {
            throw .invalidExport(reason: "pending (id \(id)).resolvedVisitId \(visit.prefix(80)) is no visit of the export")
        }
        if let (_, match) = unsettled.first(where: { photos.contains($0.key) }) {
            throw .invalidExport(
                reason: "pending (id \(match.id)).sha256 \(match.hash) is in a visit and still pending; a photo is in one place")
        }
        if let visit = originals.first(where: { !visits.contains($0) }) {
            throw .invalidExport(reason: "originals (visit \(visit.prefix(80))) is no visit of the export")
        }
        if let (run, hash) = photoRuns.first(where: { !runs.contains($0.key) }) {
            throw .invalidExport(reason: "photos (sha256 \(hash)).importRunId \(run) is no import of the export")
        }
        if let (run, id) = pendingRuns.first(where: { !runs.contains($0.key) }) {
            throw .invalidExport(reason: "pending (id \(id)).importRunId \(run) is no import of the export")
        }
    }
}

/// A SHA-256 written in hex, as its 32 bytes (half the memory of the text, no allocation of its own). Text that is no
/// hash (the record check refuses it) is kept by a hash of it and its length.
struct ContentKey: Hashable {
    let words: (UInt64, UInt64, UInt64, UInt64)

    init(_ hex: String) {
        let digits = Array(hex.utf8)
        let parsed =
            digits.count == 64
            ? (0..<4).compactMap { UInt64(String(decoding: digits[($0 * 16)..<($0 * 16 + 16)], as: UTF8.self), radix: 16) } : []
        if parsed.count == 4 {
            words = (parsed[0], parsed[1], parsed[2], parsed[3])
        } else {
            var hasher = Hasher()
            hasher.combine(hex)
            words = (UInt64(bitPattern: Int64(hasher.finalize())), UInt64(digits.count), .max, .max)
        }
    }

    static func == (a: ContentKey, b: ContentKey) -> Bool { a.words == b.words }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}

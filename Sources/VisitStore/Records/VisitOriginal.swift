import Foundation
import GRDB

/// A visit as it was before the fan first corrected it (`stadiumlog visits edit`): the original values are kept, and
/// later corrections leave them as they are.
public struct VisitOriginal: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord, ISO8601JSONColumns {
    /// The corrected visit (``StadiumVisit/id``): one original per visit, deleted with it.
    public var visitId: String
    /// The visit as it was.
    public var original: StadiumVisit
    /// When the first correction was made.
    public var editedAt: Date

    /// The original of a visit, kept at `editedAt`.
    public init(visitId: String, original: StadiumVisit, editedAt: Date) {
        self.visitId = visitId
        self.original = original
        self.editedAt = editedAt
    }

    /// The keys of the columns and of the export.
    enum CodingKeys: String, CodingKey { case visitId, original, editedAt }

    /// Reads an original from a row, an export or a correction's record; exports written before 2026-11 hold the visit
    /// as a JSON string, which is read as the visit it holds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        visitId = try container.decode(String.self, forKey: .visitId)
        editedAt = try container.decode(Date.self, forKey: .editedAt)
        if let json = try? container.decode(String.self, forKey: .original) {
            do {
                original = try Self.databaseJSONDecoder(for: CodingKeys.original.stringValue).decode(
                    StadiumVisit.self, from: Data(json.utf8))
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .original, in: container, debugDescription: "not a visit")
            }
        } else {
            original = try container.decode(StadiumVisit.self, forKey: .original)
        }
    }

    /// The columns this target filters and orders originals by.
    public enum Columns {
        static let visitId = Column(CodingKeys.visitId)
    }
}

import Catalog
import GRDB
import TimeAndPlace

// Domain values stored in the library as the text they are written as everywhere else ("2015-06-15",
// "2015-06-15T19:42:10", "-04:00", "offsetTimeOriginal"): typed in Swift, readable in SQLite, unchanged on disk.

extension LocalDate: DatabaseValueConvertible {
    /// Stored as `YYYY-MM-DD` text.
    public var databaseValue: DatabaseValue { iso8601.databaseValue }
    /// Reads `YYYY-MM-DD` text back; nil for any other value.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> LocalDate? { String.fromDatabaseValue(value).flatMap(LocalDate.init) }
}

extension LocalDateTime: DatabaseValueConvertible {
    /// To the second, as the capture time was always stored.
    public var databaseValue: DatabaseValue { iso8601.databaseValue }
    /// Reads `YYYY-MM-DDTHH:MM:SS` text back (EXIF's `YYYY:MM:DD HH:MM:SS` too); nil for any other value.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> LocalDateTime? {
        String.fromDatabaseValue(value).flatMap { LocalDateTime(exifString: $0) }
    }
}

extension UTCOffset: DatabaseValueConvertible {
    /// Stored as `+HH:MM` / `-HH:MM` text.
    public var databaseValue: DatabaseValue { description.databaseValue }
    /// Reads the offset text back (`+HH:MM`, `-HH:MM`, `+HHMM` or `Z`); nil for any other value.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> UTCOffset? { String.fromDatabaseValue(value).flatMap(UTCOffset.init) }
}

extension TimeSource: DatabaseValueConvertible {}
extension LeagueID: DatabaseValueConvertible {}
extension VisitType: DatabaseValueConvertible {}
extension ScoreSource: DatabaseValueConvertible {}
extension DataSource: DatabaseValueConvertible {}
extension VisitSource: DatabaseValueConvertible {}
extension PendingStatus: DatabaseValueConvertible {}

// Canonical ids, stored as the text they are written as (`game_mlb_2015_bos_nyy_0615`, `team_mlb_bos`).
extension GameID: DatabaseValueConvertible {}
extension TeamID: DatabaseValueConvertible {}

import Foundation
import GRDB

extension VisitLibrary {
    /// The schema, one migration per change, forever: a library written by an older StadiumLog opens in a newer one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: visits, photos, pending matches") { db in
            try db.create(table: "visit") { t in
                t.primaryKey("id", .text)
                t.column("venueId", .text).notNull().indexed()
                t.column("venueName", .text).notNull()
                t.column("localDate", .text).notNull()
                t.column("sport", .text)
                t.column("visitType", .text).notNull()
                t.column("gameId", .text)
                t.column("homeTeamId", .text)
                t.column("homeTeamName", .text)
                t.column("awayTeamId", .text)
                t.column("awayTeamName", .text)
                t.column("homeScore", .integer)
                t.column("awayScore", .integer)
                t.column("scoreSource", .text)
                t.column("scoreResolutionPending", .boolean).notNull()
                t.column("dataSource", .text).notNull()
                t.column("seat", .text)
                t.column("notes", .text)
                t.column("photoLatitude", .double)
                t.column("photoLongitude", .double)
                t.column("photoCaptureDate", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("source", .text).notNull()
            }
            // One visit per game; without a game, one per venue, day and kind (a tour).
            try db.execute(sql: "CREATE UNIQUE INDEX visitGame ON visit(gameId) WHERE gameId IS NOT NULL")
            try db.execute(sql: "CREATE UNIQUE INDEX visitWithoutGame ON visit(venueId, localDate, visitType) WHERE gameId IS NULL")
            try db.create(table: "visitPhoto") { t in
                t.primaryKey("sha256", .text)
                t.column("visitId", .text).notNull().indexed().references("visit", onDelete: .cascade)
                t.column("originalPath", .text).notNull()
                t.column("captureLocal", .text)
                t.column("utcOffset", .text)
                t.column("timeSource", .text)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("thumbnailFile", .text)
                t.column("sortOrder", .integer).notNull()
            }
            try db.create(table: "pendingMatch") { t in
                t.primaryKey("id", .text)
                t.column("sha256", .text).notNull().unique()
                t.column("originalPath", .text).notNull()
                t.column("captureLocal", .text)
                t.column("utcOffset", .text)
                t.column("timeSource", .text)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("venueId", .text)
                t.column("reason", .text)
                t.column("candidatesJSON", .text).notNull()
                t.column("thumbnailFile", .text)
                t.column("status", .text).notNull()
                t.column("resolvedVisitId", .text)
                t.column("createdAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2: score providers and the score cache") { db in
            try db.alter(table: "visit") { t in
                t.add(column: "scoreProvider", .text)
                t.add(column: "scoreFetchedAt", .datetime)
            }
            try db.create(table: "providerState") { t in
                t.primaryKey("provider", .text)
                t.column("nextRequestAt", .datetime).notNull()
                t.column("lastRequestAt", .datetime)
                t.column("recentFailures", .text).notNull()
                t.column("disabledUntil", .datetime)
                t.column("lastError", .text)
                t.column("requestCount", .integer).notNull()
            }
            try db.create(table: "cachedGameScore") { t in
                t.primaryKey("key", .text)
                t.column("homeScore", .integer)
                t.column("awayScore", .integer)
                t.column("outcome", .text).notNull()
                t.column("provider", .text)
                t.column("fetchedAt", .datetime).notNull()
                t.column("expiresAt", .datetime)
            }
        }
        migrator.registerMigration("v3: robots.txt of scraped providers") { db in
            try db.alter(table: "providerState") { t in
                t.add(column: "robotsTxt", .text)
                t.add(column: "robotsFetchedAt", .datetime)
            }
        }
        migrator.registerMigration("v4: achievements and the original values of corrected visits") { db in
            try db.create(table: "earnedAchievement") { t in
                t.primaryKey("id", .text)
                t.column("definitionId", .text).notNull()
                t.column("name", .text).notNull()
                t.column("description", .text).notNull()
                t.column("earnedOn", .text).notNull()
                t.column("visitIds", .text).notNull()
            }
            try db.create(table: "visitOriginal") { t in
                t.primaryKey("visitId", .text).references("visit", onDelete: .cascade)
                t.column("original", .text).notNull()
                t.column("editedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v5: corrections the fan can see and undo") { db in
            try db.create(table: "correction") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kind", .text).notNull()
                t.column("summary", .text).notNull()
                t.column("madeAt", .datetime).notNull()
                t.column("visitKeys", .text).notNull()
                t.column("photoKeys", .text).notNull()
                t.column("pendingKeys", .text).notNull()
                t.column("before", .text).notNull()
                t.column("undoneAt", .datetime)
            }
        }
        migrator.registerMigration("v6: photos of a visit in order, found without counting them") { db in
            try db.create(index: "visitPhotoOrder", on: "visitPhoto", columns: ["visitId", "sortOrder"])
        }
        migrator.registerMigration("v7: files imports have read, so unchanged ones are not read again") { db in
            try db.create(table: "seenFile") { t in
                t.primaryKey("path", .text)
                t.column("size", .integer).notNull()
                t.column("modified", .double).notNull()
                t.column("inode", .integer).notNull()
                t.column("outcome", .text).notNull()
                t.column("sha256", .text)
                t.column("catalog", .text)
            }
        }
        migrator.registerMigration("v8: a pending match's candidates are a typed list, not a string") { db in
            // The column already holds the list as JSON (the report's GAME objects), which reads as the typed list.
            try db.alter(table: "pendingMatch") { t in t.rename(column: "candidatesJSON", to: "candidates") }
        }
        migrator.registerMigration("v9: photos near a game, and where photos gather on days without one") { db in
            try db.alter(table: "seenFile") { t in t.add(column: "gameId", .text) }
            try db.create(table: "noGameDayPhoto") { t in
                t.primaryKey("path", .text)
                t.column("latitude", .double).notNull()
                t.column("longitude", .double).notNull()
                t.column("day", .text).notNull()
            }
        }
        migrator.registerMigration("v10: each import recorded, and what it added, so it can be taken back") { db in
            try db.create(table: "importRun") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("startedAt", .datetime).notNull()
                t.column("folders", .jsonText).notNull()
            }
            for table in ["visitPhoto", "pendingMatch"] {
                try db.alter(table: table) { t in t.add(column: "importRunId", .integer) }
                try db.create(index: "\(table)_importRunId", on: table, columns: ["importRunId"])
            }
        }
        migrator.registerMigration("v11: files imports have read, each kept in its path's own B-tree") { db in
            // A re-import looks up every file of the library by its path: without a rowid that is one descent, not an
            // index's and then the table's (docs/PERFORMANCE.md, re-import against a bare walk).
            try db.create(table: "seenFileByPath", options: .withoutRowID) { t in
                t.primaryKey("path", .text)
                t.column("size", .integer).notNull()
                t.column("modified", .double).notNull()
                t.column("inode", .integer).notNull()
                t.column("outcome", .text).notNull()
                t.column("sha256", .text)
                t.column("catalog", .text)
                t.column("gameId", .text)
            }
            try db.execute(
                sql: """
                    INSERT INTO seenFileByPath (path, size, modified, inode, outcome, sha256, catalog, gameId)
                    SELECT path, size, modified, inode, outcome, sha256, catalog, gameId FROM seenFile
                    """)
            try db.drop(table: "seenFile")
            try db.rename(table: "seenFileByPath", to: "seenFile")
        }
        migrator.registerMigration("v12: photos at a venue on a day without a game (a tour?), and the files left out by outcome") { db in
            try db.alter(table: "noGameDayPhoto") { t in
                t.add(column: "venueId", .text)
                t.add(column: "distanceMeters", .double)
            }
            // The files left out, by what became of them, without a row for each of the library's photos: the Not
            // imported page asks for them by outcome (docs/PERFORMANCE.md, the web app).
            try db.execute(sql: "CREATE INDEX seenFileLeftOut ON seenFile(outcome) WHERE outcome <> 'inLibrary'")
        }
        migrator.registerMigration("v13: evidence besides photos: location history, check-ins, calendars, tracks") { db in
            try db.create(table: "evidence") { t in
                t.primaryKey("id", .text)
                t.column("visitId", .text).notNull().indexed().references("visit", onDelete: .cascade)
                t.column("kind", .text).notNull()
                t.column("source", .text).notNull()
                t.column("at", .datetime).notNull()
                t.column("until", .datetime)
                t.column("venueId", .text).notNull()
                t.column("distanceMeters", .double)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("detail", .text)
                t.column("importRunId", .integer).indexed()
            }
        }
        migrator.registerMigration("v14: questions about evidence, kept as pending matches") { db in
            try db.alter(table: "pendingMatch") { t in t.add(column: "evidence", .jsonText) }
        }
        migrator.registerMigration("v15: the correction a camera's clock was given (--camera-offset)") { db in
            for table in ["visitPhoto", "pendingMatch"] { try db.alter(table: table) { t in t.add(column: "clockCorrection", .integer) } }
        }
        migrator.registerMigration("v16: evidence the fan deleted with its visit, not filed again") { db in
            try db.create(table: "dismissedEvidence", options: .withoutRowID) { t in t.primaryKey("id", .text) }
        }
        return migrator
    }
}

import Foundation
import GRDB
import Testing

/// A restructuring changes no output: `TestImages/` gives the same `match` JSON, the same `import` JSON and the same
/// library rows as the committed golden files. Rewrite them with `STADIUMLOG_UPDATE_GOLDEN=1` only when a change of
/// output is intended, and say why in the commit.
@Suite("Golden output")
struct GoldenTests {
    static let folder = CLI.packageRoot.appendingPathComponent("Tests/Golden")
    static let updating = ProcessInfo.processInfo.environment["STADIUMLOG_UPDATE_GOLDEN"] == "1"

    @Test("match --format json over TestImages")
    func matchReport() async throws {
        let output = try await CLI.run(["match", "--format", "json", "TestImages"])
        #expect(output.status == 0, "\(output.stderr)")
        try Self.compare(Self.normalized(output.stdout), with: "match.json")
    }

    @Test("import --format json over TestImages, and the library rows it leaves")
    func importAndRows() async throws {
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-golden-\(UUID())")
        defer { try? FileManager.default.removeItem(at: library) }
        let output = try await CLI.run(["import", "--library", library.path, "--offline", "--format", "json", "TestImages"])
        #expect(output.status == 0, "\(output.stderr)")
        try Self.compare(Self.normalized(output.stdout), with: "import.json")
        try Self.compare(Self.rows(in: library), with: "library-rows.txt")
    }

    @Test("An export of the first format (candidates and originals as JSON strings) restores, and exports as the second")
    func exportFormats() async throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-formats-\(UUID())")
        defer { try? FileManager.default.removeItem(at: temporary) }
        func restoredAndExported(_ golden: String, as name: String, gps: Bool = true) async throws -> String {
            let library = temporary.appendingPathComponent(name)
            let restore = try await CLI.run(["restore", Self.folder.appendingPathComponent(golden).path, "--library", library.path])
            #expect(restore.status == 0, "\(restore.stderr)")
            let export = temporary.appendingPathComponent(name + ".json")
            let exported = try await CLI.run(["export", export.path, "--library", library.path] + (gps ? ["--include-gps"] : []))
            #expect(exported.status == 0, "\(exported.stderr)")
            return try String(contentsOf: export, encoding: .utf8).replacing(
                /"exportedAt" : "[^"]*"/, with: #""exportedAt" : "2000-01-01T00:00:00.000Z""#)
        }
        let fromFirst = try await restoredAndExported("export-v1.json", as: "first")
        try Self.compare(fromFirst, with: "export-v2.json")
        #expect(try await restoredAndExported("export-v2.json", as: "second") == fromFirst, "the second format restores as it was")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(fromFirst.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 2)
        let pending = try #require(document["pending"] as? [[String: Any]])
        #expect(pending.allSatisfy { $0["candidates"] is [[String: Any]] && $0["candidatesJSON"] == nil })
        let originals = try #require(document["originals"] as? [[String: Any]])
        #expect(!originals.isEmpty && originals.allSatisfy { ($0["original"] as? [String: Any])?["venueName"] is String })
        // Without --include-gps nothing says where a photo was taken, the kept originals included.
        let shared = try await restoredAndExported("export-v1.json", as: "shared", gps: false)
        #expect(!shared.contains("Latitude") && !shared.contains("latitude"))
        // A candidate restored from the first format is chosen as any other.
        let waiting = try #require(
            pending.first { $0["status"] as? String == "pending" && !(($0["candidates"] as? [Any])?.isEmpty ?? true) })
        let choice = try await CLI.run([
            "confirm", try #require(waiting["id"] as? String), "--choice", "1", "--library", temporary.appendingPathComponent("first").path,
        ])
        #expect(choice.status == 0, "\(choice.stderr)")
    }

    /// Paths inside the clone are written from its root, so the golden files do not depend on where it lives.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: CLI.packageRoot.path + "/", with: "")
    }

    /// Every table's rows, one line each, sorted, without what differs from run to run (random ids, clocks, inodes):
    /// a visit is named by its game or by venue, day and kind, and rows that point to one use that name.
    static func rows(in library: URL) throws -> String {
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(path: library.appendingPathComponent("library.sqlite").path, configuration: configuration)
        let volatile: Set<String> = [
            "id", "createdAt", "madeAt", "editedAt", "fetchedAt", "expiresAt", "nextRequestAt",
            "lastRequestAt", "modified", "inode", "scoreFetchedAt", "robotsFetchedAt", "startedAt",
        ]
        return try database.read { db in
            var visitNames: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM visit") {
                let id: String = row["id"]
                let game: String? = row["gameId"]
                visitNames[id] = game ?? "\(row["venueId"] as String)/\(row["localDate"] as String)/\(row["visitType"] as String)"
            }
            let tables = try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'
                    ORDER BY name
                    """)
            var lines: [String] = []
            for table in tables {
                var tableLines: [String] = []
                for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table)") {
                    let fields = row.columnNames.filter { !volatile.contains($0) }.map { column -> String in
                        let value = row[column] as DatabaseValue
                        if ["visitId", "resolvedVisitId"].contains(column), let id = String.fromDatabaseValue(value) {
                            return "\(column)=\(visitNames[id] ?? "?")"
                        }
                        if column == "visitIds", let text = String.fromDatabaseValue(value) {
                            return "\(column)=\(visitNames.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) })"
                        }
                        if column == "folders", let text = String.fromDatabaseValue(value) {
                            return "\(column)=\(text.replacingOccurrences(of: "\\/", with: "/"))"  // paths, relative to the package
                        }
                        return "\(column)=\(value)"
                    }
                    tableLines.append("\(table): " + fields.joined(separator: " | "))
                }
                lines += tableLines.sorted()
            }
            return normalized(lines.joined(separator: "\n") + "\n")
        }
    }

    static func compare(_ actual: String, with name: String) throws {
        let url = folder.appendingPathComponent(name)
        if updating {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(
            actual == expected,
            """
            \(name) differs from the golden file\(firstDifference.map { " at line \($0.offset + 1):\n  now:    \($0.element.0)\n  golden: \($0.element.1)" } ?? " in length")
            """)
    }
}

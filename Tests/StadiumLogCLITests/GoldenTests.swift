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
            "lastRequestAt", "modified", "inode", "scoreFetchedAt", "robotsFetchedAt",
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

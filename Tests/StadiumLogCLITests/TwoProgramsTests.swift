import Foundation
import Testing

/// `stadiumlog` answers `--version` and `scan` itself and hands every other command to `stadiumlog-commands` beside
/// it: a fan sees one program — the same words, status and output whichever of the two answers.
@Suite("stadiumlog and stadiumlog-commands")
struct TwoProgramsTests {
    static let commands = CLI.executable.deletingLastPathComponent().appendingPathComponent("stadiumlog-commands")

    @Test("Handed over or answered here, a command says the same as stadiumlog-commands says itself")
    func sameAnswers() throws {
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-two-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: library) }
        let runs: [[String]] = [
            ["--version"], ["--help"], ["scan", "--help"], ["help", "scan"],
            ["scan", "TestImages/sidecars", "TestImages/edge-cases/empty.jpg", "--format", "json"],
            ["scan", "TestImages/matching", "--format", "csv"], ["scan", "TestImages/nothing-here"], ["scan"],
            ["venues", "fenway", "--format", "json"], ["visits", "--library", library.path], ["improt", "TestImages"],
            ["match", "TestImages/matching/high-exact-day.jpg", "--format", "json", "--library", library.path],
        ]
        for arguments in runs {
            let quick = try CLI.run(arguments)
            let direct = try CLI.run(arguments, program: Self.commands)
            #expect(quick.status == direct.status, "\(arguments)")
            #expect(quick.stdout == direct.stdout, "\(arguments)")
            #expect(quick.stderr == direct.stderr, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: library.path), "commands that only read created the library")
    }

    @Test("Run through a link from another folder, stadiumlog still finds stadiumlog-commands beside its real file")
    func throughALink() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("stadiumlog")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: CLI.executable)
        let venues = try CLI.run(["venues", "fenway"], program: link)
        #expect(venues.status == 0 && venues.stdout.contains("stadium_mlb_fenway_park"), "\(venues.stderr)")
    }

    @Test("Without stadiumlog-commands beside it, --version and scan still work; any other command says what is missing")
    func aloneItSaysWhatIsMissing() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("stadiumlog")
        try FileManager.default.copyItem(at: CLI.executable, to: alone)

        let version = try CLI.run(["--version"], program: alone)
        let expected = try CLI.run(["--version"], program: Self.commands)
        #expect(version.status == 0 && version.stdout == expected.stdout)
        let scan = try CLI.run(["scan", "TestImages/matching/high-exact-day.jpg", "--format", "csv"], program: alone)
        #expect(scan.status == 0 && scan.stdout.contains("high-exact-day.jpg,2015-06-15T19:00:00"), "\(scan.stdout)\(scan.stderr)")

        let venues = try CLI.run(["venues", "fenway"], program: alone)
        #expect(venues.status == 1 && venues.stdout.isEmpty)
        #expect(venues.stderr.split(separator: "\n").count == 1, "\(venues.stderr)")
        #expect(venues.stderr.contains("cannot run \(folder.path)/stadiumlog-commands") && venues.stderr.contains("install it beside"))
    }

    /// The reason there are two programs: a start that grows with what is linked (docs/PERFORMANCE.md, "Instant").
    @Test("stadiumlog links neither SQLite nor all of Foundation (ICU): only FoundationEssentials")
    func quickProgramStaysSmall() throws {
        let needed = try Self.output(of: "/usr/bin/readelf", ["-d", CLI.executable.path])
        #expect(needed.contains("libexif") && !needed.contains("libsqlite3"), "\(needed)")
        let symbols = try Self.output(of: "/usr/bin/nm", ["--defined-only", CLI.executable.path])
        #expect(symbols.contains(" $s20FoundationEssentials"), "FoundationEssentials is what it uses")
        #expect(!symbols.contains(" $s10Foundation"), "all of Foundation came in: a module below scan imports Foundation")
        let commandsSymbols = try Self.output(of: "/usr/bin/nm", ["--defined-only", Self.commands.path])
        #expect(commandsSymbols.contains(" $s10Foundation"), "the check above would see Foundation if it were there")
    }

    private static func emptyFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-two-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func output(of tool: String, _ arguments: [String]) throws -> String {
        try CLI.run(arguments, program: URL(fileURLWithPath: tool)).stdout
    }
}

import Foundation
import Testing

@Suite("stadiumlog scan")
struct ScanCommandTests {
    @Test("JSON is an array of objects with every contract field, null when missing")
    func jsonContract() throws {
        let output = try CLI.run("scan", "TestImages/edge-cases", "--format", "json")
        #expect(output.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 21)
        let contract = ["path", "captureLocal", "utcOffset", "timeSource", "latitude", "longitude", "make", "model", "error"]
        for row in rows {
            #expect(Set(row.keys).isSuperset(of: contract), "\(row["path"] ?? "?")")
        }
        let byName = Dictionary(uniqueKeysWithValues: rows.map { (($0["path"] as! String).components(separatedBy: "/").last!, $0) })
        let fenway = try #require(byName["offset-time-original.jpg"])
        #expect(fenway["captureLocal"] as? String == "2015-06-15T19:42:10")
        #expect(fenway["utcOffset"] as? String == "-04:00")
        #expect(fenway["timeSource"] as? String == "offsetTimeOriginal")
        #expect((fenway["latitude"] as? Double).map { abs($0 - 42.3467) < 1e-9 } == true)
        #expect(fenway["error"] is NSNull)
        let unresolved = try #require(byName["gps-time-without-date.jpg"])
        #expect(unresolved["utcOffset"] is NSNull)
        #expect(unresolved["timeSource"] as? String == "none")
        let empty = try #require(byName["empty.jpg"])
        #expect(empty["error"] as? String == "the file is empty (0 bytes)")
        #expect(empty["latitude"] is NSNull && empty["captureLocal"] is NSNull)
        let heic = try #require(byName["heic-named-jpg.jpg"])
        #expect(heic["errorReason"] as? String == "unreadable", "HEIF is read now; this one is only an ftyp box")
        #expect((heic["error"] as? String)?.hasPrefix("broken HEIF/HEIC file") == true)
    }

    @Test("The table names every photo and says why a file failed")
    func table() throws {
        let output = try CLI.run("scan", "TestImages/edge-cases")
        #expect(output.status == 0)
        #expect(output.stdout.contains("TestImages/edge-cases/not-a-jpeg.jpg"))
        #expect(output.stdout.contains("error: not an image"))
        #expect(output.stdout.contains("21 photos scanned, 4 unreadable"))
    }

    @Test("CSV has a header and one quoted-when-needed line per photo")
    func csv() throws {
        let output = try CLI.run("scan", "TestImages/edge-cases/gps-clock.jpg", "--format", "csv")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.first == "path,captureLocal,utcOffset,timeSource,latitude,longitude,make,model,error,warnings")
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix("TestImages/edge-cases/gps-clock.jpg,2016-07-04T20:05:00,-07:00,gpsClock,34.0739,-118.24,") == true)
    }

    @Test("A missing folder is an error, even beside one that exists; a bad file among good ones is not")
    func exitStatus() throws {
        let missing = try CLI.run("scan", "no/such/folder")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no/such/folder: no such file or folder"))
        try? FileManager.default.removeItem(atPath: "/tmp/stadiumlog-never")
        let mixed = try CLI.run("import", "TestImages/edge-cases/empty.jpg", "no/such/folder", "--library", "/tmp/stadiumlog-never")
        #expect(mixed.status == 1 && mixed.stderr.contains("no/such/folder: no such file or folder") && !mixed.stderr.contains("warning"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/stadiumlog-never"), "nothing created")
        let bad = try CLI.run("scan", "TestImages/edge-cases/empty.jpg", "TestImages/matching/high-exact-day.jpg", "--format", "json")
        #expect(bad.status == 0)
    }

    @Test("Without libheif a HEIC photo says what to install, and the JPEG beside it reads as always")
    func withoutLibheif() throws {
        let heic = CLI.packageRoot.appendingPathComponent("../shared/data/real-photos/exiv2-test-data/Stonehenge.heic").path
        let arguments = ["scan", heic, "TestImages/matching/high-exact-day.jpg", "--format", "json"]
        func rows(_ environment: [String: String]) throws -> [[String: Any]] {
            let output = try CLI.run(arguments, environment: environment)
            #expect(output.status == 0)
            return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        }
        let missing = try rows(["STADIUMLOG_LIBHEIF": "/nonexistent/libheif.so.1"])
        #expect((missing[0]["error"] as? String)?.hasPrefix("cannot read the file: HEIF photos need libheif") == true, "\(missing[0])")
        #expect(missing[0]["errorReason"] as? String == "unreadable" && missing[1]["error"] is NSNull)
        let installed = try rows([:])
        #expect(installed[0]["error"] is NSNull && installed[0]["format"] as? String == "heif", "\(installed[0])")
    }

    @Test("--version says the version and what the bundled catalog holds, league by league")
    func version() throws {
        let output = try CLI.run("--version")
        #expect(output.status == 0)
        let said = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let day = #"\d{4}-\d{2}-\d{2}"#
        let pattern = #"^\d+\.\d+\.\d+ \(catalog of "# + day + ": MLB to \(day), NBA to \(day), NFL to \(day), NHL to \(day)\\)$"
        #expect(said.range(of: pattern, options: .regularExpression) != nil, "\(said)")
    }

    @Test(
        "An unreadable file is reported with its reason (run as an unprivileged user: root reads everything)",
        .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func unreadableFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-private-\(UUID())")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent("secret.jpg")
        try Data(contentsOf: CLI.packageRoot.appendingPathComponent("TestImages/matching/high-exact-day.jpg")).write(to: secret)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: secret.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", CLI.executable.path, "scan", folder.path,
            "--format", "json",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(rows.first?["error"] as? String == "cannot read the file: permission denied")
    }
}

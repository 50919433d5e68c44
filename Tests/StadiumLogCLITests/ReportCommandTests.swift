import Catalog
import Foundation
import Testing

/// The report opened in a real browser: Chromium from Debian's packages, headless (`Scripts/install-deps chromium`).
@Suite("stadiumlog report in a headless browser")
struct ReportCommandTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs Chromium headless on `arguments`; its standard output and error.
    static func browse(_ arguments: [String]) throws -> (stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium!)
        process.arguments =
            [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--enable-logging=stderr", "--v=0",
                "--user-data-dir="
                    + FileManager.default.temporaryDirectory
                    .appendingPathComponent("chromium-\(UUID())").path,
            ] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test("The page renders: map drawn, rings, badges and cards present, no script or console errors, a screenshot")
    func rendersInChromium() throws {
        guard Self.chromium != nil else {
            Issue.record("Chromium is not installed: run `bash Scripts/install-deps chromium` (Scripts/test does)")
            return
        }
        let library = LibraryProcessTests.Library()
        #expect(try CLI.run("import", "TestImages/matching", "--library", library.folder.path).status == 0)
        let page = library.folder.appendingPathComponent("report with \"quotes\".html")
        let written = try CLI.run("report", page.path, "--library", library.folder.path, "--today", "2025-07-01")
        #expect(written.status == 0 && written.stdout.contains("Report written to"), "\(written.stderr)")

        let dom = try Self.browse(["--virtual-time-budget=3000", "--dump-dom", page.absoluteString])
        #expect(dom.stdout.contains("data-rendered=\"map\""), "the map's countries were drawn")
        #expect(!dom.stdout.contains("data-errors"), "no script error")
        #expect(dom.stdout.components(separatedBy: "class=\"visit-card\"").count - 1 == 14)
        #expect(dom.stdout.components(separatedBy: "<figure class=\"ring").count - 1 == (try Catalog.bundledLeagues().count))
        #expect(dom.stdout.contains("class=\"badge\"") && dom.stdout.contains("Fenway Faithful"))
        #expect(dom.stdout.contains("<img src=\"data:image/jpeg;base64,"), "thumbnails embedded")
        let consoleErrors = dom.stderr.split(separator: "\n").filter { $0.contains("CONSOLE") && $0.contains("ERROR") }
        #expect(consoleErrors.isEmpty, "\(consoleErrors)")

        let screenshot = library.folder.appendingPathComponent("report.png")
        _ = try Self.browse(["--window-size=1000,1400", "--screenshot=\(screenshot.path)", page.absoluteString])
        let png = try Data(contentsOf: screenshot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 30_000, "a picture, not a blank page")
    }
}

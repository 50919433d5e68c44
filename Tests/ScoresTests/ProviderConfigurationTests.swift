import Foundation
import Scores
import Testing

@Suite("Provider base URLs are configuration")
struct ProviderConfigurationTests {
    @Test("The environment overrides the library's stadiumlog.conf, which overrides the defaults")
    func precedence() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-\(UUID()).conf")
        try """
        # mirrors
        STADIUMLOG_ESPN_URL = http://127.0.0.1:9000
        STADIUMLOG_NHL_WEB_URL=http://mirror.example:8080
        STADIUMLOG_MLB_STATS_URL=not a url
        """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let configuration = ProviderConfiguration.load(
            environment: ["STADIUMLOG_ESPN_URL": "http://localhost:7000", "HOME": "/x"],
            configFile: file, version: "9.9")
        #expect(configuration.overrides["STADIUMLOG_ESPN_URL"] == URL(string: "http://localhost:7000"))
        #expect(configuration.overrides["STADIUMLOG_NHL_WEB_URL"] == URL(string: "http://mirror.example:8080"))
        #expect(configuration.overrides["STADIUMLOG_MLB_STATS_URL"] == nil, "an unusable value is ignored, not half-used")
        #expect(configuration.userAgent.hasPrefix("StadiumLog/9.9"))
        let missing = ProviderConfiguration.load(environment: [:], configFile: file.appendingPathExtension("gone"), version: "1")
        #expect(missing.overrides.isEmpty)
    }
}

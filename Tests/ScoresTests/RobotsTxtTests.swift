import Scores
import Testing

/// robots.txt read as RFC 9309 says: our group or else `*`, longest match wins, `Allow` wins a tie.
@Suite("robots.txt")
struct RobotsTxtTests {
    static let sportsReference = """
        # comments and blank lines are ignored
        User-agent: *
        Crawl-delay: 3
        Disallow: /play-index/
        Disallow: /friv/compare.cgi   # a comment after a rule
        Allow: /play-index/about.html

        User-agent: GPTBot
        User-agent: CCBot
        Disallow: /
        """

    @Test("The * group applies to StadiumLog: its paths, its crawl delay")
    func starGroup() {
        let robots = RobotsTxt(Self.sportsReference, robot: "StadiumLog")
        #expect(robots.allows("/boxes/?year=2020&month=8&day=17"))
        #expect(!robots.allows("/play-index/tiny.cgi?x=1"))
        #expect(!robots.allows("/friv/compare.cgi"))
        #expect(robots.allows("/play-index/about.html"), "the longer Allow wins")
        #expect(robots.crawlDelay == 3)
    }

    @Test("A group naming us replaces *; several user-agent lines share one group")
    func ourGroup() {
        let robots = RobotsTxt(
            Self.sportsReference + "\n\nUser-agent: Other\nUser-agent: stadiumlog\nDisallow: /boxes/",
            robot: "StadiumLog")
        #expect(!robots.allows("/boxes/?year=2020"))
        #expect(robots.allows("/play-index/tiny.cgi"), "the * rules no longer apply")
        #expect(robots.crawlDelay == nil)
        #expect(!RobotsTxt(Self.sportsReference, robot: "CCBot").allows("/boxes/"))
    }

    @Test("Wildcards and end anchors; an equal-length Allow wins; empty Disallow allows all")
    func patterns() {
        let robots = RobotsTxt("User-agent: *\nDisallow: /*.cgi$\nDisallow: /*?year=\nAllow: /*?year=", robot: "StadiumLog")
        #expect(!robots.allows("/friv/compare.cgi"))
        #expect(robots.allows("/friv/compare.cgi?x=1"), "$ anchors the end")
        #expect(robots.allows("/boxes/?year=2020"), "Allow wins a tie")
        #expect(RobotsTxt("User-agent: *\nDisallow:", robot: "StadiumLog").allows("/anything"))
        #expect(RobotsTxt("", robot: "StadiumLog").allows("/anything"))
    }
}

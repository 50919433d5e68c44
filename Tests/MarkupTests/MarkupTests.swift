import Foundation
import Markup
import Testing

/// libxml2's parsers queried with XPath: a scraped page's table whatever its quirks, an XMP sidecar's namespaces.
@Suite("Markup")
struct MarkupTests {
    @Test("HTML as browsers forgive it: unclosed cells, attribute order and classes do not matter")
    func html() throws {
        let page = Data(
            """
            <html><body><!-- scores --><table>
            <tr class="game_summary nohover"><td><a href="/boxes/BOS.html">Boston</a><td class=right>4
            <tr class='winner game_summary'><td>New York<td class="right">2
            </table></body></html>
            """.utf8)
        let document = try #require(try MarkupDocument(html: page))
        let rows = document.select("//tr[\(MarkupDocument.hasClass("game_summary"))]")
        #expect(rows.count == 2)
        #expect(rows.map { $0.select("td[1]").first?.text.trimmingCharacters(in: .whitespacesAndNewlines) } == ["Boston", "New York"])
        #expect(rows[0].select(".//a").first?.attribute("href") == "/boxes/BOS.html")
        #expect(document.select("//tr[\(MarkupDocument.hasClass("nohover"))]").count == 1, "one class among several")
    }

    @Test("XML with the prefixes the query binds, whatever the document calls them; not well-formed is nil")
    func xml() throws {
        let sidecar = Data(
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:e="http://ns.adobe.com/exif/1.0/" e:GPSLatitude="42,20.7N"/></rdf:RDF></x:xmpmeta>
            """.utf8)
        let document = try #require(try MarkupDocument(xml: sidecar, namespaces: ["exif": "http://ns.adobe.com/exif/1.0/"]))
        #expect(document.select("//@exif:GPSLatitude").first?.text == "42,20.7N")
        #expect(try MarkupDocument(xml: Data("<a><b></a>".utf8)) == nil)
    }
}

import CLibXML2
import Foundation

/// An HTML page parsed by libxml2's HTML parser (the one browsers' markup quirks were written against), queried
/// with XPath.
///
/// Scraped pages are read through a real parser rather than patterns over the text, so attribute order, line breaks
/// and comments do not matter, and a page whose structure changed is noticed as missing elements.
final class HTMLDocument {
    private let document: htmlDocPtr

    /// libxml2 sets up its global tables once, before any thread parses.
    private static let parserReady: Void = xmlInitParser()

    /// Parses `data` (UTF-8 unless the page says otherwise); nil when libxml2 can make no document of it at all.
    init?(_ data: Data) {
        _ = Self.parserReady
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
        let parsed = data.withUnsafeBytes { bytes in
            htmlReadMemory(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, "UTF-8", options)
        }
        guard let parsed else { return nil }
        document = parsed
    }

    deinit { xmlFreeDoc(document) }

    /// The elements `xpath` selects, evaluated from `node` (the whole page when nil).
    func select(_ xpath: String, from node: HTMLElement? = nil) -> [HTMLElement] {
        guard let context = xmlXPathNewContext(document) else { return [] }
        defer { xmlXPathFreeContext(context) }
        context.pointee.node = node?.node
        let bytes = Array(xpath.utf8) + [0]
        guard let result = bytes.withUnsafeBufferPointer({ xmlXPathEvalExpression($0.baseAddress, context) }) else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let set = result.pointee.nodesetval, let table = set.pointee.nodeTab else { return [] }
        return (0..<Int(set.pointee.nodeNr)).compactMap { table[$0].map { HTMLElement(node: $0, document: self) } }
    }

    /// An XPath test for an element carrying `name` among its classes (`class="game_summary nohover"`).
    static func hasClass(_ name: String) -> String {
        "contains(concat(' ', normalize-space(@class), ' '), ' \(name) ')"
    }
}

/// One element of an ``HTMLDocument``, valid while the document lives (it keeps it alive).
struct HTMLElement {
    fileprivate let node: xmlNodePtr
    private let document: HTMLDocument

    fileprivate init(node: xmlNodePtr, document: HTMLDocument) {
        self.node = node
        self.document = document
    }

    /// The text inside, with runs of whitespace (and `&nbsp;`) collapsed to single spaces and trimmed.
    var text: String {
        guard let content = xmlNodeGetContent(node) else { return "" }
        defer { stadiumlog_xml_free(content) }
        return String(cString: content).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    func attribute(_ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { stadiumlog_xml_free(value) }
        return String(cString: value)
    }

    /// The elements `xpath` selects from here (`.//td`, `./tr`).
    func select(_ xpath: String) -> [HTMLElement] { document.select(xpath, from: self) }
}

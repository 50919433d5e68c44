internal import CLibXML2
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An HTML page or XML document parsed by libxml2, queried with XPath.
///
/// Scraped pages and XMP sidecars are read through a real parser rather than patterns over the text, so attribute
/// order, line breaks, comments and namespace prefixes do not matter, and a page whose structure changed is noticed
/// as missing elements. HTML goes through libxml2's HTML parser (the one that copes with browsers' markup quirks).
public final class MarkupDocument {
    fileprivate let library: LibXML2
    private let document: xmlDocPtr
    /// Prefix → namespace URI, for XPath expressions over XML (`exif` → `http://ns.adobe.com/exif/1.0/`).
    private let namespaces: [String: String]

    /// Parses an HTML page (UTF-8 unless it says otherwise); nil when libxml2 can make no document of it at all.
    /// Throws when libxml2 is not installed.
    public init?(html data: Data) throws(MarkupError) {
        let library = try LibXML2.loaded()
        self.library = library
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
        let parsed = data.withUnsafeBytes { bytes in
            library.htmlReadMemory(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, "UTF-8", options)
        }
        guard let parsed else { return nil }
        document = parsed
        namespaces = [:]
    }

    /// Parses well-formed XML, with no network access and no entity expansion; nil when it is not well-formed.
    /// `namespaces` binds the prefixes XPath expressions use. Throws when libxml2 is not installed.
    public init?(xml data: Data, namespaces: [String: String] = [:]) throws(MarkupError) {
        let library = try LibXML2.loaded()
        self.library = library
        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                | XML_PARSE_COMPACT.rawValue)
        let parsed = data.withUnsafeBytes { bytes in
            library.xmlReadMemory(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, options)
        }
        guard let parsed else { return nil }
        document = parsed
        self.namespaces = namespaces
    }

    deinit { library.freeDocument(document) }

    /// The nodes `xpath` selects (elements or attributes), evaluated from `node` (the whole document when nil).
    public func select(_ xpath: String, from node: MarkupElement? = nil) -> [MarkupElement] {
        guard let context = library.newXPathContext(document) else { return [] }
        defer { library.freeXPathContext(context) }
        for (prefix, uri) in namespaces { _ = library.registerNamespace(context, prefix, uri) }
        context.pointee.node = node?.node
        let bytes = Array(xpath.utf8) + [0]
        guard let result = bytes.withUnsafeBufferPointer({ library.evaluate($0.baseAddress, context) }) else { return [] }
        defer { library.freeXPathObject(result) }
        guard let set = result.pointee.nodesetval, let table = set.pointee.nodeTab else { return [] }
        return (0..<Int(set.pointee.nodeNr)).compactMap { table[$0].map { MarkupElement(node: $0, document: self) } }
    }

    /// An XPath test for an element carrying `name` among its classes (`class="game_summary nohover"`).
    public static func hasClass(_ name: String) -> String {
        "contains(concat(' ', normalize-space(@class), ' '), ' \(name) ')"
    }
}

/// One node of a ``MarkupDocument``, valid while the document lives (it keeps it alive).
public struct MarkupElement {
    fileprivate let node: xmlNodePtr
    private let document: MarkupDocument

    fileprivate init(node: xmlNodePtr, document: MarkupDocument) {
        self.node = node
        self.document = document
    }

    /// The text inside (an attribute's value), with runs of whitespace (and `&nbsp;`) collapsed to single spaces and
    /// trimmed.
    public var text: String {
        guard let content = document.library.nodeContent(node) else { return "" }
        defer { document.library.free(content) }
        return String(cString: content).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The value of this element's attribute `name` (matched by local name, whatever its namespace); nil when it has none.
    public func attribute(_ name: String) -> String? {
        guard let value = document.library.attribute(node, name) else { return nil }
        defer { document.library.free(value) }
        return String(cString: value)
    }

    /// The nodes `xpath` selects from here (`.//td`, `./tr`).
    public func select(_ xpath: String) -> [MarkupElement] { document.select(xpath, from: self) }
}

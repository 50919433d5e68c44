internal import CLibXML2
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libxml2's functions, looked up when the first document is parsed (see `Sources/CLibXML2/shim.h` for why it is not
/// linked): a run that reads no scraped page and no XMP sidecar never loads libxml2, ICU or liblzma.
struct LibXML2: @unchecked Sendable {  // C function pointers, never changed after the lookup
    let htmlReadMemory: stadiumlog_htmlReadMemory
    let xmlReadMemory: stadiumlog_xmlReadMemory
    let freeDocument: stadiumlog_xmlFreeDoc
    let newXPathContext: stadiumlog_xmlXPathNewContext
    let freeXPathContext: stadiumlog_xmlXPathFreeContext
    let registerNamespace: stadiumlog_xmlXPathRegisterNs
    let evaluate: stadiumlog_xmlXPathEvalExpression
    let freeXPathObject: stadiumlog_xmlXPathFreeObject
    let nodeContent: stadiumlog_xmlNodeGetContent
    let attribute: stadiumlog_xmlGetProp
    /// libxml2's deallocator, which it keeps in a global variable (`xmlFree`), read once.
    let free: xmlFreeFunc

    /// The library, loaded (and its parser set up, once, before any thread parses) on first use; the error says what
    /// to install when it is missing.
    static func loaded() throws(MarkupError) -> LibXML2 { try library.get() }

    private static let library = Result { () throws(MarkupError) -> LibXML2 in try LibXML2() }

    /// Where the shared library is: `STADIUMLOG_LIBXML2` when set (a libxml2 installed elsewhere), else its soname on
    /// Linux and the system's on macOS.
    private static var candidates: [String] {
        if let path = ProcessInfo.processInfo.environment["STADIUMLOG_LIBXML2"], !path.isEmpty { return [path] }
        return ["libxml2.so.2", "libxml2.2.dylib", "/usr/lib/libxml2.2.dylib", "/opt/homebrew/lib/libxml2.2.dylib"]
    }

    private init() throws(MarkupError) {
        guard let handle = Self.candidates.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            throw .libraryMissing
        }
        func find<Function>(_ name: String) throws(MarkupError) -> Function {
            guard let address = dlsym(handle, name) else { throw .libraryMissing }
            return unsafeBitCast(address, to: Function.self)
        }
        let initParser: stadiumlog_xmlInitParser = try find("xmlInitParser")
        htmlReadMemory = try find("htmlReadMemory")
        xmlReadMemory = try find("xmlReadMemory")
        freeDocument = try find("xmlFreeDoc")
        newXPathContext = try find("xmlXPathNewContext")
        freeXPathContext = try find("xmlXPathFreeContext")
        registerNamespace = try find("xmlXPathRegisterNs")
        evaluate = try find("xmlXPathEvalExpression")
        freeXPathObject = try find("xmlXPathFreeObject")
        nodeContent = try find("xmlNodeGetContent")
        attribute = try find("xmlGetProp")
        guard let variable = dlsym(handle, "xmlFree"), let free = variable.assumingMemoryBound(to: xmlFreeFunc?.self).pointee else {
            throw .libraryMissing
        }
        self.free = free
        initParser()
    }
}

/// Why a document could not be parsed at all.
public enum MarkupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libxml2 is not installed where it is looked for.
    case libraryMissing

    /// One line saying what to do.
    public var description: String {
        switch self {
        case .libraryMissing:
            "libxml2 is not installed, so pages and XMP sidecars cannot be read (Debian: `apt-get install libxml2`; "
                + "or set STADIUMLOG_LIBXML2 to its path)"
        }
    }
}

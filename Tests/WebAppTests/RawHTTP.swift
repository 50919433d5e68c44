import Foundation

/// HTTP/1.1 over a plain socket, as an attacker's script would speak it: every header as given (a foreign Host, two
/// Hosts, no Origin), redirects not followed. One request a connection.
enum RawHTTP {
    struct Answer {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
    }

    /// Sends a request to `host`:`port` (an IPv4 address); `headers` are sent as given (a Host among them replaces the
    /// default).
    static func send(
        _ method: String, _ target: String, host: String = "127.0.0.1", port: Int, headers: [(String, String)] = [],
        body: Data = Data()
    ) throws -> Answer {
        let descriptor = try openConnection(host: host, port: port)
        defer { close(descriptor) }
        var lines = ["\(method) \(target) HTTP/1.1"]
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { lines.append("Host: \(host):\(port)") }
        lines += headers.map { "\($0.0): \($0.1)" }
        lines += ["Content-Length: \(body.count)", "Connection: close", "", ""]
        let request = Data(lines.joined(separator: "\r\n").utf8) + body
        _ = request.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        // Until the peer closes, or the body its Content-Length announced is in (chromedriver keeps the connection).
        while !isComplete(received) {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            received.append(contentsOf: buffer[..<count])
        }
        return try parse(received)
    }

    /// A connection to `host`:`port` whose reads give up after `timeout` seconds (a server that neither answers nor
    /// closes fails a test instead of hanging it); the caller closes it.
    static func openConnection(host: String, port: Int, timeout: Int = 15) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(host)
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
        return descriptor
    }

    private static func isComplete(_ data: Data) -> Bool {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return false }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).lowercased()
        guard let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces))
        else { return false }
        return data.distance(from: end.upperBound, to: data.endIndex) >= length
    }

    private static func parse(_ data: Data) throws -> Answer {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { throw POSIXError(.EBADMSG) }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body = Data(data[end.upperBound...])
        if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1.lowercased() == "chunked" }) {
            body = dechunk(body)
        }
        return Answer(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ data: Data) -> Data {
        var output = Data()
        var rest = data[...]
        while let line = rest.range(of: Data("\r\n".utf8)) {
            let size = Int(String(decoding: rest[..<line.lowerBound], as: UTF8.self), radix: 16) ?? 0
            guard size > 0, rest.distance(from: line.upperBound, to: rest.endIndex) >= size else { break }
            let start = line.upperBound
            output.append(rest[start..<rest.index(start, offsetBy: size)])
            rest = rest[rest.index(start, offsetBy: size + 2)...]
        }
        return output
    }
}

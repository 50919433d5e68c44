import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Plain HTTP GETs to score providers: a short time limit, a user agent naming the tool, and every way a request
/// can fail turned into a ``ProviderError``.
struct ProviderHTTP: Sendable {
    var timeout: Double
    var userAgent: String
    /// No body larger than this is read (the largest real scoreboard is a few hundred kilobytes).
    var maximumBodySize = 8 << 20

    func get(_ url: URL, headers: [String: String], provider: String) async throws(ProviderError) -> Data {
        // Without a network the HTTP client keeps retrying its connection until the time limit: a host that does not
        // resolve fails at once instead (every provider of an offline import would otherwise cost the full limit).
        guard let host = url.host, await Self.resolves(host) else {
            throw .unreachable(provider: provider, reason: "cannot resolve \(url.host ?? url.absoluteString)")
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: userAgent)
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        do {
            let deadline = NIODeadline.now() + .milliseconds(Int64(timeout * 1000))
            let response = try await Self.client.execute(request, deadline: deadline)
            switch response.status.code {
            case 200:
                return Data(try await response.body.collect(upTo: maximumBodySize).readableBytesView)
            case 429:
                throw ProviderError.rateLimited(
                    provider: provider,
                    retryAfter: response.headers.first(name: "Retry-After")
                        .flatMap(Self.seconds(retryAfter:)))
            default:
                throw ProviderError.httpStatus(provider: provider, status: Int(response.status.code))
            }
        } catch let error as ProviderError {
            throw error
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            throw .timedOut(provider: provider, seconds: timeout)
        } catch let error as NIOTooManyBytesError {
            throw .unreadable(provider: provider, reason: "an answer larger than \(error.maxBytes.map { "\($0)" } ?? "allowed") bytes")
        } catch {
            throw .unreachable(provider: provider, reason: String(describing: error))
        }
    }

    /// The shared client, except that a connection the provider refuses (or resets) fails at once instead of being
    /// tried again until the deadline: a provider that is down is an answer, and each retry cost the full time limit.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// Whether the system resolver knows the host (on a thread of its own: `getaddrinfo` blocks).
    static func resolves(_ host: String) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var addresses: UnsafeMutablePointer<addrinfo>?
                let status = getaddrinfo(host, nil, nil, &addresses)
                if let addresses { freeaddrinfo(addresses) }
                continuation.resume(returning: status == 0)
            }
        }
    }

    /// `Retry-After` is either seconds ("120") or an HTTP date.
    static func seconds(retryAfter value: String) -> Double? {
        if let seconds = Double(value.trimmingCharacters(in: .whitespaces)) { return max(0, seconds) }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return format.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where this program's own file is, links resolved: `stadiumlog-commands` and the resources are installed beside it.
enum OwnExecutable {
    /// The folder of the running program's file ("." if the system will not say).
    static var folder: String {
        guard let path, let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    private static var path: String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            return length > 0 ? String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        #else
            var size: UInt32 = 0
            _NSGetExecutablePath(nil, &size)
            var buffer = [CChar](repeating: 0, count: Int(size) + 1)
            guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        #endif
    }
}

import ArgumentParser

/// A failure while running a command (not a usage mistake): printed as one line, without the usage text.
struct RuntimeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

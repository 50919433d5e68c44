import ArgumentParser

/// A failure while running a command (not a usage mistake): printed as one line, without the usage text.
package struct RuntimeError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

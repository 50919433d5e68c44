import ArgumentParser

/// How a command prints its results: a table for people, JSON and CSV for other programs.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv
}

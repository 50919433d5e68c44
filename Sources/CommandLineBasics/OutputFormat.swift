import ArgumentParser

/// How a command prints its results: a table for people, JSON and CSV for other programs.
package enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv
}

/// For commands whose results have no CSV form: asking for one is an error that lists what there is.
package enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
}

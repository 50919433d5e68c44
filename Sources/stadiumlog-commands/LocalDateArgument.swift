import ArgumentParser
import Foundation
import TimeAndPlace

/// `--on 2015-06-15`: parsed into a ``LocalDate`` with a message that says what was expected.
func parseLocalDate(_ text: String) throws -> LocalDate {
    guard let day = LocalDate(text) else { throw ValidationError("'\(text)' is not a date; use YYYY-MM-DD, e.g. 2015-06-15") }
    return day
}

/// `--near 42.3467,-71.0972`.
func parseCoordinate(_ text: String) throws -> GeoCoordinate {
    let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 2, let latitude = parts[0], let longitude = parts[1],
        let point = GeoCoordinate(latitude: latitude, longitude: longitude)
    else { throw ValidationError("'\(text)' is not a position; use LATITUDE,LONGITUDE in degrees, e.g. 42.3467,-71.0972") }
    return point
}

import Catalog
import Foundation
import Hummingbird
import TimeAndPlace
import UseCases
import VisitStore

/// Add a game without photos: found by team and date or venue and date in the catalog — only a real game can be
/// added, as in the command line's manual entry.
extension WebSite {
    struct AddView {
        var page: Chrome
        var team: String
        var venue: String
        var day: String
        var found: [GameChoice]
        var searched: Bool
        var problem: String?
    }

    func addGame(_ request: Request) throws -> String {
        let fields = FormFields(request.uri.query ?? "")
        let day = fields["date"].flatMap(LocalDate.init)
        var found: [GameChoice] = []
        var problem: String?
        let searched = fields["team"] != nil || fields["venue"] != nil
        if searched {
            if let day {
                found = gameChoices(team: fields["team"], venue: fields["venue"], on: day)
                if found.isEmpty {
                    problem = "No game in the catalog for that team or venue on \(day.iso8601): check the name and the date."
                }
            } else {
                problem = "A date is needed, as 2015-06-15."
            }
        }
        let view = AddView(
            page: chrome(title: "Add a game", current: "/add", notice: fields["notice"], back: fields.removing("notice").path("/add")),
            team: fields["team"] ?? "", venue: fields["venue"] ?? "", day: day?.iso8601 ?? fields["date"] ?? "", found: found,
            searched: searched, problem: problem)
        return render("add", view)
    }

    func add(_ form: FormFields) throws -> (notice: String, next: String) {
        guard let value = form["game"], value.hasPrefix("game:") else { throw WebFormError.noGameChosen }
        let visit = try corrections.add(game: GameID(rawValue: String(value.dropFirst(5)))).value
        return ("Added \(visit.summary)", "/visits/\(visit.id)")
    }
}

import TimeAndPlace

/// A team's place in its league for a run of seasons: its conference (the American or National League in baseball)
/// and its division. Seasons are named by their first year, as ``Game/season`` is.
public struct LeagueMembership: Hashable, Sendable, Codable {
    /// The canonical id of the team (`team_mlb_bos`).
    public var team: TeamID
    /// Nil for a season played without conferences (the NHL's 2020-21).
    public var conference: String?
    /// The division's name (`AL East`, `Atlantic`), as ``Division/name`` shows it.
    public var division: String
    /// The first season it holds.
    public var from: Int
    /// Nil while it still holds.
    public var to: Int?

    /// Whether the membership holds in a season: from ``from`` through ``to``, both included.
    public func holds(in season: Int) -> Bool { from <= season && season <= (to ?? .max) }
}

/// One division of a league in one season, with its teams (or one conference, from ``Catalog/conferences(of:in:)``).
public struct Division: Hashable, Sendable {
    /// The league the division belongs to.
    public var league: LeagueID
    /// The conference the division is in (`American League`, `Eastern`); nil for a conference itself, or in a
    /// season played without conferences.
    public var conference: String?
    /// The division's name (`AL East`, `Metropolitan`), or the conference's when it is one.
    public var name: String
    /// The canonical ids of its teams that season.
    public var teamIds: [TeamID]

    /// A stable id: `mlb_al_east`, `nhl_metropolitan` (`nhl_2020_north` for a division of one season only).
    public var id: String {
        "\(league.rawValue)_" + name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "_")
    }
}

extension Catalog {
    /// The divisions of a league in a season (empty for seasons the structure does not cover: before 1969 in MLB,
    /// 2000-01 in the NBA, 1998-99 in the NHL).
    public func divisions(of league: LeagueID, in season: Int) -> [Division] {
        var divisions: [String: Division] = [:]
        for membership in self.league(league)?.structure ?? [] where membership.holds(in: season) {
            divisions[
                membership.division,
                default: Division(
                    league: league, conference: membership.conference,
                    name: membership.division, teamIds: [])
            ]
            .teamIds.append(membership.team)
        }
        return divisions.values.sorted { ($0.conference ?? "", $0.name) < ($1.conference ?? "", $1.name) }
    }

    /// The conferences of a league in a season (the American and National Leagues in baseball), each as a group of
    /// its divisions' teams, named by the conference.
    public func conferences(of league: LeagueID, in season: Int) -> [Division] {
        let byConference = Dictionary(
            grouping: divisions(of: league, in: season).filter { $0.conference != nil },
            by: { $0.conference! })
        return byConference.sorted { $0.key < $1.key }.map { name, divisions in
            Division(league: league, conference: nil, name: name, teamIds: divisions.flatMap(\.teamIds))
        }
    }

    /// The league's teams in a season.
    public func teamIds(of league: LeagueID, in season: Int) -> [TeamID] {
        (self.league(league)?.structure ?? []).filter { $0.holds(in: season) }.map(\.team).sorted()
    }
}

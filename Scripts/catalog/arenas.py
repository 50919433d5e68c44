"""NBA and NHL buildings, teams and tenancies from the curated venue tables, and lookups the game loaders share."""
from collections import defaultdict
from datetime import date, timedelta

from common import BuildError, curated, end_of, iso, name_key, parse_date, raw, read_csv, slug

HOME_USAGES = ("home", "shared_home", "temporary_home")
CURRENT_SEASON = 2025  # the curated tables run through 2025-26
DATED_USAGES = ("neutral", "outdoor", "bubble", "neutral_preseason")


class UnknownVenue(Exception):
    """A game at a neutral site the sources do not name; it is left out of the index (docs/DATA.md)."""


class Teams:
    """Canonical teams of one league with their names and aliases by date."""

    def __init__(self, sport):
        self.sport = sport
        self.teams = {}
        self.index = defaultdict(list)  # name key -> [(team id, from, to)]

    def add(self, code, name, city, start, stop):
        team_id = f"team_{self.sport}_{code}"
        team = self.teams.setdefault(team_id, {"id": team_id, "sport": self.sport, "names": [], "aliases": []})
        team["names"].append({"name": name, "city": city, "from": iso(start), "to": iso(stop)})
        self.alias(team_id, name, "name", start, stop)
        return team_id

    def alias(self, team_id, alias, kind, start, stop):
        entry = {"alias": alias, "kind": kind, "from": iso(start), "to": iso(stop)}
        if entry not in self.teams[team_id]["aliases"]:
            self.teams[team_id]["aliases"].append(entry)
        self.index[name_key(alias)].append((team_id, start or date.min, stop or date.max))

    def resolve(self, text, day):
        matches = {t for t, start, stop in self.index.get(name_key(text), []) if start <= day <= stop}
        if len(matches) != 1:
            raise BuildError(f"{self.sport} team {text!r} on {day}: {sorted(matches) or 'unknown'}")
        return matches.pop()

    def finished(self):
        for team in self.teams.values():
            team["names"].sort(key=lambda n: n["from"] or "")
            team["aliases"].sort(key=lambda a: (a["kind"], a["alias"], a["from"] or ""))
        return sorted(self.teams.values(), key=lambda t: t["id"])


def nba_teams():
    teams = Teams("nba")
    codes = {r["nba_team_id"]: r["code"] for r in curated("nba-teams.csv")}
    for row in read_csv(raw("nba-kaggle-eoinamoore", "TeamHistories.csv")):
        if row["teamId"] not in codes:
            continue
        start = date(int(row["seasonFounded"]), 7, 1)
        stop = None if row["seasonActiveTill"] == "2100" else date(int(row["seasonActiveTill"]) + 1, 6, 30)
        team_id = teams.add(codes[row["teamId"]], f"{row['teamCity']} {row['teamName']}", row["teamCity"], start, stop)
        teams.alias(team_id, row["teamAbbrev"].strip(), "nbaAbbreviation", start, stop)
        teams.alias(team_id, row["teamId"], "nbaStatsId", None, None)
    # Names other sources use for the same teams.
    teams.alias("team_nba_nop", "New Orleans/Oklahoma City Hornets", "name", date(2005, 7, 1), date(2007, 6, 30))
    teams.alias("team_nba_lac", "LA Clippers", "name", date(2015, 7, 1), None)
    # Basketball-Reference's own codes (CHO, BRK, PHO), which its pages use in links (the scraped score tier).
    for row in curated("basketball-reference-codes.csv"):
        start = parse_date(row["from"]) if row["from"] else None
        stop = parse_date(row["to"]) if row["to"] else None
        teams.alias(f"team_nba_{row['team']}", row["code"], "basketballReference", start, stop)
    return teams


def nhl_teams():
    teams = Teams("nhl")
    for row in curated("nhl-teams.csv"):
        start, stop = parse_date(row["from"]), parse_date(row["to"]) if row["to"] else None
        team_id = teams.add(row["code"], row["name"], row["city"], start, stop)
        for abbreviation in row["abbreviations"].split(";"):
            teams.alias(team_id, abbreviation, "abbreviation", start, stop)
    # The 1972-96 Jets as the curated tenancy table names them.
    teams.alias("team_nhl_ari", "Winnipeg Jets (1972-96)", "name", date(1979, 7, 1), date(1996, 6, 30))
    for row in read_csv(raw("nhl-kaggle-game-2010-2019", "team_info.csv")):
        when = date(2011, 1, 1) if row["abbreviation"] in ("PHX", "ATL") else date(2018, 1, 1)
        teams.alias(teams.resolve(row["abbreviation"], when), row["team_id"], "nhlStatsId", None, None)
    return teams


def is_day(text, any_precision=False):
    return bool(text) and (any_precision or len(text) == 10)


class Arenas:
    """The curated NBA/NHL buildings: ids, names by date, coordinates, tenancies, and the lookups games need."""

    def __init__(self, mlb_venue_ids, nba, nhl):
        self.teams = {"nba": nba, "nhl": nhl}
        self.rows = {r["venue_key"]: r for r in read_csv(raw("curated-venues", "venues.csv"))}
        # Buildings the raw table lacks (a game abroad it never saw), each row citing its source.
        for r in curated("venues-extra.csv"):
            if r["venue_key"] in self.rows or not r["source"].strip():
                raise BuildError(f"curated/venues-extra.csv: {r['venue_key']!r} is in the raw table or has no source")
            self.rows[r["venue_key"]] = r
        shared = {r["curated_venue_key"]: r["retrosheet_park_id"] for r in curated("shared-buildings.csv")}
        self.mlb_park_of = shared
        self.id_of = {}
        for key, row in self.rows.items():
            if key in shared:
                self.id_of[key] = mlb_venue_ids[shared[key]]
            else:
                sport = "nba" if "nba" in row["league_uses"].split(";") else "nhl"
                self.id_of[key] = f"stadium_{sport}_{slug(key.replace('-', ' '))}"
        self.names = defaultdict(list)  # venue key -> official names
        self.aliases = defaultdict(list)
        self.name_index = defaultdict(list)  # name key -> [(venue key, from, to)]
        for row in read_csv(raw("curated-venues", "venue_names.csv")):
            start = parse_date(row["valid_from"]) if row["valid_from"] else None
            stop = end_of(row["valid_to"]) if row["valid_to"] else None
            entry = {"name": row["name"].strip(), "from": iso(start), "to": iso(stop)}
            (self.names if row["name_type"] == "official" else self.aliases)[row["venue_key"]].append(entry)
            self.name_index[name_key(row["name"])].append((row["venue_key"], start or date.min, stop or date.max))
        # Real names for the buildings the raw table knows only by their observed strings (neutral, outdoor and
        # preseason sites), each row citing its source. Display names only: game files still resolve through the raw
        # names and aliases, so no game moves.
        named_in_raw = {key for key, entries in self.names.items() if entries}
        for row in curated("venue-names.csv"):
            key = row["venue_key"]
            if key not in self.rows:
                raise BuildError(f"curated/venue-names.csv: unknown venue {key!r}")
            if key in named_in_raw:
                raise BuildError(f"curated/venue-names.csv: {key!r} already has official names in the raw table")
            start = parse_date(row["from"]) if row["from"] else None
            stop = end_of(row["to"]) if row["to"] else None
            self.names[key].append({"name": row["name"], "from": iso(start), "to": iso(stop)})
        self.tenancies = self._tenancies(read_csv(raw("curated-venues", "tenancies.csv")))
        # Points found for buildings the curated table left Google-only (its terms forbid shipping those).
        self.coordinate_fixes = {r["venue_key"]: r for r in curated("venue-coordinates.csv")}
        # Seasons split between two homes, where the game file names only the games at one of them.
        self.split_defaults = {(nhl.resolve(r["team"], date(int(r["season"]), 12, 1)), int(r["season"])): r["venue_key"]
                               for r in curated("split-seasons.csv")}

    # MARK: lookups for game loaders

    def venue_named(self, text, day):
        """The venue a game file names ("TD Garden", "at Rogers Place (Edmonton AB)") on a date."""
        key = name_key(text)
        matches = {v for v, start, stop in self.name_index.get(key, []) if start <= day <= stop}
        if not matches:
            matches = {v for v, _, _ in self.name_index.get(key, [])}
        if len(matches) != 1:
            raise BuildError(f"venue name {text!r} on {day}: {sorted(matches) or 'unknown'}")
        return matches.pop()

    def venue_of_home_game(self, sport, team_id, day, season):
        """Where a team played a home game: a dated neutral/outdoor/bubble row first, else its home that season.

        Raises UnknownVenue for a neutral-site game whose building the curated tables could not name."""
        dated = [t for t in self.tenancies[sport] if t["usage"] in DATED_USAGES and t["start"] <= day <= t["stop"]]
        own = [t for t in dated if t["teamId"] == team_id]
        league_wide = [t for t in dated if t["teamId"] is None and t["venue"]]
        if own:
            chosen = min(own, key=lambda t: t["stop"] - t["start"])
            if not chosen["venue"]:
                raise UnknownVenue(f"{team_id} on {day}: {chosen['note']}")
            return chosen["venue"]
        if len(league_wide) == 1:  # the 2020 NBA bubble; the two 2020 NHL hubs need the game file's note
            return league_wide[0]["venue"]
        homes = self._home_rows(sport, team_id, day, season)
        if len(homes) > 1:
            # A temporary home replaces the usual one for its span (the Raptors in Tampa in 2020-21).
            homes = ([t for t in homes if t["usage"] == "temporary_home"]
                     or [t for t in homes if t["usage"] == "home"] or homes)
        if len(homes) > 1 and (team_id, season) in self.split_defaults:
            homes = [t for t in homes if t["venue"] == self.split_defaults[(team_id, season)]]
        if len(homes) != 1:
            raise BuildError(f"{team_id} home game on {day} (season {season}): "
                             f"{sorted(t['venue'] for t in homes) or 'no home venue'}")
        return homes[0]["venue"]

    def home_venues(self, sport, team_id, day, season):
        """Every building that was a home of the team then (a split season has two)."""
        return {t["venue"] for t in self._home_rows(sport, team_id, day, season)}

    def _home_rows(self, sport, team_id, day, season):
        return [t for t in self.tenancies[sport] if t["teamId"] == team_id and t["usage"] in HOME_USAGES
                and t["fromSeason"] <= season <= t["toSeason"] and t["start"] <= day <= t["stop"]]

    def _tenancies(self, rows):
        result = {"nba": [], "nhl": []}
        moves = {(m["team"], m["venue_key"]): m for m in curated("arena-moves.csv")}
        for row in rows:
            move = moves.get((row["team"], row["venue_key"])) if row["usage"] in HOME_USAGES else None
            if move:
                row = {**row, "from_date": move["from_date"] or row["from_date"], "to_date": move["to_date"] or row["to_date"]}
            from_season = int(row["from_season"][:4])
            to_season = int(row["to_season"][:4])
            # Month- or year-precise dates of a home tenancy are approximations: the season bounds are the fact.
            exact = row["usage"] not in HOME_USAGES
            start = parse_date(row["from_date"]) if is_day(row["from_date"], exact) else date(from_season, 7, 1)
            stop = end_of(row["to_date"]) if is_day(row["to_date"], exact) else date(to_season + 1, 6, 30)
            if row["usage"] in HOME_USAGES and not row["to_date"] and to_season >= CURRENT_SEASON:
                stop, to_season = date.max, 9999  # still the team's home
            team = None
            if not row["team"].startswith(("NBA ", "NHL ", "(no home team")):
                team = self.teams[row["league"]].resolve(row["team"], start + (stop - start) / 2)
            result[row["league"]].append({
                "teamId": team, "venue": row["venue_key"] or None, "usage": row["usage"], "start": start,
                "stop": stop, "fromSeason": from_season, "toSeason": to_season, "note": row["note"],
            })
        return result

    # MARK: catalog records

    def venue_records(self, used_keys):
        """Records for every curated building, except the ones that are MLB parks (merged there)."""
        records = []
        for key, row in sorted(self.rows.items()):
            if key in self.mlb_park_of:
                continue
            records.append(self._record(key, row))
        return records

    def tenants_of(self, key):
        tenants = []
        for sport, rows in self.tenancies.items():
            for t in rows:
                if t["venue"] == key:
                    tenants.append({"teamId": t["teamId"], "sport": sport, "from": iso(t["start"]),
                                    "to": iso(t["stop"]) if t["stop"] != date.max else None,
                                    "usage": t["usage"]})
        return sorted(tenants, key=lambda t: (t["from"], t["sport"], t["teamId"] or ""))

    def _record(self, key, row):
        fix = self.coordinate_fixes.get(key)
        if fix:
            row = {**row, "latitude": fix["latitude"], "longitude": fix["longitude"],
                   "coord_status": fix["coordinate_status"], "coord_sources": fix["sources"]}
        google_only = row["coord_status"] == "single_source_google_restricted"
        has_point = bool(row["latitude"]) and not google_only
        names = sorted(self.names[key], key=lambda n: n["from"] or "") or [{"name": key, "from": None, "to": None}]
        opened = parse_date(row["opened"]) if row["opened"] else None
        closed = end_of(row["closed"]) if row["closed"] else None
        if names[0]["from"] is None and opened:
            names[0]["from"] = iso(opened)
        return {
            "id": self.id_of[key], "curated": key, "names": names,
            "aliases": sorted(self.aliases[key], key=lambda a: (a["name"], a["from"] or "")),
            "city": row["city"], "region": row["region"], "country": row["country"],
            "latitude": float(row["latitude"]) if has_point else None,
            "longitude": float(row["longitude"]) if has_point else None,
            "coordinateStatus": row["coord_status"] if has_point else "missing",
            "coordinateSources": [row["coord_sources"]] if has_point else [],
            "timeZone": row["iana_tz"], "opened": iso(opened), "closed": iso(closed),
            "tenants": self.tenants_of(key),
            "note": ("Google-geocoded point withheld (its terms forbid redistribution)" if google_only else None),
        }

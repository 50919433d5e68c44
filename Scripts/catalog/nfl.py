"""The NFL from 2000: games, teams and stadiums (its conferences and divisions are in `curated/league-structure.csv`).

Games, final scores, stadium names as they were, neutral sites and playoffs come from spreadspoke
(`nfl-spreadspoke-1966-2025`); kickoff times (US Eastern) from nflschedule (`nfl-nflschedule-pypi-1999-2021`), joined on
date and home team. Every game inside the coverage of the second source, nflverse's `games.csv` (the trimmed extract in
`sources/nflverse-games`), is compared with it field by field and each disagreement settled by a third source in
`curated/nfl-disagreements.csv` (`nflverse.py`); the games after spreadspoke's snapshot, and the kickoffs nflschedule
lacks, come from nflverse. Kickoffs both sources give wrong (the London morning games written as evening, ABC's 9 p.m.
Monday Night Football written as 09:00 in 2000-2005) are corrected from `curated/nfl-kickoffs.csv`. The spreadspoke stadium strings name buildings through `curated/nfl-stadium-strings.csv`; the
buildings themselves (coordinates with their sources, zones, opening and closing, names by date) are in
`curated/nfl-stadiums.csv` and `curated/nfl-stadium-names.csv`. `nfl_stadiums.csv` is not read: its coordinates are
weather stations (its SOURCE.md). A stadium another league already plays in keeps that venue's id.

A home game at a building that is not the home team's home that season, and not flagged neutral, is a question only a
person can settle (a snowstorm moved it, or the row is wrong): it must be listed in `curated/nfl-game-sites.csv`, or
the build stops.
"""
from collections import Counter, defaultdict
from datetime import date, datetime, timedelta

from common import BuildError, curated, end_of, iso, parse_date, raw, read_csv, slug
from nflverse import NFLverse, kickoff_utc

FIRST_SEASON = 2000
SOURCE = "spreadspoke"
SECOND = "nflverse"
# Canonical codes follow the franchise: the raw file's team_id, lower-case, except the Raiders, who are Las Vegas now.
CODES = {"OAK": "lv"}
# nflverse abbreviations (nflschedule) -> raw team_id.
NFLVERSE = {"JAC": "JAX", "LA": "LAR", "LV": "OAK", "LVR": "OAK", "OAK": "OAK", "SD": "LAC", "STL": "LAR"}
STATUS_RANK = {"missing": 0, "single_source": 1, "verified_two_wikipedia_editions": 2, "sources_agree": 3,
               "verified_independent": 4}


def league_year(season):
    """The NFL's year, March to February: a name or tenancy of a season holds through its playoffs."""
    return date(season, 3, 1), date(season + 1, 3, 1) - timedelta(days=1)


class Clocks:
    """Kickoffs nflschedule and nflverse agree on but get wrong, from `curated/nfl-kickoffs.csv`: a row names a game
    (its nflverse id), the clock both sources give and the kickoff that holds (US Eastern, with its sources), or is a
    rule (`game` `*`): in its seasons, on its days of the week, the clock both sources give means the kickoff. A game
    row whose game now has another clock, a clock a rule names on a day it does not, and a row that corrects nothing
    stop the build."""
    DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

    def __init__(self):
        self.rows = curated("nfl-kickoffs.csv")
        self.games, self.rules = {}, []
        for row in self.rows:
            for field in ("sources", "kickoff"):
                if len(row[field]) != 5 or row[field][2] != ":":
                    raise BuildError(f"curated/nfl-kickoffs.csv: {row['game']} {field} {row[field]!r} is not HH:MM")
            if not row["source"].strip():
                raise BuildError(f"curated/nfl-kickoffs.csv: {row['game']} cites no source")
            if row["game"] == "*":
                first, last = (int(s) for s in row["seasons"].split("-"))
                days = row["days"].split()
                if not days or any(d not in self.DAYS for d in days):
                    raise BuildError(f"curated/nfl-kickoffs.csv: rule {row['seasons']}: days {row['days']!r}")
                self.rules.append((first, last, days, row))
            else:
                self.games[row["game"]] = row
        self.applied = Counter()  # id(row) -> games corrected

    def correct(self, game_id, season, day, clock):
        """The kickoff clock a game gets: the sources' clock, or the curated correction."""
        row = self.games.get(game_id)
        if row is not None:
            if clock != row["sources"]:
                raise BuildError(f"curated/nfl-kickoffs.csv: {game_id} records {row['sources']!r}, the sources now "
                                 f"give {clock!r}")
            self.applied[id(row)] += 1
            return row["kickoff"]
        for first, last, days, rule in self.rules:
            if first <= season <= last and clock == rule["sources"]:
                weekday = self.DAYS[day.weekday()]
                if weekday not in days:
                    raise BuildError(f"curated/nfl-kickoffs.csv: {game_id or iso(day)} reads {clock} on a {weekday}, "
                                     f"a day the rule for {rule['seasons']} does not name")
                self.applied[id(rule)] += 1
                return rule["kickoff"]
        return clock

    def check_all_used(self):
        unused = [row["game"] if row["game"] != "*" else row["seasons"] for row in self.rows if not self.applied[id(row)]]
        if unused:
            raise BuildError(f"curated/nfl-kickoffs.csv: rows that correct no game: {unused}")


class NFL:
    def __init__(self):
        teams_csv = read_csv(raw("nfl-spreadspoke-1966-2025", "nfl_teams.csv"))
        self.team_rows = teams_csv
        self.raw_id = {r["team_name"]: r["team_id"] for r in teams_csv}
        for row in curated("nfl-team-names.csv"):
            self.raw_id[row["name"]] = row["team_id"]
        self.pfr = {r["team_id"]: r["team_id_pfr"] for r in teams_csv}
        self.stadiums = {r["venue_key"]: r for r in curated("nfl-stadiums.csv")}
        self.strings = defaultdict(list)  # stadium string -> [(first day, last day, venue key)]
        for r in curated("nfl-stadium-strings.csv"):
            self.strings[r["stadium"]].append(
                (parse_date(r["from"]) or date.min, end_of(r["to"]) if r["to"] else date.max, r["venue_key"]))
        self.names = defaultdict(list)
        for row in curated("nfl-stadium-names.csv"):
            if row["venue_key"] not in self.stadiums or not row["source"].strip():
                raise BuildError(f"curated/nfl-stadium-names.csv: {row['venue_key']!r} is unknown or cites no source")
            self.names[row["venue_key"]].append(row)
        self.sites = {(r["date"], r["home"], r["away"]): r for r in curated("nfl-game-sites.csv")}
        self.rows = [r for r in read_csv(raw("nfl-spreadspoke-1966-2025", "spreadspoke_scores.csv.gz"))
                     if int(r["schedule_season"]) >= FIRST_SEASON]
        self.skipped = []
        self.kickoffs = self._kickoffs()
        self.nflverse = NFLverse()
        self.settled = []  # the curated rows of the disagreements met, in game order
        self.clocks = Clocks()
        self.checked = defaultdict(Counter)  # season -> how each game stands against nflverse

    def stadium(self, text, day):
        """The building a spreadspoke stadium string means on a day (it sometimes uses a later building's name)."""
        keys = [key for first, last, key in self.strings.get(text, []) if first <= day <= last]
        return keys[0] if len(keys) == 1 else None

    def team_id(self, name):
        raw_id = self.raw_id.get(name)
        if raw_id is None:
            raise BuildError(f"NFL: unknown team name {name!r}; add it to curated/nfl-team-names.csv")
        return self.team_of(raw_id)

    def _kickoffs(self):
        """(local date, home raw team_id) -> kickoff, the US-Eastern `HH:MM` clock time (`kickoff_utc` makes it UTC)."""
        kickoffs = {}
        for row in read_csv(raw("nfl-nflschedule-pypi-1999-2021", "schedule.csv")):
            if not row["gametime"]:
                continue
            day = date.fromisoformat(row["gameday"])
            kickoffs[(day, NFLVERSE.get(row["home_team"], row["home_team"]))] = row["gametime"]
        return kickoffs

    # MARK: games

    def games(self):
        """The games, each at a stadium key (``venues`` turns the keys into venue ids): spreadspoke's, checked against
        nflverse, then nflverse's after spreadspoke's snapshot."""
        games = []
        matched = set()
        results = [datetime.strptime(r["schedule_date"], "%m/%d/%Y").date() for r in self.rows if r["score_home"]]
        snapshot = max(results)  # spreadspoke's last day with a result
        latest = {}  # raw team id -> the name spreadspoke uses for it last
        for row in self.rows:
            for name in (row["team_home"], row["team_away"]):
                if row["score_home"] and name in self.raw_id:
                    latest[self.raw_id[name]] = name
        for row in self.rows:
            season = int(row["schedule_season"])
            day = datetime.strptime(row["schedule_date"], "%m/%d/%Y").date()
            if not row["stadium"] or not row["score_home"]:
                # Rows after the snapshot: nflverse's games stand for them (below) where its extract reaches.
                if not self.nflverse.covered(season, day):
                    self.skipped.append(f"nfl {row['schedule_date']} {row['team_away']} at {row['team_home']}: "
                                        "no stadium or score in the source yet")
                continue
            self.team_id(row["team_home"]), self.team_id(row["team_away"])  # unknown names stop the build
            home_raw, away_raw = self.raw_id[row["team_home"]], self.raw_id[row["team_away"]]
            site = self.sites.get((iso(day), row["team_home"], row["team_away"]))
            if site and site["played_on"]:
                day = parse_date(site["played_on"])
            second = self.nflverse.match(season, day, home_raw, away_raw)
            key = site["venue_key"] if site else self.stadium(row["stadium"], day)
            if key is None:
                raise BuildError(f"NFL: stadium {row['stadium']!r} is not in curated/nfl-stadium-strings.csv")
            game = {
                "sport": "nfl", "date": day, "gameNumber": 0, "venueKey": key,
                "home": home_raw, "away": away_raw,
                "homeScore": int(row["score_home"]), "awayScore": int(row["score_away"]),
                "startUTC": None, "dayNight": None,
                "seasonType": "postseason" if row["schedule_playoff"] == "TRUE" else "regular",
                "season": season, "neutralSite": row["stadium_neutral"] == "TRUE",
                "source": SOURCE, "listed": bool(site),
                # spreadspoke's week ("1" … "18", "Wildcard", "Division", "Conference", "Superbowl"), and nflverse's
                # week number: the Super Bowl for the moments (moments.py)
                "weekLabel": row["schedule_week"], "nflverseWeek": second["week"] if second else None,
                # nflverse's own game (its home team as it lists it): who started and coached, for the lineups
                "nflverse": (second["id"], second["home"]) if second else None,
            }
            clock = self.kickoffs.get((day, home_raw))
            if second is not None:
                matched.add(second["id"])
                clock = self._compare(game, second, clock)
            elif self.nflverse.covered(season, day):
                ref = f"spreadspoke {iso(day)} {away_raw} at {home_raw}"
                if self.nflverse.settle(ref, "missing", "present", "absent", self.settled) == "drop":
                    self.checked[season]["dropped"] += 1
                    continue
                self.checked[season]["settled"] += 1
            else:
                self.checked[season]["spreadspoke only"] += 1
            clock = self.clocks.correct(second["id"] if second else None, season, game["date"], clock)
            game["startUTC"] = kickoff_utc(game["date"], clock) if clock and clock != "-" else None
            games.append(game)
        for second in self.nflverse.games:
            if second["id"] in matched:
                continue
            if second["day"] <= snapshot:
                if self.nflverse.settle(second["id"], "missing", "absent", "present", self.settled) == "drop":
                    self.checked[second["season"]]["dropped"] += 1
                    continue
                self.checked[second["season"]]["settled"] += 1
            else:
                self.checked[second["season"]]["nflverse only"] += 1
            games.append(self._second_only(second, latest))
        self.nflverse.check_all_used()
        self.clocks.check_all_used()
        for g in games:
            g["home"], g["away"] = self.team_of(g["home"]), self.team_of(g["away"])
        self._check_homes(games)
        return games

    def team_of(self, raw_id):
        return f"team_nfl_{CODES.get(raw_id, raw_id.lower())}"

    def _compare(self, game, second, clock):
        """Settles each field spreadspoke (with the curated game sites) and nflverse disagree on; returns the kickoff
        clock (US Eastern) the game gets."""
        gid, log, before = second["id"], self.settled, len(self.settled)
        settle = self.nflverse.settle
        if game["date"] != second["day"]:
            game["date"] = date.fromisoformat(settle(gid, "date", iso(game["date"]), iso(second["day"]), log))
            clock = self.kickoffs.get((game["date"], game["home"]), clock)
        if game["home"] != second["home"]:
            if settle(gid, "home", game["home"], second["home"], log) != game["home"]:
                game["home"], game["away"] = game["away"], game["home"]
                game["homeScore"], game["awayScore"] = game["awayScore"], game["homeScore"]
                game["listed"] = True
        ours = f"{game['homeScore']}-{game['awayScore']}"
        flipped = game["home"] != second["home"]
        theirs = (f"{second['awayScore']}-{second['homeScore']}" if flipped
                  else f"{second['homeScore']}-{second['awayScore']}")
        if ours != theirs:
            game["homeScore"], game["awayScore"] = (int(x) for x in settle(gid, "score", ours, theirs, log).split("-"))
        if game["neutralSite"] != second["neutral"]:
            value = settle(gid, "neutral", str(int(game["neutralSite"])), str(int(second["neutral"])), log)
            game["neutralSite"], game["listed"] = value == "1", True
        if not game["neutralSite"] and not second["neutral"]:
            key = self.nflverse.venue_key(second)
            if key != game["venueKey"]:
                game["venueKey"] = settle(gid, "stadium", game["venueKey"], key, log)
                game["listed"] = True
        if clock and second["clock"] and clock != second["clock"]:
            clock = settle(gid, "kickoff", clock, second["clock"], log)
        elif not clock and second["clock"] and second["homeScore"] is not None:
            clock = second["clock"]  # nflschedule ends with the 2021 regular season
        self.checked[game["season"]]["settled" if len(self.settled) > before else "agree"] += 1
        return clock

    def _second_only(self, second, latest):
        """A game only nflverse has (after spreadspoke's snapshot): its kickoff only once it has a final, since
        the clock of a game still to come can change; its site from nflverse unless it is abroad (then the curated
        game sites must name it)."""
        home_name, away_name = latest[second["home"]], latest[second["away"]]
        site = self.sites.get((iso(second["day"]), home_name, away_name))
        if site:
            key = site["venue_key"]
        elif second["neutral"]:
            key = None
            self.nflverse.unsettled.append(f"{second['id']}: a neutral site nflverse cannot name (it gives the home "
                                           "team's stadium for games abroad); list it in curated/nfl-game-sites.csv")
        else:
            key = self.nflverse.venue_key(second)
        final = second["homeScore"] is not None
        return {
            "sport": "nfl", "date": second["day"], "gameNumber": 0, "venueKey": key,
            "home": second["home"], "away": second["away"],
            "homeScore": second["homeScore"], "awayScore": second["awayScore"],
            "startUTC": kickoff_utc(second["day"], second["clock"]) if final and second["clock"] else None,
            "dayNight": None, "seasonType": "postseason" if second["postseason"] else "regular",
            "season": second["season"], "neutralSite": second["neutral"], "source": SECOND, "listed": bool(site),
            "weekLabel": None, "nflverseWeek": second["week"], "nflverse": (second["id"], second["home"]),
        }

    def crosscheck_doc(self):
        """Markdown for docs/DATA.md: per season, the games and how they stand against nflverse; then every
        disagreement met and the value that holds (the third sources are in curated/nfl-disagreements.csv)."""
        lines = ["| season | games | two sources agree | settled by a third source | spreadspoke only | "
                 "nflverse only |", "|---|---|---|---|---|---|"]
        for season in sorted(self.checked):
            c = self.checked[season]
            total = c["agree"] + c["settled"] + c["spreadspoke only"] + c["nflverse only"]
            lines.append(f"| {season} | {total} | {c['agree']} | {c['settled']} | {c['spreadspoke only']} | "
                         f"{c['nflverse only']} |")
        lines += ["", "| game (nflverse id) | field | spreadspoke (nflschedule for kickoffs) | nflverse | settled |",
                  "|---|---|---|---|---|"]
        lines += [f"| {r['game']} | {r['field']} | {r['spreadspoke']} | {r['nflverse']} | {r['settled']} |"
                  for r in self.settled]
        lines += ["", "Kickoffs both sources give wrong, corrected from `curated/nfl-kickoffs.csv` (US Eastern):", "",
                  "| game (nflverse id), or a rule | nflschedule and nflverse | kickoff | games |", "|---|---|---|---|"]
        for row in self.clocks.rows:
            what = row["game"] if row["game"] != "*" else f"rule: {row['seasons']}, {row['days']}"
            lines.append(f"| {what} | {row['sources']} | {row['kickoff']} | {self.clocks.applied[id(row)]} |")
        return "\n".join(lines)

    def homes(self, games):
        """Each team's home stadium by season: where most of its home games that were not at a neutral site were."""
        counts = defaultdict(Counter)
        for g in games:
            if not g["neutralSite"]:
                counts[(g["home"], g["season"])][g["venueKey"]] += 1
        return {key: counter.most_common(1)[0][0] for key, counter in counts.items()}

    def _check_homes(self, games):
        homes = self.homes(games)
        for g in games:
            if not g["neutralSite"] and not g["listed"] and g["venueKey"] != homes[(g["home"], g["season"])]:
                raise BuildError(f"NFL {iso(g['date'])}: {g['home']} at home in {g['venueKey']}, not its home that "
                                 f"season; list the game in curated/nfl-game-sites.csv with a source")

    # MARK: teams and structure

    def teams(self):
        """Teams with their names by league year, from the names the games use, and their codes at PFR."""
        seasons = defaultdict(lambda: defaultdict(list))  # team id -> name -> seasons
        for row in self.rows:
            for name in (row["team_home"], row["team_away"]):
                if name in self.raw_id:
                    seasons[self.team_id(name)][name].append(int(row["schedule_season"]))
        last = max(int(r["schedule_season"]) for r in self.rows)
        records = []
        for team_id, by_name in sorted(seasons.items()):
            spans = sorted((min(s), max(s), name) for name, s in by_name.items())
            short = next(r["team_name_short"] for r in self.team_rows if self.team_id(r["team_name"]) == team_id)
            raw_id = self.raw_id[spans[-1][2]]
            record = {"id": team_id, "sport": "nfl", "names": [], "aliases": []}
            city = None
            for first, final, name in spans:
                start = league_year(first)[0]
                stop = None if final == last else league_year(final)[1]
                # "Washington Commanders" keeps the city of the name before it.
                city = name[: -len(short)].strip() if name.endswith(short) else city or name
                record["names"].append({"name": name, "city": city, "from": iso(start), "to": iso(stop)})
                record["aliases"].append({"alias": name, "kind": "name", "from": iso(start), "to": iso(stop)})
            first_day = iso(league_year(spans[0][0])[0])
            record["aliases"].append({"alias": raw_id if raw_id != "OAK" else "LV", "kind": "nfl", "from": first_day, "to": None})
            record["aliases"].append({"alias": self.pfr[raw_id].lower(), "kind": "profootballReference",
                                      "from": first_day, "to": None})
            record["aliases"].sort(key=lambda a: (a["kind"], a["from"] or "", a["alias"]))
            records.append(record)
        return records

    # MARK: venues

    def venues(self, existing, games):
        """New venue records for stadiums no other league uses, and the NFL's tenancies, names, closing dates and
        better coordinates added to `existing` (venue id -> record) for the ones that are already there."""
        venue_id = self.venue_ids(existing)
        tenants = self._tenants(games, venue_id)
        new = []
        for key, row in sorted(self.stadiums.items()):
            record = existing.get(row["catalog_id"]) if row["catalog_id"] else None
            if record is None:
                record = {"id": venue_id[key], "names": [], "aliases": [], "city": row["city"], "region": row["region"],
                          "country": row["country"], "latitude": None, "longitude": None,
                          "coordinateStatus": "missing", "coordinateSources": [], "timeZone": row["iana_tz"],
                          "opened": iso(parse_date(row["opened"])), "closed": None, "tenants": [], "note": None,
                          "curated": key}
                new.append(record)
            if row["coordinate_status"]:
                record["closed"] = iso(end_of(row["closed"])) if row["closed"] else None
                self._better_point(record, row)
            self._names(record, key)
            record["tenants"] = sorted(record["tenants"] + tenants[key],
                                       key=lambda t: (t["from"] or "", t["sport"], t["teamId"] or ""))
        for g in games:
            g["venue"] = venue_id[g.pop("venueKey")]
            g.pop("listed")
        return new

    def venue_ids(self, existing):
        ids = {}
        for key, row in self.stadiums.items():
            if row["catalog_id"]:
                if row["catalog_id"] not in existing:
                    raise BuildError(f"curated/nfl-stadiums.csv: {key} names unknown venue {row['catalog_id']}")
                ids[key] = row["catalog_id"]
            else:
                ids[key] = f"stadium_nfl_{slug(key.replace('-', ' '))}"
        return ids

    @staticmethod
    def _better_point(record, row):
        """The researched point replaces the venue's when its evidence is at least as strong (docs/DATA.md)."""
        if STATUS_RANK[row["coordinate_status"]] >= STATUS_RANK.get(record["coordinateStatus"], 0):
            record["latitude"], record["longitude"] = float(row["latitude"]), float(row["longitude"])
            record["coordinateStatus"] = row["coordinate_status"]
            record["coordinateSources"] = [row["sources"]]

    def _names(self, record, key):
        """Names by date: the researched ones replace the venue's from their first date on (all of them, when they
        begin on the day the building opened)."""
        rows = sorted(self.names[key], key=lambda r: parse_date(r["from"]))
        if not rows:
            return
        first = parse_date(rows[0]["from"])
        opened = parse_date(self.stadiums[key]["opened"])
        kept = []
        for entry in record["names"] if first != opened else []:
            if entry["from"] and parse_date(entry["from"]) >= first:
                continue
            if entry["to"] is None or parse_date(entry["to"]) >= first:
                entry = {**entry, "to": iso(first - timedelta(days=1))}
            kept.append(entry)
        record["names"] = kept + [{"name": r["name"], "from": iso(parse_date(r["from"])),
                                   "to": iso(end_of(r["to"])) if r["to"] else None} for r in rows]

    def _tenants(self, games, venue_id):
        """Home tenancies by league year (a season alone between others elsewhere is a temporary home), and one
        dated tenancy for each game away from the home team's home (a neutral site, a moved game)."""
        homes = self.homes(games)
        last = max(g["season"] for g in games)
        tenants = defaultdict(list)
        by_team = defaultdict(dict)
        for (team, season), key in homes.items():
            by_team[team][season] = key
        for team, seasons in by_team.items():
            ordered = sorted(seasons.items())
            spans = []
            for season, key in ordered:
                if spans and spans[-1][2] == key and spans[-1][1] == season - 1:
                    spans[-1][1] = season
                else:
                    spans.append([season, season, key])
            for index, (first, final, key) in enumerate(spans):
                alone = first == final and 0 < index < len(spans) - 1
                tenants[key].append({"teamId": team, "sport": "nfl", "from": iso(league_year(first)[0]),
                                     "to": None if final == last else iso(league_year(final)[1]),
                                     "usage": "temporary_home" if alone else "home"})
        for g in games:
            if g["neutralSite"] or g["venueKey"] != homes[(g["home"], g["season"])]:
                tenants[g["venueKey"]].append({"teamId": g["home"], "sport": "nfl", "from": iso(g["date"]),
                                               "to": iso(g["date"]), "usage": "neutral"})
        return tenants

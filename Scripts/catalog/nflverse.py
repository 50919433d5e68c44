"""The NFL's second source: nflverse's `games.csv`, as the trimmed extract in `sources/nflverse-games` (its SOURCE.md).

Every spreadspoke game inside the extract's coverage (`coverage.csv`: days by season) is matched to an nflverse game
of the same season and the same two teams at most a day apart, and compared field by field: the date, which team was
at home, the final score, whether the site was neutral, the stadium (only where nflverse says Home: for games abroad
it names the home team's own stadium) and, where nflschedule gives one too, the kickoff. A game one source has and the
other lacks is a disagreement as well. Each disagreement must have a row in `curated/nfl-disagreements.csv` naming
the value that holds and the third source that says so, or the build stops.
"""
import os
from collections import defaultdict
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from common import BuildError, curated, iso, read_csv

FOLDER = os.path.join(os.path.dirname(__file__), "sources", "nflverse-games")
# nflverse team abbreviations -> spreadspoke team_id (nfl_teams.csv).
TEAMS = {"JAC": "JAX", "LA": "LAR", "LV": "OAK", "LVR": "OAK", "SD": "LAC", "STL": "LAR"}
FIELDS = ("missing", "date", "home", "score", "neutral", "stadium", "kickoff")
EASTERN = ZoneInfo("America/New_York")


def raw_team(code):
    return TEAMS.get(code, code)


def kickoff_utc(day, clock):
    """An nflverse or nflschedule `HH:MM` (US Eastern) on a day -> UTC datetime."""
    hour, minute = (int(part) for part in clock.split(":"))
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=EASTERN).astimezone(ZoneInfo("UTC"))


class NFLverse:
    def __init__(self):
        self.games = []
        for r in read_csv(os.path.join(FOLDER, "games.csv.gz")):
            season, week, away, home = r["game_id"].split("_")
            season, week = int(season), int(week)
            final = r["home_score"] != "" and r["away_score"] != ""
            self.games.append({
                "id": r["game_id"], "season": season, "week": week, "day": date.fromisoformat(r["gameday"]),
                "clock": r["gametime"], "away": raw_team(away), "home": raw_team(home),
                "awayScore": int(r["away_score"]) if final else None,
                "homeScore": int(r["home_score"]) if final else None,
                "neutral": r["location"] == "Neutral", "stadium": r["stadium_id"],
                "postseason": week > (18 if season >= 2021 else 17),
            })
        self.coverage = {int(r["season"]): (date.fromisoformat(r["first_day"]), date.fromisoformat(r["last_day"]))
                         for r in read_csv(os.path.join(FOLDER, "coverage.csv"))}
        self.stadium_keys = {r["stadium_id"]: r["venue_key"] for r in curated("nflverse-stadium-ids.csv")}
        self.settled = {}
        for r in curated("nfl-disagreements.csv"):
            if r["field"] not in FIELDS or not r["source"].strip() or r["settled"] == "":
                raise BuildError(f"curated/nfl-disagreements.csv: {r['game']} {r['field']}: unknown field, or no "
                                 "settled value or source")
            self.settled[(r["game"], r["field"])] = r
        self.used = set()
        self.unsettled = []  # every disagreement without a row, reported together
        self.by_pair = defaultdict(list)
        for g in self.games:
            self.by_pair[(g["season"], frozenset((g["home"], g["away"])))].append(g)

    def covered(self, season, day):
        span = self.coverage.get(season)
        return span is not None and span[0] <= day <= span[1]

    def match(self, season, day, home, away):
        """The nflverse game of a spreadspoke game (raw team ids), or None."""
        found = [g for g in self.by_pair.get((season, frozenset((home, away))), [])
                 if abs((g["day"] - day).days) <= 1]
        if len(found) > 1:
            raise BuildError(f"nflverse: {len(found)} games of {away} at {home} around {iso(day)}")
        return found[0] if found else None

    def venue_key(self, g):
        """The building nflverse names for a game it does not call neutral."""
        key = self.stadium_keys.get(g["stadium"])
        if key is None:
            raise BuildError(f"nflverse stadium id {g['stadium']!r} ({g['id']}) is not in "
                             "curated/nflverse-stadium-ids.csv")
        return key

    def settle(self, game, field, ours, theirs, log):
        """The settled value of a field the sources disagree on (as the table writes it), or a BuildError."""
        row = self.settled.get((game, field))
        if row is None:
            self.unsettled.append(f"{game},{field},{ours},{theirs}")
            return ours
        if (row["spreadspoke"], row["nflverse"]) != (ours, theirs):
            raise BuildError(f"curated/nfl-disagreements.csv: {game} {field} records {row['spreadspoke']!r} / "
                             f"{row['nflverse']!r}, the sources now say {ours!r} / {theirs!r}")
        self.used.add((game, field))
        log.append(row)
        return row["settled"]

    def check_all_used(self):
        if self.unsettled:
            raise BuildError(f"NFL: {len(self.unsettled)} disagreements between spreadspoke and nflverse are not "
                             "settled in curated/nfl-disagreements.csv (game,field,spreadspoke,nflverse):\n  "
                             + "\n  ".join(self.unsettled))
        unused = sorted(set(self.settled) - self.used)
        if unused:
            raise BuildError(f"curated/nfl-disagreements.csv: rows for no disagreement: {unused[:5]}")

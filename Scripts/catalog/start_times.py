"""Start times (tip-off, puck drop) for NBA and NHL games, from every source that gives one, compared.

A time is a claim of its source. The game files' own times (Basketball-Reference's, the NHL API's) are claims, and so
are the times of the extracts under `sources/` that give no game of their own (`nba-games-nbacom`,
`nhl-schedule-fastrhockey`, see their SOURCE.md). Every claim must meet exactly one game of the catalog. Where two
sources give a game's time they must agree to the minute, or `curated/start-time-disagreements.csv` must settle the
game (both claims as written there, the time that holds or `none`, two reports): a disagreement without a row, or a
row whose claims are not the sources' (or that settles nothing), stops the build. docs/DATA.md, "Start times", says
which source gives which season; the build writes its table.
"""
import os
from collections import Counter, defaultdict
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from common import BuildError, curated, parse_date

UTC = timezone.utc
SOURCES = os.path.join(os.path.dirname(__file__), "sources")


def iso_utc(moment):
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%MZ")


def parse_utc(text):
    return datetime.strptime(text, "%Y-%m-%dT%H:%MZ").replace(tzinfo=UTC)


class StartTimes:
    def __init__(self, arenas):
        self.arenas = arenas
        self.by_id = {}  # (sport, source id) -> [(source, utc)]
        self.by_teams = []  # (sport, source, home, away, utc, label)
        self.report = []  # rows of the doc table: settled disagreements

    def claim_by_id(self, sport, source, source_id, utc):
        """A time for the game whose game file gives it `source_id` (the NBA's game id in the NBA stats file)."""
        key = (sport, source_id)
        if any(s == source for s, _ in self.by_id.get(key, [])):
            raise BuildError(f"{source}: game {source_id} listed twice")
        self.by_id.setdefault(key, []).append((source, utc))

    def claim_by_teams(self, sport, source, home, away, utc, label, scores=None, game_id=None):
        """A time for the game of these teams on the day the time falls on in its venue's time zone. `scores`
        (home, away), when the source gives them, must be the game's, and so must `game_id` (the NBA's game id) when
        the game's own file gives one: a game met by mistake stops the build."""
        self.by_teams.append((sport, source, home, away, utc, label, scores, game_id))

    def apply(self, games):
        """Meets every claim with its game, compares, settles, and sets `startUTC`. Returns the doc table's rows."""
        def local_day(g, utc):
            return utc.astimezone(ZoneInfo(self.arenas.rows[g["venueKey"]]["iana_tz"])).date()

        claims = defaultdict(list)  # id(game) -> [(source, utc)]
        by_source_id = {}
        by_pair = defaultdict(list)
        for g in games:
            if g["startUTC"] is not None:
                claims[id(g)].append((g["source"], g["startUTC"]))
            if g.get("sourceId"):
                by_source_id[(g["sport"], g["sourceId"])] = g
            by_pair[(g["sport"], g["home"], g["away"])].append(g)
        for key, listed in sorted(self.by_id.items()):
            g = by_source_id.get(key)
            if g is None:
                raise BuildError(f"{listed[0][0]}: {key[0]} game {key[1]} is in no game file of the catalog")
            claims[id(g)] += listed
        for sport, source, home, away, utc, label, scores, game_id in self.by_teams:
            met = [g for g in by_pair[(sport, home, away)] if g["date"] == local_day(g, utc)]
            if len(met) != 1:
                raise BuildError(f"{source}: {label} ({home} v {away}, {iso_utc(utc)}) meets {len(met)} games of the catalog")
            if scores is not None and scores != (met[0]["homeScore"], met[0]["awayScore"]):
                raise BuildError(f"{source}: {label} scores {scores}, the catalog's game "
                                 f"{(met[0]['homeScore'], met[0]['awayScore'])} ({met[0]['source']})")
            if game_id is not None and met[0].get("sourceId") and met[0]["sourceId"] != game_id:
                raise BuildError(f"{source}: {label} met the {met[0]['source']} game {met[0]['sourceId']}")
            claims[id(met[0])].append((source, utc))

        settled = {}
        for r in curated("start-time-disagreements.csv"):
            key = (r["league"], parse_date(r["date"]), r["home"], r["away"])
            if key in settled:
                raise BuildError(f"curated/start-time-disagreements.csv: {r['date']} {r['home']} listed twice")
            if not (r["source_1"].strip() and r["source_2"].strip()):
                raise BuildError(f"curated/start-time-disagreements.csv: {r['date']} {r['home']} needs two reports")
            settled[key] = r
        used = set()
        unsettled = []
        for g in games:
            listed = claims.get(id(g))
            if not listed:
                continue
            sources = Counter(s for s, _ in listed)
            if max(sources.values()) > 1:
                raise BuildError(f"{g['sport']} {g['date']} {g['home']}: {sources.most_common(1)[0][0]} gives two times")
            values = {utc for _, utc in listed}
            key = (g["sport"], g["date"], g["home"], g["away"])
            g["startSources"] = sorted(s for s, _ in listed)
            if len(values) == 1:
                g["startUTC"] = values.pop()
                g["startAgreed"] = len(listed) > 1
                continue
            written = ";".join(f"{s}={iso_utc(utc)}" for s, utc in sorted(listed))
            row = settled.get(key)
            if row is None:
                unsettled.append(f"{g['sport']},{g['date']},{g['home']},{g['away']},{written}")
                continue
            if row["claims"] != written:
                raise BuildError(f"curated/start-time-disagreements.csv: {row['date']} {row['home']} says "
                                 f"{row['claims']!r}, the sources say {written!r}")
            used.add(key)
            g["startUTC"] = None if row["settled_utc"] == "none" else parse_utc(row["settled_utc"])
            g["startSettled"] = True
            self.report.append((g["sport"], g["date"].isoformat(), g["home"], g["away"], written, row["settled_utc"]))
        if unsettled:
            raise BuildError(f"{len(unsettled)} start times disagree with no row in curated/start-time-disagreements.csv "
                             "(league,date,home,away,claims):\n" + "\n".join(unsettled))
        unused = sorted(set(settled) - used)
        if unused:
            raise BuildError(f"curated/start-time-disagreements.csv: rows that settle no disagreement: {unused[:3]}")
        return self.report


def doc_table(games, label):
    """docs/DATA.md's start-time table: per NBA and NHL season, where the times come from and how many agree."""
    rows = defaultdict(lambda: {"games": 0, "timed": 0, "two": 0, "settled": 0, "sources": Counter()})
    for g in games:
        if g["sport"] not in ("nba", "nhl"):
            continue
        r = rows[(g["sport"], g["season"])]
        r["games"] += 1
        r["timed"] += g["startUTC"] is not None
        r["two"] += bool(g.get("startAgreed"))
        r["settled"] += bool(g.get("startSettled"))
        for s in g.get("startSources", []):
            r["sources"][s] += 1
    lines = ["| league | season | games | with a start time | sources of the times (games) | two sources agree | "
             "settled by reports |", "|---|---|---|---|---|---|---|"]
    for (sport, season), r in sorted(rows.items()):
        sources = ", ".join(f"{s} ({n})" for s, n in sorted(r["sources"].items())) or "none"
        lines.append(f"| {sport.upper()} | {label(season)} | {r['games']} | {r['timed']} | {sources} | {r['two']} | "
                     f"{r['settled']} |")
    return "\n".join(lines)

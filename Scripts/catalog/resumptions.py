"""Suspended MLB games finished on a later day: one game, two parts (issue #45).

Retrosheet's game logs date a suspended game by the day it started and give its completion in field 14
("yyyymmdd,park,vs,hs,len": the day it was completed, the park, the score and the outs at the suspension;
glfields.txt). The catalog keeps the game on its starting day; `game-resumptions.tsv` says where and when its second
part was played, so a photo at the finish can find it:

    gameId  date  venue  startUTC  source

one row per game suspended and completed on a later day, from FIRST_SEASON on, sorted by gameId. `date` is the local
date of the resumption, `venue` the canonical venue of the park where it resumed, `startUTC` the announced start of
the resumption in Unix seconds where two reports give it (empty otherwise), `source` `retrosheet` (the log alone) or
`retrosheet+reports` (the row of curated/mlb-resumptions.csv cites a report of the resumption that agrees).

The park: field 14's park where the log gives one (always from 2021 on); where it is empty, the park of the two
teams' other game on the completion day (a resumption is played before the clubs' next game, sometimes in the other
club's park: the 2014-08-31 Indians-Royals game started in Kansas City and was finished in Cleveland on 09-22); with no
other game that day, the park where the game started. curated/mlb-resumptions.csv holds a row per game with the date,
park and start the reports give; a row that disagrees with the log (date or park) must cite two reports, and a game
without a row, a row without its game, or a row without a report stops the build unless its note says no report was
found (those rows are written with the source `retrosheet`).
"""
import csv
import io
import os
import re
from collections import Counter, defaultdict
from datetime import datetime
from zoneinfo import ZoneInfo

from common import BuildError, curated, parse_date

FIRST_SEASON = 2000
HEADER = ["gameId", "date", "venue", "startUTC", "source"]
TABLE = "curated/mlb-resumptions.csv"


def game_id(g):
    code = lambda team: team.replace("team_mlb_", "")
    return (f"game_mlb_{g['season']}_{code(g['home'])}_{code(g['away'])}_{g['date']:%m%d}"
            + (f"_{g['gameNumber']}" if g["gameNumber"] else ""))


def from_logs(games):
    """Every Retrosheet game of FIRST_SEASON on completed on a later day, with the completion the log gives:
    {game id: {"game", "date", "park", "parkFrom"}} (`parkFrom`: field14, sameDayGame or started)."""
    by_day = defaultdict(list)
    for g in games:
        by_day[g["date"]].append(g)
    found = {}
    for g in games:
        if g["season"] < FIRST_SEASON or not g.get("completion"):
            continue
        parts = g["completion"].split(",")
        day = parse_date(parts[0])
        if day <= g["date"]:
            raise BuildError(f"{game_id(g)}: Retrosheet field 14 {g['completion']!r} is not a later day")
        if len(parts) > 1 and parts[1]:
            park, how = parts[1], "field14"
        else:
            pair = {g["home"], g["away"]}
            parks = {o["park"] for o in by_day[day] if {o["home"], o["away"]} == pair}
            if len(parks) > 1:
                raise BuildError(f"{game_id(g)}: the teams played at {sorted(parks)} on {day}; say which in {TABLE}")
            park, how = (parks.pop(), "sameDayGame") if parks else (g["park"], "started")
        found[game_id(g)] = {"game": g, "date": day, "park": park, "parkFrom": how}
    return found


def build(games, park_ids, time_zones):
    """The rows of game-resumptions.tsv (sorted) and the figures docs/DATA.md quotes."""
    logs = from_logs(games)
    rows = {r["game_id"]: r for r in curated("mlb-resumptions.csv")}
    if len(rows) != len(curated("mlb-resumptions.csv")):
        raise BuildError(f"{TABLE}: a game has two rows")
    problems = [f"{gid}: no row in {TABLE} (Retrosheet: completed {c['date']} at {c['park']})"
                for gid, c in sorted(logs.items()) if gid not in rows]
    problems += [f"{TABLE}: {gid} is not a game Retrosheet completes on a later day" for gid in sorted(rows) if gid not in logs]
    out, figures = [], Counter()
    for gid, c in sorted(logs.items()):
        row = rows.get(gid)
        if row is None:
            continue
        if row["retrosheet"] != f"{c['date']:%Y-%m-%d} {c['park']}":
            problems.append(f"{TABLE}: {gid} records Retrosheet as {row['retrosheet']!r}, the log says "
                            f"'{c['date']:%Y-%m-%d} {c['park']}' ({c['parkFrom']})")
            continue
        day, park = parse_date(row["date"]), row["park"]
        differs = (day, park) != (c["date"], c["park"])
        reports = [s for s in (row["source_1"], row["source_2"]) if s.strip()]
        if differs and len(reports) < 2:
            problems.append(f"{TABLE}: {gid} departs from Retrosheet ({row['date']} {park}) with fewer than two reports")
        if not reports and not row["note"].startswith("no report"):
            problems.append(f"{TABLE}: {gid} cites no report and its note does not begin 'no report'")
        if park not in park_ids:
            problems.append(f"{TABLE}: {gid}: park {park} is not a park of the catalog")
            continue
        start = ""
        if row["start_local"]:
            if len(reports) < 2:
                problems.append(f"{TABLE}: {gid}: a start needs two reports")
            hour, minute = map(int, re.fullmatch(r"(\d{1,2}):(\d{2})", row["start_local"]).groups())
            local = datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZoneInfo(time_zones[park]))
            start = str(int(local.timestamp()))
        out.append([gid, day.isoformat(), park_ids[park], start, "retrosheet+reports" if reports else "retrosheet"])
        g = c["game"]
        figures["games"] += 1
        figures["later day" if (day - g["date"]).days > 1 else "next day"] += 1
        figures["other park"] += park != g["park"]
        figures["with start"] += bool(start)
        figures["checked"] += bool(reports)
        figures["settled"] += differs
        figures["postseason"] += g["seasonType"] == "postseason"
    if problems:
        raise BuildError("suspended games:\n  " + "\n  ".join(problems))
    return out, figures


def write(path, rows):
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter="\t", lineterminator="\n")
    writer.writerow(HEADER)
    writer.writerows(rows)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(buffer.getvalue())

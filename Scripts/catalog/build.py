#!/usr/bin/env python3
"""Build StadiumLog's bundled catalog (Resources/Catalog) from the raw sources in ../shared/data/raw.

    python3 Scripts/catalog/build.py [OUTPUT_DIR]

Same inputs give byte-identical outputs. Sources, joins and formats: docs/DATA.md.
"""
import json
import os
import sys
from collections import Counter, defaultdict
from datetime import date

sys.path.insert(0, os.path.dirname(__file__))
from arena_games import ArenaGames  # noqa: E402
from arenas import Arenas, nba_teams, nhl_teams  # noqa: E402
from common import BuildError, curated  # noqa: E402
from leagues import league_structure  # noqa: E402
from mlb import MLB, team_id  # noqa: E402

FORMAT = "stadiumlog-games 2"
COLUMNS = ["date", "gameNumber", "venue", "home", "away", "homeScore", "awayScore", "startUTC", "dayNight",
           "seasonType", "season", "neutralSite", "source", "minutes"]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "Resources", "Catalog")
    os.makedirs(out, exist_ok=True)

    mlb = MLB()
    mlb_games = mlb.load_games()
    nba, nhl = nba_teams(), nhl_teams()
    # MLB parks first: NHL outdoor games and the Raptors' SkyDome years share their ids.
    shared = {row["retrosheet_park_id"]: row["curated_venue_key"] for row in curated("shared-buildings.csv")}
    mlb_venues = mlb.venues(shared)
    arenas = Arenas({v["retrosheet"]: v["id"] for v in mlb_venues}, nba, nhl)
    loader = ArenaGames(arenas)
    loader.load_nba()
    loader.load_nhl()
    arena_games = loader.games

    venues = mlb_venues + arenas.venue_records(None)
    for v in mlb_venues:
        key = shared.get(v["retrosheet"])
        if key:
            v["tenants"] = sorted(v["tenants"] + arenas.tenants_of(key), key=lambda t: (t["from"], t["sport"], t["teamId"] or ""))
            v["curated"] = key
    venue_ids = {v["id"] for v in venues}
    teams = mlb.teams() + nba.finished() + nhl.finished()
    team_ids = {t["id"] for t in teams}

    park_ids = {v["retrosheet"]: v["id"] for v in mlb_venues}
    games = defaultdict(list)
    for g in mlb_games:
        g["venue"] = park_ids[g.pop("park")]
        games["mlb"].append(g)
    for g in arena_games:
        g["venue"] = arenas.id_of[g.pop("venueKey")]
        games[g["sport"]].append(g)

    for sport, rows in games.items():
        rows.sort(key=lambda g: (g["date"], g["venue"], g["gameNumber"], g["home"], g["away"]))
        check_games(sport, rows, venue_ids, team_ids)
        write_games(os.path.join(out, f"games-{sport}.tsv"), rows)
    used = {g["venue"] for rows in games.values() for g in rows}
    venues = [v for v in venues if v["id"] in used or v["tenants"]]
    for v in venues:
        v.pop("retrosheet", None)
    write_json(os.path.join(out, "venues.json"), sorted(venues, key=lambda v: v["id"]))
    write_json(os.path.join(out, "teams.json"), sorted(teams, key=lambda t: t["id"]))
    write_json(os.path.join(out, "leagues.json"), league_structure(team_id, team_ids))
    with open(os.path.join(out, "skipped-games.txt"), "w", encoding="utf-8", newline="\n") as f:
        f.write("# Games in the raw sources left out of the index, with the reason (see docs/DATA.md)\n")
        f.writelines(line + "\n" for line in sorted(loader.skipped))
    print(f"{len(venues)} venues, {len(teams)} teams, " + ", ".join(f"{len(r)} {s} games" for s, r in sorted(games.items())))


def check_games(sport, rows, venue_ids, team_ids):
    ids = Counter()
    for g in rows:
        if g["venue"] not in venue_ids or g["home"] not in team_ids or g["away"] not in team_ids:
            raise BuildError(f"dangling reference in {g}")
        ids[(g["season"], g["home"], g["away"], g["date"], g["gameNumber"])] += 1
    duplicates = [k for k, n in ids.items() if n > 1]
    if duplicates:
        raise BuildError(f"{sport}: {len(duplicates)} duplicate games, e.g. {duplicates[:3]}")


def write_games(path, rows):
    tables = {"venue": [], "team": [], "source": []}
    index = {name: {} for name in tables}

    def ref(name, value):
        if value not in index[name]:
            index[name][value] = len(tables[name])
            tables[name].append(value)
        return index[name][value]

    lines = []
    for g in rows:
        start = "-" if g["startUTC"] is None else str(int(g["startUTC"].timestamp()))
        lines.append("\t".join([
            g["date"].strftime("%Y%m%d"), str(g["gameNumber"]), str(ref("venue", g["venue"])),
            str(ref("team", g["home"])), str(ref("team", g["away"])),
            "-" if g["homeScore"] is None else str(g["homeScore"]), "-" if g["awayScore"] is None else str(g["awayScore"]),
            start, g["dayNight"] or "-", "P" if g["seasonType"] == "postseason" else "R", str(g["season"]),
            "1" if g["neutralSite"] else "0", str(ref("source", g["source"])),
            "-" if g.get("minutes") is None else str(g["minutes"]),
        ]))
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(f"#{FORMAT}\n#" + "\t".join(COLUMNS) + "\n")
        for name, values in tables.items():
            f.write(f"@{name}\t" + "\t".join(values) + "\n")
        f.write("\n".join(lines) + "\n")


def write_json(path, value):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump(value, f, indent=1, sort_keys=True, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    try:
        main()
    except BuildError as error:
        sys.exit(f"build-catalog: {error}")

#!/usr/bin/env python3
"""Build StadiumLog's bundled catalog (Sources/Catalog/Resources/Catalog) from the raw sources in ../shared/data/raw.

    python3 Scripts/catalog/build.py [OUTPUT_DIR]

Same inputs give byte-identical outputs. Sources, joins and formats: docs/DATA.md. Writing to the default directory also
rewrites the NFL cross-check, start-time and moments sections of docs/DATA.md (between their markers) and the MLB
cross-check report (Scripts/catalog/reports/mlb-crosscheck-2018-2024.txt). The build stops when the MLB cross-check finds a disagreement
that curated/mlb-disagreements.csv does not settle, or the moments' cross-checks one that
curated/moments-disagreements.csv does not (moments.py).
"""
import json
import os
import sys
from collections import Counter, defaultdict
from datetime import date

sys.path.insert(0, os.path.dirname(__file__))
from arena_games import ArenaGames  # noqa: E402
from arenas import Arenas, nba_teams, nhl_teams  # noqa: E402
from common import BuildError, curated, end_of, iso, name_key, parse_date, season_label  # noqa: E402
from leagues import curated_structure, league_records, mlb_structure  # noqa: E402
from mlb import MLB, team_id  # noqa: E402
import lineups  # noqa: E402
import mlb_crosscheck  # noqa: E402
import moments  # noqa: E402
from nfl import NFL  # noqa: E402
import renames  # noqa: E402
import resumptions  # noqa: E402
import scans  # noqa: E402
import start_times  # noqa: E402

FORMAT = "stadiumlog-games 3"
DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "DATA.md")
DOC_BEGIN, DOC_END = "<!-- nfl-crosscheck: written by build.py -->", "<!-- /nfl-crosscheck -->"
STARTS_BEGIN, STARTS_END = "<!-- start-times: written by build.py -->", "<!-- /start-times -->"
COLUMNS = ["date", "gameNumber", "venue", "home", "away", "homeScore", "awayScore", "startUTC", "dayNight",
           "seasonType", "season", "neutralSite", "source", "minutes"]


def main():
    default = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "Catalog", "Resources", "Catalog")
    out = sys.argv[1] if len(sys.argv) > 1 else default
    os.makedirs(out, exist_ok=True)

    mlb = MLB()
    mlb_games = mlb.load_games()
    # MLB 2018-2024: Retrosheet against the grdavis log; every disagreement settled in curated/mlb-disagreements.csv
    mlb_check = mlb_crosscheck.check(mlb)
    mlb_corrected = mlb_crosscheck.apply(mlb_games, mlb_check)
    nba, nhl = nba_teams(), nhl_teams()
    # MLB parks first: NHL outdoor games and the Raptors' SkyDome years share their ids.
    shared = {row["retrosheet_park_id"]: row["curated_venue_key"] for row in curated("shared-buildings.csv")}
    mlb_venues = mlb.venues(shared)
    arenas = Arenas({v["retrosheet"]: v["id"] for v in mlb_venues}, nba, nhl)
    loader = ArenaGames(arenas)
    loader.load_nba()
    loader.load_nhl()
    arena_games = loader.games
    settled_starts = loader.start_times.apply(arena_games)  # every start-time claim met, compared, settled

    venues = mlb_venues + arenas.venue_records(None)
    for v in mlb_venues:
        key = shared.get(v["retrosheet"])
        if key:
            v["tenants"] = sorted(v["tenants"] + arenas.tenants_of(key), key=lambda t: (t["from"], t["sport"], t["teamId"] or ""))
            v["curated"] = key
    nfl = NFL()
    nfl_games = nfl.games()
    venues += nfl.venues({v["id"]: v for v in venues}, nfl_games)
    venue_ids = {v["id"] for v in venues}
    teams = mlb.teams() + nba.finished() + nhl.finished() + nfl.teams()
    team_ids = {t["id"] for t in teams}

    park_ids = {v["retrosheet"]: v["id"] for v in mlb_venues}
    # Suspended games finished on a later day: the second part's date and park (curated/mlb-resumptions.csv).
    resumed, resumed_figures = resumptions.build(
        mlb_games, park_ids, {p: r["time_zone"] for p, r in mlb.park_table.items()})
    games = defaultdict(list)
    for g in mlb_games:
        g["venue"] = park_ids[g.pop("park")]
        games["mlb"].append(g)
    for g in arena_games:
        g["venue"] = arenas.id_of[g.pop("venueKey")]
        games[g["sport"]].append(g)
    games["nfl"] = nfl_games
    check_open(games["nfl"], {v["id"]: v for v in venues})

    for sport, rows in games.items():
        rows.sort(key=lambda g: (g["date"], g["venue"], g["gameNumber"], g["home"], g["away"]))
        check_games(sport, rows, venue_ids, team_ids)
    # Start times that cannot be true stop the build unless curated/start-time-exceptions.csv confirms them (scans.py).
    excused = scans.check(games, venues)
    # What each game's data proves (no-hitters, walk-offs, overtimes, clinchers), cross-checked (moments.py).
    found = moments.Moments(games, mlb, arenas)
    moment_rows = found.run(loader.overtime_claims)
    for sport, rows in games.items():
        write_games(os.path.join(out, f"games-{sport}.tsv"), rows)
    moments.write(os.path.join(out, "game-moments.tsv"), moment_rows)
    # Who started, managed and pitched in each game, a file per league and season (lineups.py).
    nfl_people, nfl_people_settled = lineups.nflverse_people()
    for g in games["nfl"]:
        ref = g.pop("nflverse", None)
        people = nfl_people.get(ref[0]) if ref else None
        if people and nfl.team_of(ref[1]) != g["home"]:  # a game whose home team the sources settled otherwise
            people = {**people, "away": people["home"], "home": people["away"]}
        g["people"] = people
    lineup_coverage = lineups.write(out, games, moments.game_id)
    honours = lineups.write_honours(out)
    resumptions.write(os.path.join(out, "game-resumptions.tsv"), resumed)
    used = {g["venue"] for rows in games.values() for g in rows}
    venues = [v for v in venues if v["id"] in used or v["tenants"]]
    for v in venues:
        v.pop("retrosheet", None)
    renames.apply(venues)  # curated/venue-renames.csv dates every rename (docs/DATA.md)
    add_nicknames(venues)
    write_json(os.path.join(out, "venues.json"), sorted(venues, key=lambda v: v["id"]))
    write_json(os.path.join(out, "teams.json"), sorted(teams, key=lambda t: t["id"]))
    structure = {"mlb": mlb_structure(team_id), **curated_structure()}
    write_json(os.path.join(out, "leagues.json"), league_records(structure, team_ids))
    with open(os.path.join(out, "skipped-games.txt"), "w", encoding="utf-8", newline="\n") as f:
        f.write("# Games in the raw sources left out of the index, with the reason (see docs/DATA.md)\n")
        f.writelines(line + "\n" for line in sorted(loader.skipped + nfl.skipped))
    print(f"{len(venues)} venues, {len(teams)} teams, " + ", ".join(f"{len(r)} {s} games" for s, r in sorted(games.items())))
    print(f"NFL against nflverse: {len(nfl.settled)} disagreements settled by a third source")
    by = Counter(d["by"] for d in mlb_check.found)
    print(f"MLB 2018-2024 against grdavis: {len(mlb_check.found)} disagreements settled ({by['row']} by their own row, "
          f"{by['rule']} by a rule), {len(mlb_corrected)} catalog values changed")
    print(f"NBA and NHL start times: {len(settled_starts)} disagreements settled by reports")
    print(f"Start-time scans: {len(excused)} rows excused by curated/start-time-exceptions.csv")
    print(f"Moments: {len(moment_rows)} rows (" + ", ".join(
        f"{league} {n}" for league, n in sorted(Counter(r[0].split('_')[1] for r in moment_rows).items())) + ")")
    print("People on the field: " + ", ".join(
        f"{league} {sum(seasons.values())} games in {len(seasons)} seasons" for league, seasons in sorted(lineup_coverage.items()))
        + f"; {honours} honours; {len(nfl_people_settled)} NFL rows settled")
    print("MLB suspended games finished on a later day (from %d): %d (%d the next day, %d later; %d in another park; "
          "%d postseason; %d checked against reports, %d settled against Retrosheet; %d with a start)" % (
              resumptions.FIRST_SEASON, resumed_figures["games"], resumed_figures["next day"],
              resumed_figures["later day"], resumed_figures["other park"], resumed_figures["postseason"],
              resumed_figures["checked"], resumed_figures["settled"], resumed_figures["with start"]))
    if os.path.realpath(out) == os.path.realpath(default):
        write_edition(games)
        write_doc_section(nfl.crosscheck_doc())
        write_doc_section(start_times.doc_table(arena_games, season_label), STARTS_BEGIN, STARTS_END)
        write_doc_section(found.doc(), moments.DOC_BEGIN, moments.DOC_END)
        write_doc_section(lineups.doc(games, nfl_people_settled), lineups.DOC_BEGIN, lineups.DOC_END)
        with open(mlb_crosscheck.DEFAULT_REPORT, "w", encoding="utf-8", newline="\n") as f:
            f.write(mlb_check.report())


def write_doc_section(text, begin=DOC_BEGIN, end=DOC_END):
    """A section of docs/DATA.md written by the build (the NFL cross-check, the start-time table), between its two
    markers, rewritten with the committed catalog."""
    doc = open(DOC, encoding="utf-8").read()
    if begin not in doc or end not in doc:
        raise BuildError(f"docs/DATA.md lacks the markers {begin} … {end}")
    head, rest = doc.split(begin, 1)
    tail = rest.split(end, 1)[1]
    with open(DOC, "w", encoding="utf-8", newline="\n") as f:
        f.write(f"{head}{begin}\n{text}\n{end}{tail}")


def add_nicknames(venues):
    """Nicknames fans use ("The Jake", "MSG") from `curated/venue-nicknames.csv`, as dated aliases of any venue.

    Search only: games resolve through the source names before this runs, so no game moves. A nickname that would
    name two buildings on one day (with another's name, alias or nickname) stops the build; such names stay out."""
    by_id = {v["id"]: v for v in venues}
    for row in curated("venue-nicknames.csv"):
        venue = by_id.get(row["venue_id"])
        if venue is None:
            raise BuildError(f"curated/venue-nicknames.csv: unknown venue {row['venue_id']!r}")
        if not row["source"].strip():
            raise BuildError(f"curated/venue-nicknames.csv: {row['nickname']!r} cites no source")
        if any(name_key(n["name"]) == name_key(row["nickname"]) for n in venue["names"] + venue["aliases"]):
            raise BuildError(f"curated/venue-nicknames.csv: {row['venue_id']} already has the name {row['nickname']!r}")
        start = parse_date(row["from"]) if row["from"] else None
        stop = end_of(row["to"]) if row["to"] else None
        venue["aliases"].append({"name": row["nickname"], "from": iso(start), "to": iso(stop)})
        venue["aliases"].sort(key=lambda a: (a["name"], a["from"] or ""))

    def span(venue, entry):
        """The days a name applied to a building: its own dates within the building's life."""
        low = max(entry["from"] or "0000", venue["opened"] or "0000")
        high = min(entry["to"] or "9999", venue["closed"] or "9999")
        return low, high

    holders = defaultdict(list)  # name key -> [(venue id, first day, last day)]
    for v in venues:
        for entry in v["names"] + v["aliases"]:
            holders[name_key(entry["name"])].append((v["id"], *span(v, entry)))
    for row in curated("venue-nicknames.csv"):
        mine = [h for h in holders[name_key(row["nickname"])] if h[0] == row["venue_id"]]
        for other in holders[name_key(row["nickname"])]:
            if other[0] != row["venue_id"] and any(other[1] <= m[2] and m[1] <= other[2] for m in mine):
                raise BuildError(f"curated/venue-nicknames.csv: {row['nickname']!r} names {row['venue_id']} and "
                                 f"{other[0]} on the same days ({other[1]} … {other[2]}); leave it out")


def check_open(rows, venues):
    """Every game at a building open that day: a venue's dates come from each league's sources, and a building one
    league left (MLB's last game at Candlestick) may have gone on hosting another's."""
    for g in rows:
        v = venues[g["venue"]]
        day = iso(g["date"])
        if (v["opened"] and day < v["opened"]) or (v["closed"] and day > v["closed"]):
            raise BuildError(f"{g['sport']} {day}: {g['venue']} is not open that day ({v['opened']} … {v['closed']})")


def check_games(sport, rows, venue_ids, team_ids):
    ids = Counter()
    for g in rows:
        if g["venue"] not in venue_ids or g["home"] not in team_ids or g["away"] not in team_ids:
            raise BuildError(f"dangling reference in {g}")
        ids[(g["season"], g["home"], g["away"], g["date"], g["gameNumber"])] += 1
    duplicates = [k for k, n in ids.items() if n > 1]
    if duplicates:
        raise BuildError(f"{sport}: {len(duplicates)} duplicate games, e.g. {duplicates[:3]}")


EDITION = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "CommandLineBasics", "CatalogEdition.swift")


def write_edition(games):
    """What `stadiumlog --version` says of the bundled catalog: the last day with a final in each league, and the latest
    of them as the catalog's date. Written as Swift beside the version, so that `--version` reads no file."""
    last = {league: max(g["date"] for g in rows if g["homeScore"] is not None) for league, rows in games.items()}
    leagues = ", ".join(f"{league.upper()} to {day.isoformat()}" for league, day in sorted(last.items()))
    summary = f"catalog of {max(last.values()).isoformat()}: {leagues}"
    with open(EDITION, "w", encoding="utf-8", newline="\n") as f:
        f.write("// Written by Scripts/catalog/build.py with the catalog it describes: do not edit.\n\n")
        f.write("/// What the bundled catalog holds, for `stadiumlog --version`: the last day with a final score in each league.\n")
        f.write("package enum CatalogEdition {\n")
        f.write(f"    package static let summary = \"{summary}\"\n")
        f.write("}\n")


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
    # Each calendar year's games: how many and how many bytes, so a reader can parse one year without the others.
    years = {}
    for g, line in zip(rows, lines):
        count, size = years.get(g["date"].year, (0, 0))
        years[g["date"].year] = (count + 1, size + len(line.encode("utf-8")) + 1)
    tables["years"] = [f"{year}:{count}:{size}" for year, (count, size) in years.items()]
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(f"#{FORMAT}\n#" + "\t".join(COLUMNS) + "\n")
        for name, values in tables.items():
            f.write(f"@{name}\t" + "\t".join(values) + "\n")
        f.write("".join(line + "\n" for line in lines))


def write_json(path, value):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump(value, f, indent=1, sort_keys=True, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    try:
        main()
    except BuildError as error:
        sys.exit(f"build-catalog: {error}")

#!/usr/bin/env python3
"""The held-out check: photos made from games the catalog build did not read, matched by `stadiumlog match`.

Two schedules under ../shared/data/raw are not read by Scripts/catalog (check: `grep -r FOLDER Scripts/catalog`):
  - nhl-kaggle-game-2012-2018/game.csv   the NHL stats API's games 2012-13 … 2017-18, puck drops in UTC, arena names
  - nba-kaggle-eoinamoore/LeagueSchedule24_25.csv   NBA.com's 2024-25 schedule, tip-offs as US Eastern wall clock
    (only its team histories are read by the build; its games are not)
  - nba-kaggle-eoinamoore/LeagueSchedule25_26.csv   NBA.com's 2025-26 schedule, the same way
From each season of each, SAMPLE games are drawn (fixed seed). For each game two photos are written as a phone would:
at the arena the schedule names (found by name among the catalog's venue names — a venue is a place, not a game),
150 m from its point on a random bearing, with the local offset in EXIF, one 10 minutes after the schedule's start and
one 10 minutes before its expected end (start + the league's usual length: NHL 2 h 30, NBA 2 h 15; both between the
matcher's `shortestLength` of 2 h and its `typicalLength` of 3 h in Sources/Matching/MatchingRules.swift, so the second
photo lies inside the `play` span GameWindow.swift draws from a known start). The catalog's games are never consulted
to make a photo. `stadiumlog match --format json` then reads them all, and each photo is judged against the
schedule's own game (home team by the league's team id, local date) and its clock:

  right      matched to that game, whose start in the catalog is within 30 minutes of the schedule's
  WRONG      matched to another game (the worst outcome)
  WRONG clock  matched to that game, but its catalog start is more than 30 minutes from the schedule's (or missing)
  asked      needsConfirmation with that game among the candidates
  asked, not among   needsConfirmation without it
  unmatched  with the reason

Printed per league and season. The 2024-25 NBA file keeps its games as first published, so only those before
2024-12-15 are used (its later changes are not in it); the 2025-26 file agrees with the catalog's clocks (docs/DATA.md).
Regular-season games only for the NBA (the playoffs of 2025-26 are listed before they were set), every game for the NHL.

Usage: python3 Scripts/heldout/heldout-check.py [SAMPLE] [STADIUMLOG]   (default 200 a season, .build/release/stadiumlog)
Needs cjpeg (libjpeg-turbo-progs). Same inputs, same photos, same figures.
"""
import csv
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
from testimages.exif import DTO, MAKE, MODEL, OFFSET_TIME_ORIGINAL, ascii, photo  # noqa: E402
from testimages.places import destination, gps  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(HERE), "catalog"))
from common import name_key  # noqa: E402  (the build's own key for names across sources)

CATALOG = os.path.join(ROOT, "Sources", "Catalog", "Resources", "Catalog")
RAW = os.environ.get("STADIUMLOG_RAW", os.path.join(ROOT, "..", "shared", "data", "raw"))


class Places:
    """Venues by any name they had (names and aliases), and teams by a league's own team ids."""

    def __init__(self):
        self.venues = {v["id"]: v for v in json.load(open(os.path.join(CATALOG, "venues.json")))}
        self.by_name = {}
        for v in self.venues.values():
            for entry in v.get("names", []) + v.get("aliases", []):
                self.by_name.setdefault(name_key(entry["name"]), set()).add(v["id"])
        self.teams = {}
        for team in json.load(open(os.path.join(CATALOG, "teams.json"))):
            for alias in team["aliases"]:
                if alias["kind"] in ("nhlStatsId", "nbaStatsId"):
                    self.teams[(alias["kind"], alias["alias"])] = team["id"]

    def venue(self, name):
        found = self.by_name.get(name_key(name), set())
        located = [v for v in found if self.venues[v].get("latitude") is not None]
        return located[0] if len(located) == 1 else None


def phone_photo(local, point):
    offset = int(local.utcoffset().total_seconds() // 60)
    exif = {DTO: ascii(local.strftime("%Y:%m:%d %H:%M:%S")),
            OFFSET_TIME_ORIGINAL: ascii(f"{'+' if offset >= 0 else '-'}{abs(offset) // 60:02d}:{abs(offset) % 60:02d}")}
    return photo({MAKE: ascii("HeldOut"), MODEL: ascii("Phone")}, exif, gps(point))


# The league's usual length of play (see the docstring): where the second photo goes.
USUAL_LENGTH = {"nhl": timedelta(minutes=150), "nba": timedelta(minutes=135)}
AFTER_START = timedelta(minutes=10)
BEFORE_END = timedelta(minutes=10)
CLOCK_TOLERANCE = timedelta(minutes=30)


def nhl_games(places):
    path = os.path.join(RAW, "nhl-kaggle-game-2012-2018", "game.csv")
    for row in csv.DictReader(open(path)):
        if row["type"] not in ("R", "P"):
            continue
        start = datetime.strptime(row["date_time"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
        season = f"{row['season'][:4]}-{row['season'][6:]}"
        yield {"league": "nhl", "season": season, "id": row["game_id"], "start": start, "arena": row["venue"],
               "home": places.teams.get(("nhlStatsId", row["home_team_id"]))}


def nba_games(places):
    eastern = ZoneInfo("America/New_York")
    for name, season, last in (("LeagueSchedule24_25.csv", "2024-25", date(2024, 12, 14)),
                               ("LeagueSchedule25_26.csv", "2025-26", date.max)):
        for row in csv.DictReader(open(os.path.join(RAW, "nba-kaggle-eoinamoore", name))):
            # Regular-season games (ids 002…, written 2YY…), not the Global Games abroad; the 2024-25 copy lists games
            # as first published, so only those before its in-season changes of late December.
            if not row["gameId"].startswith("2") or row["gameSubtype"] == "Global Games":
                continue
            wall = datetime.strptime(row["gameDateTimeEst"][:19], "%Y-%m-%d %H:%M:%S")
            if wall.date() > last:
                continue
            home = row.get("hometeamId") or row.get("homeTeamId")
            yield {"league": "nba", "season": season, "id": row["gameId"],
                   "start": wall.replace(tzinfo=eastern).astimezone(timezone.utc),
                   "arena": row["arenaName"], "home": places.teams.get(("nbaStatsId", home))}


def main():
    sample = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    binary = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, ".build", "release", "stadiumlog")
    places = Places()
    work = tempfile.mkdtemp(prefix="stadiumlog-heldout-")
    truth = {}
    skipped = Counter()
    for league, games in (("nhl", nhl_games(places)), ("nba", nba_games(places))):
        by_season = {}
        for g in games:
            by_season.setdefault(g["season"], []).append(g)
        for season, pool in sorted(by_season.items()):
            pool.sort(key=lambda g: g["id"])
            rng = random.Random(f"heldout-{league}-{season}")
            for game in rng.sample(pool, min(sample, len(pool))):
                venue = places.venue(game["arena"])
                if venue is None or game["home"] is None:
                    skipped[f"{league}: arena '{game['arena']}' or home team not in the catalog by name/id"] += 1
                    continue
                v = places.venues[venue]
                zone = ZoneInfo(v["timeZone"])
                point = destination((v["latitude"], v["longitude"]), 150, rng.uniform(0, 360))
                for when, moment in (("start", game["start"] + AFTER_START),
                                     ("end", game["start"] + USUAL_LENGTH[league] - BEFORE_END)):
                    name = f"{league}-{game['id']}-{when}.jpg"
                    with open(os.path.join(work, name), "wb") as out:
                        out.write(phone_photo(moment.astimezone(zone), point))
                    truth[name] = {"league": league, "season": season, "when": when, "home": game["home"],
                                   "start": game["start"],
                                   "localDate": game["start"].astimezone(zone).date().isoformat()}
    # A library that does not exist: the bundled catalog alone, nothing learned from the fan's own photos.
    answer = subprocess.run([binary, "match", work, "--format", "json", "--library", work + "-no-library"], capture_output=True, text=True,
                            env={**os.environ, "STADIUMLOG_OFFLINE": "1"})
    if answer.returncode != 0 or not answer.stdout:
        sys.exit(f"stadiumlog match failed ({answer.returncode}): {answer.stderr.strip()[:500]}; skipped: {dict(skipped)}")
    report = json.loads(answer.stdout)
    outcomes = {}
    wrong = []
    asked = []
    for item in report["photos"]:
        name = os.path.basename(item["path"])
        if name not in truth:
            continue
        want = truth[name]
        def fits(game):
            return game and game["home"]["id"] == want["home"] and game["localDate"] == want["localDate"]
        if item["status"] == "matched":
            outcome = "right" if fits(item["game"]) else "WRONG"
            if outcome == "right":
                start = item["game"].get("startUTC")
                seen = datetime.strptime(start, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc) if start else None
                if seen is None or abs(seen - want["start"]) > CLOCK_TOLERANCE:
                    outcome = "WRONG clock"
                    wrong.append((name, want, f"{item['game']['id']} starting {start}"))
            else:
                wrong.append((name, want, item["game"]["id"]))
        elif item["status"] == "needsConfirmation":
            outcome = "asked" if any(fits(c) for c in item.get("candidates", [])) else "asked, not among"
            asked.append((name, [c["id"] for c in item.get("candidates", [])]))
        else:
            outcome = f"unmatched ({item.get('reason')})"
        outcomes.setdefault((want["league"], want["season"]), Counter())[outcome] += 1
        outcomes.setdefault((want["league"], "all"), Counter())[outcome] += 1
    labels = ["right", "WRONG", "WRONG clock", "asked", "asked, not among"]
    print("| league | season | photos | " + " | ".join(labels) + " | unmatched |")
    print("|---|---|---:|" + "---:|" * (len(labels) + 1))
    for (league, season), counts in sorted(outcomes.items(), key=lambda kv: (kv[0][0] != "nhl", kv[0][1] == "all", kv[0][1])):
        unmatched = sum(n for label, n in counts.items() if label.startswith("unmatched"))
        print(f"| {league.upper()} | {season} | {sum(counts.values())} | "
              + " | ".join(str(counts[label]) for label in labels) + f" | {unmatched} |")
    for (league, season), counts in sorted(outcomes.items()):
        for label, n in sorted(counts.items()):
            if label.startswith("unmatched") and season != "all":
                print(f"{league.upper()} {season}: {label} {n}")
    for reason, n in skipped.items():
        print(f"not made ({n} games): {reason}")
    for name, candidates in asked:
        print(f"asked: {name}, candidates {', '.join(candidates)}")
    for name, want, got in wrong:
        print(f"WRONG: {name} is {want['home']} on {want['localDate']} starting {want['start']:%Y-%m-%dT%H:%MZ}, matched {got}")
    subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()

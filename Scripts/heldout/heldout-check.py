#!/usr/bin/env python3
"""The held-out check: photos made from games the catalog build did not read, matched by `stadiumlog match`.

Two schedules under ../shared/data/raw are not read by Scripts/catalog (check: `grep -r FOLDER Scripts/catalog`):
  - nhl-kaggle-game-2012-2018/game.csv   the NHL stats API's games 2012-13 … 2017-18, puck drops in UTC, arena names
  - nba-kaggle-eoinamoore/LeagueSchedule24_25.csv   NBA.com's 2024-25 schedule, tip-offs as US Eastern wall clock
    (only its team histories are read by the build; its games are not)
From each, SAMPLE games are drawn (fixed seed). For each game a photo is written as a phone would: at the arena the
schedule names (found by name among the catalog's venue names — a venue is a place, not a game), 150 m from its
point on a random bearing, 75 minutes after the start, with the local offset in EXIF. The catalog's games are never
consulted to make a photo. `stadiumlog match --format json` then reads them all, and each photo is judged against the
schedule's own game (home team by the league's team id, local date):

  right      matched to that game
  WRONG      matched to another game (the worst outcome)
  asked      needsConfirmation with that game among the candidates
  asked, not among   needsConfirmation without it
  unmatched  with the reason

Usage: python3 Scripts/heldout/heldout-check.py [SAMPLE] [STADIUMLOG]   (default 200 a league, .build/release/stadiumlog)
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


def nhl_games(places):
    path = os.path.join(RAW, "nhl-kaggle-game-2012-2018", "game.csv")
    for row in csv.DictReader(open(path)):
        if row["type"] not in ("R", "P"):
            continue
        start = datetime.strptime(row["date_time"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
        yield {"league": "nhl", "id": row["game_id"], "start": start, "arena": row["venue"],
               "home": places.teams.get(("nhlStatsId", row["home_team_id"]))}


def nba_games(places):
    path = os.path.join(RAW, "nba-kaggle-eoinamoore", "LeagueSchedule24_25.csv")
    eastern = ZoneInfo("America/New_York")
    for row in csv.DictReader(open(path)):
        # Regular-season games (ids 002…) before the schedule's in-season changes of late December (this copy lists
        # the games as first published).
        if not row["gameId"].startswith("224") or row["gameSubtype"] == "Global Games":
            continue
        wall = datetime.strptime(row["gameDateTimeEst"][:19], "%Y-%m-%d %H:%M:%S")
        if wall.date() >= date(2024, 12, 15):
            continue
        yield {"league": "nba", "id": row["gameId"], "start": wall.replace(tzinfo=eastern).astimezone(timezone.utc),
               "arena": row["arenaName"], "home": places.teams.get(("nbaStatsId", row["hometeamId"]))}


def main():
    sample = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    binary = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, ".build", "release", "stadiumlog")
    places = Places()
    work = tempfile.mkdtemp(prefix="stadiumlog-heldout-")
    truth = {}
    skipped = Counter()
    for league, games in (("nhl", nhl_games(places)), ("nba", nba_games(places))):
        pool = sorted(games, key=lambda g: g["id"])
        rng = random.Random(f"heldout-{league}")
        chosen = rng.sample(pool, min(sample, len(pool)))
        for game in chosen:
            venue = places.venue(game["arena"])
            if venue is None or game["home"] is None:
                skipped[f"{league}: arena '{game['arena']}' or home team not in the catalog by name/id"] += 1
                continue
            v = places.venues[venue]
            zone = ZoneInfo(v["timeZone"])
            local = (game["start"] + timedelta(minutes=75)).astimezone(zone)
            point = destination((v["latitude"], v["longitude"]), 150, rng.uniform(0, 360))
            name = f"{league}-{game['id']}.jpg"
            with open(os.path.join(work, name), "wb") as out:
                out.write(phone_photo(local, point))
            truth[name] = {"league": league, "home": game["home"], "localDate": game["start"].astimezone(zone).date().isoformat()}
    # A library that does not exist: the bundled catalog alone, nothing learned from the fan's own photos.
    answer = subprocess.run([binary, "match", work, "--format", "json", "--library", work + "-no-library"], capture_output=True, text=True,
                            env={**os.environ, "STADIUMLOG_OFFLINE": "1"})
    if answer.returncode != 0 or not answer.stdout:
        sys.exit(f"stadiumlog match failed ({answer.returncode}): {answer.stderr.strip()[:500]}; skipped: {dict(skipped)}")
    report = json.loads(answer.stdout)
    outcomes = {league: Counter() for league in ("nhl", "nba")}
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
            if outcome == "WRONG":
                wrong.append((name, want, item["game"]["id"]))
        elif item["status"] == "needsConfirmation":
            outcome = "asked" if any(fits(c) for c in item.get("candidates", [])) else "asked, not among"
            asked.append((name, [c["id"] for c in item.get("candidates", [])]))
        else:
            outcome = f"unmatched ({item.get('reason')})"
        outcomes[want["league"]][outcome] += 1
    for league, counts in outcomes.items():
        total = sum(counts.values())
        print(f"{league.upper()}: {total} photos — " + ", ".join(
            f"{label} {n} ({100 * n / total:.1f}%)" for label, n in sorted(counts.items(), key=lambda x: -x[1])))
    for reason, n in skipped.items():
        print(f"not made ({n}): {reason}")
    for name, candidates in asked:
        print(f"asked: {name}, candidates {', '.join(candidates)}")
    for name, want, got in wrong:
        print(f"WRONG: {name} is {want}, matched {got}")
    subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generate the photos the matching tests use, from real games in the bundled catalog.

Each scenario picks a real game (real venue coordinates, real dates) from Sources/Catalog/Resources/Catalog, places a photo at a
chosen distance and bearing from the venue, and writes a small JPEG with that EXIF into TestImages/matching/.
`scenarios.json` beside the photos records what each one was made from (venue, games, local time), so the tests can
state the rule each photo exercises without repeating the search; a scenario's `expect` (`matched` or
`needsConfirmation`) is checked for it by the tests as it is, so a photo of a new league needs no new test code.

Usage: python3 Scripts/make-match-images.py [OUTPUT_DIR]      (needs cjpeg; same catalog, same bytes)
"""
import json
import math
import os
import sys
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testimages.exif import DTO, MAKE, MODEL, OFFSET_TIME_ORIGINAL, ascii, gps_clock, photo  # noqa: E402
from testimages.places import destination, gps  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.path.join(ROOT, "Sources", "Catalog", "Resources", "Catalog")


class Catalog:
    def __init__(self):
        self.venues = {v["id"]: v for v in json.load(open(os.path.join(CATALOG, "venues.json")))}
        self.games = []
        for sport in sorted(league["id"] for league in json.load(open(os.path.join(CATALOG, "leagues.json")))):
            tables = {}
            for line in open(os.path.join(CATALOG, f"games-{sport}.tsv")):
                line = line.rstrip("\n")
                if line.startswith("@"):
                    name, *values = line.split("\t")
                    tables[name[1:]] = values
                elif line and not line.startswith("#"):
                    f = line.split("\t")
                    self.games.append({
                        "sport": sport, "date": date(int(f[0][:4]), int(f[0][4:6]), int(f[0][6:])),
                        "gameNumber": int(f[1]), "venue": tables["venue"][int(f[2])], "home": tables["team"][int(f[3])],
                        "away": tables["team"][int(f[4])], "start": None if f[7] == "-" else int(f[7]),
                        "dayNight": None if f[8] == "-" else f[8], "season": int(f[10]),
                        "minutes": None if f[13] == "-" else int(f[13]),
                    })
        self.by_venue_day = {}
        for g in self.games:
            self.by_venue_day.setdefault((g["venue"], g["date"]), []).append(g)

    def games_at(self, venue, day):
        return self.by_venue_day.get((venue, day), [])

    def point(self, venue):
        v = self.venues[venue]
        return v["latitude"], v["longitude"]

    def zone(self, venue):
        return ZoneInfo(self.venues[venue]["timeZone"])

    def venues_near(self, point, radius=5_000):
        return [vid for vid, v in self.venues.items() if v["latitude"] is not None
                and distance(point, (v["latitude"], v["longitude"])) < radius]

    def alone(self, venue, *days):
        """No other venue within 5 km has a game on these days, so a photo there is about this venue only."""
        if self.venues[venue]["latitude"] is None:
            return False
        return not any(self.games_at(other, day) for other in self.venues_near(self.point(venue), 6_000)
                       if other != venue for day in days)


def game_id(g):
    home, away = g["home"].split("_", 2)[2], g["away"].split("_", 2)[2]
    suffix = f"_{g['gameNumber']}" if g["gameNumber"] else ""
    return f"game_{g['sport']}_{g['season']}_{home}_{away}_{g['date'].strftime('%m%d')}{suffix}"


def distance(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6_371_008.8 * math.asin(min(1.0, math.sqrt(h)))


def local_photo(model, local, zone=None, point=None, gps_utc=None, write_offset=True):
    """EXIF for a photo at wall-clock `local` (naive); with `zone`, OffsetTimeOriginal is written from it."""
    exif = {DTO: ascii(local.strftime("%Y:%m:%d %H:%M:%S"))}
    if zone is not None and write_offset:
        offset = zone.utcoffset(local)
        minutes = int(offset.total_seconds() // 60)
        exif[OFFSET_TIME_ORIGINAL] = ascii(f"{'+' if minutes >= 0 else '-'}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}")
    gps_tags = gps(point) if point else {}
    if gps_utc:
        gps_tags.update(gps_clock(gps_utc.strftime("%Y:%m:%d"), gps_utc.hour, gps_utc.minute, gps_utc.second))
    return photo({MAKE: ascii("StadiumLog"), MODEL: ascii(model)}, exif, gps_tags)


def at(day, hour, minute=0):
    return datetime(day.year, day.month, day.day, hour, minute)


def bearing(a, b):
    """The initial bearing from point a to point b, in degrees."""
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    y = math.sin(lo2 - lo1) * math.cos(la2)
    x = math.cos(la1) * math.sin(la2) - math.sin(la1) * math.cos(la2) * math.cos(lo2 - lo1)
    return math.degrees(math.atan2(y, x)) % 360


def local_start(c, g):
    return datetime.fromtimestamp(g["start"], c.zone(g["venue"])) if g["start"] else None


def scenarios(c):
    fenway = "stadium_mlb_fenway_park"
    fenway_point = c.point(fenway)
    game_day = date(2015, 6, 15)
    [fenway_game] = c.games_at(fenway, game_day)
    boston = c.zone(fenway)
    # A day with no game at Fenway but one the day before (summer: no NBA or NHL in Boston).
    idle = next(date(2015, 6, 1) + timedelta(days=i) for i in range(90)
                if not c.games_at(fenway, date(2015, 6, 1) + timedelta(days=i))
                and c.games_at(fenway, date(2015, 6, 1) + timedelta(days=i - 1)))

    def fenway_photo(name, meters, day, hour, games, note):
        point = destination(fenway_point, meters, 225)  # south-west, away from TD Garden
        others = [v for v in c.venues_near(point) if v != fenway and c.games_at(v, day)]
        assert not others, f"{name}: other venues with games nearby: {others}"
        return name, local_photo(name, at(day, hour), boston, point), {
            "venue": fenway, "games": [game_id(g) for g in games], "distance": meters, "note": note}

    name, data, facts = fenway_photo("high-exact-day", 120, game_day, 19, [fenway_game], "120 m from Fenway Park on a game day")
    yield name, data, {**facts, "expect": "matched"}
    yield fenway_photo("high-adjacent-day", 60, idle, 13, c.games_at(fenway, idle - timedelta(days=1)),
                       "at Fenway Park the day after a game, no game that day")
    yield fenway_photo("medium-exact-day", 1_200, game_day, 18, [fenway_game], "1.2 km from Fenway Park on a game day")
    yield fenway_photo("medium-adjacent-day", 1_200, idle, 12, c.games_at(fenway, idle - timedelta(days=1)),
                       "1.2 km from Fenway Park the day after a game")
    yield fenway_photo("low-exact-day", 3_000, game_day, 19, [fenway_game], "3 km from Fenway Park on a game day")

    # A doubleheader at a park with a verified position.
    doubleheader = next(g for g in c.games if g["gameNumber"] == 1 and g["date"].year >= 2010 and g["sport"] == "mlb"
                        and c.venues[g["venue"]]["coordinateStatus"] == "sources_agree"
                        and len(c.games_at(g["venue"], g["date"])) == 2 and c.alone(g["venue"], g["date"]))
    venue = doubleheader["venue"]
    # Retrosheet knows only D and N and the lengths: the day game may have started at any time from 11:00 to 17:00,
    # so at 15:00 it may be over or not yet begun, and the night game's gates may be open. Not certainly during one
    # game's play for every start the catalog allows: the fan is asked, with both games.
    both = [game_id(g) for g in c.games_at(venue, doubleheader["date"])]
    yield "doubleheader", local_photo("doubleheader", at(doubleheader["date"], 15), c.zone(venue),
                                      destination(c.point(venue), 80, 90)), {
        "venue": venue, "games": both, "note": "a day-night doubleheader, 15:00: during the day game, or not",
        "expect": "needsConfirmation"}

    # Between the two games (16:30): after the day game or while fans wait for the night game.
    yield "doubleheader-between-games", local_photo("doubleheader-between-games", at(doubleheader["date"], 16, 30),
                                                    c.zone(venue), destination(c.point(venue), 80, 90)), {
        "venue": venue, "games": both, "note": "between the games of a day-night doubleheader, 16:30",
        "expect": "needsConfirmation"}

    # The same doubleheader's night game at 22:00: the day game (Retrosheet: D, 174 minutes) is over and walked out of
    # whatever its start, so only the night game's window holds the photo.
    yield "doubleheader-night-game", local_photo("doubleheader-night-game", at(doubleheader["date"], 22), c.zone(venue),
                                                 destination(c.point(venue), 80, 90)), {
        "venue": venue, "games": [game_id(g) for g in c.games_at(venue, doubleheader["date"]) if g["dayNight"] == "N"],
        "note": "the night game of a day-night doubleheader, 22:00", "expect": "matched"}

    # A night game known by Retrosheet's flag and length, photographed at 00:25 on the walk out, with the next game of
    # the series at the same park that evening: the photo belongs to the evening before.
    chase = "stadium_mlb_chase_field"
    late = next(g for g in c.games if g["venue"] == chase and g["date"].year >= 2010 and g["dayNight"] == "N"
                and g["minutes"] and len(c.games_at(chase, g["date"])) == 1
                and len(c.games_at(chase, g["date"] + timedelta(days=1))) == 1
                and c.alone(chase, g["date"], g["date"] + timedelta(days=1)))
    yield "late-night-walk-out", local_photo("late-night-walk-out", at(late["date"] + timedelta(days=1), 0, 25),
                                             c.zone(chase), destination(c.point(chase), 150, 200)), {
        "venue": chase, "games": [game_id(late)],
        "note": "00:25 after a night game, the next game of the series that evening"}

    # Downtown St. Louis: 118 m from Busch Stadium during a Cardinals night game while the Blues play 1 km away.
    busch = "stadium_mlb_busch_stadium"
    arenas = [v for v in c.venues_near(c.point(busch), 2_000) if v != busch]
    cluster = next(g for g in c.games if g["venue"] == busch and g["date"].year >= 2012 and g["dayNight"] == "N"
                   and len(c.games_at(busch, g["date"])) == 1
                   and any(x["start"] and local_start(c, x).hour == 19 for a in arenas for x in c.games_at(a, g["date"]))
                   and not any(c.games_at(v, g["date"]) for v in c.venues_near(c.point(busch), 6_000)
                               if v != busch and v not in arenas))
    arena = next(a for a in arenas if c.games_at(a, cluster["date"]))
    away_from_arena = (bearing(c.point(busch), c.point(arena)) + 180) % 360
    yield "downtown-cluster", local_photo("downtown-cluster", at(cluster["date"], 19, 30), c.zone(busch),
                                          destination(c.point(busch), 118, away_from_arena)), {
        "venue": busch, "games": [game_id(cluster)] + [game_id(g) for g in c.games_at(arena, cluster["date"])],
        "distance": 118, "note": "118 m from Busch Stadium at a Cardinals game, a game at the arena 1 km away"}

    # 21:30 beside an arena whose only game that day started at 13:00: the evening's event was something else.
    early = next(g for g in c.games if g["sport"] in ("nba", "nhl") and g["date"].year >= 2013 and g["start"]
                 and local_start(c, g).hour == 13 and c.venues[g["venue"]]["coordinateStatus"] in ("sources_agree", "verified_independent")
                 and len(c.games_at(g["venue"], g["date"])) == 1 and c.alone(g["venue"], g["date"], g["date"] + timedelta(days=1))
                 and not c.games_at(g["venue"], g["date"] + timedelta(days=1)))
    yield "evening-after-afternoon-game", local_photo("evening-after-afternoon-game", at(early["date"], 21, 30),
                                                      c.zone(early["venue"]), destination(c.point(early["venue"]), 60, 90)), {
        "venue": early["venue"], "games": [game_id(early)], "note": "21:30 beside an arena whose game started at 13:00"}

    # An NBA and an NHL game in one arena on one day.
    shared = next(g for g in c.games if g["sport"] == "nba" and g["date"].year >= 2012
                  and c.venues[g["venue"]]["latitude"] is not None
                  and {x["sport"] for x in c.games_at(g["venue"], g["date"])} == {"nba", "nhl"}
                  and c.alone(g["venue"], g["date"]))
    venue = shared["venue"]
    yield "shared-arena-two-games", local_photo("shared-arena-two-games", at(shared["date"], 17, 30), c.zone(venue),
                                                destination(c.point(venue), 60, 0)), {
        "venue": venue, "games": [game_id(g) for g in c.games_at(venue, shared["date"])],
        "note": "an NBA and an NHL game in the same arena the same day"}
    afternoon = [g for g in c.games_at(venue, shared["date"]) if g["start"] and local_start(c, g).hour < 16]
    yield "shared-arena-afternoon-game", local_photo("shared-arena-afternoon-game", at(shared["date"], 14, 30),
                                                     c.zone(venue), destination(c.point(venue), 60, 0)), {
        "venue": venue, "games": [game_id(g) for g in afternoon],
        "note": "the same arena at 14:30, during the afternoon game only"}

    # Citizens Bank Park and the Flyers' and 76ers' arena across the parking lot, both with a game.
    park, arena = "stadium_mlb_citizens_bank_park", "stadium_nba_xfinity_mobile_arena"
    both = next(g["date"] for g in c.games if g["venue"] == park and g["date"].year >= 2012
                and c.games_at(arena, g["date"]) and len(c.games_at(park, g["date"])) == 1)
    middle = ((c.point(park)[0] + c.point(arena)[0]) / 2, (c.point(park)[1] + c.point(arena)[1]) / 2)
    yield "two-venues-in-range", local_photo("two-venues-in-range", at(both, 18), c.zone(park), middle), {
        "venue": park, "games": [game_id(g) for g in c.games_at(park, both) + c.games_at(arena, both)],
        "note": "between two venues that both had a game", "expect": "needsConfirmation"}

    # The Yankee Stadium of 1923, in 2005: the new one (150 m away) did not exist yet.
    old = "stadium_mlb_yankee_stadium_1923"
    old_game = next(g for g in c.games if g["venue"] == old and g["date"] >= date(2005, 6, 1)
                    and len(c.games_at(old, g["date"])) == 1 and c.alone(old, g["date"]))
    yield "closed-venue-2005", local_photo("closed-venue-2005", at(old_game["date"], 19), c.zone(old),
                                           destination(c.point(old), 90, 180)), {
        "venue": old, "games": [game_id(old_game)], "note": "Yankee Stadium (1923-2008) in 2005"}

    # The Giants' park in 2005, when it was SBC Park.
    giants = "stadium_mlb_oracle_park"
    sbc_game = next(g for g in c.games if g["venue"] == giants and g["date"] >= date(2005, 6, 1)
                    and len(c.games_at(giants, g["date"])) == 1 and c.alone(giants, g["date"]))
    yield "renamed-venue-2005", local_photo("renamed-venue-2005", at(sbc_game["date"], 19), c.zone(giants),
                                            destination(c.point(giants), 100, 270)), {
        "venue": giants, "games": [game_id(sbc_game)], "note": "Oracle Park in 2005, then SBC Park"}

    # An NHL game with a known 7 pm start, photographed at 12:40 am: still that game, not the next day's.
    night = next(g for g in c.games if g["sport"] == "nhl" and g["start"] and g["date"].year >= 2015
                 and c.venues[g["venue"]]["latitude"] is not None and len(c.games_at(g["venue"], g["date"])) == 1
                 and not c.games_at(g["venue"], g["date"] + timedelta(days=1))
                 and c.alone(g["venue"], g["date"], g["date"] + timedelta(days=1))
                 and datetime.fromtimestamp(g["start"], c.zone(g["venue"])).hour == 19)
    venue = night["venue"]
    yield "night-game-after-midnight", local_photo("night-game-after-midnight",
                                                   at(night["date"] + timedelta(days=1), 0, 40), c.zone(venue),
                                                   destination(c.point(venue), 70, 45)), {
        "venue": venue, "games": [game_id(night)], "note": "12:40 am after a 7 pm start"}

    # A camera still on Eastern time at a Dodgers night game; the GPS clock tells the real offset.
    dodgers = "stadium_mlb_dodger_stadium"
    la_game = next(g for g in c.games if g["venue"] == dodgers and g["date"] >= date(2016, 7, 1)
                   and len(c.games_at(dodgers, g["date"])) == 1 and c.alone(dodgers, g["date"], g["date"] + timedelta(days=1)))
    pacific = datetime(la_game["date"].year, la_game["date"].month, la_game["date"].day, 21, 30, tzinfo=c.zone(dodgers))
    eastern_wall = pacific.astimezone(ZoneInfo("America/New_York")).replace(tzinfo=None)
    yield "camera-home-timezone", local_photo("camera-home-timezone", eastern_wall, None, destination(c.point(dodgers), 150, 0),
                                              gps_utc=pacific.astimezone(timezone.utc)), {
        "venue": dodgers, "games": [game_id(la_game)], "note": "9:30 pm in Los Angeles, camera clock on Eastern time"}

    # A game the bundled index lacks: the 2022 NHL preseason (COL @ MIN, 2022-09-25, 3 pm at the Xcel Energy Center,
    # since renamed), which the score providers list. No other venue within 5 km has a game that day.
    saint_paul = "stadium_nhl_grand_casino_arena"
    preseason = date(2022, 9, 25)
    assert not any(g["sport"] == "nhl" and g["date"] == preseason for g in c.games), "the index now covers the date"
    assert not any(c.games_at(v, preseason) for v in c.venues_near(c.point(saint_paul))), "another game nearby"
    yield "uncovered-preseason", local_photo("uncovered-preseason", at(preseason, 15, 40), c.zone(saint_paul),
                                             destination(c.point(saint_paul), 110, 45)), {
        "venue": saint_paul, "games": ["game_nhl_2022_min_col_0925"],
        "note": "a preseason game the bundled index lacks; ESPN lists it (its recording in the provider fixtures)"}

    # The season in progress: the night game of a doubleheader the bundled index does not have yet; the constructed
    # 2026 schedule the tests serve lists it (Tests/Fixtures/score-providers), so `catalog update` brings it in.
    in_progress = date(2026, 9, 5)
    assert not c.games_at(fenway, in_progress), "the index now covers the date"
    yield "season-in-progress", local_photo("season-in-progress", at(in_progress, 20, 30), boston,
                                            destination(fenway_point, 200, 60)), {
        "venue": fenway, "games": ["game_mlb_2026_bos_nyy_0905_2"],
        "note": "20:30 at Fenway Park on a day after the bundled index ends; game 2 of a doubleheader in the overlay"}

    # The NFL: a regular-season game, a playoff game, a game in London (09:30 in the US East), one at the stadium the
    # Giants and Jets share, and the walk out of a Sunday night game after midnight. Kickoffs are nflschedule's.
    def nfl_game(test):
        return next(g for g in c.games if g["sport"] == "nfl" and g["start"] and test(g)
                    and len(c.games_at(g["venue"], g["date"])) == 1 and c.alone(g["venue"], g["date"]))

    def nfl_photo(name, game, after_kickoff, note, expect="matched"):
        venue = game["venue"]
        local = local_start(c, game).replace(tzinfo=None) + after_kickoff
        return name, local_photo(name, local, c.zone(venue), destination(c.point(venue), 150, 135)), {
            "venue": venue, "games": [game_id(game)], "note": note, "expect": expect}

    lambeau = nfl_game(lambda g: g["venue"] == "stadium_nfl_lambeau_field" and g["season"] == 2015)
    yield nfl_photo("nfl-regular-season", lambeau, timedelta(minutes=95), "Lambeau Field, 95 minutes after kickoff")
    playoff = nfl_game(lambda g: g["season"] == 2019 and g["date"].month == 1
                       and c.venues[g["venue"]]["coordinateStatus"] == "verified_independent")
    yield nfl_photo("nfl-playoff", playoff, timedelta(hours=2), "a January 2020 playoff game, two hours after kickoff")
    london = nfl_game(lambda g: g["venue"] == "stadium_nfl_wembley_stadium" and g["season"] >= 2017
                      and datetime.fromtimestamp(g["start"], ZoneInfo("America/New_York")).hour == 9)
    yield nfl_photo("nfl-london", london, timedelta(minutes=70), "Wembley Stadium, a 09:30 Eastern (14:30 London) kickoff")
    jets = nfl_game(lambda g: g["venue"] == "stadium_nhl_metlife_stadium" and g["home"] == "team_nfl_nyj"
                    and g["season"] == 2015)
    yield nfl_photo("nfl-shared-stadium", jets, timedelta(hours=1), "a Jets home game at the Giants' and Jets' stadium")
    sunday_night = nfl_game(lambda g: g["season"] == 2016 and g["date"].weekday() == 6
                            and local_start(c, g).hour >= 19
                            and not c.games_at(g["venue"], g["date"] + timedelta(days=1)))
    yield nfl_photo("nfl-sunday-night-after-midnight", sunday_night,
                    timedelta(hours=24) - timedelta(hours=local_start(c, sunday_night).hour,
                                                    minutes=local_start(c, sunday_night).minute - 15),
                    "00:15 after a Sunday night game")

    # What is missing.
    yield "missing-gps", local_photo("missing-gps", at(game_day, 19), boston), {"note": "no GPS"}
    yield "missing-date", photo({MAKE: ascii("StadiumLog"), MODEL: ascii("missing-date")}, {}, gps(destination(fenway_point, 50, 0))), {
        "venue": fenway, "note": "GPS at Fenway Park, no date"}
    yield "null-island", local_photo("null-island", at(game_day, 19), boston, (0.0, 0.0)), {"note": "GPS (0, 0)"}

    # One outing with one camera: a photo with GPS at the game, then one without GPS 40 minutes later.
    session_point = destination(fenway_point, 90, 180)
    yield "session-with-gps", local_photo("Session Camera", at(game_day, 19, 5), boston, session_point), {
        "venue": fenway, "games": [game_id(fenway_game)], "note": "the outing's located photo"}
    yield "session-without-gps", local_photo("Session Camera", at(game_day, 19, 45), boston), {
        "venue": fenway, "games": [game_id(fenway_game)], "note": "same camera, 40 minutes later, no GPS"}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "TestImages", "matching")
    os.makedirs(out, exist_ok=True)
    manifest = {}
    for name, data, facts in scenarios(Catalog()):
        with open(os.path.join(out, f"{name}.jpg"), "wb") as f:
            f.write(data)
        manifest[name] = facts
        print(f"{name}.jpg  {facts.get('note', '')}  {' '.join(facts.get('games', []))}")
    with open(os.path.join(out, "scenarios.json"), "w", encoding="utf-8", newline="\n") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()

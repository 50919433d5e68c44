"""NBA and NHL games from every season in ../shared/data/raw, one source per season, venues from the curated tables."""
import csv
import glob
import io
import os
import re
from collections import Counter, defaultdict
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from arenas import UnknownVenue
from common import BuildError, curated, eastern_clock_to_utc, parse_date, raw, read_csv
from start_times import SOURCES, StartTimes




def score(text):
    text = (text or "").strip()
    return int(float(text)) if text else None


EASTERN = ZoneInfo("America/New_York")


def periods(text, season_type=None, count_known=True):
    """A source's overtime note as (overtime periods, shootout) for the moments (moments.py): `""`/`REG` none, `OT`
    one, `2OT` two, `SO` a shootout after one overtime. `count_known` False: the source writes `OT` for any number of
    overtimes (the NHL API's outcome), so a postseason overtime's count is not known ("?"); a regular-season game has
    at most one overtime (the NBA's is five minutes and can repeat: only the NHL's sources are read that way)."""
    text = (text or "").strip().upper()
    if text in ("", "REG"):
        return (0, False)
    if text == "SO":
        return (1, True)
    m = re.fullmatch(r"(\d*)OT", text)
    if not m:
        raise BuildError(f"unreadable overtime note {text!r}")
    if m.group(1):
        return (int(m.group(1)), False)
    return (1 if count_known or season_type == "regular" else "?", False)


def dvukolov_start(day, clock, venue_tz=None, shifted=False):
    """A Basketball-Reference tip-off as the dvukolov copy writes it ("7:30p", US Eastern) -> UTC, or None.

    Two of its habits are read here (docs/DATA.md, "Start times"). The noon hour is written with "a" in 2013-14
    ("12:00a" for the Christmas Day game at noon, "12:30a" for a 12:30 p.m. playoff game): a clock of 12 is noon with
    either letter, as no game in the file tipped off between midnight and 1 a.m. Eastern. And its 2012-13 postseason
    clocks (`shifted`) are the Eastern clock moved on again by the hours the venue is behind Eastern ("1:30a" for a
    10:30 p.m. Eastern tip-off in Los Angeles, "7:30p" for 5:30 p.m. in Denver, "10:30p" for 9:30 p.m. in Memphis;
    Eastern venues unchanged), the "a" clocks past midnight: the hours are taken back with the venue's zone."""
    m = re.fullmatch(r"(\d{1,2}):(\d{2})([ap])", (clock or "").strip().lower())
    if not m:
        return None
    hour, minute, half = int(m.group(1)), int(m.group(2)), m.group(3)
    if not shifted:
        hour = hour % 12 + (12 if half == "p" or hour == 12 else 0)
        return datetime(day.year, day.month, day.day, hour, minute, tzinfo=EASTERN).astimezone(timezone.utc)
    written = (datetime(day.year, day.month, day.day) + timedelta(hours=hour % 12 + (12 if half == "p" else 0),
                                                                   minutes=minute, days=1 if half == "a" else 0))
    noon = datetime(day.year, day.month, day.day, 12)
    behind = noon.replace(tzinfo=EASTERN).utcoffset() - noon.replace(tzinfo=ZoneInfo(venue_tz)).utcoffset()
    return (written - behind).replace(tzinfo=EASTERN).astimezone(timezone.utc)


def venue_note(text):
    """Hockey-Reference notes name a venue as "at Rogers Place (Edmonton AB)"; other notes are not venues."""
    text = (text or "").strip()
    return text if text.startswith("at ") else None


def postseason_start(rows_by_date):
    """Basketball-Reference exports do not mark the postseason. For the NBA the last day with at least eight games is
    the regular season's final day (every team plays on it; play-in and playoff days have four at most). Not used for
    the NHL, whose last days can have fewer games (see nhl_last_regular_days)."""
    busy = [day for day, count in rows_by_date.items() if count >= 8]
    return max(busy) if busy else date.max


def nhl_last_regular_days():
    """The NHL's published last day of each regular season (curated/nhl-season-ends.csv, a source per row).

    The "last day with eight games" rule fails for the NHL: its final days often have two to seven games
    (rescheduled games, a staggered finish), which that rule put in the playoffs."""
    return {int(r["season"]): parse_date(r["last_regular_day"]) for r in curated("nhl-season-ends.csv")}


def check_series(sport, season, rows):
    """Postseason games come in best-of-five or best-of-seven series: every pairing after the regular season's end
    must meet at least three times, or the end date is wrong."""
    pairs = Counter(frozenset((home, away)) for home, away in rows)
    short = sorted(sorted(p) for p, n in pairs.items() if n < 3)
    if short:
        raise BuildError(f"{sport} {season}: postseason pairings with fewer than 3 games {short[:3]}: "
                         "check the season's last regular-season day")


class ArenaGames:
    def __init__(self, arenas):
        self.arenas = arenas
        self.games = []
        self.skipped = []  # games left out, with the reason
        # Games away from the home team's usual arena whose game files name no arena, one cited row each: the NBA's
        # before 2022-23 (abroad, at neutral US sites, the Hornets' Katrina-years games outside Oklahoma City) in
        # curated/nba-neutral-games.csv, the NHL's in Japan in curated/nhl-neutral-games.csv. `neutral_site` says
        # whether the home team was away from home (0 for the Hornets' own New Orleans Arena).
        self.neutral = {}
        for sport in ("nba", "nhl"):
            table = f"{sport}-neutral-games.csv"
            for r in curated(table):
                day = parse_date(r["date"])
                if r["venue_key"] not in arenas.rows:
                    raise BuildError(f"curated/{table}: unknown venue {r['venue_key']!r}")
                if r["neutral_site"] not in ("0", "1") or not r["source"].strip():
                    raise BuildError(f"curated/{table}: {r['date']} needs neutral_site 0/1 and a source")
                key = (sport, day, arenas.teams[sport].resolve(r["home"], day),
                       arenas.teams[sport].resolve(r["away"], day))
                if key in self.neutral:
                    raise BuildError(f"curated/{table}: {r['date']} {r['home']} listed twice")
                # `local_date`: the day at the venue when the game file gives the North American day of a game abroad.
                local = parse_date(r["local_date"]) if r["local_date"] else None
                self.neutral[key] = (r["venue_key"], r["neutral_site"] == "1", local)
        self.neutral_used = set()
        self.start_times = StartTimes(arenas)  # every source's start times, compared (start_times.py)
        # Overtime notes of games another file already gives: (source, season type, day, home, away, home score,
        # away score, periods), compared by moments.py.
        self.overtime_claims = []

    def add(self, sport, season, day, home_name, away_name, home_score, away_score, season_type, source,
            start_utc=None, venue_name=None, source_id=None, overtime=None):
        """One game; the venue comes from the file when it names one, else from the home team's tenancies."""
        teams = self.arenas.teams[sport]
        home, away = teams.resolve(home_name, day), teams.resolve(away_name, day)
        curated_neutral = local_day = None
        try:
            if (sport, day, home, away) in self.neutral and not venue_name:
                venue, curated_neutral, local_day = self.neutral[(sport, day, home, away)]
                self.neutral_used.add((sport, day, home, away))
                if curated_neutral:  # the venue's tenants say who played there, as the raw neutral tenancies do
                    played = local_day or day
                    self.arenas.tenancies[sport].append({
                        "teamId": home, "venue": venue, "usage": "neutral", "start": played, "stop": played,
                        "fromSeason": season, "toSeason": season, "note": "curated neutral-site game"})
            else:
                venue = (self.arenas.venue_named(venue_name, day) if venue_name
                         else self.arenas.venue_of_home_game(sport, home, day, season))
        except UnknownVenue as reason:
            self.skipped.append(f"{sport} {day} {away} at {home}: {reason}")
            return
        homes = self.arenas.home_venues(sport, home, day, season)
        if callable(start_utc):  # a clock the venue's time zone reads (dvukolov_start)
            start_utc = start_utc(self.arenas.rows[venue]["iana_tz"])
        self.games.append({
            "sport": sport, "season": season, "date": local_day or day, "gameNumber": 0, "venueKey": venue, "home": home,
            "away": away, "homeScore": home_score, "awayScore": away_score, "startUTC": start_utc, "dayNight": None,
            "seasonType": season_type, "source": source, "sourceId": source_id,
            # (overtime periods, shootout) where the source says, else None (moments.py)
            "periods": overtime,
            "neutralSite": curated_neutral if curated_neutral is not None else bool(homes) and venue not in homes,
        })

    def check_neutral_used(self, sport):
        """Every curated row of a league must have met its game: a row that matched nothing is a typo."""
        unused = sorted(key for key in set(self.neutral) - self.neutral_used if key[0] == sport)
        if unused:
            raise BuildError(f"curated/{sport}-neutral-games.csv: no such game in the {sport.upper()} files: {unused[:3]}")

    # MARK: NBA

    def load_nba(self):
        # 2000-01 ... 2018-19 regular season: Basketball-Reference via dvukolov, with tip-off times (US Eastern).
        teams = self.arenas.teams["nba"]
        for row in read_csv(raw("nba-dvukolov-2000-2019", "games.csv")):
            day, season = parse_date(row["date"]), int(row["season"][:4])
            if season == 2018 and row["playoff_gm"] == "1":
                # This copy stops early in the 2019 playoffs (13 games); NBA stats below has them all, without times:
                # these 13 tip-offs are claims on those games.
                self.start_times.claim_by_teams(
                    "nba", "bbref-dvukolov", teams.resolve(row["home_team"], day), teams.resolve(row["road_team"], day),
                    dvukolov_start(day, row["time"]), f"{day} {row['road_team']} at {row['home_team']}")
                continue
            shifted = season == 2012 and row["playoff_gm"] == "1"  # its 2012-13 postseason clocks (dvukolov_start)
            self.add("nba", season, day, row["home_team"], row["road_team"], score(row["home_team_pts"]),
                     score(row["road_team_pts"]), "postseason" if row["playoff_gm"] == "1" else "regular",
                     "bbref-dvukolov", lambda tz, day=day, clock=row["time"], shifted=shifted:
                     dvukolov_start(day, clock, tz, shifted), overtime=periods(row["overtime_flg"]))
        # 2019 playoffs, 2019-20 ... 2021-22: NBA stats via the nathanlauga Kaggle set (no times; start_times.py finds them).
        seen = set()
        for row in read_csv(raw("nba-kaggle-nathanlauga-2003-2022", "games.csv.gz")):
            season, kind = int(row["SEASON"]), row["GAME_ID"][0]
            wanted = season in (2019, 2020, 2021) or (season == 2018 and kind == "4")
            if not wanted or kind == "1" or row["GAME_ID"] in seen:
                continue
            seen.add(row["GAME_ID"])
            self.add("nba", season, parse_date(row["GAME_DATE_EST"]), row["HOME_TEAM_ID"], row["VISITOR_TEAM_ID"],
                     score(row["PTS_home"]), score(row["PTS_away"]), "regular" if kind == "2" else "postseason",
                     "nba-stats-nathanlauga", source_id=row["GAME_ID"])
        self.check_neutral_used("nba")
        # Tip-offs from NBA.com's schedule (`gameDateTimeEst`, the US Eastern wall clock) via AayushPandey-hub's
        # Games.csv (a transcribed extract, sources/nba-games-nbacom): 2019-04-17 ... 2022-06-16 in games.csv, the
        # earlier rows transcribed (2018-11-29 ... 2019-04-16) in games-2018-19.csv. Claims on the games above (NBA stats,
        # Basketball-Reference), met by the NBA.com team ids and the local day, final scores and game ids checked.
        for name in ("games-2018-19.csv", "games.csv"):
            for r in read_csv(os.path.join(SOURCES, "nba-games-nbacom", name)):
                clock = datetime.strptime(r["gameDateTimeEst"], "%Y-%m-%d %H:%M:%S")
                day = clock.date()
                start = clock.replace(tzinfo=ZoneInfo("America/New_York")).astimezone(timezone.utc)
                self.start_times.claim_by_teams(
                    "nba", "nbacom-aayushpandey", teams.resolve(r["hometeamId"], day), teams.resolve(r["awayteamId"], day),
                    start, f"game {r['gameId']}", (score(r["homeScore"]), score(r["awayScore"])), r["gameId"])
        # 2022-23 ... 2025-26: Basketball-Reference exports, with the arena of each game.
        for path in sorted(glob.glob(raw("sportsref-exports-multisport-elo-lab", "nba", "nba_*.csv"))):
            season = int(re.search(r"(\d{4})", os.path.basename(path)).group(1)) - 1
            rows = read_csv(path, header=False)[1:]
            days = [datetime.strptime(r[0], "%a %b %d %Y").date() for r in rows]
            last_regular = postseason_start(Counter(days))
            for day, r in zip(days, rows):
                self.add("nba", season, day, r[4], r[2], score(r[5]), score(r[3]),
                         "postseason" if day > last_regular else "regular", "bbref-elo-lab",
                         eastern_clock_to_utc(day, r[1]), r[10], overtime=periods(r[7]))

    # MARK: NHL

    def load_nhl(self):
        # 1994-95 ... 2009-10: Hockey-Reference via bigfour (no times; neutral sites in the curated tenancies).
        for r in read_csv(raw("sportsref-bigfour-competitiveness", "NHL_results.csv.gz"), header=False)[1:]:
            season = int(r[0]) - 1
            if 1994 <= season <= 2009 and r[3].strip():
                self.add("nhl", season, parse_date(r[1]), r[4], r[2], score(r[5]), score(r[3]),
                         "postseason" if r[10] == "1" else "regular", "hockeyref-bigfour", overtime=periods(r[6]))
            elif 2010 <= season <= 2014 and r[3].strip():
                # The seasons the NHL API file below holds too: a second source for overtimes and shootouts.
                self.overtime_claims.append(("hockeyref-bigfour", "postseason" if r[10] == "1" else "regular",
                                             parse_date(r[1]), r[4], r[2], score(r[5]), score(r[3]), periods(r[6])))
        # 2010-11 ... 2018-19: NHL stats API via Kaggle, with the venue name and UTC puck drop.
        kaggle = read_csv(raw("nhl-kaggle-game-2010-2019", "game.csv.gz"))
        kaggle += [r for r in read_csv(raw("nhl-kaggle-game-2010-2019", "game_benroth_variant.csv.gz"))
                   if r["season"] == "20182019" and r["type"] == "P"]
        for r in kaggle:
            # Its `date_time` is the UTC date (a 7:30 pm Pacific game is dated the next day): the local date
            # comes from the UTC puck drop in the venue's own time zone.
            start = datetime.strptime(r["date_time_GMT"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
            venue = self.arenas.venue_named(r["venue"].strip(), start.date())
            day = start.astimezone(ZoneInfo(self.arenas.rows[venue]["iana_tz"])).date()
            season_type = "regular" if r["type"] == "R" else "postseason"
            self.add("nhl", int(r["season"][:4]), day, r["home_team_id"], r["away_team_id"], score(r["home_goals"]),
                     score(r["away_goals"]), season_type, "nhl-stats-kaggle", start, r["venue"].strip(),
                     overtime=periods(r["outcome"].split()[-1], season_type, count_known=False))
        # 2019-20 and 2020-21: Hockey-Reference via huestisk (the 2020 hubs named in Notes).
        for name, season, season_type in (("scores_19_20_regular_season", 2019, "regular"),
                                          ("scores_19_20_playoffs", 2019, "postseason"),
                                          ("scores_20_21_regular_season", 2020, "regular")):
            for r in read_csv(raw("nhl-hockeyref-huestisk-2018-2021", f"{name}.csv"), header=False)[1:]:
                self.add("nhl", season, parse_date(r[0]), r[3], r[1], score(r[4]), score(r[2]), season_type,
                         "hockeyref-huestisk", None, venue_note((r[8:9] or [""])[0]), overtime=periods(r[5]))
        # 2018-19 from the same Hockey-Reference copy: a second source for the NHL API file's overtimes and shootouts.
        for name, season_type in (("scores_18_19_regular_season", "regular"), ("scores_18_19_playoffs", "postseason")):
            for r in read_csv(raw("nhl-hockeyref-huestisk-2018-2021", f"{name}.csv"), header=False)[1:]:
                self.overtime_claims.append(("hockeyref-huestisk", season_type, parse_date(r[0]), r[3], r[1],
                                             score(r[4]), score(r[2]), periods(r[5])))
        # Puck drops for 2019-20 and 2020-21 from the NHL API via fastRhockey (a transcribed extract,
        # sources/nhl-schedule-fastrhockey): claims on the Hockey-Reference (and, for the last four 2020-21 games and
        # the 2021 playoffs, crossbarr) games, met by teams and the day of the UTC time in the venue's zone.
        teams = self.arenas.teams["nhl"]
        for name in ("games.csv", "games-2020-21.csv"):
            for r in read_csv(os.path.join(SOURCES, "nhl-schedule-fastrhockey", name)):
                start = datetime.strptime(r["game_date_time"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
                home = teams.resolve(r["home_team_id"], start.date())
                away = teams.resolve(r["away_team_id"], start.date())
                self.start_times.claim_by_teams("nhl", "nhl-api-fastrhockey", home, away, start, f"game {r['game_id']}",
                                                (score(r["home_score"]), score(r["away_score"])))
        # The last four 2020-21 games and the 2021 playoffs (NHL API via crossbarr; its "UTA" is Arizona).
        for r in read_csv(raw("nhl-api-crossbarr-2021-extract", "nhl_games_2021-05-15_to_2021-07-07.csv")):
            franchise = {"UTA": "ARI"}
            self.add("nhl", 2020, parse_date(r["date"]), franchise.get(r["home_team"], r["home_team"]),
                     franchise.get(r["away_team"], r["away_team"]), score(r["home_goals"]), score(r["away_goals"]),
                     "postseason" if r["playoff"] == "True" else "regular", "nhl-api-crossbarr",
                     # its `ot` is REG or OT: a shootout is OT too, so a regular-season OT is not decided
                     overtime=(None if r["playoff"] != "True" and r["ot"] == "OT"
                               else periods(r["ot"], "postseason", count_known=False)))
        # 2021-22 ... 2026-27: Hockey-Reference exports (times in US Eastern; 2026-27 is a schedule without scores).
        # The files do not mark the playoffs: the regular season ends on the NHL's published date (curated).
        season_ends = nhl_last_regular_days()
        for path in sorted(glob.glob(raw("sportsref-exports-multisport-elo-lab", "nhl", "nhl_*.csv"))):
            season = int(re.search(r"(\d{4})", os.path.basename(path)).group(1)) - 1
            rows = read_csv(path, header=False)[1:]
            days = [parse_date(r[0]) for r in rows]
            if season in season_ends:
                last_regular = season_ends[season]
            elif any(r[3].strip() or r[5].strip() for r in rows):
                raise BuildError(f"nhl {season}: no last regular-season day in curated/nhl-season-ends.csv")
            else:
                last_regular = date.max  # a schedule of the regular season only, no results yet
            check_series("nhl", season, [(r[4], r[2]) for day, r in zip(days, rows) if day > last_regular])
            for day, r in zip(days, rows):
                self.add("nhl", season, day, r[4], r[2], score(r[5]), score(r[3]),
                         "postseason" if day > last_regular else "regular", "hockeyref-elo-lab",
                         eastern_clock_to_utc(day, r[1]), venue_note(r[9]),
                         overtime=periods(r[6]) if r[3].strip() else None)
        self.check_neutral_used("nhl")

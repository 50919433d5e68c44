#!/usr/bin/env python3
"""MLB 2018-2024: Retrosheet game logs against the Baseball-Reference (grdavis) log, every disagreement settled
(issue #30 item 7).

    python3 Scripts/catalog/mlb_crosscheck.py [REPORT_FILE]

Reads the same raw files as the catalog build (../shared/data/raw, or $STADIUMLOG_RAW) through mlb.py's readers and
team-code mappings, pairs every 2018-2024 regular-season game either source holds by (date, home team, away team,
doubleheader number), and settles every disagreement from `curated/mlb-disagreements.csv`. It prints a per-season
summary and every disagreement with the value that holds, and writes the same text to REPORT_FILE (default
Scripts/catalog/reports/mlb-crosscheck-2018-2024.txt; the build rewrites that file too). It exits with status 1 when a
disagreement has no settlement or a row of the table settles none; the build (`check`) stops then.

Pairing, within one (date, home, away): first games with the same final score, then the rest in order (Retrosheet by
game number, the grdavis file in file order). The grdavis file has no game number, so its number is nominal: 0 when it
has one row for the key, 1, 2 … in file order otherwise (as mlb.py numbers 2025-2026). Games left unpaired are then
matched across keys: same teams and score within three days ("date"), or the same date with home and away swapped
("home"). A doubleheader Retrosheet has as games 1 and 2 and the grdavis file as one row is one disagreement
("doubleheader"), whichever game the row is. The grdavis file names no park, so parks are compared with the park the
build would derive for a grdavis row (curated game sites, else Lahman HomeGames spans, as mlb.py does for 2018-2024
postseasons): a difference is listed as a "park" disagreement and settled like the others.

The table (`curated/mlb-disagreements.csv`): game, field, retrosheet, grdavis, settled, source. `game` is the catalog's
game id (`game_mlb_2024_wsh_phi_0929`; a doubleheader without its `_1`/`_2`), or `rule:doubleheader` for the class
rule; `retrosheet` and `grdavis` are the values as this script writes them (a score as `PHI 6 WSH 3`, visitor first;
`-` where a source lacks the game), and must match what the sources say now; `settled` is the value that holds;
`source` the evidence (two reports, or for the rule its reasoning and sample). A game's own row wins over the rule. The
rule settles a doubleheader only when Retrosheet has games 1 and 2, the grdavis file one row, and that row's score is
one of the two games' scores; any other doubleheader needs its own row.
"""
import glob
import os
import re
import sys
from collections import Counter, defaultdict
from datetime import date

sys.path.insert(0, os.path.dirname(__file__))
from common import BuildError, curated, parse_date, raw, read_csv  # noqa: E402
from mlb import MLB, team_id  # noqa: E402

SEASONS = range(2018, 2025)
# The last regular-season day of each season, as in mlb.MLB._load_bbref_recent (the grdavis file flags no postseason).
LAST_REGULAR = {2018: date(2018, 10, 1), 2019: date(2019, 9, 29), 2020: date(2020, 9, 27), 2021: date(2021, 10, 3),
                2022: date(2022, 10, 5), 2023: date(2023, 10, 1), 2024: date(2024, 9, 30)}
BBREF_FILE = ("mlb-bbref-grdavis-2018-2026", "game_log_2026-08-22.csv.gz")
DATE_WINDOW = 3
TABLE = "mlb-disagreements.csv"
DEFAULT_REPORT = os.path.join(os.path.dirname(__file__), "reports", "mlb-crosscheck-2018-2024.txt")
ABSENT = "-"
# kind -> the table's field and the report's heading
KINDS = {
    "score": ("score", "final score differs"),
    "date": ("date", "date differs (same teams and score within three days)"),
    "home/away": ("home", "home and away swapped (same date)"),
    "doubleheader": ("doubleheader", "doubleheader Retrosheet has as games 1 and 2, the grdavis file as one row"),
    "number": ("number", "doubleheader numbering differs (other than a doubleheader listed once)"),
    "only-retrosheet": ("missing", "only in Retrosheet (not part of a doubleheader listed once)"),
    "only-bbref": ("missing", "only in the grdavis file"),
    "park": ("park", "park: Retrosheet's differs from the one the build would derive for the grdavis row"),
    "batted-first": ("battedLast", "home team: Retrosheet flags that the team it lists as home batted first "
                                   "(field 160 HTBF), the grdavis row lists that team as home"),
}
RULES = {"rule:doubleheader": "doubleheader", "rule:battedLast": "battedLast"}


def short(team):
    return team.replace("team_mlb_", "").upper()


def code(team):
    return team.replace("team_mlb_", "")


def game_id(g, number=None):
    """The catalog's game id (docs/DATA.md, Identity); `number` 0 drops the doubleheader suffix. A Retrosheet game
    flagged HTBF is compared as the log lists it, but named as the catalog holds it (home: the team that batted last)."""
    n = g["gameNumber"] if number is None else number
    home, away = g.get("catalogTeams") or (g["home"], g["away"])
    return (f"game_mlb_{g['season']}_{code(home)}_{code(away)}_{g['date']:%m%d}"
            + (f"_{n}" if n else ""))


def result(g):
    """`PHI 6 WSH 3`: visitor first."""
    return f"{short(g['away'])} {g['awayScore']} {short(g['home'])} {g['homeScore']}"


def describe(g):
    return (f"{g['date']} #{g['gameNumber']} {short(g['away'])} {g['awayScore']} at {short(g['home'])} "
            f"{g['homeScore']}" + (f" [{g['park']}]" if g.get("park") else "")
            + (f" (as the log lists it; {short(g['home'])} batted first, field 160 HTBF)" if g.get("catalogTeams") else ""))


def load_retrosheet(mlb):
    games = []
    for path in sorted(glob.glob(raw("retrosheet-gamelogs", "*.gz")), key=str.lower):
        year = int(re.search(r"(\d{4})", os.path.basename(path)).group(1))
        if year not in SEASONS:
            continue
        for row in read_csv(path, "latin-1", header=False):
            g = mlb._retrosheet_game(row, "regular", "retrosheet")
            g["completion"] = row[13]
            g["outs"] = row[11]
            if g.pop("listedHomeBattedFirst"):
                # Compared as the log lists it (the park's team as home, as the grdavis file lists it too); the
                # catalog's home is the team that batted last (mlb.py), a "batted-first" disagreement below.
                g["catalogTeams"] = (g["home"], g["away"])
                g["home"], g["away"] = g["away"], g["home"]
                g["homeScore"], g["awayScore"] = g["awayScore"], g["homeScore"]
            games.append(g)
    return games


def load_bbref(mlb):
    regular, postseason = [], []
    rows = []
    for row in read_csv(raw(*BBREF_FILE)):
        day = parse_date(row["Date"])
        if day.year in SEASONS and row["Home_Score"]:
            rows.append((day, row))
    per_key = Counter((day, row["Home"], row["Away"]) for day, row in rows)
    seen = Counter()
    for index, (day, row) in enumerate(rows):
        key = (day, row["Home"], row["Away"])
        seen[key] += 1
        g = {"season": day.year, "date": day, "gameNumber": seen[key] if per_key[key] > 1 else 0,
             "home": team_id(row["Home"]), "away": team_id(row["Away"]),
             "homeScore": int(float(row["Home_Score"])), "awayScore": int(float(row["Away_Score"])),
             "line": index + 2, "franchise": (row["Home"], row["Away"])}
        (postseason if day > LAST_REGULAR[day.year] else regular).append(g)
    return regular, postseason


def score(g):
    return (g["homeScore"], g["awayScore"])


def pair(retro, bbref):
    """Pairs within (date, home, away); returns pairs and the unpaired of each side."""
    by_key_r, by_key_b = defaultdict(list), defaultdict(list)
    for g in retro:
        by_key_r[(g["date"], g["home"], g["away"])].append(g)
    for g in bbref:
        by_key_b[(g["date"], g["home"], g["away"])].append(g)
    pairs, only_r, only_b = [], [], []
    for key in sorted(set(by_key_r) | set(by_key_b)):
        rs = sorted(by_key_r.get(key, []), key=lambda g: g["gameNumber"])
        bs = list(by_key_b.get(key, []))
        matched = []
        for r in list(rs):
            b = next((b for b in bs if score(b) == score(r)), None)
            if b is not None:
                matched.append((r, b))
                rs.remove(r)
                bs.remove(b)
        while rs and bs:
            matched.append((rs.pop(0), bs.pop(0)))
        key_r = by_key_r.get(key, [])
        for r, b in sorted(matched, key=lambda p: p[0]["gameNumber"]):
            pairs.append((r, b, len(key_r), len(by_key_b.get(key, []))))
        only_r += rs
        only_b += bs
    return pairs, only_r, only_b, by_key_r


def derived_park(mlb, g):
    home, away = g["franchise"]
    return mlb._site_of(home, away, g["date"]) or mlb._park_for(home, g["date"], False)


def suspension(r):
    """Retrosheet field 14 in words, or ''."""
    if not r["completion"]:
        return ""
    done = r["completion"].split(",")
    where = f" at {done[1]}" if len(done) > 1 and done[1] else ""
    return f"suspended, completed {parse_date(done[0])}{where} (Retrosheet field 14)"


class Crosscheck:
    """Both sources paired, every disagreement found and settled from the curated table."""

    def __init__(self, mlb):
        self.mlb = mlb
        self.retro = load_retrosheet(mlb)
        self.bbref, self.bbref_post = load_bbref(mlb)
        self.found = []  # disagreement dicts, see add()
        self.confirmed = Counter()  # season -> games with the same date, teams, number and score
        self.agree_but_number = Counter()  # season -> same date, teams and score, the number 0 against 1 or 2
        self._compare()
        self._settle()

    def add(self, season, kind, game, retrosheet, grdavis, text, rule_fits=False, games=()):
        self.found.append({"season": season, "kind": kind, "field": KINDS[kind][0], "game": game,
                           "retrosheet": retrosheet, "grdavis": grdavis, "text": text, "rule_fits": rule_fits,
                           "games": list(games)})

    def _compare(self):
        mlb = self.mlb
        pairs, only_r, only_b, by_key_r = pair(self.retro, self.bbref)
        collapsed = {}  # key -> (paired Retrosheet game, grdavis row)
        for r, b, n_r, n_b in pairs:
            season = r["season"]
            differs = False
            if score(r) != score(b):
                differs = True
                self.add(season, "score", game_id(r), result(r), result(b),
                         f"{describe(r)} (Retrosheet) | {short(b['away'])} {b['awayScore']} at {short(b['home'])} "
                         f"{b['homeScore']} (grdavis line {b['line']})", games=[r])
            if r["gameNumber"] != b["gameNumber"]:
                differs = True
                if n_r == 2 and n_b == 1:
                    collapsed[(r["date"], r["home"], r["away"])] = (r, b)
                else:
                    self.add(season, "number", game_id(r), str(r["gameNumber"]), str(b["gameNumber"]),
                             f"{describe(r)} (Retrosheet, {n_r} game(s) that day) | grdavis nominal "
                             f"#{b['gameNumber']} of {n_b} (line {b['line']})", games=[r])
            if r.get("catalogTeams") and r["catalogTeams"][0] != b["home"]:
                differs = True
                self.add(season, "batted-first", game_id(r), short(r["catalogTeams"][0]), short(b["home"]),
                         f"{describe(r)} | grdavis {short(b['away'])} {b['awayScore']} at {short(b['home'])} "
                         f"{b['homeScore']} (line {b['line']})", rule_fits=True, games=[r])
            if not differs:
                self.confirmed[season] += 1
            elif score(r) == score(b) and (r["date"], r["home"], r["away"]) in collapsed:
                self.agree_but_number[season] += 1
            park = derived_park(mlb, b)
            if park != r["park"]:
                self.add(season, "park", game_id(r), r["park"], f"{park} (derived)",
                         f"{describe(r)}: the build would derive {park} for the grdavis row (line {b['line']})",
                         games=[r])

        # Unpaired games: matched across dates (same teams and score), then home/away swapped on the same date.
        left_b = list(only_b)
        left_r = []
        for r in only_r:
            near = [b for b in left_b if b["home"] == r["home"] and b["away"] == r["away"] and score(b) == score(r)
                    and 0 < abs((b["date"] - r["date"]).days) <= DATE_WINDOW]
            if near:
                b = min(near, key=lambda b: (abs((b["date"] - r["date"]).days), b["line"]))
                left_b.remove(b)
                note = f"; {suspension(r)}" if r["completion"] else ""
                self.add(r["season"], "date", game_id(r), r["date"].isoformat(), b["date"].isoformat(),
                         f"{describe(r)} (Retrosheet) | grdavis {b['date']} (line {b['line']}){note}", games=[r])
                continue
            swapped = [b for b in left_b if b["date"] == r["date"] and b["home"] == r["away"]
                       and b["away"] == r["home"] and score(b) == (r["awayScore"], r["homeScore"])]
            if swapped:
                b = swapped[0]
                left_b.remove(b)
                self.add(r["season"], "home/away", game_id(r), short(r["home"]), short(b["home"]),
                         f"{describe(r)} (Retrosheet) | grdavis {short(b['away'])} at {short(b['home'])} "
                         f"(line {b['line']})", games=[r])
                continue
            left_r.append(r)

        for key, (paired, b) in sorted(collapsed.items()):
            games = sorted(by_key_r[key], key=lambda g: g["gameNumber"])
            other = [g for g in games if g is not paired]
            numbers = [g["gameNumber"] for g in games]
            rule_fits = (numbers == [1, 2] and len(other) == 1 and other[0] in left_r
                         and score(b) in [score(g) for g in games])
            for g in other:
                if g in left_r:
                    left_r.remove(g)
            notes = "; ".join(f"game {g['gameNumber']} {suspension(g)}" for g in games if g["completion"])
            self.add(paired["season"], "doubleheader", game_id(paired, 0),
                     "; ".join(f"#{g['gameNumber']} {result(g)}" for g in games), result(b),
                     f"{describe(games[0])} and #{games[1]['gameNumber']} {short(games[1]['away'])} "
                     f"{games[1]['awayScore']}-{games[1]['homeScore']}: the grdavis row (line {b['line']}) is game "
                     f"{paired['gameNumber']}" + (" by score" if score(paired) == score(b) else
                                                  " (scores differ; paired by order)")
                     + (f"; {notes}" if notes else ""), rule_fits=rule_fits, games=games)

        paired_keys = {(p[0]["date"], p[0]["home"], p[0]["away"]) for p in pairs}
        for r in left_r:
            extra = ""
            if r["completion"]:
                done = parse_date(r["completion"].split(",")[0])
                extra = f" ({suspension(r)}"
                if (done, r["home"], r["away"]) in paired_keys:
                    extra += (f"; both sources hold another {short(r['away'])} at {short(r['home'])} game that day, "
                              "and the grdavis file keeps one row per date and teams")
                extra += ")"
            self.add(r["season"], "only-retrosheet", game_id(r), result(r), ABSENT, describe(r) + extra, games=[r])
        for b in left_b:
            self.add(b["season"], "only-bbref", game_id(b), ABSENT, result(b),
                     f"{describe(b)} (grdavis line {b['line']})", games=[b])
        self.found.sort(key=lambda d: (d["season"], list(KINDS).index(d["kind"]), d["game"]))

    def _settle(self):
        rows, rules = {}, {}
        for row in curated(TABLE):
            if not row["settled"].strip() or not row["source"].strip():
                raise BuildError(f"curated/{TABLE}: {row['game']} {row['field']}: no settled value or no source")
            if row["game"].startswith("rule:"):
                if RULES.get(row["game"]) != row["field"]:
                    raise BuildError(f"curated/{TABLE}: unknown rule {row['game']!r} for field {row['field']!r}")
                if row["settled"] != "retrosheet":
                    raise BuildError(f"curated/{TABLE}: {row['game']} must settle for 'retrosheet'")
                rules[row["field"]] = row
                continue
            if row["field"] not in {f for f, _ in KINDS.values()}:
                raise BuildError(f"curated/{TABLE}: {row['game']}: unknown field {row['field']!r}")
            if (row["game"], row["field"]) in rows:
                raise BuildError(f"curated/{TABLE}: two rows for {row['game']} {row['field']}")
            rows[(row["game"], row["field"])] = row
        used, used_rules = set(), Counter()
        self.unsettled = []
        self.mismatched = []
        for d in self.found:
            row = rows.get((d["game"], d["field"]))
            if row is not None:
                used.add((d["game"], d["field"]))
                if (row["retrosheet"], row["grdavis"]) != (d["retrosheet"], d["grdavis"]):
                    self.mismatched.append(f"{d['game']} {d['field']}: the table records {row['retrosheet']!r} / "
                                           f"{row['grdavis']!r}, the sources now say {d['retrosheet']!r} / "
                                           f"{d['grdavis']!r}")
                    continue
                d["settled"], d["by"], d["source"] = row["settled"], "row", row["source"]
                continue
            rule = rules.get(d["field"])
            if rule is not None and d["rule_fits"]:
                used_rules[d["field"]] += 1
                d["settled"], d["by"], d["source"] = d["retrosheet"], "rule", rule["source"]
                continue
            self.unsettled.append(f"{d['game']},{d['field']},{d['retrosheet']},{d['grdavis']}")
        self.unused = sorted(f"{g} {f}" for g, f in set(rows) - used)
        self.unused += sorted(row["game"] for field, row in rules.items() if not used_rules[field])

    def problems(self):
        """Everything that stops the build, as lines."""
        lines = []
        if self.unsettled:
            lines.append(f"{len(self.unsettled)} disagreements between Retrosheet and the grdavis file are not "
                         f"settled in curated/{TABLE} (game,field,retrosheet,grdavis):")
            lines += [f"  {u}" for u in self.unsettled]
        if self.mismatched:
            lines.append(f"curated/{TABLE}: rows whose values the sources no longer give:")
            lines += [f"  {m}" for m in self.mismatched]
        if self.unused:
            lines.append(f"curated/{TABLE}: rows for no disagreement: {', '.join(self.unused)}")
        return lines

    def corrections(self):
        """Settled values that differ from Retrosheet's, which the catalog (built from Retrosheet for these seasons)
        must take: (Retrosheet game, field, settled value)."""
        out = []
        for d in self.found:
            if d.get("settled") is not None and d["settled"] != d["retrosheet"]:
                out.append(d)
        return out

    def report(self):
        seasons = list(SEASONS)
        retro_n = Counter(g["season"] for g in self.retro)
        bbref_n = Counter(g["season"] for g in self.bbref)
        post_n = Counter(g["season"] for g in self.bbref_post)
        counts = Counter((d["season"], d["kind"]) for d in self.found)
        by_row = Counter(d["season"] for d in self.found if d.get("by") == "row")
        by_rule = Counter(d["season"] for d in self.found if d.get("by") == "rule")
        open_n = Counter(d["season"] for d in self.found if d.get("by") is None)
        kinds = list(KINDS)
        lines = ["# MLB 2018-2024 regular seasons: Retrosheet game logs against Baseball-Reference via grdavis",
                 "# Written by Scripts/catalog/mlb_crosscheck.py (and by build.py); every disagreement is settled in "
                 f"Scripts/catalog/curated/{TABLE}, or the build stops.",
                 "# Sources (under ../shared/data/raw): retrosheet-gamelogs/GL2018, GL2019, gl2020-gl2024 and "
                 f"{'/'.join(BBREF_FILE)}",
                 "",
                 "## Per season",
                 "",
                 "'both confirm': the same date, teams, game number and final score. 'agree but the number': the "
                 "grdavis row of a doubleheader it lists once (date, teams and score agree; its number is 0, "
                 "Retrosheet's 1 or 2). A doubleheader listed once counts once in 'doubleheader' (both of its games).",
                 "",
                 "| season | Retrosheet | grdavis | both confirm | agree but the number | " + " | ".join(kinds)
                 + " | settled by a row | settled by the rule | not settled |",
                 "|---" * (5 + len(kinds) + 3) + "|"]
        for s in seasons:
            lines.append(f"| {s} | {retro_n[s]} | {bbref_n[s]} | {self.confirmed[s]} | {self.agree_but_number[s]} | "
                         + " | ".join(str(counts[(s, k)]) for k in kinds)
                         + f" | {by_row[s]} | {by_rule[s]} | {open_n[s]} |")
        lines.append(f"| all | {sum(retro_n.values())} | {sum(bbref_n.values())} | {sum(self.confirmed.values())} | "
                     f"{sum(self.agree_but_number.values())} | "
                     + " | ".join(str(sum(counts[(s, k)] for s in seasons)) for k in kinds)
                     + f" | {sum(by_row.values())} | {sum(by_rule.values())} | {sum(open_n.values())} |")
        lines += ["",
                  "Postseasons 2018-2024 are in the grdavis file only (the Retrosheet postseason logs here stop at "
                  "2017), so they are not compared: " + ", ".join(f"{s} {post_n[s]}" for s in seasons) + " games.",
                  "The grdavis file names no park: 'park' compares Retrosheet's park with the park the build would "
                  "derive for the grdavis row (curated game sites, else Lahman HomeGames spans).",
                  ""]
        team_check = self.team_games_check()
        lines += ["## Games per team and season",
                  "",
                  f"For each of the {team_check[0]} team-seasons, Retrosheet's games = the grdavis file's games + the "
                  "games only Retrosheet has (the other game of each doubleheader listed once, the suspended games): "
                  f"{'holds for all' if not team_check[1] else 'fails for ' + ', '.join(team_check[1])}.",
                  ""]
        corrections = self.corrections()
        lines += [f"## Catalog values the settlements change: {len(corrections)}", ""]
        lines += [f"- {d['game']} {d['field']}: Retrosheet {d['retrosheet']} -> {d['settled']}" for d in corrections]
        lines.append("")
        if self.problems():
            lines += ["## NOT SETTLED (the build stops)", ""] + self.problems() + [""]
        sources_seen = set()
        for k in kinds:
            items = [d for d in self.found if d["kind"] == k]
            lines.append(f"## {KINDS[k][1]}: {len(items)}")
            lines.append("")
            for d in items:
                if d.get("by") == "row":
                    how = f"settled: {d['settled']} ({d['source']})" if d["source"] not in sources_seen else \
                        f"settled: {d['settled']} (as above)"
                    sources_seen.add(d["source"])
                elif d.get("by") == "rule":
                    how = f"settled: {d['settled']} (rule:{d['field']})"
                else:
                    how = "NOT SETTLED"
                lines.append(f"- {d['game']}: {d['text']} -> {how}")
            lines.append("")
        rule_rows = [r for r in curated(TABLE) if r["game"].startswith("rule:")]
        if rule_rows:
            lines.append("## Rules")
            lines.append("")
            lines += [f"- {r['game']} ({r['field']}): {r['source']}" for r in rule_rows]
        return "\n".join(lines).rstrip("\n") + "\n"

    def team_games_check(self):
        """Per team-season: Retrosheet games == grdavis games + games only Retrosheet has (the doubleheaders' other
        games and the unpaired). Returns (team-seasons checked, failures)."""
        r_n, b_n, extra = Counter(), Counter(), Counter()
        for g in self.retro:
            r_n[(g["season"], g["home"])] += 1
            r_n[(g["season"], g["away"])] += 1
        for g in self.bbref:
            b_n[(g["season"], g["home"])] += 1
            b_n[(g["season"], g["away"])] += 1
        for d in self.found:
            if d["kind"] in ("doubleheader", "only-retrosheet"):
                g = d["games"][0]
                n = len(d["games"]) - 1 if d["kind"] == "doubleheader" else 1
                extra[(g["season"], g["home"])] += n
                extra[(g["season"], g["away"])] += n
            elif d["kind"] == "only-bbref":
                g = d["games"][0]
                extra[(g["season"], g["home"])] -= 1
                extra[(g["season"], g["away"])] -= 1
        failures = [f"{s} {short(t)}" for (s, t) in sorted(r_n) if r_n[(s, t)] != b_n[(s, t)] + extra[(s, t)]]
        return len(r_n), failures


def check(mlb):
    """For the build: the cross-check, or a BuildError naming every disagreement without a settlement."""
    cross = Crosscheck(mlb)
    if cross.problems():
        raise BuildError("MLB cross-check: " + "\n".join(cross.problems()))
    return cross


def apply(games, cross):
    """The settled values that differ from Retrosheet's, applied to the build's games (scores only; any other field
    settled against Retrosheet stops the build until it is supported here)."""
    by_id = {}
    for g in games:
        if g["source"] == "retrosheet" and g["seasonType"] == "regular" and g["season"] in SEASONS:
            by_id[game_id(g)] = g
    changed = []
    for d in cross.corrections():
        g = by_id.get(d["game"])
        m = re.fullmatch(r"(\S+) (\d+) (\S+) (\d+)", d["settled"])
        if d["field"] != "score" or g is None or not m or (m.group(1), m.group(3)) != (short(g["away"]), short(g["home"])):
            raise BuildError(f"curated/{TABLE}: {d['game']} {d['field']} settles for {d['settled']!r}, which the build "
                             "cannot apply (only a score of a Retrosheet game, written 'AWAY n HOME n')")
        g["awayScore"], g["homeScore"] = int(m.group(2)), int(m.group(4))
        changed.append(d)
    return changed


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_REPORT
    cross = Crosscheck(MLB())
    text = cross.report()
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    sys.stdout.write(text)
    if cross.problems():
        sys.exit(1)


if __name__ == "__main__":
    try:
        main()
    except BuildError as error:
        sys.exit(f"mlb-crosscheck: {error}")

#!/usr/bin/env python3
"""MLB 2018-2024: Retrosheet game logs against the Baseball-Reference (grdavis) log, report only (issue #30 item 7).

    python3 Scripts/catalog/mlb_crosscheck.py [REPORT_FILE]

Reads the same raw files as the catalog build (../shared/data/raw, or $STADIUMLOG_RAW) through mlb.py's readers and
team-code mappings, pairs every 2018-2024 game either source holds by (date, home team, away team, doubleheader
number), prints a per-season summary and every disagreement, and writes the same text to REPORT_FILE (default
Scripts/catalog/reports/mlb-crosscheck-2018-2024.txt). It changes nothing the build writes, and the build does not
stop on anything found here.

Pairing, within one (date, home, away): first games with the same final score, then the rest in order (Retrosheet by
game number, the grdavis file in file order). The grdavis file has no game number, so its number is nominal: 0 when it
has one row for the key, 1, 2 … in file order otherwise (as mlb.py numbers 2025-2026). Games left unpaired are then
matched across keys: same teams and score within three days ("date"), or the same date with home and away swapped
("home/away"). The grdavis file names no park, so parks cannot be compared source against source; the report counts
instead where the park the build would derive for a grdavis row (curated game sites, else Lahman HomeGames spans, as
mlb.py does for 2018-2024 postseasons) differs from Retrosheet's park.
"""
import glob
import os
import re
import sys
from collections import Counter, defaultdict
from datetime import date

sys.path.insert(0, os.path.dirname(__file__))
from common import parse_date, raw, read_csv  # noqa: E402
from mlb import MLB, team_id  # noqa: E402

SEASONS = range(2018, 2025)
# The last regular-season day of each season, as in mlb.MLB._load_bbref_recent (the grdavis file flags no postseason).
LAST_REGULAR = {2018: date(2018, 10, 1), 2019: date(2019, 9, 29), 2020: date(2020, 9, 27), 2021: date(2021, 10, 3),
                2022: date(2022, 10, 5), 2023: date(2023, 10, 1), 2024: date(2024, 9, 30)}
BBREF_FILE = ("mlb-bbref-grdavis-2018-2026", "game_log_2026-08-22.csv.gz")
DATE_WINDOW = 3
DEFAULT_REPORT = os.path.join(os.path.dirname(__file__), "reports", "mlb-crosscheck-2018-2024.txt")
KINDS = ["score", "date", "home/away", "dh-collapsed", "dh-number", "only-retrosheet", "only-bbref"]
KIND_TITLES = {
    "score": "final score differs",
    "date": "date differs (same teams and score within three days)",
    "home/away": "home and away swapped (same date)",
    "dh-collapsed": "doubleheader: Retrosheet has two games, the grdavis file one (the other listed as Retrosheet only)",
    "dh-number": "doubleheader numbering differs (other than a collapsed doubleheader)",
    "only-retrosheet": "only in Retrosheet",
    "only-bbref": "only in the grdavis file",
}


def short(team):
    return team.replace("team_mlb_", "").upper()


def describe(g):
    return (f"{g['date']} #{g['gameNumber']} {short(g['away'])} {g['awayScore']} at {short(g['home'])} "
            f"{g['homeScore']}" + (f" [{g['park']}]" if g.get("park") else ""))


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
    return pairs, only_r, only_b


def derived_park(mlb, g):
    home, away = g["franchise"]
    return mlb._site_of(home, away, g["date"]) or mlb._park_for(home, g["date"], False)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_REPORT
    mlb = MLB()
    retro = load_retrosheet(mlb)
    bbref, bbref_post = load_bbref(mlb)
    pairs, only_r, only_b = pair(retro, bbref)

    found = []  # (season, kind, text)
    confirmed = Counter()
    park_differs = []
    for r, b, n_r, n_b in pairs:
        season = r["season"]
        differs = False
        if score(r) != score(b):
            differs = True
            found.append((season, "score", f"{describe(r)} (Retrosheet) | {short(b['away'])} {b['awayScore']} at "
                          f"{short(b['home'])} {b['homeScore']} (grdavis line {b['line']})"))
        if r["gameNumber"] != b["gameNumber"]:
            differs = True
            if n_r == 2 and n_b == 1:
                found.append((season, "dh-collapsed", f"{describe(r)}: the grdavis row (line {b['line']}) matches "
                              f"Retrosheet game {r['gameNumber']}" + (" by score" if score(r) == score(b) else
                                                                      " (scores differ; paired by order)")))
            else:
                found.append((season, "dh-number", f"{describe(r)} (Retrosheet, {n_r} game(s) that day) | grdavis "
                              f"nominal #{b['gameNumber']} of {n_b} (line {b['line']})"))
        if not differs:
            confirmed[season] += 1
        park = derived_park(mlb, b)
        if park != r["park"]:
            park_differs.append((season, f"{describe(r)}: the build would derive {park} for the grdavis row"))

    # Unpaired games: matched across dates (same teams and score), then home/away swapped on the same date.
    left_b = list(only_b)
    explained_r = []
    for r in only_r:
        near = [b for b in left_b if b["home"] == r["home"] and b["away"] == r["away"] and score(b) == score(r)
                and 0 < abs((b["date"] - r["date"]).days) <= DATE_WINDOW]
        if near:
            b = min(near, key=lambda b: (abs((b["date"] - r["date"]).days), b["line"]))
            left_b.remove(b)
            explained_r.append(r)
            note = ""
            if r["completion"]:
                done = r["completion"].split(",")
                if parse_date(done[0]) == b["date"]:
                    where = f" at {done[1]}" if done[1] else ""
                    note = (f"; Retrosheet field 14: suspended, completed {parse_date(done[0])}{where} "
                            "(grdavis dates it on the completion day)")
            found.append((r["season"], "date", f"{describe(r)} (Retrosheet) | grdavis {b['date']} "
                          f"(line {b['line']}){note}"))
            continue
        swapped = [b for b in left_b if b["date"] == r["date"] and b["home"] == r["away"] and b["away"] == r["home"]
                   and score(b) == (r["awayScore"], r["homeScore"])]
        if swapped:
            b = swapped[0]
            left_b.remove(b)
            explained_r.append(r)
            found.append((r["season"], "home/away", f"{describe(r)} (Retrosheet) | grdavis {short(b['away'])} at "
                          f"{short(b['home'])} (line {b['line']})"))
    collapsed_keys = {(r["date"], r["home"], r["away"]) for r, b, n_r, n_b in pairs if n_r == 2 and n_b == 1}
    for r in only_r:
        if r in explained_r:
            continue
        extra = ""
        if (r["date"], r["home"], r["away"]) in collapsed_keys:
            extra = " (the other game of a doubleheader the grdavis file lists once)"
        if r["completion"]:
            done = r["completion"].split(",")
            finished = parse_date(done[0])
            extra += f" (Retrosheet field 14: suspended, completed {finished}"
            if any(p[0]["date"] == finished and p[0]["home"] == r["home"] and p[0]["away"] == r["away"]
                   for p in pairs):
                extra += (f", a day both sources hold another {short(r['away'])} at {short(r['home'])} game; "
                          "the grdavis file keeps one row per date and teams")
            extra += ")"
        found.append((r["season"], "only-retrosheet", describe(r) + extra))
    for b in left_b:
        found.append((b["season"], "only-bbref", f"{describe(b)} (grdavis line {b['line']})"))

    retro_n = Counter(g["season"] for g in retro)
    bbref_n = Counter(g["season"] for g in bbref)
    post_n = Counter(g["season"] for g in bbref_post)
    counts = Counter((s, k) for s, k, _ in found)
    park_n = Counter(s for s, _ in park_differs)

    lines = ["# MLB 2018-2024 regular seasons: Retrosheet game logs against Baseball-Reference via grdavis",
             "# Written by Scripts/catalog/mlb_crosscheck.py (report only; the build does not stop on these).",
             "# Sources (under ../shared/data/raw): retrosheet-gamelogs/GL2018, GL2019, gl2020-gl2024 and "
             f"{'/'.join(BBREF_FILE)}",
             "",
             "## Per season",
             "",
             "| season | Retrosheet | grdavis | both confirm | " + " | ".join(KINDS) + " | derived park differs |",
             "|---" * (4 + len(KINDS) + 1) + "|"]
    for s in SEASONS:
        lines.append(f"| {s} | {retro_n[s]} | {bbref_n[s]} | {confirmed[s]} | "
                     + " | ".join(str(counts[(s, k)]) for k in KINDS) + f" | {park_n[s]} |")
    lines.append(f"| all | {sum(retro_n.values())} | {sum(bbref_n.values())} | {sum(confirmed.values())} | "
                 + " | ".join(str(sum(counts[(s, k)] for s in SEASONS)) for k in KINDS)
                 + f" | {len(park_differs)} |")
    lines += ["",
              "Postseasons 2018-2024 are in the grdavis file only (the Retrosheet postseason logs here stop at 2017), "
              "so they are not compared: " + ", ".join(f"{s} {post_n[s]}" for s in SEASONS) + " games.",
              "The grdavis file names no park: 'derived park differs' compares Retrosheet's park with the park the "
              "build would derive for the grdavis row (curated game sites, else Lahman HomeGames spans); it is not "
              "a disagreement between the two sources.",
              ""]
    for k in KINDS:
        items = [(s, t) for s, kind, t in found if kind == k]
        lines.append(f"## {KIND_TITLES[k]}: {len(items)}")
        lines.append("")
        lines += [f"- {t}" for s, t in sorted(items)]
        lines.append("")
    lines.append(f"## Derived park differs from Retrosheet's park (information): {len(park_differs)}")
    lines.append("")
    lines += [f"- {t}" for s, t in sorted(park_differs)]
    text = "\n".join(lines).rstrip("\n") + "\n"
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()

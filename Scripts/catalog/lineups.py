"""The people on the field (issue #43): who started each game, who managed it and, in MLB, the pitchers of record —
written one file per league and season under `lineups/` (docs/DATA.md, "The people on the field"), so the app reads a
season only when a fan's game is in it.

MLB: Retrosheet's game logs (fields 90-99 and 102-159: managers, pitchers of record, starting pitchers, the nine
starters of each side with their positions), regular seasons 1950-2024 and the postseasons of 2005-2017 (the
logs the raw folder has whole; the earlier postseasons are transcribed only to field 21, the later ones come from a
source without lineups). NFL: nflverse's `games.csv` (starting quarterbacks and head coaches), the transcribed
extract in `sources/nflverse-people`. Honours (Hall of Fame, the major awards) come from the Lahman / Baseball
Databank tables in `sources/lahman-honours`, by Retrosheet id, into `honours-mlb.tsv`.

A file's format (`#stadiumlog-lineups 1`): `@roles` names the league's roles in a fan's words, `@source` the source,
`@positions` the positions' abbreviations by code; `@person` rows are the
season's people (id, name) numbered from 0 in order, the most frequent first so the numbers stay short; then one row
per game: the game id without its `game_{league}_{season}_` prefix, then the person numbers of the away and home
starters, the away and home managers, the winning, losing and saving pitchers (empty where none), then each side's
lineup in batting order (numbers separated by spaces) and its positions (one character a batter: 1-9, D for the
designated hitter). A side whose lineup the source lacks in part is left empty: no lineup rather than a wrong one.
"""
import csv
import os
from collections import Counter, defaultdict

from common import BuildError, curated, read_csv

FORMAT = "stadiumlog-lineups 1"
COLUMNS = ["game", "awayStarter", "homeStarter", "awayManager", "homeManager", "win", "loss", "save",
           "awayLineup", "awayPositions", "homeLineup", "homePositions"]
ROLES = {
    "mlb": {"starter": "starting pitcher", "manager": "manager", "win": "winning pitcher",
            "loss": "losing pitcher", "save": "save", "lineup": "lineup"},
    "nfl": {"starter": "starting quarterback", "manager": "head coach"},
}
POSITIONS = {str(n): str(n) for n in range(1, 10)} | {"10": "D"}
# The positions as fans abbreviate them, by the code a lineup writes (Retrosheet's numbers, D for 10).
POSITION_NAMES = {"mlb": {"1": "P", "2": "C", "3": "1B", "4": "2B", "5": "3B", "6": "SS", "7": "LF", "8": "CF",
                          "9": "RF", "D": "DH"}}
SOURCE_NAMES = {"mlb": "Retrosheet's game logs", "nfl": "nflverse's games"}
SOURCES = os.path.join(os.path.dirname(__file__), "sources")


def _person(row, at):
    """(id, name) of a game log's ID/name field pair (0-based `at`), or None for "" / "(none)"."""
    person_id, name = row[at], row[at + 1]
    return (person_id, name) if person_id and name != "(none)" else None


def _lineup(row, at):
    """The nine starters of a side (fields from `at`: ID, name, position), or None when any is missing."""
    slots = [(row[at + 3 * k], row[at + 3 * k + 1], row[at + 3 * k + 2]) for k in range(9)]
    if any(not pid or pos not in POSITIONS for pid, _, pos in slots):
        return None
    return [((pid, name), POSITIONS[pos]) for pid, name, pos in slots]


def retrosheet_people(row, batted_first):
    """Who was on the field in one game-log row, from the catalog's sides (the log's visitor is the home team of a
    game flagged HTBF); None for a row without the fields (the transcribed 1950-2004 postseason logs)."""
    if len(row) < 159 or not row[105]:
        return None
    log = {
        "away": {"starter": _person(row, 101), "manager": _person(row, 89), "lineup": _lineup(row, 105)},
        "home": {"starter": _person(row, 103), "manager": _person(row, 91), "lineup": _lineup(row, 132)},
    }
    if batted_first:
        log["away"], log["home"] = log["home"], log["away"]
    return {**log, "win": _person(row, 93), "loss": _person(row, 95), "save": _person(row, 97)}


def nflverse_people():
    """nflverse game id -> {"away"/"home": {"starter": (player id, name), "manager": (name, name)}} from the extract,
    with the source's slips settled (``settle_quarterbacks``, `curated/nfl-coach-corrections.csv`); and the list of
    what was settled, for docs/DATA.md."""
    rows = read_csv(os.path.join(SOURCES, "nflverse-people", "people.csv.gz"))
    settled = settle_quarterbacks(rows) + correct_coaches(rows)
    found = {}
    for row in rows:
        if row["game_id"] in found:
            raise BuildError(f"sources/nflverse-people: {row['game_id']} twice")
        side = lambda s: {"starter": (row[f"{s}_qb_id"], row[f"{s}_qb_name"]) if row[f"{s}_qb_name"] else None,
                          "manager": (row[f"{s}_coach"], row[f"{s}_coach"]) if row[f"{s}_coach"] else None,
                          "lineup": None}
        found[row["game_id"]] = {"away": side("away"), "home": side("home"), "win": None, "loss": None, "save": None}
    return found, settled


def settle_quarterbacks(rows):
    """Within a season one player id is one name, and one name one id: where the source slips (a name typed wrong on
    one row, "Justin Herbery"; one row giving a player another's id), the name or id the rest of its season gives
    holds. A slip without a clear majority stops the build. Returns the rows changed, in words."""
    def season(row):
        return row["game_id"][:4]

    def quarterbacks():
        for row in rows:
            for side in ("away", "home"):
                if row[f"{side}_qb_id"]:
                    yield row, side

    changed = []

    def settle(by, kept, words):
        """Within a season each `by` (an id, a name) has one `kept` value: the one most of its games give."""
        counts = defaultdict(Counter)  # (season, by) -> kept values
        for row, side in quarterbacks():
            counts[(season(row), row[f"{side}_qb_{by}"])][row[f"{side}_qb_{kept}"]] += 1
        for row, side in quarterbacks():
            seen = counts[(season(row), row[f"{side}_qb_{by}"])]
            best, n = seen.most_common(1)[0]
            if list(seen.values()).count(n) > 1:
                raise BuildError(f"sources/nflverse-people: {season(row)} {row[f'{side}_qb_{by}']} gives {dict(seen)}")
            if row[f"{side}_qb_{kept}"] != best:
                changed.append(f"{row['game_id']} {side}: " + words(row[f"{side}_qb_id"], row[f"{side}_qb_name"], best)
                               + f" in {n} of {'its' if by == 'id' else 'his'} {sum(seen.values())} games that season)")
                row[f"{side}_qb_{kept}"] = best

    settle("id", "name", lambda pid, name, best: f"{name} -> {best} (the name of {pid}")
    settle("name", "id", lambda pid, name, best: f"{name}'s id {pid} -> {best} (his id")
    return changed


def correct_coaches(rows):
    """The head coaches `curated/nfl-coach-corrections.csv` settles (each row with the source's value and two
    sources); a row the source no longer matches, or one never used, stops the build."""
    by_game = {row["game_id"]: row for row in rows}
    runs = Counter()  # (season, team, nflverse's coach, the coach settled) -> games
    for fix in curated("nfl-coach-corrections.csv"):
        row = by_game.get(fix["game_id"])
        field = f"{fix['side']}_coach"
        if row is None or row.get(field) != fix["nflverse"] or not fix["source"].strip():
            raise BuildError(f"curated/nfl-coach-corrections.csv: {fix['game_id']} {fix['side']} does not match the source")
        row[field] = fix["settled"]
        season, _, away, home = fix["game_id"].split("_")
        runs[(season, away if fix["side"] == "away" else home, fix["nflverse"], fix["settled"])] += 1
    changed = [f"{season} {team}: head coach {was} -> {settled} in {n} game{'s' if n > 1 else ''}"
               for (season, team, was, settled), n in sorted(runs.items())]
    # A head coach is known by his name: two coaches of one name (Jim E. Mora and his son Jim L. Mora) are told apart
    # by `curated/nfl-coach-names.csv`, each row a team and its seasons; a row that names no game stops the build.
    for rename in curated("nfl-coach-names.csv"):
        seasons = range(int(rename["first_season"]), int(rename["last_season"]) + 1)
        used = 0
        for row in rows:
            season, _, away, home = row["game_id"].split("_")
            for side, team in (("away", away), ("home", home)):
                if team == rename["team"] and int(season) in seasons and row[f"{side}_coach"] == rename["name"]:
                    row[f"{side}_coach"] = rename["shown"]
                    used += 1
        if not used or not rename["source"].strip():
            raise BuildError(f"curated/nfl-coach-names.csv: {rename['name']} {rename['team']} names no game, or no source")
        changed.append(f"{rename['name']} of {rename['team']} {rename['first_season']}-{rename['last_season']} "
                       f"shown as {rename['shown']} ({used} games)")
    return changed


DOC_BEGIN, DOC_END = "<!-- lineups: written by build.py -->", "<!-- /lineups -->"


def doc(games, settled):
    """The coverage table of docs/DATA.md ("The people on the field"): per league and season part, the catalog's games
    and those with people, runs of seasons alike merged; then the source rows the build settled."""
    counts = defaultdict(lambda: [0, 0, 0])  # (league, part, season) -> games, with people, with both lineups
    for league, rows in games.items():
        for g in rows:
            c = counts[(league, g["seasonType"], g["season"])]
            c[0] += 1
            p = g.get("people")
            c[1] += bool(p)
            c[2] += bool(p and p["away"]["lineup"] and p["home"]["lineup"])
    lines = ["| league | part | seasons | games | with people | with both lineups |", "|---|---|---|---|---|---|"]
    for league in sorted(games):
        for part in ("regular", "postseason"):
            seasons = sorted(s for (lg, pt, s) in counts if lg == league and pt == part)
            run = []
            for season in seasons + [None]:
                status = None if season is None else counts[(league, part, season)][1] > 0
                if run and (season is None or status != run[-1][1] or season != run[-1][0] + 1):
                    total = [sum(counts[(league, part, s)][i] for s, _ in run) for i in range(3)]
                    label = f"{run[0][0]}" if len(run) == 1 else f"{run[0][0]}–{run[-1][0]}"
                    lines.append(f"| {league.upper()} | {part} | {label} | {total[0]:,} | {total[1]:,} | {total[2]:,} |")
                    run = []
                if season is not None:
                    run.append((season, status))
    lines += ["", f"Source rows settled by the build ({len(settled)}):", ""] + [f"- {line}" for line in settled]
    return "\n".join(lines)


def write(directory, games, game_id):
    """One file per league and season with people (`games`: the catalog's rows, each with its `people` or none).
    Returns {league: (first season, last season, games with people)} for the coverage table."""
    folder = os.path.join(directory, "lineups")
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    seasons = defaultdict(list)
    for league, rows in games.items():
        for g in rows:
            if g.get("people"):
                seasons[(league, g["season"])].append(g)
    coverage = defaultdict(Counter)
    for (league, season), rows in sorted(seasons.items()):
        _write_season(os.path.join(folder, f"{league}-{season}.tsv"), league, season, rows, game_id)
        coverage[league][season] = len(rows)
    return coverage


def _write_season(path, league, season, rows, game_id):
    people = Counter()
    spellings = defaultdict(Counter)  # a log may write one person two ways ("Robert Lane Miller", "Bob Miller")
    for g in rows:
        for person in _everyone(g["people"]):
            people[person[0]] += 1
            spellings[person[0]][person[1]] += 1
    names = {pid: min(counts, key=lambda name: (-counts[name], name)) for pid, counts in spellings.items()}
    number = {pid: n for n, (pid, _) in enumerate(sorted(people.items(), key=lambda item: (-item[1], item[0])))}
    prefix = f"game_{league}_{season}_"
    lines = []
    for g in rows:
        p = g["people"]
        ref = lambda person: "" if person is None else str(number[person[0]])
        cells = [game_id(g)[len(prefix):], ref(p["away"]["starter"]), ref(p["home"]["starter"]),
                 ref(p["away"]["manager"]), ref(p["home"]["manager"]), ref(p["win"]), ref(p["loss"]), ref(p["save"])]
        for side in ("away", "home"):
            lineup = p[side]["lineup"] or []
            cells += [" ".join(ref(person) for person, _ in lineup), "".join(pos for _, pos in lineup)]
        lines.append("\t".join(cells))
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(f"#{FORMAT}\n")
        f.write("@roles\t" + "\t".join(f"{k}={v}" for k, v in ROLES[league].items()) + "\n")
        f.write(f"@source\t{SOURCE_NAMES[league]}\n")
        if league in POSITION_NAMES:
            f.write("@positions\t" + "\t".join(f"{k}={v}" for k, v in POSITION_NAMES[league].items()) + "\n")
        for pid in sorted(number, key=number.get):
            f.write(f"@person\t{pid}\t{names[pid]}\n")
        f.write("#" + "\t".join(COLUMNS) + "\n")
        f.writelines(line + "\n" for line in sorted(lines))


def _everyone(people):
    for side in ("away", "home"):
        for role in ("starter", "manager"):
            if people[side][role]:
                yield people[side][role]
        for person, _ in people[side]["lineup"] or []:
            yield person
    for role in ("win", "loss", "save"):
        if people[role]:
            yield people[role]


def write_honours(directory):
    """`honours-mlb.tsv`: Retrosheet id, kind (`hallOfFame` or `award`), year, and what (the Hall's category, or the
    award with its league), from `sources/lahman-honours` (its SOURCE.md)."""
    folder = os.path.join(SOURCES, "lahman-honours")
    rows = []
    for r in read_csv(os.path.join(folder, "hall-of-fame.csv")):
        if r["retroID"]:
            rows.append((r["retroID"], "hallOfFame", r["yearID"], r["category"]))
    for r in read_csv(os.path.join(folder, "awards.csv")):
        if r["retroID"]:
            league = r["lgID"] if r["lgID"] in ("AL", "NL") else ""  # "ML": one award for both leagues
            rows.append((r["retroID"], "award", r["yearID"], f"{league} {r['awardID']}".strip()))
    with open(os.path.join(directory, "honours-mlb.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("#stadiumlog-honours 1\n#retroId\tkind\tyear\twhat\n")
        f.writelines("\t".join(row) + "\n" for row in sorted(set(rows)))
    return len(rows)

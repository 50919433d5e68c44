"""Every rename of every venue, dated in one curated table (`curated/venue-renames.csv`), the authority for names by date.

The other name sources (Lahman's park name each season, `curated/mlb-park-names.csv`, the curated-venues names,
`curated/venue-names.csv`, `curated/nfl-stadium-names.csv`) still say which names a building had; the table says when
each one began. A venue's names are rebuilt from its rows: its first name from the day its names began, each later one
from its row's `effective_date`. The build stops when the sources change a venue's name (A to B) and the table holds no
row for that rename, so a rename can never come unchecked from a source that dates it by year or not at all.

Columns: venue_id, old_name, new_name, effective_date (YYYY-MM-DD), precision, source_1, source_2, note.
- precision `day`: the sources give the day the name took effect.
- precision `season`: they give the season (or month) only; `effective_date` is a day inside the window they allow
  and the note says which window.
- precision `spelling`: not a rename; `old_name` is how a source spells `new_name` (no date).
A venue keeps its id: ids come from the sources' latest name before this step and never change here.
"""
from datetime import timedelta

from common import BuildError, curated, iso, name_key, parse_date

TABLE = "curated/venue-renames.csv"
PRECISIONS = ("day", "season", "spelling")


def load():
    renames, spellings = {}, {}
    for row in curated("venue-renames.csv"):
        venue, precision = row["venue_id"], row["precision"]
        if precision not in PRECISIONS:
            raise BuildError(f"{TABLE}: {venue} {row['old_name']!r}: precision {precision!r} is not one of {PRECISIONS}")
        if not row["source_1"].strip():
            raise BuildError(f"{TABLE}: {venue} {row['old_name']!r} -> {row['new_name']!r} cites no source")
        if precision == "spelling":
            spellings.setdefault(venue, {})[name_key(row["old_name"])] = row["new_name"]
            continue
        if len(row["effective_date"]) != 10:
            raise BuildError(f"{TABLE}: {venue} {row['new_name']!r}: effective_date must be YYYY-MM-DD")
        renames.setdefault(venue, []).append({**row, "day": parse_date(row["effective_date"])})
    for rows in renames.values():
        rows.sort(key=lambda r: r["day"])
    return renames, spellings


def apply(venues):
    """Rebuilds each venue's names from the table (in place)."""
    renames, spellings = load()
    known = {v["id"] for v in venues}
    for venue_id in set(renames) | set(spellings):
        if venue_id not in known:
            raise BuildError(f"{TABLE}: unknown venue {venue_id!r}")
    for v in venues:
        spelled = spellings.get(v["id"], {})

        def canon(name):
            return spelled.get(name_key(name), name)

        rows = renames.get(v["id"], [])
        keys = [name_key(rows[0]["old_name"])] + [name_key(r["new_name"]) for r in rows] if rows else []
        # A change A -> B is held when the table renames A, then (through any names a source skipped) to B.
        pairs = {(keys[i], keys[j]) for i in range(len(keys)) for j in range(i + 1, len(keys))}
        # Every change of name the sources show must be a rename the table holds.
        derived = []
        for entry in v["names"]:
            name = canon(entry["name"])
            if not derived or name_key(derived[-1]["name"]) != name_key(name):
                derived.append({**entry, "name": name})
            else:
                derived[-1]["to"] = entry["to"]
        for a, b in zip(derived, derived[1:]):
            if (name_key(a["name"]), name_key(b["name"])) not in pairs:
                raise BuildError(f"{v['id']}: the sources rename {a['name']!r} to {b['name']!r} on {b['from']}, a "
                                 f"rename {TABLE} does not hold; date it there (two sources) or mark a spelling")
        if not rows:
            v["names"] = derived
            continue
        for earlier, later in zip(rows, rows[1:]):
            if name_key(earlier["new_name"]) != name_key(later["old_name"]) or earlier["day"] >= later["day"]:
                raise BuildError(f"{TABLE}: {v['id']}: {earlier['new_name']!r} ({earlier['day']}) is not followed by a "
                                 f"rename of it ({later['old_name']!r}, {later['day']})")
        chain = [rows[0]["old_name"]] + [r["new_name"] for r in rows]
        for entry in derived:
            if name_key(entry["name"]) not in keys:
                raise BuildError(f"{v['id']}: the sources' name {entry['name']!r} is not in its renames in {TABLE}")
        if keys[-1] != name_key(derived[-1]["name"]):
            raise BuildError(f"{v['id']}: {TABLE} ends with {chain[-1]!r}, the sources with {derived[-1]['name']!r}")
        start, stop = derived[0]["from"], derived[-1]["to"]
        if start and rows[0]["day"] <= parse_date(start):
            raise BuildError(f"{TABLE}: {v['id']}: rename to {rows[0]['new_name']!r} on {rows[0]['day']} is not after "
                             f"the venue's names begin ({start})")
        names = [{"name": rows[0]["old_name"], "from": start, "to": None}]
        for r in rows:
            if stop and r["day"] > parse_date(stop):
                raise BuildError(f"{TABLE}: {v['id']}: rename to {r['new_name']!r} on {r['day']} is after its names "
                                 f"end ({stop})")
            names[-1]["to"] = iso(r["day"] - timedelta(days=1))
            names.append({"name": r["new_name"], "from": iso(r["day"]), "to": None})
        names[-1]["to"] = stop
        v["names"] = names

#!/usr/bin/env python3
"""What changed for games between two builds of the catalog (report only; the build does not read it).

    python3 Scripts/catalog/catalog_diff.py BEFORE_DIR [AFTER_DIR] [--list]

BEFORE_DIR is a catalog folder, e.g. one written by `git archive HEAD Sources/Catalog/Resources/Catalog | tar -x -C /tmp/x`;
AFTER_DIR defaults to Sources/Catalog/Resources/Catalog. Games are paired by league, date, game number and the two teams
(either way round, so a swapped home team still pairs). It prints the games whose venue name changed (the name
venues.json gives the game's venue on its date), grouped by venue and the two names, and for every league the games
whose home team, venue, neutral flag, score or start changed, and the games only one build has. --list names each game.
"""
import json
import os
import sys
from collections import Counter, defaultdict

DEFAULT = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "Catalog", "Resources", "Catalog")


def load(folder):
    venues = {v["id"]: v for v in json.load(open(os.path.join(folder, "venues.json"), encoding="utf-8"))}
    games = {}
    for name in sorted(os.listdir(folder)):
        if not (name.startswith("games-") and name.endswith(".tsv")):
            continue
        league, tables = name[6:-4], {}
        for line in open(os.path.join(folder, name), encoding="utf-8"):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            if line.startswith("@"):
                table, *values = line.split("\t")
                tables[table[1:]] = values
                continue
            c = line.split("\t")
            home, away = tables["team"][int(c[3])], tables["team"][int(c[4])]
            key = (league, f"{c[0][:4]}-{c[0][4:6]}-{c[0][6:]}", c[1], *sorted((home, away)))
            games[key] = {"venue": tables["venue"][int(c[2])], "home": home, "away": away,
                          "score": f"{c[5]}-{c[6]}", "start": c[7], "neutral": c[11]}
    return venues, games


def name_on(venue, day):
    names = [n["name"] for n in venue["names"] if (n["from"] or "0000") <= day <= (n["to"] or "9999")]
    return names[0] if len(names) == 1 else "?" + "|".join(names)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    listing = "--list" in sys.argv
    before, after = args[0], args[1] if len(args) > 1 else DEFAULT
    (vb, gb), (va, ga) = load(before), load(after)
    both = sorted(set(gb) & set(ga))
    renamed = defaultdict(list)
    for key in both:
        old, new = gb[key], ga[key]
        a = name_on(vb[old["venue"]], key[1]) if old["venue"] in vb else None
        b = name_on(va[new["venue"]], key[1]) if new["venue"] in va else None
        if a != b:
            renamed[(new["venue"], a, b)].append(key)
    print(f"{sum(len(k) for k in renamed.values())} games change venue name")
    for (venue, a, b), keys in sorted(renamed.items(), key=lambda kv: kv[1][0][1]):
        days = sorted(k[1] for k in keys)
        leagues = ", ".join(f"{n} {league}" for league, n in sorted(Counter(k[0] for k in keys).items()))
        print(f"{len(keys):6d}  {venue}: {a} -> {b}  [{leagues}; {days[0]} .. {days[-1]}]")
        if listing:
            for k in keys:
                print("          ", *k)
    for league in sorted({k[0] for k in list(gb) + list(ga)}):
        changed = defaultdict(list)
        for key in (k for k in both if k[0] == league):
            old, new = gb[key], ga[key]
            for field in ("home", "venue", "neutral", "score", "start"):
                if old[field] != new[field]:
                    changed[field].append((key, old, new))
        only_b = sorted(k for k in gb if k[0] == league and k not in ga)
        only_a = sorted(k for k in ga if k[0] == league and k not in gb)
        if not changed and not only_a and not only_b:
            continue
        print(f"\n{league}: " + ", ".join(f"{len(v)} {f}" for f, v in changed.items()) +
              f"; {len(only_b)} only before, {len(only_a)} only after")
        if listing:
            for field, rows in changed.items():
                for key, old, new in rows:
                    print(f"  {field:8s} {key[1]} {old['away']} at {old['home']}: {old[field]} -> {new[field]}")
            for key in only_b:
                print("  only before", *key[1:])
            for key in only_a:
                print("  only after ", *key[1:])


if __name__ == "__main__":
    main()

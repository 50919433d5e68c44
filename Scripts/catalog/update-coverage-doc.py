#!/usr/bin/env python3
"""Rewrite the coverage table in docs/DATA.md from `stadiumlog catalog stats --format json` (read on stdin).

    swift run -c release stadiumlog-commands catalog stats --format json | python3 Scripts/catalog/update-coverage-doc.py

A test (CatalogDocumentationTests) fails when the table and the bundled data disagree.
"""
import json
import os
import re
import sys

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "DATA.md")
LEAGUES = os.path.join(os.path.dirname(__file__), "curated", "leagues.json")


def percent(part, whole):
    return "-" if whole == 0 else f"{part * 100 / whole:.1f}%"


def table(rows, leagues):
    lines = ["| league | season | games | postseason | with coordinates | with final scores | with start times | "
             "day/night flag only | with length |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        league = leagues[r["sport"]]
        season = f"{r['season']}-{str(r['season'] + 1)[2:]}" if league["seasonSpansYears"] else str(r["season"])
        lines.append(f"| {league['displayName']} | {season} | {r['games']} | {r['postseasonGames']} | "
                     f"{percent(r['withCoordinates'], r['games'])} | {percent(r['withScores'], r['games'])} | "
                     f"{percent(r['withStartTimes'], r['games'])} | {percent(r['withDayNightOnly'], r['games'])} | "
                     f"{percent(r['withLength'], r['games'])} |")
    return "\n".join(lines)


def main():
    rows = json.load(sys.stdin)
    leagues = {league["id"]: league for league in json.load(open(LEAGUES, encoding="utf-8"))}
    text = open(DOC, encoding="utf-8").read()
    updated = re.sub(r"\| league \| season \|.*?(?=\n\n)", lambda _: table(rows, leagues), text, count=1, flags=re.S)
    open(DOC, "w", encoding="utf-8").write(updated)


if __name__ == "__main__":
    main()

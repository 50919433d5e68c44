#!/usr/bin/env python3
"""Rewrite the coverage table in docs/DATA.md from `stadiumlog catalog stats --format json` (read on stdin).

    swift run -c release stadiumlog catalog stats --format json | python3 Scripts/catalog/update-coverage-doc.py

A test (CatalogDocumentationTests) fails when the table and the bundled data disagree.
"""
import json
import os
import re
import sys

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "DATA.md")


def percent(part, whole):
    return "-" if whole == 0 else f"{part * 100 / whole:.1f}%"


def table(rows):
    lines = ["| league | season | games | postseason | with coordinates | with final scores | with start times | "
             "day/night flag only | with length |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        season = str(r["season"]) if r["sport"] == "mlb" else f"{r['season']}-{str(r['season'] + 1)[2:]}"
        lines.append(f"| {r['sport'].upper()} | {season} | {r['games']} | {r['postseasonGames']} | "
                     f"{percent(r['withCoordinates'], r['games'])} | {percent(r['withScores'], r['games'])} | "
                     f"{percent(r['withStartTimes'], r['games'])} | {percent(r['withDayNightOnly'], r['games'])} | "
                     f"{percent(r['withLength'], r['games'])} |")
    return "\n".join(lines)


def main():
    rows = json.load(sys.stdin)
    text = open(DOC, encoding="utf-8").read()
    updated = re.sub(r"\| league \| season \|.*?(?=\n\n)", lambda _: table(rows), text, count=1, flags=re.S)
    open(DOC, "w", encoding="utf-8").write(updated)


if __name__ == "__main__":
    main()

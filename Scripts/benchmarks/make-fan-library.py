#!/usr/bin/env python3
"""Makes a fan-shaped photo library for `Scripts/bench scale`: N small JPEGs (64x48, about 1 KB, each with its own
EXIF) in `YYYY/MM Month/IMG_NNNNNNN.JPG` folders over 2005-2024, as phones and photo apps lay them out. 5% are at real
games of the bundled catalog, in bursts of 20 around the game's start at the venue (offset written, as phones do);
95% are taken at home, 10 to 40 km from any venue. Generated at bench time, never committed.

usage: make-fan-library.py N FOLDER [SEED]"""
import math
import os
import random
import sys
from datetime import datetime, timedelta

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testimages.exif import DTO, MAKE, MODEL, OFFSET_TIME_ORIGINAL, ascii, picture_jpeg, segment, tiff  # noqa: E402
from importlib import import_module  # noqa: E402

match_images = import_module("make-match-images")

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def main():
    count, folder = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 2026)
    catalog = match_images.Catalog()
    games = [g for g in catalog.games if g["start"] is not None and 2005 <= g["date"].year <= 2024
             and catalog.venues[g["venue"]]["latitude"] is not None]
    venues = [(v["latitude"], v["longitude"]) for v in catalog.venues.values() if v["latitude"] is not None]
    homes = []
    while len(homes) < 200:  # places a fan lives and takes everyday photos: never within 10 km of a venue
        point = (rng.uniform(30, 48), rng.uniform(-122, -72))
        nearest = min(match_images.distance(point, v) for v in venues)
        if 10_000 < nearest < 40_000:
            homes.append(point)
    soi, picture = picture_jpeg()
    start, span = datetime(2005, 1, 1), (datetime(2024, 12, 31) - datetime(2005, 1, 1)).total_seconds()
    made = 0
    while made < count:
        if made % 400 < 20:  # a burst of 20 at a game: 5% of the photos
            game = rng.choice(games)
            zone = catalog.zone(game["venue"])
            local = datetime.fromtimestamp(game["start"], zone).replace(tzinfo=None) + timedelta(minutes=45)
            base = catalog.point(game["venue"])
            burst = []
            for i in range(min(20, count - made)):
                point = match_images.destination(base, rng.uniform(20, 150), rng.uniform(0, 360))
                burst.append((local + timedelta(seconds=37 * i), zone, point))
        else:
            burst = []
            for _ in range(min(380, count - made)):
                local = start + timedelta(seconds=rng.uniform(0, span))
                burst.append((local, None, rng.choice(homes)))
        for local, zone, point in burst:
            exif = {DTO: ascii(local.strftime("%Y:%m:%d %H:%M:%S"))}
            if zone is not None:
                minutes = int(zone.utcoffset(local).total_seconds() // 60)
                exif[OFFSET_TIME_ORIGINAL] = ascii(f"{'+' if minutes >= 0 else '-'}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}")
            app1 = segment(0xE1, b"Exif\0\0" + tiff({MAKE: ascii("StadiumLog"), MODEL: ascii("fan phone")}, exif,
                                                     match_images.gps(point)))
            directory = os.path.join(folder, f"{local.year}", f"{local.month:02d} {MONTHS[local.month - 1]}")
            os.makedirs(directory, exist_ok=True)
            with open(os.path.join(directory, f"IMG_{made:07d}.JPG"), "wb") as file:
                file.write(soi + app1 + picture)
            made += 1
    print(f"{count} photos in {folder}", file=sys.stderr)


if __name__ == "__main__":
    main()

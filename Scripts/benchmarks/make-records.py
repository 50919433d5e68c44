#!/usr/bin/env python3
"""Writes a Takeout-shaped Records.json of N raw points (default 3,000,000, about 2 GB) for `bash Scripts/bench evidence`.

One point a minute from 2015-04-01 UTC: at home in Cambridge, MA, at work in Kendall Square on weekdays, and at Fenway
Park from 18:30 to 22:30 local on four evenings of 2015: three Red Sox home games and 2015-07-20, a day the Red Sox
were away (a stay at the park on a day without a game, which must give nothing). Each point carries the
fields and nested activity lists a real export has, so the bytes per point are a real file's (about 650). Never kept:
written to the path given.
"""
import datetime
import random
import sys

path = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 3_000_000
# Three Red Sox home night games of 2015 and a day without a game at Fenway (`stadiumlog games --venue fenway --on DAY`).
game_days = {datetime.date(2015, 6, 15), datetime.date(2015, 6, 24), datetime.date(2015, 7, 7), datetime.date(2015, 7, 20)}
home = (42.3736, -71.1097)
work = (42.3629, -71.0901)
fenway = (42.346676, -71.097221)
random.seed(42)
start = datetime.datetime(2015, 4, 1, tzinfo=datetime.timezone.utc)
activity_types = ["STILL", "ON_FOOT", "WALKING", "IN_VEHICLE", "UNKNOWN", "TILTING", "ON_BICYCLE", "RUNNING"]


def place(moment):
    local = moment - datetime.timedelta(hours=4)
    if local.date() in game_days and 18.5 <= local.hour + local.minute / 60 < 22.5:
        return fenway, 12
    if local.weekday() < 5 and 9 <= local.hour < 17:
        return work, 20
    return home, 25


with open(path, "w", buffering=1 << 22) as out:
    out.write('{\n  "locations": [')
    for index in range(count):
        moment = start + datetime.timedelta(minutes=index)
        (lat, lng), accuracy = place(moment)
        lat += random.uniform(-0.0003, 0.0003)
        lng += random.uniform(-0.0003, 0.0003)
        stamp = moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{random.randrange(1000):03d}Z"
        activities = ", ".join(
            f'{{\n        "type": "{random.choice(activity_types)}",\n        "confidence": {random.randrange(100)}\n      }}'
            for _ in range(5))
        out.write(
            ("," if index else "")
            + f'\n    {{\n    "latitudeE7": {int(lat * 1e7)},\n    "longitudeE7": {int(lng * 1e7)},\n'
            + f'    "accuracy": {accuracy},\n    "activity": [{{\n      "activity": [{activities}],\n'
            + f'      "timestamp": "{stamp}"\n    }}],\n    "source": "WIFI",\n    "deviceTag": 1234567890,\n'
            + f'    "platformType": "ANDROID",\n    "timestamp": "{stamp}"\n  }}')
    out.write("\n  ]\n}\n")

#!/usr/bin/env python3
"""Generate photos whose time or place lives beside them: a Google Takeout export and XMP sidecars.

Google Photos exports strip GPS from the files and keep it, with the capture instant, in JSON sidecars whose names
follow rules of their own. This script lays out `TestImages/takeout/` the way Takeout does, from the real rules:

- `NAME.ext.supplemental-metadata.json` (exports since 2024) or `NAME.ext.json` (older ones);
- the sidecar name (before `.json`) is cut to 46 characters: `PXL_…ORIGINAL.jpg.s.json`;
- a duplicate's number moves after the clipped name: `IMG_0001(1).jpg` → `IMG_0001.jpg.supplemental-metadata(1).json`;
- an edited copy (`IMG_0002-edited.jpg`) has no sidecar of its own and shares the original's;
- `photoTakenTime.timestamp` is UTC seconds as a string; `geoData` (what the user may have edited) wins over
  `geoDataExif`; (0, 0) means no position; file times in an export are the day of the export.

`TestImages/sidecars/` holds XMP sidecars in both spellings (`IMG_1000.JPG.xmp`, `IMG_1001.xmp`), one with values as
attributes of `rdf:Description`, one as elements. Every photo shows Atlanta at Boston, Fenway Park, 2015-06-15
(7:10 pm EDT), so each one's match says the sidecar was read. `scenarios.json` beside them says what to expect.

Usage: python3 Scripts/make-sidecar-images.py      (needs cjpeg; same input, same bytes)
"""
import json
import math
import os
import sys
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testimages.exif import DTO, MAKE, MODEL, OFFSET_TIME_ORIGINAL, ascii, photo  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENUES = os.path.join(ROOT, "Resources", "Catalog", "venues.json")
GAME = "game_mlb_2015_bos_atl_0615"


def fenway(offset_north_m=0.0, offset_east_m=0.0):
    venue = next(v for v in json.load(open(VENUES)) if v["id"] == "stadium_mlb_fenway_park")
    lat = venue["latitude"] + offset_north_m / 111_320
    lon = venue["longitude"] + offset_east_m / (111_320 * math.cos(math.radians(venue["latitude"])))
    return round(lat, 7), round(lon, 7)


def camera_photo(model, local=None, offset=None):
    """A phone photo with a clock (and maybe its offset) but no GPS, as Google Photos exports it."""
    exif = {}
    if local:
        exif[DTO] = ascii(local)
    if offset:
        exif[OFFSET_TIME_ORIGINAL] = ascii(offset)
    return photo({MAKE: ascii("StadiumLog"), MODEL: ascii(model)}, exif)


def utc_seconds(text):
    return str(int(datetime.fromisoformat(text).replace(tzinfo=timezone.utc).timestamp()))


def takeout_json(title, taken_utc, geo=None, geo_exif=None):
    zero = {"latitude": 0.0, "longitude": 0.0, "altitude": 0.0, "latitudeSpan": 0.0, "longitudeSpan": 0.0}
    def place(point):
        return dict(zero, latitude=point[0], longitude=point[1]) if point else zero
    return {
        "title": title,
        "description": "",
        "imageViews": "3",
        "creationTime": {"timestamp": "1700000000", "formatted": "Nov 14, 2023, 10:13:20 PM UTC"},
        "photoTakenTime": {"timestamp": utc_seconds(taken_utc), "formatted": taken_utc + " UTC"},
        "geoData": place(geo),
        "geoDataExif": place(geo_exif),
        "url": "https://photos.google.com/photo/AF1Qip",
        "googlePhotosOrigin": {"mobileUpload": {"deviceType": "ANDROID_PHONE"}},
    }


def xmp(attributes=None, elements=None):
    attrs = "".join(f'\n    {name}="{value}"' for name, value in (attributes or {}).items())
    body = "".join(f"\n   <{name}>{value}</{name}>" for name, value in (elements or {}).items())
    return (f'<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
            f'<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="StadiumLog test">\n'
            f' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
            f'  <rdf:Description rdf:about=""\n'
            f'    xmlns:exif="http://ns.adobe.com/exif/1.0/"\n'
            f'    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"{attrs}>{body}\n'
            f'  </rdf:Description>\n </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end="w"?>\n')


def xmp_degrees(value, positive, negative):
    degrees = int(abs(value))
    minutes = (abs(value) - degrees) * 60
    return f"{degrees},{minutes:.6f}{positive if value >= 0 else negative}"


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))


def main():
    takeout = os.path.join(ROOT, "TestImages", "takeout", "Takeout", "Google Photos", "Photos from 2015")
    sidecars = os.path.join(ROOT, "TestImages", "sidecars")
    expected = {}

    def media(folder, name, data, sidecar_name=None, sidecar=None, **facts):
        write(os.path.join(folder, name), data)
        if sidecar_name:
            write(os.path.join(folder, sidecar_name),
                  json.dumps(sidecar, indent=2) + "\n" if isinstance(sidecar, dict) else sidecar)
        expected[os.path.relpath(os.path.join(folder, name), os.path.join(ROOT, "TestImages"))] = facts

    seats = fenway(40, -60)
    # A clock with its offset in the file; the position only in the sidecar (new-style name).
    media(takeout, "IMG_20150615_191203.jpg", camera_photo("takeout-new-name", "2015:06:15 19:12:03", "-04:00"),
          "IMG_20150615_191203.jpg.supplemental-metadata.json",
          takeout_json("IMG_20150615_191203.jpg", "2015-06-15 23:12:03", geo=seats),
          game=GAME, captureOrigin="file", locationOrigin="takeoutSidecar", timeSource="offsetTimeOriginal")
    # A long name: the sidecar's is cut to 46 characters; geoData (0, 0), the position in geoDataExif.
    long_name = "PXL_20150615_231512345.PORTRAIT.ORIGINAL.jpg"
    media(takeout, long_name, camera_photo("takeout-long-name", "2015:06:15 19:15:12"),
          (long_name + ".supplemental-metadata")[:46] + ".json",
          takeout_json(long_name, "2015-06-15 23:15:12", geo=None, geo_exif=seats),
          game=GAME, captureOrigin="file", locationOrigin="takeoutSidecar", timeSource="gpsClock",
          note="no offset in the file: the sidecar's UTC instant gives it (-04:00)")
    # Two photos named alike: the duplicate's number follows the clipped name; the original is far from any venue.
    media(takeout, "IMG_0001.jpg", camera_photo("takeout-original", "2015:06:15 12:00:00", "-05:00"),
          "IMG_0001.jpg.supplemental-metadata.json",
          takeout_json("IMG_0001.jpg", "2015-06-15 17:00:00", geo=(38.5, -98.0)),
          reason="noVenueNearby", captureOrigin="file", locationOrigin="takeoutSidecar")
    media(takeout, "IMG_0001(1).jpg", camera_photo("takeout-duplicate", "2015:06:15 19:20:00", "-04:00"),
          "IMG_0001.jpg.supplemental-metadata(1).json",
          takeout_json("IMG_0001.jpg", "2015-06-15 23:20:00", geo=seats),
          game=GAME, captureOrigin="file", locationOrigin="takeoutSidecar")
    # An edited copy shares its original's sidecar (old-style name); the original itself is not in the export.
    media(takeout, "IMG_0002-edited.jpg", camera_photo("takeout-edited", "2015:06:15 19:25:00", "-04:00"),
          "IMG_0002.jpg.json", takeout_json("IMG_0002.jpg", "2015-06-15 23:25:00", geo=seats),
          game=GAME, captureOrigin="file", locationOrigin="takeoutSidecar")
    # No EXIF at all: the time is the sidecar's UTC instant, shown as Boston time once matched.
    media(takeout, "IMG_0003.jpg", camera_photo("takeout-no-clock"), "IMG_0003.jpg.json",
          takeout_json("IMG_0003.jpg", "2015-06-15 23:30:00", geo=seats),
          game=GAME, captureOrigin="takeoutSidecar", locationOrigin="takeoutSidecar", timeSource="venueTimeZone",
          local="2015-06-15T19:30:00")

    # XMP: values as attributes, sidecar named after the whole file name.
    media(sidecars, "IMG_1000.JPG", camera_photo("xmp-attributes", "2015:06:15 19:40:00", "-04:00"), "IMG_1000.JPG.xmp",
          xmp(attributes={"exif:GPSLatitude": xmp_degrees(seats[0], "N", "S"),
                          "exif:GPSLongitude": xmp_degrees(seats[1], "E", "W")}),
          game=GAME, captureOrigin="file", locationOrigin="xmpSidecar")
    # XMP: values as elements, sidecar named after the stem; no EXIF in the photo.
    media(sidecars, "IMG_1001.jpg", camera_photo("xmp-elements"), "IMG_1001.xmp",
          xmp(elements={"exif:DateTimeOriginal": "2015-06-15T19:45:30.25-04:00",
                        "exif:GPSLatitude": xmp_degrees(seats[0], "N", "S"),
                        "exif:GPSLongitude": xmp_degrees(seats[1], "E", "W")}),
          game=GAME, captureOrigin="xmpSidecar", locationOrigin="xmpSidecar", timeSource="offsetTimeOriginal")

    for folder in (os.path.join(ROOT, "TestImages", "takeout"), sidecars):
        facts = {k: v for k, v in expected.items() if k.startswith(os.path.basename(folder) + "/")}
        with open(os.path.join(folder, "scenarios.json"), "w", encoding="utf-8", newline="\n") as f:
            json.dump(facts, f, indent=1, sort_keys=True)
            f.write("\n")
    for name, facts in sorted(expected.items()):
        print(name, facts.get("game", facts.get("reason")))


if __name__ == "__main__":
    main()

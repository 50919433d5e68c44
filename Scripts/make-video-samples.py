#!/usr/bin/env python3
"""Generate small videos whose metadata is laid out as phones write it, for the video tests (no media data).

Each file is a real QuickTime/MP4 atom tree — `ftyp`, `moov` with `mvhd`, a video `trak` with `tkhd`, metadata, and
an `mdat` of filler bytes standing for the media — so StadiumLog's atom walk meets what it meets in real files:

- `iphone.mov`: Apple's keyed metadata (`moov/meta` with `hdlr mdta`, `keys`, `ilst`):
  `com.apple.quicktime.creationdate` (local time with its zone) and `...location.ISO6709`, make and model; `mdat`
  first and `moov` last, as the camera writes it;
- `android.mp4`: only the movie header's UTC creation time and a `udta/©xyz` position, as Android writes them;
- `with-cover.m4v`: an iTunes-style `udta/meta` (a full box) whose `ilst/covr` holds a JPEG cover: the thumbnail;
- `cut-short.mov`: `ftyp` and an `mdat` whose size runs past the end of the file: no `moov` at all.

All three show Atlanta at Boston, Fenway Park, 2015-06-15; `scenarios.json` says what to expect.
Usage: python3 Scripts/make-video-samples.py      (needs cjpeg; same input, same bytes)
"""
import json
import math
import os
import struct
import subprocess
from datetime import datetime, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "TestImages", "videos")
QT_EPOCH = 2_082_844_800  # seconds from 1904-01-01 to 1970-01-01


def atom(kind, *children):
    body = b"".join(children)
    return struct.pack(">I", 8 + len(body)) + kind + body


def full_atom(kind, version_flags, *children):
    return atom(kind, struct.pack(">I", version_flags), *children)


def mvhd(utc_text):
    seconds = int(datetime.fromisoformat(utc_text).replace(tzinfo=timezone.utc).timestamp()) + QT_EPOCH
    # creation, modification, timescale 600, duration 10 s, rate 1.0, volume 1.0, reserved, matrix, pre-defined, next id
    return full_atom(b"mvhd", 0, struct.pack(">IIII", seconds, seconds, 600, 6000), struct.pack(">IH", 0x10000, 0x100),
                     bytes(10), struct.pack(">9I", 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000), bytes(24),
                     struct.pack(">I", 2))


def video_track(width, height):
    tkhd = full_atom(b"tkhd", 3, bytes(8), struct.pack(">I", 1), bytes(4), struct.pack(">I", 6000), bytes(8),
                     struct.pack(">HHH", 0, 0, 0), bytes(2),
                     struct.pack(">9I", 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000),
                     struct.pack(">II", width << 16, height << 16))
    return atom(b"trak", tkhd)


def keyed_metadata(items):
    """Apple's `moov/meta`: a handler, the key names, then one `ilst` item per key, named by its 1-based index."""
    hdlr = full_atom(b"hdlr", 0, bytes(4), b"mdta", bytes(12), b"\0")
    keys = full_atom(b"keys", 0, struct.pack(">I", len(items)),
                     *[struct.pack(">I", 8 + len(k)) + b"mdta" + k.encode() for k, _ in items])
    ilst = atom(b"ilst", *[atom(struct.pack(">I", i + 1), atom(b"data", struct.pack(">II", 1, 0), v.encode()))
                          for i, (_, v) in enumerate(items)])
    return atom(b"meta", hdlr, keys, ilst)


def xyz(text):
    value = text.encode()
    return atom(b"\xa9xyz", struct.pack(">HH", len(value), 0x15c7), value)


def cover_jpeg(width=320, height=180):
    pixels = bytearray()
    for y in range(height):
        for x in range(width):
            pixels += bytes([20 + (x * 200) // width, 60 + (y * 150) // height, 140])
    ppm = b"P6\n%d %d\n255\n" % (width, height) + bytes(pixels)
    return subprocess.run(["cjpeg", "-quality", "85"], input=ppm, capture_output=True, check=True).stdout


def fenway(north_m, east_m):
    venue = next(v for v in json.load(open(os.path.join(ROOT, "Resources", "Catalog", "venues.json")))
                 if v["id"] == "stadium_mlb_fenway_park")
    return (venue["latitude"] + north_m / 111_320,
            venue["longitude"] + east_m / (111_320 * math.cos(math.radians(venue["latitude"]))))


def iso6709(point):
    return f"{point[0]:+08.4f}{point[1]:+09.4f}+012.500/"


def main():
    os.makedirs(OUT, exist_ok=True)
    media = atom(b"mdat", bytes(4096))
    seats = fenway(50, -40)
    files = {
        "iphone.mov": atom(b"ftyp", b"qt  ", struct.pack(">I", 0), b"qt  ") + atom(b"wide") + media + atom(
            b"moov", mvhd("2015-06-15 23:50:00"), video_track(1920, 1080),
            keyed_metadata([("com.apple.quicktime.location.ISO6709", iso6709(seats)),
                            ("com.apple.quicktime.make", "Apple"), ("com.apple.quicktime.model", "iPhone 6"),
                            ("com.apple.quicktime.creationdate", "2015-06-15T19:50:00-0400")])),
        "android.mp4": atom(b"ftyp", b"isom", struct.pack(">I", 0x200), b"isomiso2mp41") + atom(
            b"moov", mvhd("2015-06-15 23:55:00"), video_track(1280, 720), atom(b"udta", xyz(iso6709(seats)))) + media,
        "with-cover.m4v": atom(b"ftyp", b"M4V ", struct.pack(">I", 1), b"M4V M4A mp42isom") + atom(
            b"moov", mvhd("2015-06-15 23:58:00"), video_track(1280, 720),
            atom(b"udta", xyz(iso6709(seats)), full_atom(b"meta", 0, full_atom(b"hdlr", 0, bytes(4), b"mdirappl", bytes(13)),
                                                         atom(b"ilst", atom(b"covr", atom(b"data", struct.pack(">II", 13, 0),
                                                                                           cover_jpeg())))))) + media,
        "cut-short.mov": atom(b"ftyp", b"qt  ", struct.pack(">I", 0), b"qt  ") + struct.pack(">I", 10_000_000) + b"mdat"
                         + bytes(512),
    }
    scenarios = {
        "iphone.mov": {"game": "game_mlb_2015_bos_atl_0615", "local": "2015-06-15T19:50:00", "utcOffset": "-04:00",
                       "camera": "Apple iPhone 6", "thumbnail": "placeholder"},
        "android.mp4": {"game": "game_mlb_2015_bos_atl_0615", "local": "2015-06-15T19:55:00", "utcOffset": "-04:00",
                        "timeSource": "venueTimeZone", "thumbnail": "placeholder",
                        "note": "the movie header's UTC time, shown as Boston time once matched"},
        "with-cover.m4v": {"game": "game_mlb_2015_bos_atl_0615", "thumbnail": "cover"},
        "cut-short.mov": {"error": "the video has no movie header (moov atom): it is cut short or was never finished",
                          "note": "reported, never fatal"},
    }
    for name, data in files.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    with open(os.path.join(OUT, "scenarios.json"), "w", encoding="utf-8", newline="\n") as f:
        json.dump(scenarios, f, indent=1, sort_keys=True)
        f.write("\n")
    print("\n".join(f"{n}: {len(d)} bytes" for n, d in files.items()))


if __name__ == "__main__":
    main()

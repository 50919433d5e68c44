#!/usr/bin/env python3
"""Generate StadiumLog's own small test JPEGs with exactly known EXIF.

Each image is a 64x48 picture (a red block in the top-left corner, so orientation is visible) encoded by libjpeg's
`cjpeg`, with an EXIF APP1 segment written here byte by byte. Writing the TIFF structure ourselves is the point:
real cameras' mistakes (0/0 rationals, unset clocks, APP6-APP9 before APP1, out-of-range GPS) can be reproduced
exactly. The output is committed under TestImages/; the tests state what each file must read as.

Usage: python3 Scripts/make-test-images.py [OUTPUT_DIR]   (default: TestImages: edge-cases/, orientation/, hostile/)
Needs: cjpeg (Debian: libjpeg-turbo-progs) and Pillow (pip) for the CMYK file. Same inputs give byte-identical files.
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testimages.exif import *  # noqa: E402,F403

CAMERA = {MAKE: ascii("StadiumLog"), MODEL: ascii("Test Camera")}
FENWAY_GPS = {  # 42°20'48.12" N, 71°05'49.92" W
    GPS_LAT_REF: ascii("N"), GPS_LAT: dms(42, 20, 48120),
    GPS_LON_REF: ascii("W"), GPS_LON: dms(71, 5, 49920),
}


def images():
    yield "offset-time-original.jpg", photo(
        {**CAMERA, ORIENTATION: (SHORT, [6]), DATE_TIME: ascii("2016:01:02 10:00:00")},
        {DTO: ascii("2015:06:15 19:42:10"), SUBSEC_ORIGINAL: ascii("25"),
         OFFSET_TIME_ORIGINAL: ascii("-04:00"), OFFSET_TIME: ascii("+09:00")},
        {**FENWAY_GPS, **gps_clock("2015:06:15", 23, 42, 10)})
    yield "gps-clock.jpg", photo(
        CAMERA, {DTO: ascii("2016:07:04 20:05:00")},
        {GPS_LAT_REF: ascii("N"), GPS_LAT: dms(34, 4, 26040), GPS_LON_REF: ascii("W"), GPS_LON: dms(118, 14, 24000),
         GPS_ALT_REF: (BYTE, [0]), GPS_ALT: rationals((1530, 10)), **gps_clock("2016:07:05", 3, 5, 3)})
    yield "gps-clock-rejected.jpg", photo(
        CAMERA, {DTO: ascii("2015:06:15 19:42:10")}, {**FENWAY_GPS, **gps_clock("2015:06:16", 15, 0, 0)})
    yield "gps-time-without-date.jpg", photo(
        CAMERA, {DTO: ascii("2015:06:15 19:42:10")},
        {**FENWAY_GPS, GPS_TIME: rationals((23, 1), (42, 1), (10, 1))})
    yield "null-island.jpg", photo(
        CAMERA, {DTO: ascii("2015:06:15 19:42:10")},
        {GPS_LAT_REF: ascii("N"), GPS_LAT: dms(0, 0, 0), GPS_LON_REF: ascii("E"), GPS_LON: dms(0, 0, 0)})
    yield "zero-denominator.jpg", photo(
        CAMERA, {DTO: ascii("2015:06:15 19:42:10")},
        {GPS_LAT_REF: ascii("N"), GPS_LAT: rationals((42, 1), (20, 1), (0, 0)),
         GPS_LON_REF: ascii("W"), GPS_LON: rationals((71, 1), (5, 1), (0, 0))})
    yield "decimal-minutes.jpg", photo(
        CAMERA, {DTO: ascii("2015:06:15 19:42:10")},
        {GPS_LAT_REF: ascii("N"), GPS_LAT: rationals((42, 1), (208020, 10000), (0, 1)),
         GPS_LON_REF: ascii("W"), GPS_LON: rationals((71, 1), (58320, 10000), (0, 1))})
    yield "latitude-beyond-90.jpg", photo(
        CAMERA, {DTO: ascii("2015:06:15 19:42:10")},
        {GPS_LAT_REF: ascii("N"), GPS_LAT: dms(95, 0, 0), GPS_LON_REF: ascii("W"), GPS_LON: dms(71, 5, 49920)})
    yield "absurd-seconds.jpg", photo(
        CAMERA, {DTO: ascii("2015:06:15 19:42:10")},
        {GPS_LAT_REF: ascii("N"), GPS_LAT: rationals((40, 1), (10, 1), (595404032, 1000)),
         GPS_LON_REF: ascii("E"), GPS_LON: dms(103, 0, 0)})
    yield "zero-date.jpg", photo(
        {**CAMERA, DATE_TIME: ascii("2021:01:02 03:04:05")},
        {DTO: ascii("0000:00:00 00:00:00"), DTD: ascii("0000:00:00 00:00:00")}, FENWAY_GPS)
    yield "malformed-date.jpg", photo(CAMERA, {DTO: ascii("2015:13:45 25:61:00")}, FENWAY_GPS)
    yield "digitized-only.jpg", photo(CAMERA, {DTD: ascii("2014:05:03 13:10:00")})
    yield "datetime-only.jpg", photo({**CAMERA, DATE_TIME: ascii("2013:04:02 12:00:00")})
    yield "invalid-offset.jpg", photo(
        CAMERA, {DTO: ascii("2015:06:15 19:42:10"), OFFSET_TIME_ORIGINAL: ascii("+25:00")})
    yield "app6-to-app9-before-app1.jpg", photo(
        CAMERA, {DTO: ascii("2015:06:15 19:42:10")}, FENWAY_GPS,
        before_app1=[segment(m, b"vendor data " * 20) for m in (0xE6, 0xE7, 0xE8, 0xE9)])
    yield "big-endian-south-east.jpg", photo(  # Sydney Cricket Ground, 33°53'30.12" S 151°13'28.92" E
        CAMERA, {DTO: ascii("2019:01:03 10:30:00"), OFFSET_TIME_ORIGINAL: ascii("+11:00")},
        {GPS_LAT_REF: ascii("S"), GPS_LAT: dms(33, 53, 30120), GPS_LON_REF: ascii("E"), GPS_LON: dms(151, 13, 28920)},
        big_endian=True)
    soi, rest = picture_jpeg()
    yield "no-exif.jpg", soi + rest
    yield "truncated-in-app1.jpg", photo(CAMERA, {DTO: ascii("2015:06:15 19:42:10")}, FENWAY_GPS)[:60]
    yield "not-a-jpeg.jpg", b"This is a text file that someone named .jpg\n"
    yield "empty.jpg", b""
    yield "heic-named-jpg.jpg", struct.pack(">I", 24) + b"ftypheic" + b"\0\0\0\0" + b"mif1heic"


def orientation_images():
    """The same stored picture (red block in its top-left corner) under each EXIF orientation: an upright
    thumbnail must move the block to where the orientation says the stored top-left ends up."""
    for orientation in range(1, 9):
        yield f"orientation-{orientation}.jpg", photo({**CAMERA, ORIENTATION: (SHORT, [orientation])},
                                                      {DTO: ascii("2015:06:15 19:42:10")}, FENWAY_GPS)


def patched_tiff(patch):
    """A Fenway photo whose TIFF structure `patch(tiff_bytes)` has broken on purpose."""
    soi, rest = picture_jpeg()
    body = bytearray(tiff(CAMERA, {DTO: ascii("2015:06:15 19:42:10")}, FENWAY_GPS))
    patch(body)
    return soi + segment(0xE1, b"Exif\0\0" + bytes(body)) + rest


def ifd0_entries(body):
    return struct.unpack("<H", body[8:10])[0]


def ifd0_entry_offset(body, tag):
    """Where IFD0's entry for `tag` starts."""
    for index in range(ifd0_entries(body)):
        at = 10 + 12 * index
        if struct.unpack("<H", body[at:at + 2])[0] == tag:
            return at
    raise KeyError(tag)


def hostile_images():
    """Files built to break readers: loops, absurd counts and offsets, odd codings, impossible sizes."""
    def next_ifd_to_self(body):  # IFD0's "next IFD" points back at IFD0
        struct.pack_into("<I", body, 10 + 12 * ifd0_entries(body), 8)

    def gps_ifd_is_ifd0(body):  # the GPS pointer points at IFD0, which holds the GPS pointer…
        struct.pack_into("<I", body, ifd0_entry_offset(body, GPS_POINTER) + 8, 8)

    def absurd_count(body):  # IFD0 claims 65,535 entries
        struct.pack_into("<H", body, 8, 0xFFFF)

    def exif_pointer_beyond_end(body):
        struct.pack_into("<I", body, ifd0_entry_offset(body, EXIF_POINTER) + 8, 0x7FFFFFFF)

    def make_count_huge(body):  # Make claims 4 billion characters
        struct.pack_into("<I", body, ifd0_entry_offset(body, MAKE) + 4, 0xFFFFFFF0)

    yield "ifd-loop.jpg", patched_tiff(next_ifd_to_self)
    yield "gps-ifd-loop.jpg", patched_tiff(gps_ifd_is_ifd0)
    yield "absurd-entry-count.jpg", patched_tiff(absurd_count)
    yield "exif-pointer-beyond-end.jpg", patched_tiff(exif_pointer_beyond_end)
    yield "huge-string-count.jpg", patched_tiff(make_count_huge)
    exif = {DTO: ascii("2015:06:15 19:42:10")}
    yield "progressive.jpg", photo(CAMERA, exif, FENWAY_GPS, options=("-progressive",))
    yield "arithmetic.jpg", photo(CAMERA, exif, FENWAY_GPS, options=("-arithmetic",))
    soi, rest = picture_jpeg()
    frame = rest.index(b"\xff\xc0")
    twelve_bit = bytearray(rest)
    twelve_bit[frame + 4] = 12  # SOF precision: 12-bit samples
    yield "twelve-bit.jpg", soi + segment(0xE1, b"Exif\0\0" + tiff(CAMERA, exif, FENWAY_GPS)) + bytes(twelve_bit)
    huge = bytearray(rest)
    struct.pack_into(">HH", huge, frame + 5, 65_000, 65_000)
    yield "claims-65000x65000.jpg", soi + segment(0xE1, b"Exif\0\0" + tiff(CAMERA, exif, FENWAY_GPS)) + bytes(huge)
    yield "cmyk.jpg", cmyk_photo()


def cmyk_photo():
    """An Adobe CMYK JPEG (Pillow writes those; cjpeg cannot), with the usual Fenway EXIF."""
    import io
    from PIL import Image
    image = Image.new("CMYK", (64, 48), (0, 200, 200, 0))
    for x in range(21):
        for y in range(16):
            image.putpixel((x, y), (0, 0, 0, 255))
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=80, exif=b"Exif\0\0" + tiff(CAMERA, {DTO: ascii("2015:06:15 19:42:10")}, FENWAY_GPS))
    return buffer.getvalue()


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "TestImages")
    for folder, generate in (("edge-cases", images), ("orientation", orientation_images), ("hostile", hostile_images)):
        os.makedirs(os.path.join(out, folder), exist_ok=True)
        for name, data in generate():
            with open(os.path.join(out, folder, name), "wb") as f:
                f.write(data)
            print(f"{len(data):6d}  {folder}/{name}")


if __name__ == "__main__":
    main()

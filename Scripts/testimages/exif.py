"""Writes small JPEGs with exactly the EXIF we ask for: a TIFF structure built byte by byte in an APP1 segment,
in front of a 64x48 picture encoded by libjpeg's `cjpeg` (a red block marks the top-left corner, so orientation
is visible). Needs `cjpeg` (Debian: libjpeg-turbo-progs)."""
import struct
import subprocess

ASCII, BYTE, SHORT, LONG, RATIONAL, UNDEFINED, SRATIONAL = 2, 1, 3, 4, 5, 7, 10
TYPE_SIZE = {BYTE: 1, ASCII: 1, SHORT: 2, LONG: 4, RATIONAL: 8, UNDEFINED: 1, SRATIONAL: 8}

# Tags by IFD.
MAKE, MODEL, ORIENTATION, DATE_TIME, EXIF_POINTER, GPS_POINTER = 0x010F, 0x0110, 0x0112, 0x0132, 0x8769, 0x8825
DTO, DTD, OFFSET_TIME, OFFSET_TIME_ORIGINAL, SUBSEC_ORIGINAL = 0x9003, 0x9004, 0x9010, 0x9011, 0x9291
GPS_LAT_REF, GPS_LAT, GPS_LON_REF, GPS_LON, GPS_ALT_REF, GPS_ALT, GPS_TIME, GPS_DATE = 1, 2, 3, 4, 5, 6, 7, 0x1D


def ascii(text):
    return (ASCII, text.encode("latin-1") + b"\0")


def rationals(*pairs):
    return (RATIONAL, list(pairs))


def encode_values(kind, values, endian):
    if kind in (ASCII, UNDEFINED):
        return values
    if kind == BYTE:
        return bytes(values)
    if kind == SHORT:
        return b"".join(struct.pack(endian + "H", v) for v in values)
    if kind == LONG:
        return b"".join(struct.pack(endian + "I", v) for v in values)
    if kind == RATIONAL:
        return b"".join(struct.pack(endian + "II", n, d) for n, d in values)
    if kind == SRATIONAL:
        return b"".join(struct.pack(endian + "ii", n, d) for n, d in values)
    raise ValueError(kind)


def ifd_size(entries):
    data = sum((len(raw) + 1) & ~1 for raw in (e[2] for e in entries) if len(raw) > 4)
    return 2 + 12 * len(entries) + 4 + data


def ifd_bytes(entries, offset, endian):
    """One IFD at `offset` (from the TIFF header); entries are (tag, type, encoded bytes)."""
    entries = sorted(entries)
    out = struct.pack(endian + "H", len(entries))
    data = b""
    data_offset = offset + 2 + 12 * len(entries) + 4
    for tag, kind, raw in entries:
        count = len(raw) // TYPE_SIZE[kind]
        if len(raw) <= 4:
            field = raw.ljust(4, b"\0")
        else:
            field = struct.pack(endian + "I", data_offset + len(data))
            data += raw + (b"\0" if len(raw) % 2 else b"")
        out += struct.pack(endian + "HHI", tag, kind, count) + field
    return out + struct.pack(endian + "I", 0) + data


def tiff(ifd0, exif, gps, big_endian=False):
    endian = ">" if big_endian else "<"

    def encoded(tags):
        return [(tag, kind, encode_values(kind, value, endian)) for tag, (kind, value) in tags.items()]

    zero_pointer = b"\0\0\0\0"
    ifd0_entries = encoded(ifd0)
    if exif:
        ifd0_entries.append((EXIF_POINTER, LONG, zero_pointer))
    if gps:
        ifd0_entries.append((GPS_POINTER, LONG, zero_pointer))
    exif_entries, gps_entries = encoded(exif), encoded(gps)
    exif_offset = 8 + ifd_size(ifd0_entries)
    gps_offset = exif_offset + (ifd_size(exif_entries) if exif else 0)
    pointers = {EXIF_POINTER: exif_offset, GPS_POINTER: gps_offset}
    ifd0_entries = [(t, k, struct.pack(endian + "I", pointers[t]) if t in pointers else raw)
                    for t, k, raw in ifd0_entries]
    header = (b"MM" if big_endian else b"II") + struct.pack(endian + "HI", 42, 8)
    body = ifd_bytes(ifd0_entries, 8, endian)
    if exif:
        body += ifd_bytes(exif_entries, exif_offset, endian)
    if gps:
        body += ifd_bytes(gps_entries, gps_offset, endian)
    return header + body


def segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def picture_jpeg(width=64, height=48, options=()):
    """A JPEG from cjpeg (with extra `options`, e.g. -progressive), without its JFIF APP0, as (SOI, rest)."""
    pixels = bytearray()
    for y in range(height):
        for x in range(width):
            if x < width // 3 and y < height // 3:
                pixels += bytes([220, 30, 30])  # the top-left marker block
            else:
                pixels += bytes([40, 90 + y * 2, 120 + x])
    ppm = b"P6\n%d %d\n255\n" % (width, height) + bytes(pixels)
    jpeg = subprocess.run(["cjpeg", "-quality", "80", *options], input=ppm, capture_output=True, check=True).stdout
    assert jpeg[:4] == b"\xff\xd8\xff\xe0"
    app0_length = struct.unpack(">H", jpeg[4:6])[0]
    return jpeg[:2], jpeg[4 + app0_length:]


def photo(ifd0=None, exif=None, gps=None, big_endian=False, before_app1=(), options=()):
    soi, rest = picture_jpeg(options=options)
    app1 = segment(0xE1, b"Exif\0\0" + tiff(ifd0 or {}, exif or {}, gps or {}, big_endian))
    return soi + b"".join(before_app1) + app1 + rest


def dms(degrees, minutes, seconds_thousandths):
    return rationals((degrees, 1), (minutes, 1), (seconds_thousandths, 1000))


def gps_clock(date, hour, minute, second):
    return {GPS_DATE: ascii(date), GPS_TIME: rationals((hour, 1), (minute, 1), (second, 1))}

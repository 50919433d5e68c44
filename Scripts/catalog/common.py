"""Shared helpers for the catalog build: reading sources, dates, distances, ids."""
import csv
import gzip
import io
import math
import os
import re
import unicodedata
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

RAW = os.environ.get("STADIUMLOG_RAW") or os.path.join(
    os.path.dirname(__file__), "..", "..", "..", "shared", "data", "raw")
CURATED = os.path.join(os.path.dirname(__file__), "curated")


class BuildError(Exception):
    """A source disagrees with another in a way only a person can settle."""


def raw(*parts):
    return os.path.join(RAW, *parts)


def open_text(path, encoding="utf-8"):
    if path.endswith(".gz"):
        return io.TextIOWrapper(gzip.open(path), encoding=encoding, newline="")
    return open(path, encoding=encoding, newline="")


def read_csv(path, encoding="utf-8", header=True):
    with open_text(path, encoding) as f:
        text = f.read().replace("\r\n", "\n").replace("\r", "\n")
    reader = csv.DictReader(io.StringIO(text)) if header else csv.reader(io.StringIO(text))
    return list(reader)


def curated(name):
    return read_csv(os.path.join(CURATED, name))


def slug(text):
    """`Crypto.com Arena` -> `crypto_com_arena`; accents folded, `&` spelled out."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = text.lower().replace("&", " and ").replace("'", "")
    return re.sub(r"[^a-z0-9]+", "_", text).strip("_")


def name_key(text):
    """A punctuation- and case-insensitive key for matching names across sources."""
    return re.sub(r"[^a-z0-9]", "", slug(text))


def distance_m(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6_371_008.8 * math.asin(min(1.0, math.sqrt(h)))


def iso(d):
    return d.isoformat() if d else None


def parse_date(text):
    """YYYY-MM-DD, YYYYMMDD, YYYY-MM or YYYY (the first day of what is known)."""
    text = (text or "").strip()
    if not text:
        return None
    if re.fullmatch(r"\d{8}", text):
        return date(int(text[:4]), int(text[4:6]), int(text[6:]))
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return date.fromisoformat(text)
    if re.fullmatch(r"\d{4}-\d{2}", text):
        return date(int(text[:4]), int(text[5:]), 1)
    if re.fullmatch(r"\d{4}", text):
        return date(int(text), 1, 1)
    if re.fullmatch(r"\d{2}/\d{2}/\d{4}", text):
        return date(int(text[6:]), int(text[:2]), int(text[3:5]))
    raise BuildError(f"unreadable date {text!r}")


def end_of(text):
    """The last day of a YYYY, YYYY-MM or YYYY-MM-DD period."""
    text = (text or "").strip()
    if re.fullmatch(r"\d{4}", text):
        return date(int(text), 12, 31)
    if re.fullmatch(r"\d{4}-\d{2}", text):
        first = date(int(text[:4]), int(text[5:]), 1)
        return (first.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
    return parse_date(text)


EASTERN = ZoneInfo("America/New_York")


def eastern_clock_to_utc(day, clock):
    """`7:30p` or `10:00 PM` on a US-Eastern calendar day -> UTC datetime (None when absent)."""
    clock = (clock or "").strip().lower().replace(" ", "")
    m = re.fullmatch(r"(\d{1,2}):(\d{2})(a|p|am|pm)", clock)
    if not m:
        return None
    hour = int(m.group(1)) % 12 + (12 if m.group(3).startswith("p") else 0)
    local = datetime(day.year, day.month, day.day, hour, int(m.group(2)), tzinfo=EASTERN)
    return local.astimezone(ZoneInfo("UTC"))


def season_label(start_year):
    return f"{start_year}-{str(start_year + 1)[2:]}"

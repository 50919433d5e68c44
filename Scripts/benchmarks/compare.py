"""The measurements of Scripts/bench-compare: run it through that script, which builds and installs what this needs.

Every tool runs on the same corpus, in alternating order, RUNS times; the table reports medians of wall time and the
largest peak RSS. Every corpus is made of copies of one real 12 MP phone photo (Samsung Galaxy S7, 4032x3024) whose
capture time is rewritten in each copy, so no two files are the same: N as taken (852 m from a ballpark), N moved
inside the ballpark during a game (every one becomes a visit photo), and a mixed library of MIXED, 5% of them at the
game and the rest moved to Yosemite, near no venue.
"""
import itertools
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SHARED = os.environ.get("STADIUMLOG_SHARED", "../shared")
SOURCE = os.path.join(SHARED, "data/real-photos/exiv2-test-data/exiv2-bug2565.jpg")
RELEASE = os.environ.get("STADIUMLOG_BENCH_BIN", ".build/release")
EXIFTOOL_TAGS = ["-DateTimeOriginal", "-SubSecTimeOriginal", "-OffsetTimeOriginal", "-GPSLatitude", "-GPSLongitude",
                 "-GPSAltitude", "-GPSDateStamp", "-GPSTimeStamp", "-Make", "-Model", "-Orientation",
                 "-ExifImageWidth", "-ExifImageHeight"]
BEGIN, END = "<!-- bench-compare:begin -->", "<!-- bench-compare:end -->"


def run(commands):
    """Runs each command in order, silently; returns (wall seconds, largest peak RSS in MB) over all of them.

    Peak RSS comes from /usr/bin/time: Linux carries the forking parent's high-water mark across exec, so this
    Python process's own size would hide small tools'. (time's own ~2 MB is the floor instead.)"""
    start, peak = time.monotonic(), 0
    for command in commands:
        result = subprocess.run(["/usr/bin/time", "-f", "%M", *command], stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit(f"bench-compare: {' '.join(command[:3])}… failed: {result.stderr.strip()[-300:]}")
        peak = max(peak, int(result.stderr.strip().splitlines()[-1]))
    return time.monotonic() - start, peak / 1024


def variant(work, name, latitude, longitude):
    """The source photo with its GPS position moved (by exiftool, image data untouched)."""
    path = os.path.join(work, name)
    shutil.copyfile(SOURCE, path)
    subprocess.run(["exiftool", "-q", "-overwrite_original", f"-GPSLatitude={abs(latitude)}",
                    f"-GPSLatitudeRef={'N' if latitude >= 0 else 'S'}", f"-GPSLongitude={abs(longitude)}",
                    f"-GPSLongitudeRef={'E' if longitude >= 0 else 'W'}", path], check=True)
    return open(path, "rb").read()


def make_corpus(folder, count, at_game, elsewhere=None, game_share=1.0):
    """`count` copies, `game_share` of them of `at_game`, the rest of `elsewhere`, each with its own capture second
    (18:28:03 onwards, so the GPS clock still gives the right offset and the day stays the game's)."""
    os.mkdir(folder)
    stamp = b"2018:04:10 18:28:03"
    every = round(1 / game_share)
    for i in range(count):
        original = at_game if i % every == 0 else elsewhere
        assert stamp in original, "the source photo's capture time moved"
        second = 18 * 3600 + 28 * 60 + 3 + i
        varied = b"2018:04:10 %02d:%02d:%02d" % (second // 3600, second // 60 % 60, second % 60)
        with open(os.path.join(folder, f"photo-{i:05}.jpg"), "wb") as file:
            file.write(original.replace(stamp, varied))


def warm(paths, whole):
    """Reads `paths` (whole, or their first MiB) so the page cache holds them."""
    for path in paths:
        with open(path, "rb") as file:
            while file.read(1 << 20) and whole:
                pass


def thumbnail_count(library):
    """How many thumbnails an import left in `library` (the benchmark checks the import did the work)."""
    return sum(len(names) for _, _, names in os.walk(os.path.join(library, "thumbnails")))


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(arguments[0]) if arguments else 500
    runs = int(arguments[1]) if len(arguments) > 1 else 3
    mixed_count = int(arguments[2]) if len(arguments) > 2 else 2000
    work = tempfile.mkdtemp(prefix="stadiumlog-bench-compare.")
    out = lambda name: os.path.join(work, name)
    try:
        # 852 m from Oracle Park: a medium-confidence photo, so scans and thumbnails see the camera's own file;
        # inside the park (its catalog coordinate): the photo becomes a visit; in Yosemite: near no venue at all.
        at_game = variant(work, "at-game.jpg", 37.77866, -122.38845)
        elsewhere = variant(work, "elsewhere.jpg", 37.7459, -119.5936)
        corpus, game_corpus, mixed = out("photos"), out("at-game"), out("mixed")
        make_corpus(corpus, count, open(SOURCE, "rb").read())
        make_corpus(game_corpus, count, at_game)
        make_corpus(mixed, mixed_count, at_game, elsewhere, game_share=0.05)
        files = sorted(os.path.join(corpus, name) for name in os.listdir(corpus))
        mixed_files = sorted(os.path.join(mixed, name) for name in os.listdir(mixed))
        for folder in ("ours-2", "ours-1", "vips", "vips-mixed"):
            os.mkdir(out(folder))
        libraries = (out(f"library-{n}") for n in itertools.count())
        stadiumlog, exiftool = f"{RELEASE}/stadiumlog", ["exiftool", "-fast2", "-n", "-j", *EXIFTOOL_TAGS]
        # name: (the commands of one run, how many photos or starts they cover)
        cases = {
            "exif: stadiumlog scan": (lambda: [[stadiumlog, "scan", corpus, "--format", "json"]], count),
            "exif: exiftool -fast2 -n -j": (lambda: [[*exiftool, corpus]], count),
            "exif: libexif from C (floor)": (lambda: [[f"{RELEASE}/exif-floor", *files]], count),
            "thumbnails: stadiumlog, 2 threads": (lambda: [
                [f"{RELEASE}/stadiumlog-bench", "thumbnails", corpus, out("ours-2"), "2"]], count),
            "thumbnails: stadiumlog, 1 thread": (lambda: [
                [f"{RELEASE}/stadiumlog-bench", "thumbnails", corpus, out("ours-1"), "1"]], count),
            "thumbnails: vipsthumbnail -s 200": (lambda: [
                ["vipsthumbnail", "-s", "200", "-o", out("vips") + "/%s.jpg", *files]], count),
            "thumbnails: djpeg -scale 1/8 per file (floor)": (lambda: [
                ["djpeg", "-scale", "1/8", "-outfile", out("djpeg.ppm"), path] for path in files], count),
            "import: every photo at a game": (lambda: [
                [stadiumlog, "import", game_corpus, "--library", next(libraries)]], count),
            "mixed: stadiumlog import": (lambda: [
                [stadiumlog, "import", mixed, "--library", next(libraries)]], mixed_count),
            "mixed: exiftool -fast2 -n -j": (lambda: [[*exiftool, mixed]], mixed_count),
            "mixed: vipsthumbnail -s 200": (lambda: [
                ["vipsthumbnail", "-s", "200", "-o", out("vips-mixed") + "/%s.jpg", *mixed_files]], mixed_count),
            "cold start: stadiumlog --version": (lambda: [[stadiumlog, "--version"]] * 20, 20),
            "cold start: one-photo match": (lambda: [[stadiumlog, "match", files[0], "--format", "json"]] * 5, 5),
        }
        times, peaks = {name: [] for name in cases}, {name: 0.0 for name in cases}
        for _ in range(runs):
            for name, (commands, _) in cases.items():
                # Every tool starts with its inputs in the page cache: the whole files where images are decoded,
                # the heads where only metadata is read (the mixed library is too large to keep whole).
                warm(mixed_files if name.startswith("mixed") else files if "at a game" not in name
                     else [os.path.join(game_corpus, entry) for entry in os.listdir(game_corpus)],
                     whole=not name.startswith(("mixed", "exif")))
                seconds, peak = run(commands())
                times[name].append(seconds)
                peaks[name] = max(peaks[name], peak)
        visits_made = {thumbnail_count(out(f"library-{n}")) for n in range(2 * runs)}
        if visits_made != {count, mixed_count // 20}:
            sys.exit(f"bench-compare: the imports made {visits_made} thumbnails, "
                     f"expected {count} and {mixed_count // 20}")
        median = {name: statistics.median(values) for name, values in times.items()}
    finally:
        shutil.rmtree(work)

    def ratio(slow, fast):
        return f"{median[slow] / median[fast]:.2f}×"

    lines = [
        f"Command: `bash Scripts/bench-compare {count} {runs} {mixed_count}` — {count} copies of "
        f"`{os.path.basename(SOURCE)}` (4032×3024, 3.4 MB) and a mixed library of {mixed_count} (5% at a game), "
        f"medians of {runs} alternating runs, {platform.machine()} with {os.cpu_count()} cores, {versions()}.",
        "",
        "| run | median wall | per photo (per start) | peak RSS |",
        "|---|---:|---:|---:|",
    ]
    for name, (_, items) in cases.items():
        lines.append(f"| {name} | {median[name]:.3f} s | {median[name] / items * 1000:.2f} ms | {peaks[name]:.1f} MB |")
    lines += [
        "",
        "| ratio | value | target |",
        "|---|---:|---|",
        f"| exiftool ÷ stadiumlog scan | {ratio('exif: exiftool -fast2 -n -j', 'exif: stadiumlog scan')} | ≥ 50× |",
        f"| stadiumlog scan ÷ C floor | {ratio('exif: stadiumlog scan', 'exif: libexif from C (floor)')} | ≤ 3× |",
        f"| vipsthumbnail ÷ stadiumlog (2 threads) | "
        f"{ratio('thumbnails: vipsthumbnail -s 200', 'thumbnails: stadiumlog, 2 threads')} | ≥ 2× |",
        f"| stadiumlog (1 thread) ÷ djpeg floor | "
        f"{ratio('thumbnails: stadiumlog, 1 thread', 'thumbnails: djpeg -scale 1/8 per file (floor)')} | ≤ 1.25× |",
        f"| import ÷ thumbnails (2 threads) | "
        f"{ratio('import: every photo at a game', 'thumbnails: stadiumlog, 2 threads')} | ≤ 1.15× |",
        f"| import ÷ thumbnails (1 thread) | "
        f"{ratio('import: every photo at a game', 'thumbnails: stadiumlog, 1 thread')} | (import uses one core) |",
        f"| mixed: exiftool ÷ import | {ratio('mixed: exiftool -fast2 -n -j', 'mixed: stadiumlog import')} | ≥ 1×, aim 5× |",
        f"| mixed: vipsthumbnail ÷ import | {ratio('mixed: vipsthumbnail -s 200', 'mixed: stadiumlog import')} | ≥ 20× |",
        f"| `stadiumlog --version` | {median['cold start: stadiumlog --version'] / 20 * 1000:.1f} ms | < 30 ms |",
        f"| one-photo `match` | {median['cold start: one-photo match'] / 5 * 1000:.1f} ms | < 150 ms |",
    ]
    table = "\n".join(lines)
    print(table)
    if "--write" in sys.argv:
        path = "docs/PERFORMANCE.md"
        text = open(path).read()
        block = f"{BEGIN}\n{table}\n{END}"
        if BEGIN in text:
            text = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: block, text, flags=re.S)
        else:
            text += f"\n## Side by side with exiftool, vipsthumbnail and djpeg\n\n{block}\n"
        open(path, "w").write(text)


def versions():
    def first_line(command):
        try:
            return subprocess.run(command, capture_output=True, text=True).stdout.strip().splitlines()[0]
        except (OSError, IndexError):
            return "?"
    return (f"exiftool {first_line(['exiftool', '-ver'])}, {first_line(['vips', '--version'])}, "
            f"{first_line(['swift', '--version']).split(' (')[0]}")


if __name__ == "__main__":
    main()

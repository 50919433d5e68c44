"""The measurements of Scripts/bench-compare: run it through that script, which builds and installs what this needs.

Every tool runs on the same corpus, in alternating order, RUNS times; the table reports medians of wall time and the
largest peak RSS. The corpus is N copies of a real 12 MP phone photo (Samsung Galaxy S7, 4032x3024) whose capture
time is rewritten in each copy, so no two files are the same.
"""
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SOURCE = "../shared/data/real-photos/exiv2-test-data/exiv2-bug2565.jpg"
RELEASE = ".build/release"
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


def make_corpus(folder, count):
    original = open(SOURCE, "rb").read()
    stamp = b"2018:04:10 18:28:03"
    assert stamp in original, "the source photo's capture time moved"
    for i in range(count):
        varied = b"2018:04:10 %02d:%02d:%02d" % (i // 3600 % 24, i // 60 % 60, i % 60)
        with open(os.path.join(folder, f"photo-{i:05}.jpg"), "wb") as file:
            file.write(original.replace(stamp, varied))


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(arguments[0]) if arguments else 500
    runs = int(arguments[1]) if len(arguments) > 1 else 3
    work = tempfile.mkdtemp(prefix="stadiumlog-bench-compare.")
    try:
        corpus = os.path.join(work, "photos")
        os.mkdir(corpus)
        make_corpus(corpus, count)
        files = sorted(os.path.join(corpus, name) for name in os.listdir(corpus))
        out = lambda name: os.path.join(work, name)
        cases = {
            "exif: stadiumlog scan": lambda: [[f"{RELEASE}/stadiumlog", "scan", corpus, "--format", "json"]],
            "exif: exiftool -fast2 -n -j": lambda: [["exiftool", "-fast2", "-n", "-j", *EXIFTOOL_TAGS, corpus]],
            "exif: libexif from C (floor)": lambda: [[f"{RELEASE}/exif-floor", *files]],
            "thumbnails: stadiumlog, 2 threads": lambda: [
                [f"{RELEASE}/stadiumlog-bench", "thumbnails", corpus, out("ours-2"), "2"]],
            "thumbnails: stadiumlog, 1 thread": lambda: [
                [f"{RELEASE}/stadiumlog-bench", "thumbnails", corpus, out("ours-1"), "1"]],
            "thumbnails: vipsthumbnail -s 200": lambda: [
                ["vipsthumbnail", "-s", "200", "-o", out("vips") + "/%s.jpg", *files]],
            "thumbnails: djpeg -scale 1/8 per file (floor)": lambda: [
                ["djpeg", "-scale", "1/8", "-outfile", out("djpeg.ppm"), path] for path in files],
            "cold start: stadiumlog --version": lambda: [[f"{RELEASE}/stadiumlog", "--version"]] * 20,
            "cold start: one-photo match": lambda: [[f"{RELEASE}/stadiumlog", "match", files[0], "--format", "json"]] * 5,
        }
        for folder in ("ours-2", "ours-1", "vips"):
            os.mkdir(out(folder))
        times, peaks = {name: [] for name in cases}, {name: 0.0 for name in cases}
        run(cases["exif: stadiumlog scan"]())  # warm the page cache
        for _ in range(runs):
            for name, commands in cases.items():
                seconds, peak = run(commands())
                times[name].append(seconds)
                peaks[name] = max(peaks[name], peak)
        median = {name: statistics.median(values) for name, values in times.items()}
    finally:
        shutil.rmtree(work)

    def ratio(slow, fast):
        return f"{median[slow] / median[fast]:.2f}×"

    lines = [
        f"Command: `bash Scripts/bench-compare {count} {runs}` — {count} copies of `{os.path.basename(SOURCE)}` "
        f"(4032×3024, 3.4 MB), medians of {runs} alternating runs, {platform.machine()} with {os.cpu_count()} cores, "
        f"{versions()}.",
        "",
        "| run | median wall | per photo (per start) | peak RSS |",
        "|---|---:|---:|---:|",
    ]
    for name in cases:
        per = len(cases[name]()) if name.startswith("cold start") else count
        lines.append(f"| {name} | {median[name]:.3f} s | {median[name] / per * 1000:.2f} ms | {peaks[name]:.1f} MB |")
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

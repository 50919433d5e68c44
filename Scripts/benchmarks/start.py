"""Issue #34's start-up figures in one run, each against its anchor and target (run by `bash Scripts/bench start`).

Every command runs RUNS times, interleaved with the others so a busy moment falls on all of them; the figure is the
median wall time from `time.perf_counter` around `subprocess.run` (the spawn included: `/bin/true` shows what that
costs here). The scan of 100 copies of a real 12 MP phone photo runs against `exiftool -fast2 -n -j` over the same
files (fewer runs: exiftool takes most of a second), both from a warm page cache.
"""

import statistics
import subprocess
import sys
import time

runs, corpus, one_photo, match_photo = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
# The program measured: the packaged one `bash Scripts/bench start` extracts (STADIUMLOG_PROGRAM), else the build's.
stadiumlog = __import__("os").environ.get("STADIUMLOG_PROGRAM", ".build/release/stadiumlog")
photos = sorted(f"{corpus}/{name}" for name in __import__("os").listdir(corpus))


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


def medians(commands, count):
    for command in commands.values():
        timed(command)  # a warm page cache for every file the command reads
    times = {label: [] for label in commands}
    for _ in range(count):
        for label, command in commands.items():
            times[label].append(timed(command))
    return {label: statistics.median(values) for label, values in times.items()}


start = medians(
    {
        "/bin/true (the spawn itself)": ["/bin/true"],
        "stadiumlog --version": [stadiumlog, "--version"],
        "stadiumlog scan of one photo (no catalog)": [stadiumlog, "scan", one_photo, "--format", "json"],
        "one-photo match (the catalog loaded)": [stadiumlog, "match", match_photo, "--library", "/nonexistent/stadiumlog"],
    },
    runs,
)
scan = medians(
    {
        "stadiumlog scan, 100 photos": [stadiumlog, "scan", corpus, "--format", "json"],
        "exiftool -fast2 -n -j, 100 photos": ["exiftool", "-fast2", "-n", "-j"] + photos,
    },
    max(3, runs // 6),
)
targets = {
    "stadiumlog --version": 5.0,
    "stadiumlog scan of one photo (no catalog)": 5.0,
    "one-photo match (the catalog loaded)": 30.0,
}
print(f"| command | median of {runs} | target |")
print("|---|---:|---|")
for label, value in start.items():
    target = targets.get(label)
    verdict = "anchor" if target is None else f"≤ {target:.0f} ms: {'met' if value <= target else 'missed'}"
    print(f"| {label} | {value:.1f} ms | {verdict} |")
for label, value in scan.items():
    print(f"| {label} | {value:.1f} ms | |")
ratio = scan["exiftool -fast2 -n -j, 100 photos"] / scan["stadiumlog scan, 100 photos"]
print(f"| exiftool ÷ stadiumlog scan | {ratio:.1f}× | ≥ 50×: {'met' if ratio >= 50 else 'missed'} |")

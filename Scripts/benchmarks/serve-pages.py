#!/usr/bin/env python3
"""Times the pages of a running `stadiumlog serve` as a browser asks for them, and its memory under repeated browsing.

usage: serve-pages.py ADDRESS:PORT SECRET PID [RUNS]   (the address `serve` printed: a loopback address of its own)
Each page is asked once to warm up, then RUNS times (default 20), one connection a request; prints the median and
the slowest time (loopback included), then the server's resident memory before and after 1,000 more requests.
"""
import http.client
import re
import statistics
import sys
import time

host, _, port = sys.argv[1].rpartition(":")
port, secret, pid = int(port), sys.argv[2], int(sys.argv[3])
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 20
headers = {"Cookie": f"stadiumlog-{port}={secret}"}


def get(path):
    connection = http.client.HTTPConnection(host, port, timeout=60)
    start = time.perf_counter()
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    elapsed = (time.perf_counter() - start) * 1000
    connection.close()
    if response.status != 200:
        raise SystemExit(f"{path}: HTTP {response.status}")
    return elapsed, body.decode("utf-8", "replace")


def rss_mb():
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0


_, visits_page = get("/visits")
visit = re.search(r'href="(/visits/[0-9A-F-]{36})"', visits_page).group(1)
thumbnail = re.search(r'src="(/thumbnails/[0-9a-f]{64})"', visits_page).group(1)
pages = ["/", "/visits", "/visits?q=Boston", "/visits?q=Jacobs+Field", "/visits?league=nhl&season=2010",
         "/visits?page=150", visit, "/confirm", "/add?team=Red+Sox&date=2015-06-15", "/not-imported", "/players", thumbnail]
print(f"{'page':42} {'median':>9} {'slowest':>9}")
for page in pages:
    get(page)
    times = [get(page)[0] for _ in range(runs)]
    print(f"{page[:42]:42} {statistics.median(times):7.1f} ms {max(times):7.1f} ms")
before = rss_mb()
for index in range(1000):
    get(pages[index % len(pages)])
print(f"server RSS: {before:.0f} MB before, {rss_mb():.0f} MB after 1,000 more requests")

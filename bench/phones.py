"""Phones against ZeroMQ peers, on loopback, in the same run.

1. A headless host process (``cheeseknights host --headless``, its phones' gateway on)
   holds an 8-player Cheese Thief table: 8 seats held here over CURVE, and 8 phones
   watching through the gateway (Python phones that speak to it exactly as the page
   does: sealed boxes, opened here). During the discussion seat 0 sends chat lines;
   each sample is the time from sending one line to the moment the last of the 8 ZeroMQ
   peers has the update that carries it, and, for the same line, to the moment the last
   of the 8 phones has opened it (p50, p99). The phones' figure leaves out what a
   browser adds (decoding msgpack, drawing the page); that is part 3.
2. The page's weight: every file it loads, and the vendored part.
3. A phone's join from the scan to its seat: the time from asking for the page to the
   host's welcome, by a Python phone (the page's files fetched, a WebSocket, the sealed
   join), and, where chromium and its driver are installed, by a real headless browser
   at 390×844 from opening the address to the page saying "Seat N" (p50, max).

    python bench/phones.py [--samples 300] [--joins 5]
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.net import join_all, percentile, start_host, table_latency  # noqa: E402
from net.peer import Peer  # noqa: E402
from net.web.gateway import page_files  # noqa: E402
from net.web.phone import PyPhone  # noqa: E402

PHONES = 8


def host_with_phones(log_dir: Path) -> tuple[subprocess.Popen[bytes], str, str]:
    """The bench's host (``bench.net.start_host``) prints its lines; read the phones'."""
    proc, address, _ = start_host(ROOT, log_dir)
    assert proc.stdout is not None
    url = ""
    while not url:
        line = proc.stdout.readline().decode()
        if not line:
            raise RuntimeError("the host ended before it printed its phones' address")
        if line.startswith("phones "):
            url = line.split()[1]
    return proc, address, url


def watchers(url: str, public: str) -> tuple[list[PyPhone], dict[bytes, list[float]]]:
    """8 phones that watch; each records when it opened a line carrying each marker."""
    gateway = re.sub(r"^http://([^/]+)/.*$", r"\1", url)
    seen: dict[bytes, list[float]] = {}
    phones = [PyPhone(gateway, public) for _ in range(PHONES)]
    lock = threading.Lock()

    def listen(phone: PyPhone) -> None:
        phone.send({"type": "join", "v": 2, "spectator": True})
        while True:
            try:
                plain = phone.recv_plain(timeout=60)
            except Exception:  # noqa: BLE001 - the bench is over, or the host is
                return
            at = time.perf_counter()
            found = re.search(rb"line \d+\.", plain)
            if found:
                with lock:
                    seen.setdefault(found.group(), []).append(at)

    for phone in phones:
        threading.Thread(target=listen, args=(phone,), daemon=True).start()
    return phones, seen


def latency(peers: list[Peer], seen: dict[bytes, list[float]],
            samples: int) -> tuple[list[float], list[float]]:
    """``bench.net.table_latency`` for the ZeroMQ peers; after each line, the wait for
    the same line at every phone."""
    phone_times: list[float] = []

    def at_phones(marker: bytes, started: float) -> None:
        end = time.monotonic() + 5
        while len(seen.get(marker, [])) < PHONES and time.monotonic() < end:
            time.sleep(0.0002)
        if len(seen.get(marker, [])) < PHONES:
            raise RuntimeError("a phone did not get a line")
        phone_times.append(max(seen[marker]) - started)

    zmq_times, _, _ = table_latency(peers, samples, at_phones)
    return zmq_times, phone_times


def python_join(url: str, public: str) -> float:
    base = url.split("#")[0]
    started = time.perf_counter()
    page = urllib.request.urlopen(base, timeout=5).read().decode()
    for src in re.findall(r'(?:src|href)="(/[^"]+)"', page):
        urllib.request.urlopen(base.rstrip("/") + src, timeout=5).read()
    phone = PyPhone(re.sub(r"^http://([^/]+)/.*$", r"\1", url), public)
    try:
        phone.send({"type": "join", "v": 2, "spectator": True})
        phone.until("welcome")
        return time.perf_counter() - started
    finally:
        phone.close()


def browser_joins(url: str, count: int) -> list[float] | None:
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        return None
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return None
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844"):
        options.add_argument(flag)
    times = []
    for _ in range(count):
        driver = webdriver.Chrome(service=Service(str(shutil.which("chromedriver"))),
                                  options=options)
        try:
            driver.get("about:blank")
            started = time.perf_counter()
            driver.get(url)
            driver.execute_script("localStorage.clear()")
            driver.find_element("id", "name").send_keys("p")
            driver.find_element("id", "watch").click()
            end = time.monotonic() + 10
            while time.monotonic() < end and not driver.find_element(
                    "id", "status").text.startswith("Watching"):
                time.sleep(0.01)
            times.append(time.perf_counter() - started)
        finally:
            driver.quit()
    return times


def ms(values: list[float]) -> str:
    return (f"p50 {1000 * statistics.median(values):.2f} ms, "
            f"p99 {1000 * percentile(values, 0.99):.2f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--joins", type=int, default=5)
    args = parser.parse_args()
    log_dir = Path(tempfile.mkdtemp(prefix="ck-bench-phones-"))
    proc, address, url = host_with_phones(log_dir)
    try:
        from net.peer import probe

        public = str(probe(address)["key"])
        phones, seen = watchers(url, public)
        peers = join_all(address, 8, 0)
        zmq_times, phone_times = latency(peers, seen, args.samples)
        print(f"1. chat line -> all of 8 ZeroMQ peers: {ms(zmq_times)}")
        print(f"   chat line -> all of 8 phones (opened): {ms(phone_times)}"
              f"  ({args.samples} samples, the same lines)")
        files = page_files()
        loaded = {p: len(b) for p, b in files.items() if p != "/" and not p.endswith(".txt")}
        vendored = sum(v for p, v in loaded.items() if p.startswith("/vendor/"))
        print(f"2. the page loads {sum(loaded.values()) / 1024:.1f} KiB in {len(loaded)} files "
              f"({vendored / 1024:.1f} KiB vendored)")
        joins = [python_join(url, public) for _ in range(args.joins)]
        print(f"3. join, scan to seat, Python phone: p50 {1000 * statistics.median(joins):.1f} ms,"
              f" max {1000 * max(joins):.1f} ms")
        browser = browser_joins(url, args.joins)
        if browser is None:
            print("   (no chromium and chromium-driver here: no browser figure)")
        else:
            print(f"   headless chromium 390x844: p50 {1000 * statistics.median(browser):.0f} ms,"
                  f" max {1000 * max(browser):.0f} ms")
        for peer in peers:
            peer.close()
        for phone in phones:
            phone.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())

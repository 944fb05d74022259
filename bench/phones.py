"""Phones against ZeroMQ peers, on loopback, in the same run.

1. A headless host process (``cheeseknights host --headless``, its phones' gateway on)
   holds an 8-player Cheese Thief table: 8 seats held here over CURVE, and 8 phones
   watching through the gateway (Python phones that speak to it exactly as the page
   does: sealed boxes, opened here). During the discussion seat 0 sends chat lines;
   each sample is the time from sending one line to the moment the last of the 8 ZeroMQ
   peers has the update that carries it, and, for the same line, to the moment the last
   of the 8 phones has opened it (p50, p99).
   Then, where chromium and its driver are installed, the same for 8 real pages: one
   headless chromium at 390×844 with 8 windows, each the page watching the table (each
   with its own storage, so its own key pair; open during the first figure too), and the
   same 8 ZeroMQ peers in the same run: from sending a line to the moment the last page
   has put it on its screen (its table-talk list changed: the page has opened the box,
   decoded it and drawn it into the document; painting is left out). The pages' clocks
   are the machine's (``performance.timeOrigin``). Lines go out one every ``--gap``
   seconds, so a page never has a queue.
2. The page's weight: every file it loads, and the vendored part.
3. A phone's join from the scan to its seat, at a second table with free seats: the
   time from asking for the page to the host's welcome, by a Python phone (the page's
   files fetched, a WebSocket, the sealed join), and, where chromium and its driver are
   installed, by a real headless browser at 390×844 from opening the address (a fresh
   profile) through typing a name and *Take a seat* to the page saying "Seat N"
   (p50, max).

    nice -n 15 python bench/phones.py [--samples 300] [--browser-samples 100] [--joins 5]
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.counts import positive  # noqa: E402
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

    def ping(phone: PyPhone) -> None:  # as the page does: the host drops a quiet peer
        while True:
            time.sleep(1.0)
            try:
                phone.send({"type": "ping"})
            except Exception:  # noqa: BLE001 - the bench is over
                return

    for phone in phones:
        threading.Thread(target=listen, args=(phone,), daemon=True).start()
        threading.Thread(target=ping, args=(phone,), daemon=True).start()
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


def chromium() -> Any:
    """A headless chromium at a phone's size, or None where there is none."""
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        return None
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return None
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=390,844"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(str(shutil.which("chromedriver"))), options=options)


def browser_joins(url: str, count: int) -> list[float] | None:
    times = []
    for i in range(count):
        driver = chromium()
        if driver is None:
            return None
        try:
            driver.get("about:blank")
            started = time.perf_counter()
            driver.get(url)
            driver.find_element("id", "name").send_keys(f"phone {i}")
            driver.find_element("id", "sit").click()
            end = time.monotonic() + 10
            while time.monotonic() < end and not driver.find_element(
                    "id", "status").text.startswith("Seat"):
                time.sleep(0.005)
            times.append(time.perf_counter() - started)
        finally:
            driver.quit()
    return times


OWN_STORAGE = """(() => {
  const kept = new Map();  // this window's own storage: its own key pair, its own line
  const storage = {getItem: k => (kept.has(k) ? kept.get(k) : null),
                   setItem: (k, v) => { kept.set(k, String(v)); },
                   removeItem: k => { kept.delete(k); }, clear: () => kept.clear()};
  Object.defineProperty(window, 'localStorage', {value: storage});
  window.seen = {};
  document.addEventListener('DOMContentLoaded', () => {
    const lines = document.getElementById('lines');
    new MutationObserver(() => {
      const at = performance.timeOrigin + performance.now();
      for (const found of lines.textContent.matchAll(/line \\d+\\./g)) {
        if (!(found[0] in window.seen)) window.seen[found[0]] = at;
      }
    }).observe(lines, {childList: true, subtree: true, characterData: true});
  });
})();"""
"""Run in each page before its own scripts: storage of its own, and the moment each
chat line first shows in its table-talk list."""


def open_pages(url: str) -> tuple[Any, list[str]]:
    """One chromium with 8 windows, each the page watching the table; (None, []) without
    a browser."""
    driver = chromium()
    if driver is None:
        return None, []
    windows = []
    for i in range(PHONES):
        if i:
            driver.switch_to.new_window("window")
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OWN_STORAGE})
        driver.get(url)
        driver.find_element("id", "watch").click()
        end = time.monotonic() + 10
        while time.monotonic() < end and not driver.find_element(
                "id", "status").text.startswith("Watching"):
            time.sleep(0.01)
        windows.append(driver.current_window_handle)
    return driver, windows


def browser_latency(driver: Any, windows: list[str], peers: list[Peer], samples: int,
                    gap: float) -> tuple[list[float], list[float]]:
    """The 8 pages and the 8 ZeroMQ peers, the same lines: (peers' times, pages' times)."""
    try:
        sent: dict[str, float] = {}

        def paced(marker: bytes, started: float) -> None:
            sent[marker.decode()] = 1000 * (time.time() - (time.perf_counter() - started))
            rest = gap - (time.perf_counter() - started)
            if rest > 0:
                time.sleep(rest)

        zmq_times, _, _ = table_latency(peers, samples, paced)
        time.sleep(1.0)
        seen = []
        for handle in windows:
            driver.switch_to.window(handle)
            seen.append(driver.execute_script("return window.seen"))
        page_times = []
        for marker, at in sent.items():
            last = [page.get(marker) for page in seen]
            if None in last:
                raise RuntimeError(f"a page never showed {marker}")
            page_times.append((max(last) - at) / 1000)
        return zmq_times, page_times
    finally:
        driver.quit()


def ms(values: list[float]) -> str:
    return (f"p50 {1000 * statistics.median(values):.2f} ms, "
            f"p99 {1000 * percentile(values, 0.99):.2f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=positive, default=300)
    parser.add_argument("--browser-samples", type=positive, default=100)
    parser.add_argument("--gap", type=float, default=0.1,
                        help="seconds between the lines the pages are timed on")
    parser.add_argument("--joins", type=positive, default=5)
    args = parser.parse_args()
    log_dir = Path(tempfile.mkdtemp(prefix="ck-bench-phones-"))
    proc, address, url = host_with_phones(log_dir)
    try:
        from net.peer import probe

        public = str(probe(address)["key"])
        driver, windows = open_pages(url)  # (first: the others would go quiet meanwhile)
        phones, seen = watchers(url, public)
        peers = join_all(address, 8, 0)
        zmq_times, phone_times = latency(peers, seen, args.samples)
        print(f"1. chat line -> all of 8 ZeroMQ peers: {ms(zmq_times)}")
        print(f"   chat line -> all of 8 phones (opened): {ms(phone_times)}"
              f"  ({args.samples} samples, the same lines)")
        if driver is None:
            print("   (no chromium and chromium-driver here: no page figure)")
        else:
            pages = browser_latency(driver, windows, peers, args.browser_samples, args.gap)
            print(f"   chat line -> all of 8 ZeroMQ peers: {ms(pages[0])}")
            print(f"   chat line -> all of 8 pages in headless chromium (on screen): "
                  f"{ms(pages[1])}  ({args.browser_samples} samples, the same lines)")
        files = page_files()
        loaded = {p: len(b) for p, b in files.items() if p != "/" and not p.endswith(".txt")}
        vendored = sum(v for p, v in loaded.items() if p.startswith("/vendor/"))
        print(f"2. the page loads {sum(loaded.values()) / 1024:.1f} KiB in {len(loaded)} files "
              f"({vendored / 1024:.1f} KiB vendored)")
        for peer in peers:
            peer.close()
        for phone in phones:
            phone.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    proc, address, url = host_with_phones(log_dir)  # a table with its seats free
    try:
        from net.peer import probe

        public = str(probe(address)["key"])
        joins = [python_join(url, public) for _ in range(args.joins)]
        print(f"3. join, scan to seat, Python phone: p50 {1000 * statistics.median(joins):.1f} ms,"
              f" max {1000 * max(joins):.1f} ms")
        browser = browser_joins(url, min(args.joins, 7))
        if browser is None:
            print("   (no chromium and chromium-driver here: no browser figure)")
        else:
            print(f"   headless chromium 390x844: p50 {1000 * statistics.median(browser):.0f} ms,"
                  f" max {1000 * max(browser):.0f} ms")
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())

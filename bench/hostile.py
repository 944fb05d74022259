"""The LAN host under hostile peers, on loopback: memory, the players' latency, chat traffic.

1. Deaf spectators: a headless host process runs an 8-seat Cheese Thief discussion,
   two seats held by this process (A and B), six by in-host bots. First a quiet phase,
   then a phase in which a second process opens ``--deaf`` spectators (default 30) that
   ask for a snapshot ``--ask`` times a second each (default 90) and never read, for
   ``--seconds`` (default 60). Reported: the host's RSS before, at most during, and its
   growth; and in both phases the players' latency: A's ping round trip (p50, p99), and
   the time from A's chat line to B's update that carries it (p50).
2. One chatting seat and 200 spectators: a second process holds 200 spectators that read
   everything and count the bytes. Seat A chats as fast as the host lets it (the first
   ``--fill`` lines fill the talk window first); reported: the bytes the 200 receive
   (pings included), per second and per line taken, at the host's own chat limit, or
   with ``--lift-chat-limit`` at 100 lines/s, to see the talk window's share alone.

Run it against this tree, and with ``--host-root DIR`` against another checkout (the
host process runs from there), to compare before and after in one sitting:

    python bench/hostile.py [--seconds 60] [--host-root /tmp/base]
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import zmq

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.net import percentile, rss_mib  # noqa: E402
from net.keys import KeyPair, fetch_key  # noqa: E402
from net.peer import Peer  # noqa: E402
from net.protocol import PROTOCOL_VERSION, pack  # noqa: E402


def start_host(root: Path, log_dir: Path, *extra: str) -> tuple[subprocess.Popen[bytes], str]:
    args = [
        sys.executable, "-m", "client.cli", "host", "--headless", "--game", "cheese_thief",
        "--players", "8", "--bots", "6", "--port", "0", "--bind", "127.0.0.1",
        "--no-discovery", "--log-dir", str(log_dir), "--option", "bot_seconds=0",
        "--option", "hour_seconds=0.02", "--option", "follower_seconds=0.02",
        "--option", "discussion_seconds=3600",
    ]
    args += extra
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, cwd=root,
                            env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})
    assert proc.stdout is not None
    return proc, proc.stdout.readline().decode().split()[1]


def socket_to(context: zmq.Context[Any], address: str, server: str, deaf: bool) -> Any:
    keys = KeyPair.generate()
    sock = context.socket(zmq.DEALER)
    sock.linger = 0
    if deaf:
        sock.rcvhwm = 1
        sock.rcvbuf = 2048
    sock.curve_serverkey = server.encode()
    sock.curve_publickey, sock.curve_secretkey = keys.public.encode(), keys.secret.encode()
    sock.connect(f"tcp://{address}")
    sock.send(pack({"type": "join", "v": PROTOCOL_VERSION, "spectator": True}))
    return sock


def deaf_crowd(address: str, count: int, rate: float, seconds: float) -> None:
    """Spectators that ask for snapshots and never read a byte."""
    host, port = address.rsplit(":", 1)
    context: zmq.Context[Any] = zmq.Context()
    server = fetch_key(context, host, int(port))
    assert server is not None
    socks = [socket_to(context, address, server, deaf=True) for _ in range(count)]
    asking = pack({"type": "snapshot"})
    start = time.monotonic()
    n = 0
    while time.monotonic() - start < seconds:
        n += 1
        for sock in socks:
            with contextlib.suppress(zmq.Again):
                sock.send(asking, zmq.NOBLOCK)
        pause = start + n / rate - time.monotonic()
        if pause > 0:
            time.sleep(pause)
    context.destroy(linger=0)


def counting_crowd(address: str, count: int, go: Any, stop: Any, out: Any) -> None:
    """Spectators that read everything; counts the bytes between ``go`` and ``stop``."""
    host, port = address.rsplit(":", 1)
    context: zmq.Context[Any] = zmq.Context()
    server = fetch_key(context, host, int(port))
    assert server is not None
    socks = [socket_to(context, address, server, deaf=False) for _ in range(count)]
    poller = zmq.Poller()
    for sock in socks:
        poller.register(sock, zmq.POLLIN)
    total, counting, next_ping = 0, False, 0.0
    out.put("joined")
    while not stop.is_set():
        if time.monotonic() > next_ping:
            next_ping = time.monotonic() + 1.0
            for sock in socks:
                sock.send(pack({"type": "ping"}))
        counting = counting or go.is_set()
        for sock, _ in poller.poll(50):
            while True:
                try:
                    raw = sock.recv(zmq.NOBLOCK)  # type: ignore[attr-defined]
                except zmq.Again:
                    break
                if counting:
                    total += len(raw)
    out.put(total)
    context.destroy(linger=0)


def seat_two(address: str) -> tuple[Peer, Peer]:
    a, b = Peer(address, name="A"), Peer(address, name="B")
    end = time.monotonic() + 30
    ready = {id(a): False, id(b): False}
    while not all(ready.values()) and time.monotonic() < end:
        for peer in (a, b):
            for message in peer.wait(0.01):
                if message["type"] == "update" and message["view"].get("chat_open"):
                    ready[id(peer)] = True
    if not all(ready.values()):
        raise RuntimeError("the discussion did not open")
    return a, b


def players_latency(a: Peer, b: Peer, seconds: float) -> dict[str, float]:
    """A's ping round trips, and A's chat line -> B's update, for ``seconds``."""
    pings: list[float] = []
    chats: list[float] = []
    end = time.monotonic() + seconds
    next_chat = time.monotonic()
    while time.monotonic() < end:
        drain_peer(a)
        sent = time.perf_counter()
        a.sock.send(pack({"type": "ping"}))
        if a.sock.poll(2000):
            a.sock.recv()
            pings.append(time.perf_counter() - sent)
        if time.monotonic() >= next_chat:
            next_chat = time.monotonic() + 2.5  # inside the steady chat rate
            text = f"probe {time.monotonic():.6f}"
            drain_peer(b)
            sent = time.perf_counter()
            a.send({"type": "chat", "text": text})
            if wait_for(b, text.encode(), 3.0):
                chats.append(time.perf_counter() - sent)
        b.poll()
        time.sleep(0.05)
    ms = 1000.0
    return {
        "ping_p50": statistics.median(pings) * ms, "ping_p99": percentile(pings, 0.99) * ms,
        "chat_p50": statistics.median(chats) * ms if chats else float("nan"),
        "pings": len(pings), "chats": len(chats),
    }


def drain_peer(peer: Peer) -> None:
    while True:
        try:
            peer.sock.recv(zmq.NOBLOCK)
        except zmq.Again:
            return


def wait_for(peer: Peer, marker: bytes, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if peer.sock.poll(50) and marker in peer.sock.recv():
            return True
    return False


def deaf_phase(root: Path, args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        host, address = start_host(root, Path(tmp))
        try:
            a, b = seat_two(address)
            quiet = players_latency(a, b, 15.0)
            rss0 = rss_mib(host.pid)
            crowd = multiprocessing.Process(
                target=deaf_crowd, args=(address, args.deaf, args.ask, args.seconds))
            crowd.start()
            peak = rss0
            attacked: dict[str, float] = {}
            start = time.monotonic()
            while crowd.is_alive():
                part = players_latency(a, b, 5.0)
                for key, value in part.items():
                    attacked.setdefault(key, []).append(value)  # type: ignore[attr-defined]
                peak = max(peak, rss_mib(host.pid))
            crowd.join()
            elapsed = time.monotonic() - start
            merged = {key: statistics.median(values)  # type: ignore[arg-type]
                      for key, values in attacked.items()}
            return {"quiet": quiet, "attacked": merged, "rss0": rss0, "peak": peak,
                    "elapsed": elapsed}
        finally:
            host.kill()
            host.wait()


def chat_phase(root: Path, args: argparse.Namespace) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        lift = ["--option", "chat_burst=1000000", "--option", "chat_per_second=1000000"]
        host, address = start_host(root, Path(tmp), *(lift if args.lift_chat_limit else []))
        try:
            a, b = seat_two(address)
            go, stop = multiprocessing.Event(), multiprocessing.Event()
            out: Any = multiprocessing.Queue()
            crowd = multiprocessing.Process(target=counting_crowd,
                                            args=(address, 200, go, stop, out))
            crowd.start()
            out.get(timeout=60)
            time.sleep(3.0)
            heard = [0]

            def chat_for(seconds: float, per_second: float) -> None:
                end, n = time.monotonic() + seconds, 0
                start = time.monotonic()
                while time.monotonic() < end:
                    n += 1
                    a.send({"type": "chat", "text": f"line {a._n} of the crowd test"})
                    a.poll()
                    for message in b.poll():
                        events = message.get("events") or [] if message["type"] == "update" else []
                        heard[0] += sum("crowd test" in str(e.get("text")) for e in events)
                    pause = start + n / per_second - time.monotonic()
                    if pause > 0:
                        time.sleep(pause)

            chat_for(args.fill / 100.0, 100.0)  # fill the talk window, as far as allowed
            go.set()
            heard[0] = 0
            started = time.monotonic()
            chat_for(args.chat_seconds, 100.0)
            time.sleep(1.0)
            for message in b.poll():
                events = message.get("events") or [] if message["type"] == "update" else []
                heard[0] += sum("crowd test" in str(e.get("text")) for e in events)
            stop.set()
            elapsed = time.monotonic() - started
            total = out.get(timeout=30)
            crowd.join(timeout=10)
            return {"bytes": total, "seconds": elapsed, "lines": heard[0]}
        finally:
            host.kill()
            host.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--deaf", type=int, default=30)
    parser.add_argument("--ask", type=float, default=90.0)
    parser.add_argument("--fill", type=int, default=80)
    parser.add_argument("--chat-seconds", type=float, default=10.0)
    parser.add_argument("--host-root", type=Path, default=ROOT)
    parser.add_argument("--skip-deaf", action="store_true", help="only part 2")
    parser.add_argument("--lift-chat-limit", action="store_true",
                        help="part 2 without the chat limit (table options of this tree)")
    args = parser.parse_args()
    root = args.host_root.resolve()
    print(f"host from {root}")
    if not args.skip_deaf:
        d = deaf_phase(root, args)
        q, t = d["quiet"], d["attacked"]
        print(f"{args.deaf} deaf spectators asking {args.ask:g}/s for {d['elapsed']:.0f} s: "
              f"host RSS {d['rss0']:.1f} MiB -> peak {d['peak']:.1f} MiB "
              f"(+{d['peak'] - d['rss0']:.1f} MiB)")
        print(f"players, quiet:    ping p50 {q['ping_p50']:.3f} ms p99 {q['ping_p99']:.3f} ms, "
              f"chat->other seat p50 {q['chat_p50']:.3f} ms ({q['pings']} pings, "
              f"{q['chats']} lines)")
        print(f"players, attacked: ping p50 {t['ping_p50']:.3f} ms p99 {t['ping_p99']:.3f} ms, "
              f"chat->other seat p50 {t['chat_p50']:.3f} ms (medians of 5 s windows)")
        print(f"ratio attacked/quiet: ping p50 {t['ping_p50'] / q['ping_p50']:.2f}x, "
              f"chat p50 {t['chat_p50'] / q['chat_p50']:.2f}x")
    c = chat_phase(root, args)
    print(f"one seat chatting at up to 100 lines/s for {c['seconds']:.1f} s, 200 spectators: "
          f"{c['bytes'] / c['seconds'] / 1e6:.3f} MB/s to the crowd, "
          f"{c['bytes'] / 1e6:.2f} MB in all, {c['lines']} lines taken, "
          f"{c['bytes'] / max(1, c['lines']) / 1e3:.1f} kB per line")
    return 0


if __name__ == "__main__":
    sys.exit(main())

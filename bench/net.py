"""LAN latency and host load, on loopback, against raw pyzmq in the same run.

1. A headless host process runs an 8-player Cheese Thief table held by this process
   (8 seats over CURVE) plus 16 spectators. During the discussion, seat 0 sends chat
   lines; each sample is the time from sending one line to the moment the last of the
   24 sockets has received (and decrypted) the update that carries it (p50, p99).
   Decoding the msgpack is timed separately: on a real LAN each peer decodes its own
   copy on its own machine, while here all 24 would queue on one process.
   The first 150 lines are reported apart: Cheese Thief keeps the last 80 lines of
   table talk in its views, but updates leave that window out (the new line travels
   once, as an event), so they should not grow with the talk.
2. A raw pyzmq ROUTER/DEALER echo (a separate process, CURVE on, and again without)
   with a payload the size of one of those updates: round-trip p50, p99.
   Also raw pyzmq doing nothing but the same fan-out (one message in, 24 out), as
   the floor for (1) on this machine: to 24 DEALERs with a ZeroMQ context each, as
   the table's 24 peers have (each ``Peer`` its own, as on 24 machines), and again
   to 24 DEALERs sharing one context. On loopback the sender's kernel does the
   receivers' TCP work and wakes their I/O threads, so 24 receiving threads cost the
   sending process more than one thread taking the whole burst. The two fan-outs are
   sampled in blocks of ``BLOCK`` between blocks of (1), so a machine whose other load
   comes and goes weighs on all three alike.
3. The ratio of (1) to the CURVE echo, and to the raw fan-out.
4. What one action costs the host before anything may go out: appending a line to
   the action log and fsync'ing it, on the same disk as the host's log.
5. The host's CPU and resident memory with 200 spectators: idle, then at 20 actions/s.
6. Bots off the host's loop: an 8-seat Seven Knights table, one seat held here (it plays
   its first legal action at once), seven in-host bots, all simple, then all hard, in
   the same run: the time from this seat's action to the update it causes here, and
   this seat's ping round trip while the bots play (p50, p99). ``--bots-only`` runs just
   this part; ``--host-root DIR`` runs the hosts from another checkout.
7. The host's CPU time per action during (1), every thread of the process counted
   (its loop, ZeroMQ's I/O thread that encrypts, the log's thread), idle turns included,
   against the CPU the raw fan-out process of (2) spends on one fan-out; and both split
   by thread (user + system time of the main thread, of ZeroMQ's I/O thread, of the rest).
   ``--table-only`` runs (1)-(4) and (7) alone.

``--game`` plays (1)-(5) and (7) at another game's largest table instead, where talk
is open while it is played: Choose! (5 players) or Sly Knight Robbery (4), each with
the same 16 spectators, the raw fan-out then going to as many peers. Seven Knights
is not offered: its table talk opens only between rounds.

    python bench/net.py [--samples 2000] [--log-dir DIR] [--bots-only] [--table-only]
                        [--host-root DIR] [--game cheese_thief|choose|sly_knights]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgpack
import zmq

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.counts import positive  # noqa: E402
from net.keys import KeyPair  # noqa: E402
from net.peer import Peer  # noqa: E402
from net.protocol import pack  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


CHAT_TABLES: dict[str, tuple[int, tuple[str, ...]]] = {
    "cheese_thief": (8, ("hour_seconds=0.02", "follower_seconds=0.02",
                         "discussion_seconds=3600")),
    "choose": (5, ("turn_seconds=3600",)),
    "sly_knights": (4, ("choose_seconds=600", "turn_seconds=600")),
}
"""Each game part (1) can play: its largest table, and options that keep the table
talking (no window closes while the samples run)."""
SPECTATORS = 16
BLOCK = 100
"""Samples of the table, then as many of each raw fan-out, in turn until the end."""


def start_host(root: Path, log_dir: Path,
               game: str = "cheese_thief") -> tuple[subprocess.Popen[bytes], str, int]:
    players, options = CHAT_TABLES[game]
    args = [
        sys.executable, "-m", "client.cli", "host", "--headless", "--game", game,
        "--players", str(players), "--port", "0", "--bind", "127.0.0.1", "--no-discovery",
        "--log-dir", str(log_dir), "--rate-limit", "1000000",
        *(arg for option in options for arg in ("--option", option)),
        # This bench times the fan-out of chat lines, not the chat limit.
        "--option", "chat_burst=1000000", "--option", "chat_per_second=1000000",
    ]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, cwd=root,
                            env=dict(os.environ, PYTHONPATH=str(root)))
    assert proc.stdout is not None
    line = proc.stdout.readline().decode()
    address = line.split()[1]
    return proc, address, proc.pid


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def thread_seconds(pid: int) -> dict[str, tuple[float, float]]:
    """User and system CPU seconds of each kind of thread of a process: the main
    thread (the loop), ZeroMQ's I/O threads, and every other one (the log's fsync, bots)."""
    out: dict[str, tuple[float, float]] = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
        except OSError:
            continue  # a thread that just ended
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat.rsplit(")", 1)[1].split()
        kind = "loop" if tid == str(pid) else "zmq I/O" if "IO" in name else "other"
        user, system = out.get(kind, (0.0, 0.0))
        out[kind] = (user + int(fields[11]) / TICKS, system + int(fields[12]) / TICKS)
    return out


def thread_split(total: dict[str, tuple[float, float]], count: int) -> str:
    """Milliseconds per event of each kind of thread, from ``add_threads`` totals."""
    parts = []
    for kind in ("loop", "zmq I/O", "other"):
        user, system = (x * 1000 / count for x in total.get(kind, (0.0, 0.0)))
        parts.append(f"{kind} {user + system:.3f} (user {user:.3f} + sys {system:.3f})")
    return "; ".join(parts)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def join_all(address: str, seats: int, watchers: int) -> list[Peer]:
    """Seat everyone and wait until the discussion (when chat opens) has reached all."""
    peers = [Peer(address, name=f"p{i}") for i in range(seats)]
    peers += [Peer(address, spectator=True) for _ in range(watchers)]
    pending = set(range(len(peers)))
    end = time.monotonic() + 30
    while pending and time.monotonic() < end:
        for i, peer in enumerate(peers):
            for message in peer.wait(0.002):
                if message["type"] == "update" and message["view"].get("chat_open"):
                    pending.discard(i)
    if pending:
        raise RuntimeError("the discussion did not reach every peer")
    return peers


def drain(peer: Peer) -> list[bytes]:
    out = []
    while True:
        try:
            out.append(peer.sock.recv(zmq.NOBLOCK))
        except zmq.Again:
            return out


def table_latency(peers: list[Peer], samples: int,
                  each: Any = None) -> tuple[list[float], int, bytes]:
    """``each(marker, started)``, when given, is called after each sample (``bench/phones``
    waits there for the same line at its phones)."""
    poller = zmq.Poller()
    for peer in peers:
        poller.register(peer.sock, zmq.POLLIN)
    index_of = {peer.sock: i for i, peer in enumerate(peers)}
    times: list[float] = []
    size = 0
    sample: list[bytes] = []
    next_ping = 0.0
    for _ in range(samples):
        peers[0]._n += 1
        text = f"line {peers[0]._n}."
        marker = text.encode()
        pending = set(range(len(peers)))
        started = time.perf_counter()
        peers[0].sock.send(pack({"type": "action", "n": peers[0]._n,
                                 "action": {"type": "chat", "text": text}}))
        while pending:
            ready = poller.poll(5000)
            if not ready:
                raise RuntimeError(f"no update for {len(pending)} sockets")
            for sock, _ in ready:
                i = index_of[sock]  # type: ignore[index]
                for raw in drain(peers[i]):
                    # The first message that carries this line is the update with it
                    # (acks and errors never quote a chat line).
                    if i in pending and marker in raw:
                        pending.discard(i)
                        size = len(raw)
                        sample.append(raw)
        times.append(time.perf_counter() - started)
        if each is not None:
            each(marker, started)
        if time.monotonic() >= next_ping:  # by the clock: a slow machine must not time out
            next_ping = time.monotonic() + 1.0
            for peer in peers:
                peer.sock.send(pack({"type": "ping"}))
    return times, size, sample[-1]


def fsync_times(log_dir: Path, samples: int) -> list[float]:
    """Append-and-fsync of one action line, as the host's log does before an ack."""
    line = b'{"t":"act","seat":0,"action":{"type":"chat","text":"line 1000."}}\n'
    times = []
    with open(log_dir / "fsync-probe.log", "ab") as probe:
        for _ in range(samples):
            started = time.perf_counter()
            probe.write(line)
            probe.flush()
            os.fsync(probe.fileno())
            times.append(time.perf_counter() - started)
    return times


def decode_time(raw: bytes) -> float:
    started = time.perf_counter()
    for _ in range(200):
        msgpack.unpackb(raw, raw=False)
    return (time.perf_counter() - started) / 200


def echo_server(port_queue: Any, curve: bool, public: str, secret: str) -> None:
    context = zmq.Context()
    sock = context.socket(zmq.ROUTER)
    if curve:
        sock.curve_server = True
        sock.curve_publickey, sock.curve_secretkey = public.encode(), secret.encode()
    port = sock.bind_to_random_port("tcp://127.0.0.1")
    port_queue.put(port)
    while True:
        frames = sock.recv_multipart()
        if frames[1] == b"stop":
            return
        sock.send_multipart(frames)


def fanout_server(port_queue: Any, public: str, secret: str, size: int, sockets: int) -> None:
    """Raw pyzmq doing only the fan-out: on any message, send ``size`` bytes to all."""
    context = zmq.Context()
    sock = context.socket(zmq.ROUTER)
    sock.curve_server = True
    sock.curve_publickey, sock.curve_secretkey = public.encode(), secret.encode()
    port_queue.put(sock.bind_to_random_port("tcp://127.0.0.1"))
    routes = [sock.recv_multipart()[0] for _ in range(sockets)]
    for route in routes:
        sock.send_multipart([route, b"ready"])
    payload = os.urandom(size)
    while True:
        frames = sock.recv_multipart()
        if frames[1] == b"stop":
            return
        for route in routes:
            sock.send_multipart([route, payload], copy=False)


class RawFanOut:
    """Raw pyzmq doing only the fan-out, sampled in blocks between the table's own, so
    both see the same machine (other work on it comes and goes within a run).

    ``own_contexts``: each DEALER has a ZeroMQ context (and I/O thread) of its own, as
    each of the table's peers does (``net.peer.Peer``), so the fan-out wakes as many
    receiving threads as the table's does; otherwise the DEALERs share one context,
    whose one I/O thread takes the whole burst at a time."""

    def __init__(self, size: int, sockets: int, *, own_contexts: bool) -> None:
        server_keys = KeyPair.generate()
        queue: Any = multiprocessing.Queue()
        self.proc = multiprocessing.Process(
            target=fanout_server,
            args=(queue, server_keys.public, server_keys.secret, size, sockets),
        )
        self.proc.start()
        port = queue.get(timeout=10)
        self.contexts = [zmq.Context() for _ in range(sockets if own_contexts else 1)]
        self.socks: list[zmq.Socket[bytes]] = []
        for n in range(sockets):
            keys = KeyPair.generate()
            sock = self.contexts[n % len(self.contexts)].socket(zmq.DEALER)
            sock.curve_serverkey = server_keys.public.encode()
            sock.curve_publickey = keys.public.encode()
            sock.curve_secretkey = keys.secret.encode()
            sock.connect(f"tcp://127.0.0.1:{port}")
            sock.send(b"hello")
            self.socks.append(sock)
        for sock in self.socks:
            sock.recv()
        self.poller = zmq.Poller()
        for sock in self.socks:
            self.poller.register(sock, zmq.POLLIN)
        self.times: list[float] = []
        self.cpu = 0.0
        """The fan-out process's CPU seconds over the samples (every thread)."""
        self.threads: dict[str, tuple[float, float]] = {}
        self._fan(100)  # warm up

    def _fan(self, count: int) -> list[float]:
        times = []
        for _ in range(count):
            started = time.perf_counter()
            self.socks[0].send(b"go")
            pending = set(self.socks)
            while pending:
                for sock, _ in self.poller.poll(5000):
                    sock.recv()  # type: ignore[attr-defined]
                    pending.discard(sock)  # type: ignore[arg-type]
            times.append(time.perf_counter() - started)
        return times

    def sample(self, count: int) -> None:
        pid: int = self.proc.pid  # type: ignore[assignment]
        cpu0, threads0 = cpu_seconds(pid), thread_seconds(pid)
        self.times += self._fan(count)
        self.cpu += cpu_seconds(pid) - cpu0
        self.threads = add_threads(self.threads, threads0, thread_seconds(pid))

    def close(self) -> None:
        self.socks[0].send(b"stop")
        self.proc.join(timeout=5)
        for context in self.contexts:
            context.destroy(linger=0)


def add_threads(total: dict[str, tuple[float, float]], before: dict[str, tuple[float, float]],
                after: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """``total`` plus what each kind of thread spent from ``before`` to ``after``."""
    out = dict(total)
    for kind, (u1, s1) in after.items():
        u0, s0 = before.get(kind, (0.0, 0.0))
        u, s = out.get(kind, (0.0, 0.0))
        out[kind] = (u + u1 - u0, s + s1 - s0)
    return out


def raw_echo(size: int, samples: int, curve: bool) -> list[float]:
    server_keys, client_keys = KeyPair.generate(), KeyPair.generate()
    queue: Any = multiprocessing.Queue()
    proc = multiprocessing.Process(
        target=echo_server, args=(queue, curve, server_keys.public, server_keys.secret)
    )
    proc.start()
    port = queue.get(timeout=10)
    context = zmq.Context()
    sock = context.socket(zmq.DEALER)
    if curve:
        sock.curve_serverkey = server_keys.public.encode()
        sock.curve_publickey = client_keys.public.encode()
        sock.curve_secretkey = client_keys.secret.encode()
    sock.connect(f"tcp://127.0.0.1:{port}")
    payload = os.urandom(size)
    for _ in range(200):
        sock.send(payload)
        sock.recv()
    times = []
    for _ in range(samples):
        started = time.perf_counter()
        sock.send(payload)
        sock.recv()
        times.append(time.perf_counter() - started)
    sock.send(b"stop")
    proc.join(timeout=5)
    context.destroy(linger=0)
    return times


def load(address: str, pid: int, peers: list[Peer]) -> dict[str, float]:
    crowd = [Peer(address, spectator=True) for _ in range(200)]
    end = time.monotonic() + 60
    waiting = set(range(len(crowd)))
    while waiting and time.monotonic() < end:
        for i in list(waiting):
            if any(m["type"] == "update" for m in crowd[i].wait(0.002)):
                waiting.discard(i)

    def keep(seconds: float, rate: float) -> float:
        cpu0, t0 = cpu_seconds(pid), time.monotonic()
        next_action, n = t0, 0
        while time.monotonic() - t0 < seconds:
            for peer in crowd + peers:
                peer.poll()
            if rate and time.monotonic() >= next_action:
                n += 1
                next_action += 1.0 / rate
                peers[0].send({"type": "chat", "text": f"load {n}"})
            time.sleep(0.005)
        return 100.0 * (cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)

    idle = keep(3.0, 0.0)
    busy = keep(3.0, 20.0)
    result = {"idle_cpu_percent": idle, "busy_cpu_percent": busy, "rss_mib": rss_mib(pid)}
    for peer in crowd:
        peer.close()
    return result


def bot_table(root: Path, log_dir: Path, level: str, seconds: float) -> dict[str, list[float]]:
    """One seat's latency at a Seven Knights table of seven ``level`` bots."""
    args = [
        sys.executable, "-m", "client.cli", "host", "--headless", "--game", "knights",
        "--players", "8", "--bots", "7", "--bot-level", level, "--port", "0",
        "--bind", "127.0.0.1", "--no-discovery", "--log-dir", str(log_dir),
        "--option", "bot_seconds=0", "--pause", "0.1", "--rate-limit", "1000",
    ]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, cwd=root,
                            env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})
    assert proc.stdout is not None
    address = proc.stdout.readline().decode().split()[1]
    acts: list[float] = []
    pings: list[float] = []
    try:
        peer = Peer(address, name="me")
        end = time.monotonic() + seconds
        sent_at: float | None = None
        next_ping = 0.0
        ping_at: float | None = None
        while time.monotonic() < end:
            for raw in drain(peer) if peer.sock.poll(5) else []:
                message = msgpack.unpackb(raw, raw=False)
                kind = message.get("type")
                if kind == "ping" and ping_at is not None:
                    pings.append(time.perf_counter() - ping_at)
                    ping_at = None
                if kind != "update":
                    continue
                if sent_at is not None:
                    acts.append(time.perf_counter() - sent_at)
                    sent_at = None
                if message.get("legal") and sent_at is None:
                    peer._n += 1
                    sent_at = time.perf_counter()
                    peer.sock.send(pack({"type": "action", "n": peer._n,
                                         "action": message["legal"][0]}))
            now = time.monotonic()
            if now >= next_ping and ping_at is None:
                next_ping = now + 0.05
                ping_at = time.perf_counter()
                peer.sock.send(pack({"type": "ping"}))
            if ping_at is not None and time.perf_counter() - ping_at > 2.0:
                ping_at = None  # lost under a burst: not a sample
            if sent_at is not None and time.perf_counter() - sent_at > 2.0:
                sent_at = None
        peer.close()
    finally:
        proc.kill()
        proc.wait()
    return {"acts": acts, "pings": pings}


def bots_off_the_loop(root: Path, log_dir: Path, seconds: float) -> None:
    ms = 1000.0
    results = {level: bot_table(root, log_dir, level, seconds) for level in ("simple", "hard")}
    for level, got in results.items():
        acts, pings = got["acts"], got["pings"]
        print(f"knights, 7 {level} bots: action -> update p50 {statistics.median(acts) * ms:.3f} ms"
              f" p99 {percentile(acts, 0.99) * ms:.3f} ms ({len(acts)}); ping p50 "
              f"{statistics.median(pings) * ms:.3f} ms p99 {percentile(pings, 0.99) * ms:.3f} ms"
              f" ({len(pings)})")
    simple, hard = results["simple"], results["hard"]
    print(f"ratio hard/simple: action p50 "
          f"{statistics.median(hard['acts']) / statistics.median(simple['acts']):.2f}x, p99 "
          f"{percentile(hard['acts'], 0.99) / percentile(simple['acts'], 0.99):.2f}x; ping p99 "
          f"{percentile(hard['pings'], 0.99) / percentile(simple['pings'], 0.99):.2f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=positive, default=2000)
    parser.add_argument("--log-dir", type=Path, default=None,
                        help="where the host's action log goes (default: a temporary dir)")
    parser.add_argument("--bots-only", action="store_true", help="only part 6")
    parser.add_argument("--table-only", action="store_true", help="skip parts 5 and 6")
    parser.add_argument("--bot-seconds", type=float, default=30.0, help="part 6, per level")
    parser.add_argument("--host-root", type=Path, default=ROOT,
                        help="run the hosts from this checkout")
    parser.add_argument("--game", choices=sorted(CHAT_TABLES), default="cheese_thief",
                        help="the game parts (1)-(5) and (7) play")
    args = parser.parse_args()
    if args.bots_only:
        with tempfile.TemporaryDirectory() as tmp:
            bots_off_the_loop(args.host_root.resolve(), args.log_dir or Path(tmp),
                              args.bot_seconds)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        log_dir = args.log_dir or Path(tmp)
        host, address, pid = start_host(args.host_root.resolve(), log_dir, args.game)
        players = CHAT_TABLES[args.game][0]
        audience = f"{players} players + {SPECTATORS} spectators"
        try:
            peers = join_all(address, players, SPECTATORS)
            early, early_size, _ = table_latency(peers, 150)
            _, size, _ = table_latency(peers, 300)
            anchors = [RawFanOut(size, players + SPECTATORS, own_contexts=own)
                       for own in (True, False)]
            times, raw, host_cpu = [], b"", 0.0
            host_threads: dict[str, tuple[float, float]] = {}
            for block in range(0, args.samples, BLOCK):
                count = min(BLOCK, args.samples - block)
                cpu0, threads0 = cpu_seconds(pid), thread_seconds(pid)
                got, size, raw = table_latency(peers, count)
                host_cpu += cpu_seconds(pid) - cpu0
                host_threads = add_threads(host_threads, threads0, thread_seconds(pid))
                times += got
                for anchor in anchors:
                    anchor.sample(count)
            for anchor in anchors:
                anchor.close()
            own, one = anchors
            per_action, fanout_cpu, shared_cpu = (
                x / args.samples for x in (host_cpu, own.cpu, one.cpu))
            fanout, shared = own.times, one.times
            host_split = thread_split(host_threads, args.samples)
            fanout_split = thread_split(own.threads, args.samples)
            shared_split = thread_split(one.threads, args.samples)
            decode = decode_time(raw)
            echo = raw_echo(size, args.samples, curve=True)
            echo_plain = raw_echo(size, args.samples, curve=False)
            syncs = fsync_times(log_dir, min(args.samples, 500))
            loaded = None if args.table_only else load(address, pid, peers)
        finally:
            host.kill()
            host.wait()
    ms = 1000.0
    p50, p99 = statistics.median(times) * ms, percentile(times, 0.99) * ms
    e50, e99 = statistics.median(echo) * ms, percentile(echo, 0.99) * ms
    print(f"game: {args.game}; log dir: {log_dir}")
    print(f"table, first 150 chat lines (updates up to {early_size} bytes): "
          f"p50 {statistics.median(early) * ms:.3f} ms, p99 {percentile(early, 0.99) * ms:.3f} ms")
    print(f"table, action -> last of {audience} ({size}-byte updates): "
          f"p50 {p50:.3f} ms, p99 {p99:.3f} ms")
    print(f"decoding one such update (msgpack, on each peer): {decode * ms:.3f} ms")
    print(f"raw ROUTER/DEALER echo, CURVE:  p50 {e50:.3f} ms, p99 {e99:.3f} ms")
    print(f"raw ROUTER/DEALER echo, plain:  p50 {statistics.median(echo_plain) * ms:.3f} ms, "
          f"p99 {percentile(echo_plain, 0.99) * ms:.3f} ms")
    f50, f99 = statistics.median(fanout) * ms, percentile(fanout, 0.99) * ms
    s50, s99 = statistics.median(shared) * ms, percentile(shared, 0.99) * ms
    print(f"raw ROUTER fan-out of the same update to {players + SPECTATORS} DEALERs, CURVE, "
          f"a context each (as the table's peers): p50 {f50:.3f} ms, p99 {f99:.3f} ms")
    print(f"raw ROUTER fan-out, the DEALERs sharing one context: "
          f"p50 {s50:.3f} ms, p99 {s99:.3f} ms")
    print(f"ratio table/raw echo (CURVE): p50 {p50 / e50:.2f}x, p99 {p99 / e99:.2f}x")
    print(f"ratio table/raw fan-out (CURVE, a context each): "
          f"p50 {p50 / f50:.2f}x, p99 {p99 / f99:.2f}x")
    print(f"ratio table/raw fan-out (CURVE, one shared context): "
          f"p50 {p50 / s50:.2f}x, p99 {p99 / s99:.2f}x")
    print(f"raw fan-out/raw echo (CURVE): p50 {f50 / e50:.2f}x, p99 {f99 / e99:.2f}x")
    print(f"append + fsync of one log line (host's disk): "
          f"p50 {statistics.median(syncs) * ms:.3f} ms, p99 {percentile(syncs, 0.99) * ms:.3f} ms")
    print(f"host CPU per action, {audience}, all threads: "
          f"{per_action * ms:.3f} ms (raw fan-out process, per fan-out: {fanout_cpu * ms:.3f} ms"
          f" a context each, {shared_cpu * ms:.3f} ms one shared; ratio "
          f"{per_action / fanout_cpu:.2f}x, {per_action / shared_cpu:.2f}x)")
    print(f"  host, ms per action: {host_split}")
    print(f"  raw fan-out, a context each, ms per fan-out: {fanout_split}")
    print(f"  raw fan-out, one shared context, ms per fan-out: {shared_split}")
    if loaded is None:
        return 0
    print(f"host with 200 spectators: idle {loaded['idle_cpu_percent']:.1f}% CPU, "
          f"20 actions/s {loaded['busy_cpu_percent']:.1f}% CPU, RSS {loaded['rss_mib']:.1f} MiB")
    with tempfile.TemporaryDirectory() as tmp:
        bots_off_the_loop(args.host_root.resolve(), args.log_dir or Path(tmp), args.bot_seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())

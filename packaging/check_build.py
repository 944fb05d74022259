"""Prove the standalone build: build it from a clean checkout, then run it with no Python.

``python packaging/check_build.py [--keep DIR]``

1. ``git clone`` of this repository's HEAD into a temporary folder (only what is
   committed ships), then ``python packaging/build.py`` there; the build's own record
   must list every module of ours (every game), each from that clone, not from an
   installed copy.
2. The frozen program runs with ``env -i`` and a PATH of the system's tools minus every
   Python. On Linux as root it also runs in a private mount namespace where every
   Python installation (interpreters, standard libraries, libpython) is hidden, so
   nothing can fall back on one; the sandbox first checks that no ``python`` starts.
3. There it must: print ``--version`` equal to the checkout's version, run headless
   ``watch`` tables that write real screenshots and play sounds (heard through SDL's
   disk audio driver), draw the main menu, and host a headless game (announced by
   mDNS on loopback only) that a frozen ``bot`` peer joins over CURVE and that finishes,
   serving its phones' page as committed to a phone (``net.web.phone``) that watches.

Prints the build's time and size. All traffic stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import ast
import glob
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PYTHON_NAMES = re.compile(r"^(python|pydoc|idle|pip|2to3)")
NAME = "cheeseknights"
OURS = ("core", "net", "client")
SYSTEM_PREFIXES = ("/", "/usr", "/usr/local")
HOST_TIMERS = ("bot_seconds=0", "hour_seconds=0.2", "discussion_seconds=1", "vote_seconds=1")


def fail(why: str) -> None:
    raise SystemExit(f"check_build: {why}")


def version_of(checkout: Path) -> str:
    """``client.__version__`` read without importing it (the one place it is written)."""
    tree = ast.parse((checkout / "client" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets):
            return str(ast.literal_eval(node.value))
    fail("client/__init__.py has no __version__")
    return ""


def du(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def check_sources(work: Path, checkout: Path) -> int:
    """Every module of ours is in the build (every game), and came from ``checkout``."""
    toc = ast.literal_eval((work / NAME / "PYZ-00.toc").read_text(encoding="utf-8"))
    ours = {name: Path(path) for name, path, _ in toc[1] if name.split(".")[0] in OURS}
    strays = [(name, str(path)) for name, path in ours.items()
              if not path.is_relative_to(checkout)]
    if strays:
        fail(f"modules frozen from outside the checkout: {strays[:3]}")
    sources = {p for package in OURS for p in (checkout / package).rglob("*.py")}
    missing = sorted(str(p.relative_to(checkout)) for p in sources - set(ours.values()))
    if missing:
        fail(f"modules missing from the build: {missing[:5]}")
    return len(ours)


# -- a world without Python ---------------------------------------------------------------
def tools_without_python(into: Path) -> Path:
    """A bin/ of links to /usr/bin and /bin, minus anything named like a Python."""
    into.mkdir(parents=True)
    for folder in ("/usr/bin", "/bin"):
        for entry in sorted(Path(folder).iterdir()) if Path(folder).is_dir() else []:
            link = into / entry.name
            if not PYTHON_NAMES.match(entry.name) and not link.exists():
                link.symlink_to(entry)
    return into


def pythons_to_hide() -> tuple[list[str], list[str]]:
    """(folders, files) that make up the Pythons on this machine."""
    folders = {p for p in glob.glob("/usr/lib/python3*") + glob.glob("/usr/local/lib/python3*")
               if os.path.isdir(p)}
    for prefix in {sys.base_prefix, sys.prefix}:
        real = os.path.realpath(prefix)
        if real not in SYSTEM_PREFIXES:
            folders.add(real)
        folders.add(os.path.realpath(sysconfig.get_paths()["stdlib"]))
    files = {os.path.realpath(sys.executable)}
    for folder in ("/usr/bin", "/bin", "/usr/local/bin", "/usr/lib", "/usr/lib64"):
        for entry in glob.glob(f"{folder}/python*") + glob.glob(f"{folder}/*/libpython3*"):
            if os.path.isfile(entry):
                files.add(os.path.realpath(entry))
    for entry in glob.glob("/usr/lib/libpython3*"):
        files.add(os.path.realpath(entry))
    # A folder inside one already hidden is gone with it (and cannot be mounted on).
    tops = sorted(d for d in folders
                  if not any(d != o and Path(d).is_relative_to(o) for o in folders))
    inside = [f for f in files if not any(Path(f).is_relative_to(d) for d in tops)]
    return tops, sorted(inside)


SANDBOX = r"""
set -e
empty="$1"; shift
while [ "$1" != "--" ]; do
  case "$1" in
    dir:*) mount -t tmpfs -o ro,size=4k none "${1#dir:}" ;;
    file:*) mount --bind "$empty" "${1#file:}" ;;
  esac
  shift
done
shift
for p in python python3 python3.11 python3.12 python3.13 /usr/bin/python3; do
  if env -i PATH="$CK_PATH" "$p" -c pass >/dev/null 2>&1; then
    echo "sandbox: $p still runs" >&2; exit 97
  fi
done
exec env -i PATH="$CK_PATH" HOME="$CK_HOME" LANG=C.UTF-8 "$@"
"""


class NoPython:
    """Runs a command with no Python on PATH and, where possible, none on the disk."""

    def __init__(self, scratch: Path) -> None:
        self.path = str(tools_without_python(scratch / "bin"))
        self.home = scratch / "home"
        self.home.mkdir()
        self.empty = scratch / "empty"
        self.empty.write_bytes(b"")
        self.empty.chmod(0o644)
        self.isolated = (sys.platform.startswith("linux") and os.geteuid() == 0
                         and shutil.which("unshare") is not None)
        folders, files = pythons_to_hide()
        self.hide = [f"dir:{d}" for d in folders] + [f"file:{f}" for f in files]

    def argv(self, *command: str, env: dict[str, str] | None = None) -> list[str]:
        """``command`` with only HOME, PATH, LANG and ``env`` in its environment."""
        command = (*(f"{k}={v}" for k, v in (env or {}).items()), *command)
        if not self.isolated:
            return ["env", "-i", f"PATH={self.path}", f"HOME={self.home}", *command]
        return ["unshare", "--mount", "--propagation", "private", "sh", "-c", SANDBOX,
                "sandbox", str(self.empty), *self.hide, "--", *command]

    def env(self) -> dict[str, str]:
        return {"CK_PATH": self.path, "CK_HOME": str(self.home), "PATH": os.environ["PATH"]}

    def run(self, *command: str, env: dict[str, str] | None = None,
            timeout: float = 60) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(self.argv(*command, env=env), capture_output=True, text=True,
                              timeout=timeout, env=self.env())
        if done.returncode != 0:
            fail(f"{' '.join(command[1:])} exited {done.returncode}: {done.stderr[-800:]}")
        return done

    def start(self, *command: str, out: Path) -> subprocess.Popen[bytes]:
        with out.open("wb") as sink:
            return subprocess.Popen(self.argv(*command), stdout=sink, stderr=subprocess.STDOUT,
                                    env=self.env())


# -- what the frozen program must do ------------------------------------------------------
def wait_for(path: Path, prefix: str, proc: subprocess.Popen[bytes], timeout: float) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for line in path.read_text(errors="replace").splitlines():
            if line.startswith(prefix):
                return line
        if proc.poll() is not None:
            fail(f"the host stopped early: {path.read_text(errors='replace')[-800:]}")
        time.sleep(0.05)
    fail(f"no {prefix!r} line within {timeout} s")
    return ""


def check_screenshot(path: Path) -> int:
    """A real picture: many colours, not a blank or single-tone window."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.transform.scale(pygame.image.load(str(path)), (160, 90))
    colours = {image.get_at((x, y))[:3] for x in range(160) for y in range(90)}
    if len(colours) < 50:
        fail(f"the screenshot {path} has only {len(colours)} colours")
    return len(colours)


def phone_page_and_seal(url: str) -> Any:
    """The frozen host's page for phones, every file as committed, and a phone (made of
    Python, ``net.web.phone``, speaking as the page does) let in to watch: the page
    and its sealing ride in the bundle, and a table hosted from the standalone program
    is one a phone can join. Returns the phone, joined."""
    import base64
    import urllib.request

    import zmq.utils.z85

    sys.path.insert(0, str(ROOT))
    from net.web.gateway import page_files
    from net.web.phone import PyPhone

    server, key = url.split("#k=")
    for path, committed in page_files().items():
        with urllib.request.urlopen(server.rstrip("/") + path, timeout=10) as reply:
            if reply.read() != committed:
                fail(f"the frozen host served {path} other than committed")
    raw = base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))
    phone = PyPhone(server.split("//")[1].rstrip("/"), zmq.utils.z85.encode(raw).decode())
    phone.send({"type": "join", "v": 2, "name": "Phone", "spectator": True})
    phone.until("welcome", timeout=20)
    return phone


def host_a_game(sandbox: NoPython, program: str, scratch: Path) -> str:
    host_out, bot_out = scratch / "host.out", scratch / "bot.out"
    timers = [a for t in HOST_TIMERS for a in ("--option", t)]
    host = sandbox.start(program, "host", "--headless", "--game", "cheese_thief",
                         "--players", "4", "--bots", "3", "--games", "1", "--port", "0",
                         "--bind", "127.0.0.1", "--pause", "0", "--log-dir",
                         str(scratch / "logs"), *timers, out=host_out)
    bot = None
    try:
        address = wait_for(host_out, "address ", host, 30).split()[1]
        phones = wait_for(host_out, "phones ", host, 30).split()[1]
        watcher = phone_page_and_seal(phones)
        bot = sandbox.start(program, "bot", "--connect", address, "--name", "frozen",
                            out=bot_out)
        try:
            watcher.until("update", timeout=60)  # a phone watching the frozen table
        finally:
            watcher.close()
        if host.wait(timeout=120) != 0:
            fail(f"the host exited {host.returncode}: {host_out.read_text()[-800:]}")
        bot.wait(timeout=30)
    finally:
        for proc in (host, bot):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
    over = [line for line in host_out.read_text().splitlines() if line.startswith("game 1 over")]
    if not over:
        fail(f"the game did not finish: {host_out.read_text()[-800:]}")
    return over[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, default=None,
                        help="copy the screenshots here to look at them")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ck-build-") as tmp:
        scratch = Path(tmp)
        checkout = scratch / "src"
        subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(checkout)],
                       check=True)
        work = scratch / "work"
        start = time.monotonic()
        subprocess.run([sys.executable, str(checkout / "packaging" / "build.py"),
                        "--work", str(work)], check=True, cwd=checkout)
        seconds = time.monotonic() - start
        folder = checkout / "dist" / NAME
        print(f"build: {seconds:.0f} s, {du(folder) / 2**20:.0f} MiB in {folder.name}/, "
              f"{check_sources(work, checkout)} of our modules, all from the checkout")

        sandbox = NoPython(scratch / "nopython")
        program = str(folder / NAME)
        print("no python:", "PATH and a mount namespace hiding every Python" if
              sandbox.isolated else "PATH only (no mount namespace here)")
        said = sandbox.run(program, "--version").stdout.strip()
        if said != f"cheeseknights {version_of(checkout)}":
            fail(f"--version said {said!r}")
        print(f"--version: {said}")
        shots, heard = [], {}
        for game, lang in (("cheese_thief", "en"), ("knights", "ja")):
            shot, sound = scratch / f"watch_{game}_{lang}.png", scratch / f"{game}.raw"
            # SDL's disk driver writes what the mixer plays: silence if no sound loaded.
            speaker = {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(sound)}
            sandbox.run(program, "watch", "--headless", "--game", game, "--lang", lang,
                        "--frames", "90", "--screenshot", str(shot), env=speaker)
            heard[game] = sum(1 for byte in sound.read_bytes() if byte)
            print(f"watch {game} ({lang}): screenshot with {check_screenshot(shot)} colours, "
                  f"{heard[game]} non-silent sound bytes")
            shots.append(shot)
        if not heard["cheese_thief"]:  # its night hours chime within the first frames
            fail("the frozen program played no sound (are sounds/ in the build?)")
        shot = scratch / "menu.png"  # what a player sees first
        sandbox.run(program, "menu", "--frames", "3", "--screenshot", str(shot),
                    env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
        print(f"menu: screenshot with {check_screenshot(shot)} colours")
        shots.append(shot)
        print(f"host: {host_a_game(sandbox, program, scratch)}")
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
            for shot in shots:
                shutil.copy(shot, args.keep / shot.name)
    # Sources, --version, two watches, sound, menu, host, phone. Not in the "N passed" form, so
    # that the test suite's own count stays the run's count.
    print("check_build: the standalone build works (8 checks)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

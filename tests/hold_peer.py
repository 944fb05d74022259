"""A person at a LAN table, as its own process, for the round-hold tests.

``python -m tests.hold_peer ADDRESS NAME OUT`` joins, plays the first legal action it is
offered, and writes one JSON line to OUT for every update that holds after a round:
``{"waiting": [...], "deadline": remaining}``, then ``{"released": true}`` when the hold
is over. It reads its round summary until the file ``OUT.go`` exists, then continues;
without that file it never does. It stops when the host closes the table.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from net.peer import Peer


def main(address: str, name: str, out: Path) -> int:
    peer = Peer(address, name=name)
    go = out.with_suffix(".go")
    held = continued = False
    last: dict[str, object] | None = None
    end = time.monotonic() + 60
    with open(out, "a", encoding="utf-8") as sink:
        def note(line: dict[str, object]) -> None:
            sink.write(json.dumps(line) + "\n")
            sink.flush()

        try:
            while time.monotonic() < end:
                for message in peer.wait(0.05):
                    if message["type"] == "closed":
                        return 0
                    if message["type"] == "update":
                        last = message
                        hold = message.get("hold")
                        if hold is not None:
                            held = True
                            deadline = message.get("deadline") or {}
                            note({"waiting": hold["waiting"], "seat": peer.seat,
                                  "deadline": deadline.get("remaining"),
                                  "seconds": deadline.get("seconds")})
                        elif held:
                            held = continued = False
                            note({"released": True})
                        elif message.get("legal"):
                            peer.send(message["legal"][0])
                if last is not None and held and not continued and go.exists():
                    continued = True
                    note({"continue": True})
                    peer.send({"type": "continue"})
            return 1
        finally:
            peer.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], Path(sys.argv[3])))

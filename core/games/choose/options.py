"""Choose!'s table options: how many of each card the deck holds, and the turn's
time. Built from the deck's default composition (``state.DECK``), so apart from the
``about`` module, which names them without importing the state."""

from __future__ import annotations

from core.games.choose.state import DECK, KINDS
from core.options import OptionSpec

_DECK_HELP = {
    "ordinary": ("Ordinary mice", "2 cheese marks; they score only when nested.", "平凡ねずみ"),
    "hungry": ("Hungry mice", "2 cheese marks; they score nest or not.", "腹ペコねずみ"),
    "henchman": ("Henchman mice", "The cat's henchmen pull a stolen stack back.",
                 "ねこの手下ねずみ"),
    "robo": ("Robo mice", "A robo mouse sees the stealer's card.", "ロボねずみ"),
    "nest": ("Nests", "A nested mouse cannot be stolen.", "すみか"),
    "exterminator": ("Exterminators", "An exterminator takes a nest away.", "駆除業者"),
    "camera": ("Security cameras", "A camera looks at a mouse in secret.", "監視カメラ"),
}
"""Per card kind: its option's title ("… in the deck"), what the card does, and its
Japanese name."""


def _deck_option(kind: str) -> OptionSpec:
    title, en, ja = _DECK_HELP[kind]
    return OptionSpec(
        f"deck.{kind}",
        DECK[kind],
        en,
        f"{ja}の枚数。",
        minimum=0,
        maximum=60,
        title_en=title,
        title_ja=f"{ja}の枚数",
    )


OPTIONS = (
    *(_deck_option(kind) for kind in KINDS),
    OptionSpec(
        "turn_seconds",
        60.0,
        "Time for one turn, in seconds; when it passes the player dozes off (sleepy).",
        "1手番の制限時間(秒)。過ぎると「眠い」で1枚捨てる。",
        minimum=1.0,
        maximum=3600.0,
        title_en="Turn (s)",
        title_ja="1手番(秒)",
    ),
)

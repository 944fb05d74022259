"""Sly Knight Robbery as the menu and the command line know it before a table opens:
its names, table sizes, options and bot levels (``core.about``)."""

from __future__ import annotations

from core.about import ISMCTS, About, smart_bots
from core.options import OptionSpec

OPTIONS = (
    OptionSpec(
        "pig_and_pig",
        False,
        "Pig & Pig expansion: each player starts with a card that counts 2, "
        "is never a score card and never captures.",
        "拡張Pig & Pig: 各自2として数えるカードを1枚持つ。得点札にできず、手柄も取らない。",
        title_en="Pig & Pig expansion",
        title_ja="拡張Pig & Pig",
    ),
    OptionSpec(
        "choose_seconds",
        60.0,
        "Time to choose the two score cards, in seconds.",
        "得点カード2枚を選ぶ制限時間(秒)。",
        minimum=0.0,
        maximum=600.0,
        title_en="Score cards (s)",
        title_ja="得点カード選び(秒)",
    ),
    OptionSpec(
        "turn_seconds",
        30.0,
        "Time for one turn, in seconds.",
        "1手番の制限時間(秒)。",
        minimum=0.0,
        maximum=600.0,
        title_en="Turn (s)",
        title_ja="1手番(秒)",
    ),
)

ABOUT = About(
    id="sly_knights",
    title={"en": "Sly Knight Robbery", "ja": "大どろぼうとズルい騎士"},
    min_players=2,
    max_players=4,
    rules="core.games.sly_knights.rules:SlyKnights",
    option_list=OPTIONS,
    paced=("round", "reveal"),
    bots={"simple": "core.games.sly_knights.bot:SlyKnightsBot",
          **smart_bots("core.games.sly_knights"), "ismcts": ISMCTS},
    sampler="core.games.sly_knights.world:sample_world",
)

"""Seven Knights Bewitched as the menu and the command line know it before a table
opens: its names, table sizes, options and bot levels (``core.about``)."""

from __future__ import annotations

from core.about import ISMCTS, About, smart_bots

ABOUT = About(
    id="knights",
    title={"en": "Seven Knights Bewitched", "ja": "ミュルマミウスの虜"},
    min_players=3,
    max_players=8,
    rules="core.games.knights.rules:Knights",
    options_from="core.games.knights.options:OPTIONS",
    paced=("round",),
    bots={"simple": "core.games.knights.bot:KnightsBot", **smart_bots("core.games.knights"),
          "ismcts": ISMCTS},
    sampler="core.games.knights.world:sample_world",
)

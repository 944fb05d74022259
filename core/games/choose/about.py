"""Choose! as the menu and the command line know it before a table opens: its names,
table sizes, options and bot levels (``core.about``)."""

from __future__ import annotations

from core.about import ISMCTS, About, smart_bots

ABOUT = About(
    id="choose",
    title={"en": "Choose!", "ja": "チューズ"},
    min_players=2,
    max_players=5,
    rules="core.games.choose.rules:Choose",
    options_from="core.games.choose.options:OPTIONS",
    paced=("round",),
    bots={"simple": "core.games.choose.bot:ChooseBot", **smart_bots("core.games.choose"),
          "ismcts": ISMCTS},
    sampler="core.games.choose.world:sample_world",
)

"""Table options of Seven Knights Bewitched, and which modes a table size allows."""

from __future__ import annotations

from core.errors import OptionError
from core.games.knights.state import MODES
from core.games.knights.tiles import MODE_PLAYERS, MODE_TITLES, modes_for
from core.options import OptionSpec, OptionValue


def _seconds(name: str, default: float, en: str, ja: str, title: tuple[str, str]
             ) -> OptionSpec:
    return OptionSpec(name, default, en, ja, minimum=0.0, maximum=3600.0,
                      title_en=title[0], title_ja=title[1])


OPTIONS = (
    OptionSpec(
        "mode",
        "basic",
        "Basic (4-8), Dark (3-4, centre tiles, two inspections), Advanced (4-7, "
        "tiles may be missing) or Cooperative (4-7, no Witch).",
        "疑心暗鬼(4～8人)・暗中模索(3～4人、中央タイル、探求2回)・"
        "前途多難(4～7人、欠けるタイルあり)・一致団結(4～7人、魔女なし)。",
        choices=MODES,
        choices_at=lambda players: tuple(modes_for(players)),
        title_en="Game mode",
        title_ja="ゲームモード",
        choice_titles={"basic": ("Basic", "疑心暗鬼"), "dark": ("Dark", "暗中模索"),
                       "advanced": ("Advanced", "前途多難"),
                       "coop": ("Cooperative", "一致団結")},
    ),
    OptionSpec(
        "fixed_score",
        False,
        "Round 3 scores like rounds 1-2 (no 7 points).",
        "3ラウンド目も1・2ラウンド目と同じ得点にする(7点なし)。",
        title_en="Fixed round scores",
        title_ja="得点を固定",
    ),
    _seconds("turn_seconds", 60.0, "Time to inspect, ask or answer, in seconds.",
             "探求・質問・回答の制限時間(秒)。", ("Turn (s)", "1手番(秒)")),
    _seconds("recommend_seconds", 60.0, "Time to recommend a captain, in seconds.",
             "推薦の制限時間(秒)。", ("Recommending (s)", "推薦(秒)")),
    _seconds("line_up_seconds", 120.0, "Time for the captain's line-up, in seconds.",
             "隊長が隊列を並べる制限時間(秒)。", ("Line-up (s)", "隊列(秒)")),
    _seconds("review_seconds", 30.0, "Time to look at the revealed tiles between rounds.",
             "ラウンド間にタイルを確認する時間(秒)。", ("Review (s)", "確認(秒)")),
)


def check_mode(players: int, options: dict[str, OptionValue]) -> None:
    """Refuse, with a sentence, a mode the table size does not allow."""
    mode = str(options["mode"])
    low, high = MODE_PLAYERS[mode]
    if not low <= players <= high:
        fits = " or ".join(f"mode={m}" for m in modes_for(players))
        raise OptionError(
            "mode_players",
            f"The {MODE_TITLES[mode]} mode is for {low}-{high} players, not {players}; "
            f"at {players} players choose {fits}.",
        )

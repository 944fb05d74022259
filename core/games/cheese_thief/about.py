"""Cheese Thief as the menu and the command line know it before a table opens: its
names, table sizes, options and bot levels (``core.about``)."""

from __future__ import annotations

from core.about import ISMCTS, About, smart_bots
from core.options import OptionSpec

OPTIONS = (
    OptionSpec(
        "fall_mouse",
        False,
        "Replace one Sleepyhead with the Fall Mouse, who wins alone if voted out (6-8 players).",
        "お寝坊さん1枚をフォールマウスに替える。最多票で単独勝利(6～8人)。",
        applies=lambda n: 6 <= n <= 8,
        title_en="Fall Mouse",
        title_ja="フォールマウス",
    ),
    OptionSpec(
        "tie_favours_thief",
        False,
        "The Thief is caught only as the sole top-voted player.",
        "チーズ泥棒は単独最多票のときだけ捕まる。",
        title_en="Ties favour the Thief",
        title_ja="同数なら泥棒有利",
    ),
    OptionSpec(
        "peek_at_four",
        False,
        "4 players: a lone Sleepyhead may peek at one of another player's two dice, chosen blind.",
        "4人: 1人で起きたお寝坊さんは他人のサイコロ2個のうち1個を見られる。",
        applies=lambda n: n == 4,
        title_en="Blind peek at 4 players",
        title_ja="4人での覗き見",
    ),
    OptionSpec(
        "hour_seconds",
        10.0,
        "Length of every night hour, in seconds.",
        "夜の各時刻の長さ(秒)。",
        minimum=0.0,
        maximum=600.0,
        title_en="Night hour (s)",
        title_ja="夜の1時刻(秒)",
    ),
    OptionSpec(
        "follower_seconds",
        5.0,
        "Length of the follower step, in seconds.",
        "フォロワー選択の長さ(秒)。",
        minimum=0.0,
        maximum=600.0,
        applies=lambda n: n >= 5,
        title_en="Follower step (s)",
        title_ja="フォロワー選択(秒)",
    ),
    OptionSpec(
        "look_seconds",
        3.0,
        "At a shared screen, each person's look lasts at least this long.",
        "共有画面で1人が画面を見る最短の時間(秒)。",
        minimum=0.0,
        maximum=60.0,
        title_en="Each look (s)",
        title_ja="1人が見る時間(秒)",
    ),
    OptionSpec(
        "discussion_seconds",
        180.0,
        "Discussion time before the vote, in seconds.",
        "投票前の話し合いの時間(秒)。",
        minimum=0.0,
        maximum=3600.0,
        title_en="Discussion (s)",
        title_ja="話し合い(秒)",
    ),
    OptionSpec(
        "vote_seconds",
        60.0,
        "Time to cast a vote, in seconds.",
        "投票の制限時間(秒)。",
        minimum=0.0,
        maximum=600.0,
        title_en="Vote (s)",
        title_ja="投票(秒)",
    ),
)

ABOUT = About(
    id="cheese_thief",
    title={"en": "Cheese Thief", "ja": "チーズ泥棒"},
    min_players=4,
    max_players=8,
    rules="core.games.cheese_thief.rules:CheeseThief",
    option_list=OPTIONS,
    paced=("hour", "followers_step", "day", "vote_open", "reveal"),
    bots={"simple": "core.games.cheese_thief.bot:CheeseThiefBot",
          **smart_bots("core.games.cheese_thief"), "ismcts": ISMCTS},
    sampler="core.games.cheese_thief.world:sample_world",
)

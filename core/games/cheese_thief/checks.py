"""Cheese Thief's table options and the checks on an action's shape and legality."""

from __future__ import annotations

from core.errors import ActionError
from core.game import Action, Seat, need_fields, need_int
from core.games.cheese_thief.state import THIEF, CheeseThiefState
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
        title_en="Night hour (seconds)",
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
        title_en="Follower step (seconds)",
        title_ja="フォロワー選択(秒)",
    ),
    OptionSpec(
        "look_seconds",
        3.0,
        "At a shared screen, each person's look lasts at least this long.",
        "共有画面で1人が画面を見る最短の時間(秒)。",
        minimum=0.0,
        maximum=60.0,
        title_en="Each look (seconds)",
        title_ja="1人が見る時間(秒)",
    ),
    OptionSpec(
        "discussion_seconds",
        180.0,
        "Discussion time before the vote, in seconds.",
        "投票前の話し合いの時間(秒)。",
        minimum=0.0,
        maximum=3600.0,
        title_en="Discussion (seconds)",
        title_ja="話し合い(秒)",
    ),
    OptionSpec(
        "vote_seconds",
        60.0,
        "Time to cast a vote, in seconds.",
        "投票の制限時間(秒)。",
        minimum=0.0,
        maximum=600.0,
        title_en="Vote (seconds)",
        title_ja="投票(秒)",
    ),
)


def check_shape(state: CheeseThiefState, action: Action) -> None:
    """Refuse a malformed payload before asking whether the action is legal."""
    kind, last = action["type"], state.n - 1
    if kind == "choose_die":
        need_fields(action, "die")
        need_int(action, "die", 0, 1)
    elif kind == "peek":
        if state.n == 4:
            need_fields(action, "target", "die")
            need_int(action, "die", 0, 1)
        else:
            need_fields(action, "target")
        need_int(action, "target", 0, last)
    elif kind == "vote":
        need_fields(action, "target")
        need_int(action, "target", 0, last)
    elif kind == "followers":
        need_fields(action, "targets")
        targets = action["targets"]
        if not isinstance(targets, list) or not all(
            isinstance(t, int) and not isinstance(t, bool) for t in targets
        ):
            raise ActionError("malformed", "Field 'targets' must be a list of seats.")
        if targets != sorted(set(targets)):
            raise ActionError("malformed", "List the follower seats once each, in order.")
    else:
        need_fields(action)


def why_illegal(state: CheeseThiefState, seat: Seat, action: Action) -> str:
    """A sentence for the seat that tried a well-formed but illegal action."""
    kind = action["type"]
    if seat in state.acted:
        return "You have already acted in this window."
    if kind == "vote":
        if action["target"] == seat:
            return "You cannot vote for yourself."
        return "You have already voted."
    if kind == "ready":
        return "You have already said you are ready to vote."
    if kind == "choose_die":
        return "Only a Sleepyhead chooses a die, once, before the night."
    if kind in ("take", "pass", "peek") and state.hour not in state.wake[seat]:
        return "You are asleep at this hour."
    if kind == "take":
        return "Only the Thief takes the cheese, once."
    if kind == "peek":
        if state.roles[seat] == THIEF:
            return "The Thief never peeks."
        if state.n == 4 and not state.options.get("peek_at_four"):
            return "There is no peeking in the 4-player game."
        if action["target"] == seat:
            return "Peek at another player's die, not your own."
        return "You may peek only when you are the only one awake."
    if kind == "followers":
        return "Those seats cannot be chosen as followers now."
    return "That action is not open to you now."

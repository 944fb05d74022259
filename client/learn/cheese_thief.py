"""The Cheese Thief lesson: six mice, you a Sleepyhead who wakes alone at 3 o'clock,
peeks at a die, is picked as the Thief's Follower after the night, and votes.

The deal (seed 6) puts the Thief at Chika's seat; her bot picks you as its Follower, so
the one game shows the night, the peek, the followers and the vote.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Never

import pygame

from client.kit.words import Strings, both
from client.learn.lesson import Lesson, Step, View
from core.games.cheese_thief.shapes import CheeseYou, cheese_view

BEN, THIEF = 1, 2


def _phase(*phases: str) -> Any:
    return lambda view: view.get("phase") in phases


def _peeked(view: View, log: Sequence[Mapping[str, object]]) -> dict[str, object]:
    view = cheese_view(view)
    peeks: Sequence[Mapping[str, object]] = view.get("peeks") or [{}]
    return {"n": peeks[-1].get("value", "?")}


def _follower(view: View) -> bool:
    """The person has been made a follower: their own part of the view says so."""
    view = cheese_view(view)
    you: CheeseYou | dict[str, Never] = view.get("you") or {}
    return bool(you.get("follower"))


def regions(scene: Any) -> dict[str, pygame.Rect]:
    """The parts of the table a step speaks of that nobody clicks."""
    lay = getattr(scene, "_layout", None)
    if lay is None:
        return {}
    r = int(lay.unit * 0.7)
    places = {f"place{s}": pygame.Rect(x - r, y - r, 2 * r, 2 * r)
              for s, (x, y) in enumerate(lay.seats)}
    things = {}  # each seat's cup, die and role card, on the table before it
    for s, (x, y) in enumerate(lay.items):
        things[f"things{s}"] = pygame.Rect(0, 0, int(lay.unit * 1.5), int(lay.unit * 1.1))
        things[f"things{s}"].center = (x, y)
    clock = pygame.Rect(0, 0, int(lay.unit * 1.6), int(lay.unit * 1.6))
    clock.center = (lay.center[0], lay.center[1] - int(lay.ry * 0.12))
    return {**places, **things, "clock": clock, "side": lay.side, "bar": lay.bar}


WORDS: Strings = {
    "ct.hello": both(
        "This is Cheese Thief: one of the six mice will steal the cheese tonight.",
        "チーズ泥棒へようこそ: 6匹のうち1匹が今夜チーズを盗みます。"),
    "ct.you": both("You are the mouse at the bottom.", "あなたは下のねずみです。"),
    "ct.role": both("Your card says Sleepyhead: you win if the Thief is caught.",
                    "あなたのカードはお寝坊さん: 泥棒が捕まれば勝ちです。"),
    "ct.die": both("Your die says when you wake: at 3 o'clock, and only you know it.",
                   "サイコロは起きる時刻、3時: 知っているのはあなただけです。"),
    "ct.night": both("Night: the clock calls the hours 1 to 6 in turn.",
                     "夜: 時計が1時から6時まで順に進みます。"),
    "ct.wake": both("At each hour, only the mice whose die shows it open their eyes.",
                    "その時刻のサイコロのねずみだけが目を覚まします。"),
    "ct.thief_hour": both("The Thief takes the cheese at its own hour.",
                          "泥棒は自分の時刻にチーズを取ります。"),
    "ct.peek_what": both(
        "A Sleepyhead who wakes alone may look at one other mouse's die.",
        "1人だけで起きたお寝坊さんは、他の1匹のサイコロを見られます。"),
    "ct.peek": both("It is 3 o'clock and you are awake alone: click Ben to see his die.",
                    "3時、起きているのはあなただけ: Benをクリックしてサイコロを見ましょう。"),
    "ct.peek_ben": both("For this lesson, look at Ben's die: click Ben.",
                        "このレッスンではBenのサイコロを見ます: Benをクリック。"),
    "ct.peeked": both("Ben's die shows {n}: he woke at {n} o'clock.",
                      "Benのサイコロは{n}: {n}時に起きました。"),
    "ct.liar": both("If he names another hour tomorrow, he is lying.",
                    "明日違う時刻を言えば、Benは嘘をついています。"),
    "ct.gone": both("The cheese was already gone at 3: the Thief woke earlier.",
                    "3時にはもうチーズがありません: 泥棒はもっと早く起きました。"),
    "ct.followers": both(
        "After 6 o'clock, with six players, the Thief secretly picks one Follower.",
        "6時のあと、6人では泥棒がこっそりフォロワーを1匹選びます。"),
    "ct.followers_win": both(
        "A Follower wins or loses with the Thief, and nobody else learns whom it picked.",
        "フォロワーは泥棒と勝ち負けを共にします。誰が選ばれたかは他の誰にもわかりません。"),
    "ct.follower": both("You were picked: you are now the Thief's Follower.",
                        "あなたが選ばれました: あなたは泥棒のフォロワーです。"),
    "ct.know": both("You know the Thief, Chika: you now win only if Chika is NOT caught.",
                    "泥棒はChikaだと知っています: これからはChikaが捕まらなければ勝ちです。"),
    "ct.day": both(
        "Day: everyone says when they woke and what they saw, and anyone may lie.",
        "昼: みんなで起きた時刻や見たことを話し、誰でも嘘をつけます。"),
    "ct.chat": both("Type here to talk; the bots answer in the log.",
                    "ここに書いて話せます。ボットはログで答えます。"),
    "ct.ready": both("When you have said your piece, press Ready to vote.",
                     "話し終えたら「投票へ」を押しましょう。"),
    "ct.vote_what": both("The vote: everyone points at one other mouse at once.",
                         "投票: 全員が同時に他の1匹を指します。"),
    "ct.vote": both("You are Chika's Follower: vote for Ben, to keep the votes off her.",
                    "あなたはChikaのフォロワー: 票をそらすため、Benに投票しましょう。"),
    "ct.vote_ben": both("For this lesson, vote for Ben: click Ben.",
                        "このレッスンではBenに投票します: Benをクリック。"),
    "ct.over": both("The votes are on the table: the most-voted mice turn their cards.",
                    "票が公開されました: 最多票のねずみが役職を見せます。"),
    "ct.who_wins": both(
        "If the Thief is among them, the Sleepyheads win; if not, the Thief and its "
        "Followers do.",
        "泥棒が含まれていればお寝坊さんの勝ち。いなければ泥棒とフォロワーの勝ちです。"),
    "ct.end": both(
        "That is the whole game: the night, the peek, the Followers and the vote.",
        "これでゲームの流れはすべてです: 夜、覗き見、フォロワー、投票。"),
}

LESSON = Lesson(
    game="cheese_thief",
    players=6,
    seed=6,
    options={"hour_seconds": 4.0, "follower_seconds": 4.0, "discussion_seconds": 600.0,
             "vote_seconds": 600.0},
    bots="normal",
    words=WORDS,
    regions=regions,
    steps=(
        Step("ct.hello", point=("clock",), when=_phase("night")),
        Step("ct.you", point=("place0",)),
        Step("ct.role", point=("things0",)),
        Step("ct.die", point=("things0",)),
        Step("ct.night", point=("clock",)),
        Step("ct.wake", point=("clock",)),
        Step("ct.thief_hour", point=("clock",)),
        Step("ct.peek_what", point=("things0",)),
        Step("ct.peek", point=(f"seat{BEN}",), expect={"type": "peek", "target": BEN},
             why="ct.peek_ben"),
        Step("ct.peeked", point=(f"place{BEN}",), fill=_peeked),
        Step("ct.liar", point=(f"place{BEN}",)),
        Step("ct.gone", point=("clock",)),
        # at the clock, not the Thief: a later step is the one that tells who it is
        Step("ct.followers", point=("clock",), when=_phase("followers")),
        Step("ct.followers_win", point=("clock",)),
        Step("ct.follower", point=("place0",), when=_follower),
        Step("ct.know", point=(f"place{THIEF}",)),
        Step("ct.day", point=("side",), when=_phase("discussion")),
        Step("ct.chat", point=("chat", "side")),
        Step("ct.ready", point=("button:ready",), expect={"type": "ready"}),
        Step("ct.vote_what", point=("bar", "side"), when=_phase("vote")),
        Step("ct.vote", point=(f"seat{BEN}",), expect={"type": "vote", "target": BEN},
             why="ct.vote_ben"),
        Step("ct.over", point=(f"place{THIEF}",), when=_phase("over")),
        Step("ct.who_wins", point=(f"place{THIEF}",)),
        Step("ct.end", point=("place0",)),
    ),
)

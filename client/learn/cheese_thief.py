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
    clock = pygame.Rect(0, 0, int(lay.unit * 1.6), int(lay.unit * 1.6))
    clock.center = (lay.center[0], lay.center[1] - int(lay.ry * 0.12))
    return {**places, "clock": clock, "side": lay.side, "bar": lay.bar}


WORDS: Strings = {
    "ct.hello": both(
        "This is Cheese Thief. Six mice sit at the table; one of them will steal the "
        "cheese tonight. You are the mouse at the bottom.",
        "チーズ泥棒へようこそ。6匹のねずみのうち1匹が今夜チーズを盗みます。"
        "あなたは下のねずみです。"),
    "ct.role": both(
        "Your card says you are a Sleepyhead: you win if the Thief is caught. "
        "Your die says when you wake: at 3 o'clock. Only you know both.",
        "あなたはお寝坊さん: 泥棒が捕まれば勝ちです。サイコロは起きる時刻、3時を示します。"
        "どちらもあなただけが知っています。"),
    "ct.night": both(
        "Night: the hours 1 to 6 are called in turn. At each hour, only the mice whose "
        "die shows it open their eyes. The Thief takes the cheese at its hour.",
        "夜: 1時から6時まで順に呼ばれます。その時刻のサイコロのねずみだけが目を覚まします。"
        "泥棒は自分の時刻にチーズを取ります。"),
    "ct.peek": both(
        "3 o'clock: you are awake, alone. A Sleepyhead awake alone may look at one other "
        "mouse's die. Click Ben to see when he woke.",
        "3時: 起きているのはあなた1人。1人で起きたお寝坊さんは、他の1匹のサイコロを"
        "見られます。ベンをクリックして見ましょう。"),
    "ct.peek_ben": both("For this lesson, look at Ben's die: click Ben.",
                        "このレッスンではベンのサイコロを見ます: ベンをクリック。"),
    "ct.peeked": both(
        "Ben's die shows {n}: he woke at {n} o'clock. If he says another hour tomorrow, "
        "he is lying. And the cheese was already gone at 3: the Thief woke earlier.",
        "ベンのサイコロは{n}: {n}時に起きました。明日違う時刻を言えば嘘です。"
        "それに3時にはもうチーズがありません: 泥棒はもっと早く起きました。"),
    "ct.followers": both(
        "After 6 o'clock, with six players, the Thief secretly picks one Follower, who "
        "then wins or loses with the Thief. Nobody else learns whom.",
        "6時のあと、6人では泥棒がこっそりフォロワーを1匹選びます。フォロワーは泥棒と"
        "勝ち負けを共にします。誰が選ばれたかは誰にもわかりません。"),
    "ct.follower": both(
        "You were picked! You are now the Thief's Follower, and you know the Thief: "
        "Chika. You now win only if Chika is NOT caught.",
        "あなたが選ばれました! あなたは泥棒のフォロワー。泥棒はチカだと知っています。"
        "これからはチカが捕まらなければ勝ちです。"),
    "ct.day": both(
        "Day: everyone talks. Say when you woke, what you saw, whom you suspect. Anyone "
        "may lie. Type here to talk; the bots answer in the log.",
        "昼: みんなで話し合います。起きた時刻、見たこと、怪しい相手を話しましょう。"
        "誰でも嘘をつけます。ここに書いて話せます。"),
    "ct.ready": both("When you have said your piece, press Ready to vote.",
                     "話し終えたら「投票へ」を押しましょう。"),
    "ct.vote": both(
        "The vote: everyone points at one other mouse at once. As Chika's Follower, steer "
        "the vote away from her: vote for Ben.",
        "投票: 全員が同時に他の1匹を指します。チカのフォロワーとして、票をそらしましょう: "
        "ベンに投票します。"),
    "ct.vote_ben": both("For this lesson, vote for Ben: click Ben.",
                        "このレッスンではベンに投票します: ベンをクリック。"),
    "ct.over": both(
        "The votes are on the table, and the most-voted mice turned their cards. If the "
        "Thief is among them, the Sleepyheads win; if not, the Thief and Followers do.",
        "票が公開され、最多票のねずみが役職を見せました。泥棒が含まれていればお寝坊さんの勝ち、"
        "いなければ泥棒とフォロワーの勝ちです。"),
    "ct.end": both(
        "That is the whole game: the night, the peek, the followers and the vote. At a "
        "real table you might be the Thief: then you take the cheese at your hour.",
        "これでゲームの流れはすべてです: 夜、覗き見、フォロワー、投票。"
        "泥棒になったら、自分の時刻にチーズを取ります。"),
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
        Step("ct.hello", point=("place0",), when=_phase("night")),
        Step("ct.role", point=("place0",)),
        Step("ct.night", point=("clock",)),
        Step("ct.peek", point=(f"seat{BEN}",), expect={"type": "peek", "target": BEN},
             why="ct.peek_ben"),
        Step("ct.peeked", point=(f"place{BEN}",), fill=_peeked),
        # at the clock, not the Thief: the next step is the one that tells who it is
        Step("ct.followers", point=("clock",), when=_phase("followers")),
        Step("ct.follower", point=(f"place{THIEF}",),
             when=_follower),
        Step("ct.day", point=("chat", "side"), when=_phase("discussion")),
        Step("ct.ready", point=("button:ready",), expect={"type": "ready"}),
        Step("ct.vote", point=(f"seat{BEN}",), expect={"type": "vote", "target": BEN},
             why="ct.vote_ben"),
        Step("ct.over", point=(f"place{THIEF}",), when=_phase("over")),
        Step("ct.end", point=("place0",)),
    ),
)

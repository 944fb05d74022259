"""The Seven Knights Bewitched lesson: four players, your first round of three.

The deal (seed 3) gives you knight 3. You inspect Chika's tile, answer Daichi truly
(a knight can only), ask Ben, who holds the Witch and answers with a lie, are
recommended captain, ask the captain's question, and lay the line-up with Ben's tile
left out; the round's review then shows who held what. The first question is built
click by click (whom, which tile, which number, Ask); the captain's, once that is
known, is one instruction.
"""

from __future__ import annotations

from typing import Any

import pygame

from client.kit.words import Strings, both
from client.learn.lesson import Click, Lesson, Step, View
from core.games.knights.shapes import AskInAction, knights_view

BEN, CHIKA, DAICHI, CENTRE = 1, 2, 3, 4
"""Seats (and their tiles' numbers); tile 4 is the centre tile, nobody's."""


def _phase(*phases: str) -> Any:
    return lambda view: view.get("phase") in phases


def regions(scene: Any) -> dict[str, pygame.Rect]:
    """Every tile on the table, and the side panel with the questions and answers."""
    lay, k = getattr(scene, "_layout", None), getattr(scene, "k", None)
    if lay is None or k is None:
        return {}
    out = {f"at{t}": pygame.Rect(lay.tile_rect(t)) for t in range(k.n + 1)}
    out["side"] = pygame.Rect(lay.side)
    return out


def _answered(view: View) -> bool:
    """Ben has answered the person's question (a bot answers on the table's clock, so
    the step that speaks of his answer waits for it)."""
    view = knights_view(view)
    return view.get("question") is None and any(
        entry.get("asker") == 0 and entry.get("answer") is not None
        for entry in view.get("log") or [])


def _ask(tile: int, values: list[int]) -> AskInAction:
    return {"type": "ask", "answerer": BEN, "form": "in", "tile": tile, "values": values}


def _asking(tile: int, value: int) -> tuple[str, ...]:
    """The question builder's buttons, in the order they are pressed (the first one on
    screen from the end is the next)."""
    return ("button:ask", f"button:num_{value}", f"button:tile_{tile}", f"button:ask_{BEN}")


def _asked_of_you(view: View) -> bool:
    """Daichi's question to the person is open."""
    question = knights_view(view).get("question")
    return question is not None and question.get("answerer") == 0


def _captain(view: View) -> bool:
    return knights_view(view).get("captain") == 0


def _building(scene: Any, **want: object) -> bool:
    """The question builder shows these choices made (the answerer, the tile, ...)."""
    builder = getattr(scene, "builder", None)
    return builder is not None and all(getattr(builder, k) == v for k, v in want.items())


def _ben_left_out(scene: Any) -> bool:
    line = getattr(scene, "lineup", None)
    return line is not None and line.out == BEN


WORDS: Strings = {
    "kn.hello": both(
        "This is Seven Knights Bewitched: each of you holds one tile, face down.",
        "ミュルマミウスの虜へようこそ: それぞれが裏向きのタイルを1枚持ちます。"),
    "kn.tiles": both(
        "The tiles are the knights 1 to 4 and the Witch: yours is knight 3.",
        "タイルは騎士1〜4と魔女: あなたは騎士3です。"),
    "kn.centre": both("The tile in the middle is nobody's.",
                      "真ん中のタイルは誰のものでもありません。"),
    "kn.goal": both(
        "The knights win if the captain lays every knight in rising order, leaving out the "
        "Witch.",
        "隊長が騎士を小さい順に並べ、魔女を外せば騎士の勝ちです。"),
    "kn.witch": both("If the captain's row fails, the Witch's side wins.",
                     "隊長の隊列が失敗すれば、魔女の側の勝ちです。"),
    "kn.bewitched": both(
        "Whoever looks at the Witch's tile is bewitched: they join the Witch's side.",
        "魔女のタイルを見た人は虜になります: 魔女の味方です。"),
    "kn.inspect_what": both(
        "Inspection: you look at one tile that is not yours, and everyone sees which.",
        "探求: 自分以外のタイルを1枚見て、どれを見たかは皆に見えます。"),
    "kn.inspect": both("Click Chika's tile.", "Chikaのタイルをクリック。"),
    "kn.inspect_why": both("For this lesson, inspect Chika's tile.",
                           "このレッスンではChikaのタイルを見ます。"),
    "kn.inspected": both("Chika holds knight 2: only you know it.",
                         "Chikaは騎士2: 知っているのはあなただけです。"),
    "kn.questions": both(
        "Now each player in turn asks one yes-or-no question about numbers; the answers "
        "are public.",
        "次は順番に、数についてはい/いいえの質問を1つずつします。答えは公開です。"),
    "kn.truth": both(
        "Daichi asks you, and a knight must tell the truth: only the true answer is offered.",
        "Daichiからの質問です。騎士は本当のことしか言えないので、本当の答えだけが出ます。"),
    "kn.answer": both("Press the answer offered.", "出ている答えを押しましょう。"),
    "kn.answer_why": both("A knight answers truly: press the answer offered.",
                          "騎士は正直に: 出ている答えを押しましょう。"),
    "kn.ask_who": both("Your question: click Ben, to ask him.",
                       "あなたの質問です: Benをクリックして、Benに聞きます。"),
    "kn.ask_tile": both("Click Ben's tile: the question is about it.",
                        "Benのタイルをクリック: それについて聞きます。"),
    "kn.ask_num": both("Click 1: is Ben's tile a 1?",
                       "1をクリック: Benのタイルは1?"),
    "kn.ask": both("Click Ask.", "「質問する」をクリック。"),
    "kn.ask_why": both("Ask Ben whether his own tile is a 1.",
                       "Benに、Ben自身のタイルが1かを聞きましょう。"),
    "kn.asked": both("Ben says yes: but the Witch and the bewitched may lie!",
                     "Benは「はい」: でも魔女と虜は嘘をついてもかまいません!"),
    "kn.recommend_what": both(
        "Recommendation: everyone at once points at a captain, themselves allowed.",
        "推薦: 全員が同時に、隊長にしたい人を指します(自分でも可)。"),
    "kn.recommend": both("Recommend yourself.", "自分を推薦しましょう。"),
    "kn.recommend_why": both("Recommend yourself for this lesson.",
                             "このレッスンでは自分を推薦しましょう。"),
    "kn.captain": both("You are the captain: you may ask one more question.",
                       "あなたが隊長です: もう1つ質問できます。"),
    "kn.captain_ask": both("Ask Ben whether the middle tile is a 1.",
                           "Benに「真ん中のタイルは1?」と聞きましょう。"),
    "kn.captain_why": both("Ask Ben whether the middle tile is a 1.",
                           "Benに、真ん中のタイルが1かを聞きましょう。"),
    "kn.line_up_what": both(
        "The line-up: you lay every tile in a row from 1 up, and may leave one out.",
        "号令: すべてのタイルを1から順に並べ、1枚だけ外してもかまいません。"),
    "kn.leave_out": both("Drag Ben's tile into the box: his yes may have been a lie.",
                         "Benのタイルを箱へドラッグ: あの「はい」は嘘かもしれません。"),
    "kn.line_up": both("Press Confirm the line-up.", "「隊列を確定」を押しましょう。"),
    "kn.review": both("The tiles are turned over: Ben held the Witch, so his yes was a lie.",
                      "タイルが表になりました: 魔女はBen、「はい」は嘘でした。"),
    "kn.review_bewitched": both("A bewitched player could have lied just the same.",
                                "虜になった人も、同じように嘘をつけます。"),
    "kn.end": both("That is one round: three rounds make a game.",
                   "これで1ラウンドです: 3ラウンドで1ゲームです。"),
}

LESSON = Lesson(
    game="knights",
    players=4,
    seed=3,
    options={},
    bots="normal",
    words=WORDS,
    regions=regions,
    steps=(
        Step("kn.hello", point=("at0",), when=_phase("inspect")),
        Step("kn.tiles", point=("at0",)),
        Step("kn.centre", point=(f"at{CENTRE}",)),
        Step("kn.goal", point=("at0",)),
        Step("kn.witch", point=("at0",)),
        Step("kn.bewitched", point=(f"at{CHIKA}",)),
        Step("kn.inspect_what", point=(f"at{CHIKA}",)),
        Step("kn.inspect", point=(f"tile{CHIKA}", f"at{CHIKA}"),
             expect={"type": "inspect", "tile": CHIKA}, why="kn.inspect_why"),
        Step("kn.inspected", point=(f"at{CHIKA}",)),
        Step("kn.questions", point=("side",)),
        Step("kn.truth", point=("side",), when=_asked_of_you),
        Step("kn.answer", point=("button:answer_no",), expect={"type": "answer"},
             why="kn.answer_why"),
        Step("kn.ask", point=("button:ask",), expect=_ask(BEN, [1]), why="kn.ask_why",
             clicks=(Click("kn.ask_who", (f"button:ask_{BEN}",),
                           lambda s: _building(s, answerer=BEN)),
                     Click("kn.ask_tile", (f"button:tile_{BEN}",),
                           lambda s: _building(s, answerer=BEN, tile=BEN)),
                     Click("kn.ask_num", ("button:num_1",),
                           lambda s: _building(s, answerer=BEN, tile=BEN, values=[1])),
                     )),
        Step("kn.asked", point=("side",), when=_answered),
        Step("kn.recommend_what", point=("side",)),
        Step("kn.recommend", point=("knight0", "button:recommend_0"),
             expect={"type": "recommend", "target": 0}, why="kn.recommend_why"),
        Step("kn.captain", point=("at0",), when=_captain),
        Step("kn.captain_ask", point=_asking(CENTRE, 1), expect=_ask(CENTRE, [1]),
             why="kn.captain_why"),
        Step("kn.line_up_what", point=("tray0", "side"), when=_phase("line_up")),
        Step("kn.line_up", point=("button:line_up",), expect={"type": "line_up"},
             clicks=(Click("kn.leave_out", ("place_out", f"tray{BEN}"), _ben_left_out),)),
        Step("kn.review", point=(), when=_phase("review", "over")),
        Step("kn.review_bewitched", point=()),
        Step("kn.end", point=()),
    ),
)

"""The Seven Knights Bewitched lesson: four players, your first round of three.

The deal (seed 3) gives you knight 3. You inspect Chika's tile, answer Daichi truly
(a knight can only), ask Ben, who holds the Witch and answers with a lie, are
recommended captain, ask the captain's question, and lay the line-up; the round's
review then shows who held what.
"""

from __future__ import annotations

from typing import Any

import pygame

from client.kit.words import Strings, both
from client.learn.lesson import Lesson, Step, View
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


WORDS: Strings = {
    "kn.hello": both(
        "This is Seven Knights Bewitched. Each of you holds a tile: a knight 1 to 4, or "
        "the Witch. The tile in the middle is nobody's. Yours is knight 3.",
        "ミュルマミウスの虜へようこそ。それぞれがタイルを1枚持ちます: 騎士1〜4か魔女。"
        "真ん中のタイルは誰のものでもありません。あなたは騎士3です。"),
    "kn.goal": both(
        "Knights win if the captain lays every knight in rising order and leaves out the "
        "Witch. The Witch wins if that fails; whoever looks at the Witch's tile is "
        "bewitched and joins her.",
        "隊長が騎士を小さい順に並べ、魔女を外せば騎士の勝ち。失敗すれば魔女の勝ち。"
        "魔女のタイルを見た人は虜になり、魔女の味方になります。"),
    "kn.inspect": both(
        "Inspection: look at one tile that is not yours. Everyone sees which tile you "
        "chose, not what it is. Click Chika's tile.",
        "探求: 自分以外のタイルを1枚見ます。どれを見たかは皆に見えますが、中身はあなただけ。"
        "チカのタイルをクリック。"),
    "kn.inspect_why": both("For this lesson, inspect Chika's tile.",
                           "このレッスンではチカのタイルを見ます。"),
    "kn.inspected": both(
        "Chika holds knight 2. Now each player in turn asks one yes-or-no question about "
        "numbers; the answers are public.",
        "チカは騎士2。次は順番に、数についてはい/いいえの質問を1つずつします。答えは公開です。"),
    "kn.answer": both(
        "Daichi asks you. A knight must tell the truth: the program offers you only the "
        "true answer. Press it.",
        "ダイチからの質問です。騎士は本当のことしか言えません: 本当の答えだけが出ます。"
        "押しましょう。"),
    "kn.answer_why": both("A knight answers truly: press the answer offered.",
                          "騎士は正直に: 出ている答えを押しましょう。"),
    "kn.ask": both(
        "Your question. Ask Ben whether his own tile is a 1: click Ben, then his tile, "
        "then 1, then Ask.",
        "あなたの質問です。ベンに「あなたのタイルは1?」と聞きます: ベン、ベンのタイル、"
        "1、「質問する」の順にクリック。"),
    "kn.ask_why": both("Ask Ben whether his own tile is a 1.",
                       "ベンに、ベン自身のタイルが1かを聞きましょう。"),
    "kn.asked": both(
        "Ben says yes. But the Witch and the bewitched may lie! Only knights must tell "
        "the truth. Keep it in mind.",
        "ベンは「はい」。でも魔女と虜は嘘をついてもかまいません! 正直なのは騎士だけ。"
        "覚えておきましょう。"),
    "kn.recommend": both(
        "Recommendation: everyone at once points at a captain, themselves allowed. "
        "Recommend yourself.",
        "推薦: 全員が同時に隊長にしたい人を指します。自分でもかまいません。自分を推薦しましょう。"),
    "kn.recommend_why": both("Recommend yourself for this lesson.",
                             "このレッスンでは自分を推薦しましょう。"),
    "kn.captain": both(
        "You are the captain! You may ask one more question. Ask Ben whether the middle "
        "tile is a 1.",
        "あなたが隊長です! もう1つ質問できます。ベンに「真ん中のタイルは1?」と聞きましょう。"),
    "kn.captain_why": both("Ask Ben whether the middle tile is a 1.",
                           "ベンに、真ん中のタイルが1かを聞きましょう。"),
    "kn.line_up": both(
        "The line-up: drag the tiles into a row from 1 up, and the one you think is the "
        "Witch into the box. Sort by what I know helps. Then Confirm the line-up.",
        "号令: タイルをドラッグして1から順に並べ、魔女だと思うタイルは箱へ。"
        "「知っている順に並べる」も使えます。最後に「隊列を確定」。"),
    "kn.review": both(
        "The tiles are turned over. Ben held the Witch: his yes was a lie. Had he only "
        "been bewitched, he could have lied just the same.",
        "タイルが表になりました。魔女はベン: 「はい」は嘘でした。虜になっただけの人も、"
        "同じように嘘をつけます。"),
    "kn.end": both(
        "That is one round: inspection, questions, recommendation, the captain's line-up. "
        "Three rounds make a game. Play on, or leave with Esc.",
        "これで1ラウンド: 探求、質問、推薦、隊長の号令。3ラウンドで1ゲームです。"
        "このまま続けるか、Escで終わりにしましょう。"),
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
        Step("kn.goal", point=(f"at{CENTRE}",)),
        Step("kn.inspect", point=(f"tile{CHIKA}", f"at{CHIKA}"),
             expect={"type": "inspect", "tile": CHIKA}, why="kn.inspect_why"),
        Step("kn.inspected", point=(f"at{CHIKA}",)),
        Step("kn.answer", point=("button:answer_no",), expect={"type": "answer"},
             why="kn.answer_why"),
        Step("kn.ask", point=_asking(BEN, 1), expect=_ask(BEN, [1]), why="kn.ask_why"),
        Step("kn.asked", point=("side",), when=_answered),
        Step("kn.recommend", point=("knight0", "button:recommend_0"),
             expect={"type": "recommend", "target": 0}, why="kn.recommend_why"),
        Step("kn.captain", point=_asking(CENTRE, 1), expect=_ask(CENTRE, [1]),
             why="kn.captain_why"),
        Step("kn.line_up", point=("place_out", "button:line_up"),
             expect={"type": "line_up"}),
        Step("kn.review", point=(), when=_phase("review", "over")),
        Step("kn.end", point=()),
    ),
)

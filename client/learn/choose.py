"""The Choose! lesson: four players, your first round, one card of each kind played.

The deal (seed 1) gives you a Hungry mouse to pick up, mice to steal with (the three
steals turn up a cat's henchman, an ordinary mouse and a Robo mouse), a Nest, a Camera,
an Exterminator and cards to doze off with; the lesson ends at the round's flip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from client.kit.words import Strings, Words, both
from client.learn.lesson import Lesson, Step, View
from core.games.choose.shapes import choose_view

Log = Sequence[Mapping[str, object]]
"""The person's log, as a lesson's words read it."""
STACK = 0
"""The stack every steal, the nest, the camera and the exterminator of this deal go to
(it travels from kitchen to kitchen)."""


def _last(log: Log, kind: str) -> Mapping[str, object]:
    return next((e for e in reversed(log) if e.get("type") == kind), {})


def _revealed(view: View, log: Log) -> dict[str, object]:
    """What the last steal turned up, and what its owner then did."""
    kind = str(_last(log, "steal").get("revealed", "ordinary"))
    say = Words(WORDS)
    return {"kind": say(f"ch.kind.{kind}"), "then": say(f"ch.react.{kind}")}


def _seen(view: View, log: Log) -> dict[str, object]:
    kind = str(_last(log, "camera_saw").get("kind", "ordinary"))
    return {"kind": Words(WORDS)(f"ch.kind.{kind}")}


def regions(scene: Any) -> dict[str, pygame.Rect]:
    """Each kitchen, each stack where it lies now, and the hand."""
    lay, k = getattr(scene, "_layout", None), getattr(scene, "k", None)
    if lay is None or k is None:
        return {}
    out = {f"kitchen{s}": pygame.Rect(box) for s, box in enumerate(lay.kitchens)}
    cw, ch = lay.card
    for seat, kitchen in enumerate(k.kitchens):
        for mouse, (x, y) in zip(kitchen, lay.slots(seat, len(kitchen)), strict=True):
            out[f"at{mouse.stack}"] = pygame.Rect(x - cw // 2, y - ch // 2, cw, ch)
    hand = scene.hand_rects(lay, k)
    if hand:
        out["hand"] = hand[0].unionall(hand[1:])
    return out


def _round_over(view: View) -> bool:
    view = choose_view(view)
    return view.get("last_round") is not None or view.get("round", 1) > 1


WORDS: Strings = {
    "ch.kind.ordinary": both("an Ordinary mouse", "平凡ねずみ"),
    "ch.kind.hungry": both("a Hungry mouse", "腹ペコねずみ"),
    "ch.kind.henchman": both("a cat's Henchman", "ねこの手下ねずみ"),
    "ch.kind.robo": both("a Robo mouse", "ロボねずみ"),
    "ch.react.ordinary": both("Nothing more happens: the stack, cheese and all, is yours.",
                              "何も起きません: チーズごと山はあなたのものです。"),
    "ch.react.hungry": both("Nothing more happens: the stack, cheese and all, is yours.",
                            "何も起きません: チーズごと山はあなたのものです。"),
    "ch.react.henchman": both(
        "A henchman's owner pulls the whole stack back, your card on top: you lose the card.",
        "手下ねずみの持ち主は、あなたのカードごと山を取り返します: カードは取られました。"),
    "ch.react.robo": both(
        "A Robo mouse's owner secretly sees the card you played; the stack stays with you.",
        "ロボねずみの持ち主は、あなたが出したカードをこっそり見ます。山はあなたのものです。"),
    "ch.hello": both(
        "This is Choose!. Each turn you play one card from your hand, at the bottom. Mice go "
        "into kitchens; when every hand is empty, the mice in your kitchen score.",
        "チューズへようこそ。手番ごとに、下の手札から1枚出します。ねずみは台所に置かれ、"
        "全員の手札がなくなると、自分の台所のねずみが得点になります。"),
    "ch.hand": both(
        "Ordinary and Hungry mice bring cheese; the cat's Henchmen and Robo mice are traps. "
        "Mice lie face down: only the one who played a card knows it.",
        "平凡ねずみと腹ペコねずみはチーズを運び、ねこの手下とロボねずみは罠です。"
        "ねずみは裏向き: 出した人だけが中身を知っています。"),
    "ch.pickup": both(
        "Your turn. Start with a Cheese pickup: click your Hungry mouse, then your own "
        "kitchen.",
        "あなたの番です。まずチーズ拾い: 腹ペコねずみをクリックし、自分の台所をクリック。"),
    "ch.pickup_why": both("Play the Hungry mouse into your own kitchen.",
                          "腹ペコねずみを自分の台所に出しましょう。"),
    "ch.picked": both(
        "It lies in your kitchen, face down. A Hungry mouse scores 2 plus the cheese under "
        "it, nest or not.",
        "台所に裏向きで置かれました。腹ペコねずみは、すみかがなくても2点+下のチーズの数。"),
    "ch.steal": both(
        "A Cheese steal: lay a mouse card on another kitchen's mouse and take the whole "
        "stack. Click an Ordinary mouse, then the mouse the arrow shows.",
        "チーズ奪い: 他の台所のねずみに自分のねずみを重ね、山ごと奪います。"
        "平凡ねずみをクリックし、矢印のねずみをクリック。"),
    "ch.steal_why": both("Use an Ordinary mouse on the mouse the arrow shows.",
                         "平凡ねずみで矢印のねずみを狙いましょう。"),
    "ch.revealed": both("Its top card turns face up: {kind}. {then}",
                        "一番上のカードが表に: {kind}。{then}"),
    "ch.steal2": both(
        "Steal that stack again with your other Ordinary mouse: the cards under the top "
        "are its cheese.",
        "もう1枚の平凡ねずみで、その山をもう一度奪いましょう: 一番上の下のカードがチーズです。"),
    "ch.steal3": both(
        "Chika took the stack. Steal it back, this time with your Henchman mouse.",
        "チカが山を奪いました。今度は手下ねずみで奪い返しましょう。"),
    "ch.steal3_why": both("Use your Henchman mouse on the stack the arrow shows.",
                          "手下ねずみで矢印の山を狙いましょう。"),
    "ch.nest": both(
        "Wisdom cards now. A Nest protects a mouse from steals, and makes Ordinary mice "
        "score. Click your Nest, then your mouse.",
        "次はちえカード。すみかを置いたねずみは奪われず、平凡ねずみも得点になります。"
        "すみかをクリックし、自分のねずみをクリック。"),
    "ch.nest_why": both("Put your Nest on your own mouse, where the arrow points.",
                        "すみかを矢印の自分のねずみに置きましょう。"),
    "ch.camera": both(
        "After a pull-back you may not know your own top card. A Security camera looks at "
        "any mouse in secret: click your Camera, then your mouse.",
        "取り返された山の一番上は、自分でもわからないことがあります。監視カメラでこっそり"
        "見ましょう: カメラをクリックし、自分のねずみをクリック。"),
    "ch.camera_why": both("Point your Camera at your own mouse.",
                          "カメラで自分のねずみを見ましょう。"),
    "ch.seen": both(
        "The camera shows {kind}. With a nest, a Henchman or a Robo mouse scores MINUS its "
        "cheese: someone nested it to hurt you.",
        "カメラの結果: {kind}。すみかのある手下やロボねずみはチーズの数だけ減点: "
        "誰かがあなたを困らせようとすみかを置いたのです。"),
    "ch.exterminator": both(
        "The Exterminator takes a nest away. Click it, then your nested mouse, then one "
        "more card to throw away.",
        "駆除業者はすみかを取り除きます。駆除業者をクリックし、すみかのある自分のねずみ、"
        "最後に捨てるカードを1枚クリック。"),
    "ch.exterminator_why": both("Use the Exterminator on your nested mouse.",
                                "駆除業者を、すみかのある自分のねずみに使いましょう。"),
    "ch.sleepy": both(
        "Sleepy: when no play helps, throw one card away face down. Click a card in your "
        "hand, then Sleepy.",
        "眠い: 役立つ手がないときは、1枚を裏向きで捨てます。"
        "手札を1枚クリックし、「眠い」を押します。"),
    "ch.sleepy_why": both("Doze off: click a card, then the Sleepy button.",
                          "眠い: カードをクリックして「眠い」ボタンを押しましょう。"),
    "ch.last": both("Your last card: doze off once more. Click it, then Sleepy.",
                    "最後の1枚: もう一度「眠い」。カードをクリックして「眠い」を押します。"),
    "ch.flip": both(
        "Every hand is empty: the round flips. Each stack turns over; its cheese is the "
        "cards under the top. Nested Ordinary and any Hungry mice score cheese + 2; nested "
        "Henchmen and Robos lose their cheese.",
        "全員の手札がなくなり、ラウンドの公開です。山をすべて表にし、一番上の下のカードが"
        "チーズ。すみかのある平凡ねずみと腹ペコねずみはチーズ+2点、すみかのある手下とロボは"
        "チーズの数だけ減点。"),
    "ch.end": both(
        "That is Choose!: as many rounds as players, and the highest total wins. Play on, "
        "or leave with Esc.",
        "これがチューズです: 人数と同じ回数のラウンドを行い、合計点の最も高い人の勝ち。"
        "このまま続けるか、Escで終わりにしましょう。"),
}

LESSON = Lesson(
    game="choose",
    players=4,
    seed=1,
    options={"turn_seconds": 600.0},
    bots="normal",
    words=WORDS,
    regions=regions,
    steps=(
        Step("ch.hello", point=("hand",), when=lambda v: v.get("phase") == "play"),
        Step("ch.hand", point=("hand",)),
        Step("ch.pickup", point=("pickup", "button:pickup", "card27"),
             expect={"type": "pickup", "card": 27}, why="ch.pickup_why"),
        Step("ch.picked", point=("kitchen0",)),
        Step("ch.steal", point=(f"stack{STACK}", "card19"),
             expect={"type": "steal", "card": 19, "stack": STACK}, why="ch.steal_why"),
        Step("ch.revealed", point=(f"at{STACK}",), fill=_revealed),
        Step("ch.steal2", point=(f"stack{STACK}", "card8"),
             expect={"type": "steal", "card": 8, "stack": STACK}, why="ch.steal_why"),
        Step("ch.revealed", point=(f"at{STACK}",), fill=_revealed),
        Step("ch.steal3", point=(f"stack{STACK}", "card26"),
             expect={"type": "steal", "card": 26, "stack": STACK}, why="ch.steal3_why"),
        Step("ch.revealed", point=(f"at{STACK}",), fill=_revealed),
        Step("ch.nest", point=(f"stack{STACK}", "card12"),
             expect={"type": "nest", "stack": STACK}, why="ch.nest_why"),
        Step("ch.camera", point=(f"stack{STACK}", "card0", "card14"),
             expect={"type": "camera", "stack": STACK}, why="ch.camera_why"),
        Step("ch.seen", point=(f"at{STACK}",), fill=_seen),
        Step("ch.exterminator", point=(f"stack{STACK}", "card30", "card24", "hand"),
             expect={"type": "exterminator", "stack": STACK}, why="ch.exterminator_why"),
        Step("ch.sleepy", point=("button:sleepy", "card14", "card0", "hand"),
             expect={"type": "sleepy"}, why="ch.sleepy_why"),
        Step("ch.last", point=("button:sleepy", "hand"), expect={"type": "sleepy"},
             why="ch.sleepy_why"),
        Step("ch.flip", point=(), when=_round_over),
        Step("ch.end", point=()),
    ),
)

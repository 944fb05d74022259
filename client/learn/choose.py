"""The Choose! lesson: four players, your first round, one card of each kind played.

The deal (seed 1) gives you a Hungry mouse to pick up, mice to steal with (the three
steals turn up a cat's henchman, an ordinary mouse and a Robo mouse), a Nest, a Camera,
an Exterminator and cards to doze off with; the lesson ends at the round's flip. On the
way the bots show the rest: Chika steals the stack and your Henchman pulls it back (her
Robo mouse now on top), Daichi's Exterminator takes the Nest you put there, and Chika
puts a Nest on it, which you take off again. Steps that tell what a bot did wait for the
person's turn, when it has been done.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from client.kit.words import Strings, Words, both
from client.learn.lesson import Click, Lesson, Step, View
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
    """Each kitchen, each stack where it lies now, the hand, and each card in it
    (``held12``: a card is a click target only on the person's turn)."""
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
    for entry, rect in zip(k.hand, hand, strict=True):  # a card spoken of out of turn
        out[f"held{entry['card']}"] = pygame.Rect(rect)
    return out


def _mine(view: View) -> dict[int, dict[str, Any]]:
    """The person's own kitchen's mice, by stack."""
    kitchens = choose_view(view).get("kitchens") or [[]]
    return {int(m["stack"]): dict(m) for m in kitchens[0]}


def _yours_again(view: View) -> bool:
    """Your turn, with the stack back in your kitchen (Chika's steal was pulled back)."""
    return choose_view(view).get("turn") == 0 and STACK in _mine(view)


def _nest_lost(view: View) -> bool:
    """Your turn, and the Nest you put on your mouse is gone."""
    mouse = _mine(view).get(STACK)
    return choose_view(view).get("turn") == 0 and mouse is not None and (
        mouse.get("nest") is None)


def _nested_again(view: View) -> bool:
    """Your turn, with someone's Nest on your mouse."""
    mouse = _mine(view).get(STACK)
    return choose_view(view).get("turn") == 0 and mouse is not None and (
        mouse.get("nest") is not None)


def _holding(card: int) -> Any:
    return lambda scene: getattr(scene, "selected", None) == card


def _aimed(scene: Any) -> bool:
    """The Exterminator is aimed at the nested mouse, waiting for the card to throw."""
    return getattr(scene, "ext_stack", None) == STACK


def _round_over(view: View) -> bool:
    view = choose_view(view)
    return view.get("last_round") is not None or view.get("round", 1) > 1


WORDS: Strings = {
    "ch.kind.ordinary": both("an Ordinary mouse", "平凡ねずみ"),
    "ch.kind.hungry": both("a Hungry mouse", "腹ペコねずみ"),
    "ch.kind.henchman": both("a cat's Henchman", "ねこの手下ねずみ"),
    "ch.kind.robo": both("a Robo mouse", "ロボねずみ"),
    "ch.react.ordinary": both("the stack, cheese and all, is yours.",
                              "チーズごと山はあなたのものです。"),
    "ch.react.hungry": both("the stack, cheese and all, is yours.",
                            "チーズごと山はあなたのものです。"),
    "ch.react.henchman": both("its owner pulls the stack back, your card and all.",
                              "持ち主が、あなたのカードごと山を取り返します。"),
    "ch.react.robo": both("its owner secretly sees your card, and the stack stays yours.",
                          "持ち主はあなたのカードをこっそり見て、山はあなたのものです。"),
    "ch.hello": both(
        "This is Choose!: each turn you play one card from your hand, at the bottom.",
        "チューズへようこそ: 手番ごとに、下の手札から1枚出します。"),
    "ch.goal": both(
        "When every hand is empty, the mice in your kitchen score.",
        "全員の手札がなくなると、自分の台所のねずみが得点になります。"),
    "ch.hand": both(
        "Ordinary and Hungry mice bring cheese; the cat's Henchmen and Robo mice are traps.",
        "平凡ねずみと腹ペコねずみはチーズを運び、ねこの手下ねずみとロボねずみは罠です。"),
    "ch.face_down": both(
        "Mice lie face down: only the one who played a card knows it.",
        "ねずみは裏向き: 出した人だけが中身を知っています。"),
    "ch.pickup": both(
        "Your first play is a Cheese pickup: click your Hungry mouse, then your own kitchen.",
        "最初はチーズ拾い: 腹ペコねずみをクリックし、自分の台所をクリック。"),
    "ch.pickup_why": both("Play the Hungry mouse into your own kitchen.",
                          "腹ペコねずみを自分の台所に出しましょう。"),
    "ch.picked": both(
        "A Hungry mouse scores 2 plus the cheese under it, with a Nest or without.",
        "腹ペコねずみは、すみかがあってもなくても、2点+下のチーズの数になります。"),
    "ch.steal_what": both(
        "A Cheese steal lays a mouse card on another kitchen's mouse and takes the whole stack.",
        "チーズ奪いは、他の台所のねずみに自分のねずみを重ね、山ごと奪います。"),
    "ch.steal": both("Click an Ordinary mouse, then the mouse the arrow shows.",
                     "平凡ねずみをクリックし、矢印のねずみをクリック。"),
    "ch.steal_why": both("Use an Ordinary mouse on the mouse the arrow shows.",
                         "平凡ねずみで矢印のねずみを狙いましょう。"),
    "ch.revealed": both("Its top card turned face up, {kind}: {then}",
                        "一番上のカードは{kind}: {then}"),
    "ch.steal2": both(
        "The cards under a stack's top are its cheese: steal it again with your other "
        "Ordinary mouse.",
        "山の一番上の下のカードがチーズです: もう1枚の平凡ねずみで、もう一度奪いましょう。"),
    "ch.steal3": both(
        "Chika took the stack: steal it back with your Henchman mouse.",
        "Chikaが山を奪いました: 手下ねずみで奪い返しましょう。"),
    "ch.steal3_why": both("Use your Henchman mouse on the stack the arrow shows.",
                          "手下ねずみで矢印の山を狙いましょう。"),
    "ch.pulled": both(
        "Chika stole your stack, and your Henchman pulled it back: her card lies on top now.",
        "Chikaがあなたの山を奪い、あなたの手下ねずみが取り返しました: 今は一番上が"
        "Chikaのカードです。"),
    "ch.nest_what": both(
        "A Nest keeps a mouse from steals, and makes an Ordinary mouse score.",
        "すみかのあるねずみは奪われず、平凡ねずみも得点になります。"),
    "ch.nest": both("Click your Nest, then your own mouse.",
                    "すみかをクリックし、自分のねずみをクリック。"),
    "ch.nest_why": both("Put your Nest on your own mouse, where the arrow points.",
                        "すみかを矢印の自分のねずみに置きましょう。"),
    "ch.nest_lost": both(
        "Daichi's Exterminator took the Nest off your mouse.",
        "Daichiの駆除業者が、あなたのねずみのすみかを取りました。"),
    "ch.camera_what": both(
        "A Security camera looks at the top card of any mouse, in secret.",
        "監視カメラは、どのねずみでも一番上のカードをこっそり見られます。"),
    "ch.camera": both("Click your Camera, then your own mouse.",
                      "監視カメラをクリックし、自分のねずみをクリック。"),
    "ch.camera_why": both("Point your Camera at your own mouse.",
                          "監視カメラで自分のねずみを見ましょう。"),
    "ch.seen": both("Your camera shows {kind} on top of your stack.",
                    "カメラの結果: あなたの山の一番上は{kind}。"),
    "ch.trap": both(
        "A nested Henchman or Robo mouse scores minus its cheese.",
        "すみかのある手下ねずみとロボねずみは、チーズの数だけ減点になります。"),
    "ch.nested": both(
        "Chika put a Nest on your Robo mouse: now it would cost you its cheese.",
        "Chikaがあなたのロボねずみにすみかを置きました: このままではチーズの数だけ減点です。"),
    "ch.ext_what": both(
        "An Exterminator takes a Nest off a mouse, into your hand.",
        "駆除業者は、ねずみのすみかを取って自分の手札に入れます。"),
    "ch.ext_card": both("Click your Exterminator.", "駆除業者をクリック。"),
    "ch.ext_mouse": both("Click your nested mouse.", "すみかのある自分のねずみをクリック。"),
    "ch.exterminator": both("Click one more card: you throw it away.",
                            "捨てるカードをもう1枚クリック。"),
    "ch.exterminator_why": both("Use the Exterminator on your nested mouse.",
                                "駆除業者を、すみかのある自分のねずみに使いましょう。"),
    "ch.sleepy": both(
        "Sleepy throws one card away face down: click a card in your hand, then Sleepy.",
        "眠いは1枚を裏向きで捨てます: 手札を1枚クリックし、「眠い」をクリック。"),
    "ch.sleepy_why": both("Doze off: click a card, then the Sleepy button.",
                          "眠い: カードをクリックして「眠い」ボタンを押しましょう。"),
    "ch.last": both("Your last card: click it, then Sleepy.",
                    "最後の1枚: クリックして「眠い」をクリック。"),
    "ch.flip": both(
        "Every hand is empty: each stack turns over, and the cards under its top are its "
        "cheese.",
        "全員の手札がなくなりました: 山をすべて表にし、一番上の下のカードがチーズです。"),
    "ch.score": both(
        "A nested Ordinary mouse and any Hungry mouse score their cheese plus 2.",
        "すみかのある平凡ねずみと、すべての腹ペコねずみは、チーズ+2点になります。"),
    "ch.end": both(
        "That is Choose!: as many rounds as players, and the highest total wins.",
        "これがチューズです: 人数と同じ回数のラウンドを行い、合計点の最も高い人の勝ち。"),
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
        Step("ch.goal", point=("kitchen0",)),
        Step("ch.hand", point=("hand",)),
        Step("ch.face_down", point=("hand",)),
        Step("ch.pickup", point=("pickup", "button:pickup", "card27"),
             expect={"type": "pickup", "card": 27}, why="ch.pickup_why"),
        Step("ch.picked", point=("kitchen0",)),
        Step("ch.steal_what", point=(f"at{STACK}",)),
        Step("ch.steal", point=(f"stack{STACK}", "card19"),
             expect={"type": "steal", "card": 19, "stack": STACK}, why="ch.steal_why"),
        Step("ch.revealed", point=(f"at{STACK}",), fill=_revealed),
        Step("ch.steal2", point=(f"stack{STACK}", "card8"),
             expect={"type": "steal", "card": 8, "stack": STACK}, why="ch.steal_why"),
        Step("ch.revealed", point=(f"at{STACK}",), fill=_revealed),
        Step("ch.steal3", point=(f"stack{STACK}", "card26"),
             expect={"type": "steal", "card": 26, "stack": STACK}, why="ch.steal3_why"),
        Step("ch.revealed", point=(f"at{STACK}",), fill=_revealed),
        Step("ch.pulled", point=(f"at{STACK}",), when=_yours_again),
        Step("ch.nest_what", point=("held12",)),
        Step("ch.nest", point=(f"stack{STACK}", "card12"),
             expect={"type": "nest", "stack": STACK}, why="ch.nest_why"),
        Step("ch.nest_lost", point=(f"at{STACK}",), when=_nest_lost),
        Step("ch.camera_what", point=("held0", "held14")),
        Step("ch.camera", point=(f"stack{STACK}", "card0", "card14"),
             expect={"type": "camera", "stack": STACK}, why="ch.camera_why"),
        Step("ch.seen", point=(f"at{STACK}",), fill=_seen),
        Step("ch.trap", point=(f"at{STACK}",)),
        Step("ch.nested", point=(f"at{STACK}",), when=_nested_again),
        Step("ch.ext_what", point=("held30",)),
        Step("ch.exterminator", point=("card24", "hand"),
             expect={"type": "exterminator", "stack": STACK}, why="ch.exterminator_why",
             clicks=(Click("ch.ext_card", ("card30",), _holding(30)),
                     Click("ch.ext_mouse", (f"stack{STACK}",), _aimed))),
        Step("ch.sleepy", point=("button:sleepy", "card14", "card0", "hand"),
             expect={"type": "sleepy"}, why="ch.sleepy_why"),
        Step("ch.last", point=("button:sleepy", "hand"), expect={"type": "sleepy"},
             why="ch.sleepy_why"),
        Step("ch.flip", point=(), when=_round_over),
        Step("ch.score", point=()),
        Step("ch.end", point=()),
    ),
)

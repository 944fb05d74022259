"""The Sly Knight Robbery lesson: four players, your first round of three.

The deal (seed 7) gives you 1, 8, 9, 10 and 11: you lay 10 and 11 as score cards, take
your spare (a 15), play the 1 with your pig, overplay Chika's 16 with the 15 to take it,
play the 9, and keep the 8 to the round's end, where it becomes a penalty.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Never

import pygame

from client.kit.words import Strings, both
from client.learn.lesson import Click, Lesson, Step, View
from core.games.sly_knights.shapes import SlyYou, sly_view

SCORE_CARDS = (10, 11)


def regions(scene: Any) -> dict[str, pygame.Rect]:
    """The hand, each score card's column, and the next thing to click where a step
    takes several clicks (the second score card, the pig switch)."""
    lay, k = getattr(scene, "_layout", None), getattr(scene, "k", None)
    if lay is None or k is None:
        return {}
    out = {f"col{t}": pygame.Rect(col) for t, col in enumerate(lay.columns)}
    rects = dict(zip(k.hand, scene.hand_rects(lay, k), strict=True))
    if rects:
        hand = list(rects.values())
        out["hand"] = hand[0].unionall(hand[1:])
    picked = list(getattr(scene, "picked", []))
    if scene.legal_of("choose"):
        left = [c for c in SCORE_CARDS if c not in picked and c in rects]
        if left:
            out["pick_next"] = rects[left[0]]
    buttons = {b.key: b.rect for b in scene.buttons}
    if picked == [1] and not getattr(scene, "pig", False) and "pig" in buttons:
        out["need_pig"] = buttons["pig"]
    return out


def _round_over(view: View) -> bool:
    view = sly_view(view)
    return view.get("round", 1) > 1 or view.get("result") is not None


def _penalty(view: View, log: Sequence[Mapping[str, object]]) -> dict[str, object]:
    view = sly_view(view)
    you: SlyYou | dict[str, Never] = view.get("you") or {}
    held: Sequence[object] = you.get("penalties") or ["?"]
    return {"n": held[0]}


def _your_turn(view: View) -> bool:
    """The person's turn: the spare can be taken (and so pointed at)."""
    return sly_view(view).get("turn") == 0


def _picked(card: int) -> Any:
    return lambda scene: card in getattr(scene, "picked", [])


def _holding(card: int) -> Any:
    return lambda scene: list(getattr(scene, "picked", [])) == [card]


def _pig_on(scene: Any) -> bool:
    return bool(_holding(1)(scene) and getattr(scene, "pig", False))


WORDS: Strings = {
    "sk.hello": both(
        "This is Sly Knight Robbery: everyone has cards 1 to 16, over three rounds.",
        "大どろぼうとズルい騎士へようこそ: 全員が1〜16のカードを持ち、3ラウンド遊びます。"),
    "sk.hand": both("These five cards are your hand for this round.",
                    "この5枚がこのラウンドの手札です。"),
    "sk.score_what": both("First, everyone lays two cards face down as score cards.",
                          "まず全員が2枚を裏向きで得点カードにします。"),
    "sk.win_what": both("Whoever plays the last card on a score card wins it.",
                        "得点カードに最後にカードを出した人が、それをもらえます。"),
    "sk.pick10": both("Click your 10.", "10をクリック。"),
    "sk.pick11": both("Click your 11.", "11をクリック。"),
    "sk.choose": both("Press Lay these two.", "「この2枚にする」を押しましょう。"),
    "sk.choose_why": both("For this lesson, lay your 10 and 11: click both, then Lay these two.",
                          "このレッスンでは10と11: 両方クリックして「この2枚にする」。"),
    "sk.shown": both("All score cards turn up at once: the highest pair starts.",
                     "得点カードが一斉に表になります: 合計の高い人から始めます。"),
    "sk.limit": both(
        "On your turn you play a card onto any score card, no higher than that score card.",
        "手番では、好きな得点カードに、その数以下のカードを1枚出します。"),
    "sk.sum": both("The cards on a score card may not add up to more than it.",
                   "得点カードの上のカードの合計は、その数を超えてはいけません。"),
    "sk.spare_what": both(
        "Your spare lies sideways, face down: once a game you may take it into your hand.",
        "横向きの裏向きのカードが予備です: 1ゲームに1回、手札に加えられます。"),
    "sk.spare": both("Click your spare to take it now.", "予備をクリックして、今取りましょう。"),
    "sk.spare_why": both("Take your spare first: click the card lying sideways.",
                         "まず予備を取りましょう: 横向きのカードをクリック。"),
    "sk.pig_what": both("Your pig makes a card count one more.",
                        "ぶたコマを付けると、カードが1多く数えられます。"),
    "sk.pig_owner": both(
        "Pigs go to the score card's owner; each is worth 2 at the end.",
        "ぶたコマは得点カードの持ち主のものになり、最後に1つ2点です。"),
    "sk.pig_card": both("Click your 1.", "1をクリック。"),
    "sk.pig_on": both("Press With a pig: it turns ON.",
                      "「ぶたコマ」を押して「使う」にしましょう。"),
    "sk.pig": both("Click Chika's 15.", "Chikaの15をクリック。"),
    "sk.pig_why": both("Play your 1 with the pig on Chika's 15.",
                       "1をぶたコマ付きでChikaの15に出しましょう。"),
    "sk.over_what": both(
        "Overplaying: a card played on a score card takes it from whoever played last there.",
        "横取り: 得点カードに出すと、それまで最後に出した人から奪えます。"),
    "sk.over": both("Play your 15 on Chika's 16.", "15をChikaの16に出しましょう。"),
    "sk.over_why": both("Play your 15 on Chika's 16.", "15をChikaの16に出しましょう。"),
    "sk.must": both("A card must be played if one can be.",
                    "出せるカードがあれば、必ず出します。"),
    "sk.play": both("Play your 9 on Daichi's 16.", "9をDaichiの16に出しましょう。"),
    "sk.play_why": both("Play your 9 on Daichi's 16.", "9をDaichiの16に出しましょう。"),
    "sk.round_over": both(
        "The round is over: each score card went to the last player on it.",
        "ラウンド終了: 得点カードは、それぞれ最後に出した人のものになりました。"),
    "sk.penalty": both(
        "Your {n} stayed in your hand: a card left in hand is a penalty, minus its value.",
        "手に残った{n}はペナルティ: 最後にその数だけ減点です。"),
    "sk.end": both(
        "That is Sly Knight Robbery: after three rounds, score cards plus 2 per pig, minus "
        "penalties.",
        "これが大どろぼうとズルい騎士です: 3ラウンド後、得点カード+ぶたコマ1つ2点−ペナルティ。"),
}

LESSON = Lesson(
    game="sly_knights",
    players=4,
    seed=7,
    options={"choose_seconds": 600.0, "turn_seconds": 600.0},
    bots="normal",
    words=WORDS,
    regions=regions,
    steps=(
        Step("sk.hello", point=("hand",), when=lambda v: v.get("phase") == "choose"),
        Step("sk.hand", point=("hand",)),
        Step("sk.score_what", point=("hand",)),
        Step("sk.win_what", point=("hand",)),
        Step("sk.choose", point=("button:confirm",),
             expect={"type": "choose", "cards": list(SCORE_CARDS)}, why="sk.choose_why",
             clicks=(Click("sk.pick10", ("card10",), _picked(10)),
                     Click("sk.pick11", ("card11",), _picked(11)))),
        Step("sk.shown", point=("col4", "col5"), when=lambda v: v.get("phase") == "play"),
        Step("sk.limit", point=("col4", "col5")),
        Step("sk.sum", point=("col4", "col5")),
        Step("sk.spare_what", point=("spare",), when=_your_turn),
        Step("sk.spare", point=("spare", "button:draw_spare"), expect={"type": "draw_spare"},
             why="sk.spare_why"),
        Step("sk.pig_what", point=("need_pig", "button:pig", "hand")),
        Step("sk.pig_owner", point=("col4",)),
        Step("sk.pig", point=("column4",),
             expect={"type": "play", "card": 1, "target": 4, "pig": True}, why="sk.pig_why",
             clicks=(Click("sk.pig_card", ("card1",), _holding(1)),
                     Click("sk.pig_on", ("button:pig",), _pig_on))),
        Step("sk.over_what", point=("col5",)),
        Step("sk.over", point=("column5", "card15"),
             expect={"type": "play", "card": 15, "target": 5, "pig": False},
             why="sk.over_why"),
        Step("sk.must", point=("hand",)),
        Step("sk.play", point=("column7", "card9"),
             expect={"type": "play", "card": 9, "target": 7, "pig": False},
             why="sk.play_why"),
        Step("sk.round_over", point=(), when=_round_over),
        Step("sk.penalty", point=(), fill=_penalty),
        Step("sk.end", point=()),
    ),
)

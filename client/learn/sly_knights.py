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
from client.learn.lesson import Lesson, Step, View
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


WORDS: Strings = {
    "sk.hello": both(
        "This is Sly Knight Robbery. Everyone has cards 1 to 16; there are three rounds. "
        "These five cards are your hand for this round.",
        "大どろぼうとズルい騎士へようこそ。全員が1〜16のカードを持ち、3ラウンド遊びます。"
        "この5枚がこのラウンドの手札です。"),
    "sk.choose": both(
        "First, everyone lays two cards face down as score cards. Whoever plays the last "
        "card on a score card wins it. Click your 10 and your 11, then Lay these two.",
        "まず全員が2枚を裏向きで得点カードにします。得点カードに最後にカードを出した人が"
        "それをもらえます。10と11をクリックして「この2枚にする」。"),
    "sk.choose_why": both("For this lesson, lay your 10 and 11: click both, then Lay these two.",
                          "このレッスンでは10と11: 両方クリックして「この2枚にする」。"),
    "sk.shown": both(
        "All score cards turn up at once; the highest pair starts. On your turn you play a "
        "card onto any score card: it may not be higher than the score card, and the cards "
        "on it may not add up to more.",
        "得点カードが一斉に表になり、合計の高い人から始めます。手番では好きな得点カードに"
        "1枚出します: 得点カードの数以下で、上のカードの合計もその数を超えてはいけません。"),
    "sk.spare": both(
        "Your spare lies sideways, face down: once a game you may take it into your hand, "
        "now or at your turn. Take it now.",
        "横向きの裏向きのカードがスペアです。1ゲームに1回、手札に加えられます。"
        "今、取りましょう。"),
    "sk.spare_why": both("Take your spare first: click the card lying sideways.",
                         "まずスペアを取りましょう: 横向きのカードをクリック。"),
    "sk.pig": both(
        "Your pig makes a card count one more. Click your 1, switch the pig on, then click "
        "Chika's 15. Pigs go to the score card's owner; each is worth 2 at the end.",
        "ブタを付けるとカードが1多く数えられます。1をクリックし、ブタをオンにして、"
        "チカの15をクリック。ブタは得点カードの持ち主のものになり、最後に1匹2点です。"),
    "sk.pig_why": both("Play your 1 with the pig on Chika's 15.",
                       "1をブタ付きでチカの15に出しましょう。"),
    "sk.over": both(
        "Overplaying: a card played on a score card takes it from whoever played last "
        "there. Play your 15 on Chika's 16: you are its last player now.",
        "横取り: 得点カードに出すと、それまで最後に出した人から奪えます。"
        "15をチカの16に出しましょう: 今はあなたが最後の人です。"),
    "sk.over_why": both("Play your 15 on Chika's 16.", "15をチカの16に出しましょう。"),
    "sk.play": both(
        "A card must be played if one can be. Play your 9 on Daichi's 16.",
        "出せるカードがあれば必ず出します。9をダイチの16に出しましょう。"),
    "sk.play_why": both("Play your 9 on Daichi's 16.", "9をダイチの16に出しましょう。"),
    "sk.penalty": both(
        "The round is over. Each score card went to the last player on it. Your {n} stayed "
        "in your hand: cards left in hand are penalties, minus their value at the end.",
        "ラウンド終了。得点カードはそれぞれ最後に出した人のものに。手に残った{n}は"
        "ペナルティ: 最後にその数だけ減点です。"),
    "sk.end": both(
        "That is Sly Knight Robbery: three such rounds, then score cards plus 2 per pig, "
        "minus penalties. Play on, or leave with Esc.",
        "これが大どろぼうとズルい騎士です: 3ラウンド後、得点カード+ブタ1匹2点−ペナルティ。"
        "このまま続けるか、Escで終わりにしましょう。"),
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
        Step("sk.choose", point=("pick_next", "button:confirm"),
             expect={"type": "choose", "cards": list(SCORE_CARDS)}, why="sk.choose_why"),
        Step("sk.shown", point=("col4", "col5"), when=lambda v: v.get("phase") == "play"),
        Step("sk.spare", point=("spare", "button:draw_spare"), expect={"type": "draw_spare"},
             why="sk.spare_why"),
        Step("sk.pig", point=("need_pig", "column4", "card1"),
             expect={"type": "play", "card": 1, "target": 4, "pig": True}, why="sk.pig_why"),
        Step("sk.over", point=("column5", "card15"),
             expect={"type": "play", "card": 15, "target": 5, "pig": False},
             why="sk.over_why"),
        Step("sk.play", point=("column7", "card9"),
             expect={"type": "play", "card": 9, "target": 7, "pig": False},
             why="sk.play_why"),
        Step("sk.penalty", point=(), when=_round_over, fill=_penalty),
        Step("sk.end", point=()),
    ),
)

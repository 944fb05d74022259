"""The Sly Knight Robbery story in words: the cards that never left the piles, and each
player's score laid out — captured score cards, pigs, penalties (RULES.md §4)."""

from __future__ import annotations

from typing import Any

from client.i18n import tr
from client.kit.reveal import Section, Story
from client.kit.words import Namer, Words, both
from client.scenes.sly_knights.words import card_name, joined, names_of

WORDS = {
    "story.scoring": both("The score, laid out", "得点の内訳"),
    "story.seat": both("{name}: captured {cards} = {captured}, pigs {pigs} × 2 = {pig_points}, "
                       "penalties {penalties} = −{penalty} → {score}",
                       "{name}: 獲得{cards} = {captured}、ぶた{pigs} × 2 = {pig_points}、"
                       "減点{penalties} = −{penalty} → {score}点"),
    "story.none": both("none", "なし"),
    "story.hidden": both("Never seen", "誰も見なかった札"),
    "story.pile": both("{name}'s pile: {cards}", "{name}の山札: {cards}"),
    "story.spare": both("{name}'s spare card: {card}", "{name}の予備札: {card}"),
    "story.all_drawn": both("Every card was drawn: nothing stayed hidden but the penalties.",
                            "すべての札が引かれた: 隠れていたのは減点札だけ。"),
}

tell = Words(WORDS)


def _cards(cards: list[int]) -> str:
    return joined([card_name(int(c)) for c in cards]) or tell("story.none")


def story_words(story: dict[str, Any], name: Namer) -> Story:
    scoring = []
    for seat, score in enumerate(story["scores"]):
        captured = [int(c["value"]) for c in story["captured"][seat]]
        scoring.append(tell("story.seat", name=name(seat), cards=_cards(captured),
                            captured=story["captured_points"][seat], pigs=story["pigs"][seat],
                            pig_points=story["pig_points"][seat],
                            penalties=_cards(story["penalties"][seat]),
                            penalty=story["penalty_points"][seat], score=score))
    hidden = [tell("story.pile", name=name(s), cards=_cards(pile))
              for s, pile in enumerate(story["piles"]) if pile]
    hidden += [tell("story.spare", name=name(s), card=card_name(int(c)))
               for s, c in enumerate(story["spares"]) if c is not None]
    sections = [Section(tell("story.scoring"), scoring),
                Section(tell("story.hidden"), hidden or [tell("story.all_drawn")])]
    return Story(tr("reveal.winners", names=names_of(list(story["winners"]), name)), sections)

"""The Sly Knight Robbery story in words: the cards that never left the piles, and each
player's score laid out — captured score cards, pigs, penalties (RULES.md §4)."""

from __future__ import annotations

from client.i18n import tr
from client.kit.reveal import Section, Story
from client.kit.words import Namer, Words, both
from client.scenes.sly_knights.words import card_name, joined, names_of
from core.games.sly_knights.shapes import SlyStory

WORDS = {
    "story.scoring": both("The score, laid out", "得点の内訳"),
    "story.seat": both("{name}: {parts} → {score}", "{name}: {parts} → {score}点"),
    "story.captured": both("captured {cards} = {points}", "獲得{cards} = {points}"),
    "story.nothing_captured": both("nothing captured", "獲得なし"),
    "story.pigs": both("pigs {n} × 2 = {points}", "ぶた{n} × 2 = {points}"),
    "story.no_pigs": both("no pigs", "ぶたなし"),
    "story.penalties": both("penalties {cards} = −{points}", "減点{cards} = −{points}"),
    "story.no_penalties": both("no penalties", "減点なし"),
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


def seat_sum(story: SlyStory, seat: int) -> str:
    """One seat's score as a sum whose every part says what it counts; a part with
    nothing in it says so ("no penalties"), never "none = −0"."""
    captured = [int(c["value"]) for c in story["captured"][seat]]
    penalties = [int(c) for c in story["penalties"][seat]]
    pigs = int(story["pigs"][seat])
    parts = [
        tell("story.captured", cards=_cards(captured), points=story["captured_points"][seat])
        if captured else tell("story.nothing_captured"),
        tell("story.pigs", n=pigs, points=story["pig_points"][seat]) if pigs
        else tell("story.no_pigs"),
        tell("story.penalties", cards=_cards(penalties), points=story["penalty_points"][seat])
        if penalties else tell("story.no_penalties"),
    ]
    return joined(parts)


def story_words(story: SlyStory, name: Namer) -> Story:
    scoring = [tell("story.seat", name=name(seat), parts=seat_sum(story, seat), score=score)
               for seat, score in enumerate(story["scores"])]
    hidden = [tell("story.pile", name=name(s), cards=_cards(pile))
              for s, pile in enumerate(story["piles"]) if pile]
    hidden += [tell("story.spare", name=name(s), card=card_name(int(c)))
               for s, c in enumerate(story["spares"]) if c is not None]
    sections = [Section(tell("story.scoring"), scoring),
                Section(tell("story.hidden"), hidden or [tell("story.all_drawn")])]
    return Story(tr("reveal.winners", names=names_of(list(story["winners"]), name)), sections)

"""The Choose! story in words: every mouse under every stack, the discard pile nobody saw,
and each round's score, mouse by mouse (RULES.md §2)."""

from __future__ import annotations

from client.i18n import tr
from client.kit.reveal import Section, Story
from client.kit.words import Namer, Words, both
from client.scenes.choose.words import joined, kind_name, names_of
from core.games.choose.shapes import ChooseStory, StoryRound

WORDS = {
    "story.round": both("Round {r}", "第{r}ラウンド"),
    "story.stack": both("{owner}'s kitchen: {top}{under}{nest} → {points}",
                        "{owner}の台所: {top}{under}{nest} → {points}点"),
    "story.under": both(", over {cards}", "、その下に{cards}"),
    "story.nest": both(", on a Nest", "、すみか付き"),
    "story.no_stacks": both("No mouse reached a kitchen.", "台所にねずみはいなかった。"),
    "story.discard": both("Never shown (discard pile): {cards}",
                          "誰も見ていない捨て札: {cards}"),
    "story.count": both("{n} {kind}", "{kind}{n}枚"),
    "story.score": both("{name}: {raw} → {score} (total {total})",
                        "{name}: {raw} → {score}点(合計{total})"),
    "story.totals": both("Final scores", "最終得点"),
}

tell = Words(WORDS)


def round_lines(record: StoryRound, name: Namer) -> list[str]:
    lines = []
    for stack in record["stacks"]:
        under = [kind_name(str(k)) for k in stack.get("cards", [])[:-1]]
        lines.append(tell("story.stack", owner=name(int(stack["owner"])),
                          top=kind_name(str(stack["kind"])),
                          under=tell("story.under", cards=joined(under)) if under else "",
                          nest=tell("story.nest") if stack["nested"] else "",
                          points=stack["points"]))
    if not record["stacks"]:
        lines.append(tell("story.no_stacks"))
    discard = record.get("discard") or {}
    if discard:
        cards = joined([tell("story.count", n=n, kind=kind_name(k)) for k, n in discard.items()])
        lines.append(tell("story.discard", cards=cards))
    for seat, score in enumerate(record["scores"]):
        lines.append(tell("story.score", name=name(seat), raw=record["raw"][seat], score=score,
                          total=record["totals"][seat]))
    return lines


def story_words(story: ChooseStory, name: Namer) -> Story:
    sections = [Section(tell("story.round", r=r["round"]), round_lines(r, name))
                for r in story["rounds"]]
    sections.append(Section(tell("story.totals"),
                            [f"{name(s)}: {v}" for s, v in enumerate(story["scores"])]))
    return Story(tr("reveal.winners", names=names_of(list(story["winners"]), name)), sections)

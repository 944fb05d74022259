"""The Seven Knights Bewitched story in words: each round's tiles, centre and set-aside
tiles, the line-up and why it held or fell, and who was bewitched (RULES.md §3)."""

from __future__ import annotations

from client.kit.reveal import Section, Story
from client.kit.words import Namer, Words, both
from client.scenes.knights.words import japanese, names_of, say, tile_short, value_word
from core.games.knights.shapes import KnightsStory, StoryRound

WORDS = {
    "story.round": both("Round {r}: {result}", "第{r}ラウンド: {result}"),
    "story.tiles": both("Tiles: {tiles}", "タイル: {tiles}"),
    "story.aside": both("Set aside unseen: {tiles}", "伏せて除外: {tiles}"),
    "story.captain": both("Captain: {name} (tile {value})", "隊長: {name}(タイル{value})"),
    "story.line_up": both("Line-up: {row}", "隊列: {row}"),
    "story.left_out": both("Left out: {tiles}", "外したタイル: {tiles}"),
    "story.bewitched": both("Bewitched: {names}", "虜: {names}"),
    "story.nobody_bewitched": both("Nobody was bewitched.", "虜になった人はいない。"),
    "story.witch_side": both("Witch side: {names}", "魔女陣営: {names}"),
    "story.points": both("Points this round: {points}", "このラウンドの得点: {points}"),
    "why.success": both("Every knight in ascending order, no Witch in the row: the line-up "
                        "holds.", "騎士が全員昇順に並び、魔女はいない: 隊列は成功。"),
    "why.witch_in_row": both("The Witch was in the row: the line-up fails.",
                             "隊列に魔女が入っていた: 隊列は失敗。"),
    "why.knight_left_out": both("A knight was left out of the row: the line-up fails.",
                                "騎士が隊列から外されていた: 隊列は失敗。"),
    "why.order": both("The numbers were not in ascending order: the line-up fails.",
                      "数字が昇順でなかった: 隊列は失敗。"),
    "why.captain_witch": both("The captain was the Witch: no line-up.",
                              "隊長が魔女だった: 隊列なし。"),
    "why.captain_bewitched": both("The captain was bewitched: no line-up.",
                                  "隊長が虜だった: 隊列なし。"),
    "story.totals": both("Final scores", "最終得点"),
}

tell = Words(WORDS)


def _joined(parts: list[str]) -> str:
    return ("、" if japanese() else ", ").join(parts)


def round_lines(record: StoryRound, name: Namer) -> list[str]:
    n = int(record["seats"])
    tiles = list(record["tiles"])

    def where(tile: int) -> str:
        return f"{tile_short(tile, n, name)}={value_word(tiles[tile])}"

    lines = [tell(f"why.{record['why']}"),
             tell("story.tiles", tiles=_joined([where(i) for i in range(len(tiles))]))]
    if record.get("aside"):
        lines.append(tell("story.aside", tiles=_joined([value_word(v) for v in record["aside"]])))
    captain = record.get("captain")
    if captain is not None:
        lines.append(tell("story.captain", name=name(int(captain)),
                         value=value_word(tiles[int(captain)])))
    order = record.get("order")
    if order is not None:
        lines.append(tell("story.line_up", row=" → ".join(where(int(i)) for i in order)))
        if record.get("left_out"):
            lines.append(tell("story.left_out",
                             tiles=_joined([where(int(i)) for i in record["left_out"]])))
    bewitched = [int(s) for s in record.get("bewitched") or []]
    lines.append(tell("story.bewitched", names=names_of(bewitched, name)) if bewitched
                 else tell("story.nobody_bewitched"))
    lines.append(tell("story.witch_side", names=names_of(list(record["witch_side"]), name)))
    points = [f"{name(s)} +{v}" for s, v in enumerate(record["scores"]) if v]
    if points:
        lines.append(tell("story.points", points=_joined(points)))
    return lines


def story_words(story: KnightsStory, name: Namer) -> Story:
    sections = [Section(tell("story.round", r=r["round"], result=say(f"result.{r['side']}")),
                        round_lines(r, name)) for r in story["rounds"]]
    totals = [f"{name(s)}: {v}" for s, v in enumerate(story["scores"])]
    sections.append(Section(tell("story.totals"), totals))
    winners = [int(s) for s in story["winners"]]
    return Story(say("end.winners", names=names_of(winners, name)), sections)

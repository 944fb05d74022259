"""Japanese lines break by the usual rules (issue 30, part 2): no line begins with a
closing mark (。、」) and the like), no katakana word is split ("ボッ/ト") unless it is
wider than a whole line, and a count keeps its sign ("×2" never begins a line).
Checked over every Japanese text the window declares and every rules text, at many
widths."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest

from client.assets import CLOSERS, OPENERS, font, wrap
from client.games import CLIENT
from client.rules_text import RULES
from client.strings import STRINGS

KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc-\u30fe]")


def japanese_texts() -> Iterator[str]:
    for entry in [*STRINGS.values(), *(e for g in CLIENT for e in CLIENT[g].strings().values())]:
        if "ja" in entry:  # with the names and numbers a table puts in
            yield re.sub(r"\{[a-z_]+\}", lambda m: "ベン(ボット)" if "name" in m.group() else "12",
                         entry["ja"])
    for texts in RULES.values():
        yield from texts.get("ja", "").split("\n")
    # log lines as the table writes them, with bots' names in them
    yield "エミ(ボット)がベン(ボット)に質問: アダ(あなた)のタイルは4ですか?"
    yield "Ben (Bot): 平凡、手下 ×2、ロボ、すみか ×2、駆除業者 ×2"
    yield "• Daichi (ボット)→Chika (ボット): Chika (ボット)のタイルは5ですか?  いいえ"


@pytest.fixture(scope="module", autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield


@pytest.mark.parametrize("size", [11, 16])
def test_no_line_begins_with_a_closer_nor_splits_a_katakana_word(size: int) -> None:
    texts = sorted({t for t in japanese_texts() if t.strip()})
    assert len(texts) > 200
    bad = []
    for words in texts:
        for width in range(size * 5, size * 30, size * 2):
            lines = wrap(words, size, width)
            for above, below in zip(lines, lines[1:], strict=False):
                if below and below[0] in CLOSERS:
                    bad.append((words, width, below))
                end = above.rstrip()
                if end[-1:] in tuple(OPENERS) and len(end) > 1 and end[-2] not in CLOSERS:
                    bad.append((words, width, f"{above}/"))
                if above and below and KATAKANA.match(above[-1]) and KATAKANA.match(below[0]):
                    head = re.search(r"[\u30a1-\u30fa\u30fc-\u30fe]+$", above)
                    # with the marks that must follow it onto its line
                    tail = re.match(r"[\u30a1-\u30fa\u30fc-\u30fe]+[\x21-\x7e。、）」』！？…]*",
                                    below)
                    word = (head.group() if head else "") + (tail.group() if tail else "")
                    if font(size).size(word)[0] <= width:  # it fitted a line of its own
                        bad.append((words, width, f"{above}/{below}"))
    assert not bad, bad[:10]


def test_the_known_breaks_read_right() -> None:
    assert wrap("エミ(ボット)がベン(ボット)に質問しました。", 12, 100)[0].endswith("(ボット)が")
    lines = wrap("ルールの説明です。", 16, 16 * 8)
    assert all(not line.startswith("。") for line in lines)
    # a number keeps its counter: the end sheet said "サイコロ2、2" / "時に起床"
    words = "Chika (ボット): お寝坊さん・フォロワー — サイコロ2、2時に起床"
    for width in range(120, 400, 7):
        lines = wrap(words, 16, width)
        assert not any(line.startswith("時") for line in lines), (width, lines)


@pytest.mark.parametrize("game_id", sorted(RULES))
def test_the_rules_screen_breaks_its_lines_by_the_same_rules(game_id: str) -> None:
    """The rules screen's box would break Japanese anywhere: its lines come broken."""
    import html

    from client import i18n
    from client.app import HEADLESS_DT, App
    from client.scenes.rules import RulesScene
    from client.settings import Settings

    app = App(Settings(), headless=True, size=(1024, 600))
    before = i18n.language()
    app.set_language("ja")
    try:
        scene = RulesScene(app, game_id)
        app.push(scene)
        app.step(HEADLESS_DT)
        lines = [html.unescape(line) for line in scene.box.html_text.split("<br>")]
        assert len(lines) > 20
        for above, below in zip(lines, lines[1:], strict=False):
            assert not below or below[0] not in CLOSERS, (above, below)
            assert not (above and below and KATAKANA.match(above[-1])
                        and KATAKANA.match(below[0])), (above, below)
    finally:
        app.set_language(before)
        app.close()


def test_a_question_inside_a_japanese_text_is_full_width() -> None:
    """"このゲームをやめますか?再開はできません。" ran the next sentence into a narrow "?":
    between two Japanese sentences the mark is the full-width ？, which carries its own
    space. (The shouts' "チーズ!チーズ!" stay narrow: a bubble, not sentences.)"""
    japanese = r"[\u3040-\u30ff\u4e00-\u9fff]"
    crowded = [t for t in japanese_texts() if re.search(f"{japanese}[?]{japanese}", t)]
    assert crowded == []

"""A Knights question reads right on every screen: it names its subject by name, says
"you"/"your" only to the reader it is about, and is the same question for every reader
(issue 30). Checked over every question form, every reader, and every place a question
is written: the sentence, the Q&A line, the log line, the answerer's prompt, the
builder's preview and the waiting line of a real table."""

from __future__ import annotations

import re
from typing import Any

import pytest

from client import i18n
from client.app import App
from client.scenes.knights import KnightsScene
from client.scenes.knights.bar import prompt_and_buttons, waiting_words
from client.scenes.knights.words import (
    answer_prompt,
    describe,
    preview_words,
    qa_line,
    question_words,
    tile_word,
)
from core.registry import GAMES
from tests import client_rig as rig
from tests.client_rig import show_table
from tests.language import each_language

in_each_language = each_language()

NAMES = ["Ada", "Ben (Bot)", "Chika", "Emi (Bot)"]
N = len(NAMES)
NUMBERS = [1, 2, 3, 4, 5]
READERS: list[int | None] = [None, *range(N)]


def name(seat: int) -> str:
    return NAMES[seat]


# Every form the words know, on a seat's tile and on a centre tile.
FORMS: list[dict[str, Any]] = [
    {"form": "in", "values": [4]},  # is
    {"form": "in", "values": [2, 5]},  # one of
    {"form": "in", "values": [3, 4, 5]},  # at least
    {"form": "in", "values": [1, 2]},  # at most
    {"form": "in", "values": [1, 3, 5]},  # odd
    {"form": "in", "values": [2, 4]},  # even
]
QUESTIONS: list[dict[str, Any]] = [
    dict(f, tile=tile, asker=0, answerer=1) for f in FORMS for tile in (0, 1, 2, N)
] + [
    {"form": "greater", "tile": t, "other": o, "asker": 3, "answerer": 2}
    for t, o in ((0, 1), (2, 3), (3, N), (N, 2), (1, 0))
]


def you_in(text: str) -> bool:
    if i18n.language() == "ja":
        return "あなた" in text
    return re.search(r"\byou(rs?)?\b", text, re.IGNORECASE) is not None


def seats_asked_about(q: dict[str, Any]) -> set[int]:
    tiles = {int(q["tile"])} | ({int(q["other"])} if q["form"] == "greater" else set())
    return {t for t in tiles if t < N}


def unmarked(text: str, me: int | None, namer: Any = name) -> str:
    """The text with the reader's mark taken off: what a bystander reads."""
    if me is None:
        return text
    return text.replace(tile_word(me, N, namer, me), tile_word(me, N, namer, None))


@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: f"{q['form']}-{q['tile']}-"
                         f"{q.get('values', q.get('other'))}")
def test_every_form_for_every_reader(lang: str, q: dict[str, Any]) -> None:
    bystander = question_words(q, N, NUMBERS, name, None)
    assert not you_in(bystander)
    for me in READERS:
        words = question_words(q, N, NUMBERS, name, me)
        for seat in seats_asked_about(q):
            assert name(seat) in words, f"{words!r} does not name {name(seat)}"
        assert you_in(words) == (me in seats_asked_about(q)), (me, words)
        assert unmarked(words, me) == bystander, "every reader reads the same question"
        entry = dict(q, answer=True)
        for line in (qa_line(entry, N, NUMBERS, name, me),
                     describe(dict(q, type="question"), N, NUMBERS, me, name),
                     preview_words(q, N, NUMBERS, name, me)):
            assert line is not None and words in line
            assert you_in(line) == (me in seats_asked_about(q)), (me, line)
            assert name(int(q["answerer"])) in line
        prompt = answer_prompt(q, N, NUMBERS, name, me)
        assert words in prompt and name(int(q["asker"])) in prompt


def test_a_reader_called_you_reads_the_label_on_the_table(lang: str) -> None:
    """With no name set the reader's knight is labelled "You": the question names that
    label, so "your" is never the answerer's."""
    names = [i18n.tr("you"), *NAMES[1:]]

    def named(seat: int) -> str:
        return names[seat]

    q = {"type": "question", "asker": 3, "answerer": 1, "form": "in", "tile": 0,
         "values": [4]}
    line = describe(q, N, NUMBERS, 0, named) or ""
    assert line.endswith("Is your tile (You) the 4?" if lang == "en"
                         else "「あなた」のタイルは4ですか?"), line
    assert you_in(line)
    assert unmarked(line, 0, named) == describe(q, N, NUMBERS, 2, named)


def test_the_issue_examples_read_right() -> None:
    before = i18n.language()
    i18n.set_language("en")
    try:
        # Emi asks Ben about the reader's (Ada's) tile: "your tile" would read as Ben's.
        line = describe({"type": "question", "asker": 3, "answerer": 1, "form": "in",
                         "tile": 0, "values": [4]}, N, NUMBERS, 0, name)
        assert line == "Emi (Bot) asks Ben (Bot): Is Ada's tile (yours) the 4?"
        # The same question in Chika's log.
        line = describe({"type": "question", "asker": 3, "answerer": 1, "form": "in",
                         "tile": 0, "values": [4]}, N, NUMBERS, 2, name)
        assert line == "Emi (Bot) asks Ben (Bot): Is Ada's tile the 4?"
        # The builder's preview: Ada asks Ben whether her tile beats his.
        preview = preview_words({"form": "greater", "tile": 0, "other": 1, "answerer": 1},
                                N, NUMBERS, name, 0)
        assert preview == "Ask Ben (Bot): Is Ada's tile (yours) greater than Ben (Bot)'s tile?"
        i18n.set_language("ja")
        line = describe({"type": "question", "asker": 3, "answerer": 1, "form": "in",
                         "tile": 0, "values": [4]}, N, NUMBERS, 0, name)
        assert line == "Emi (Bot)→Ben (Bot): Ada(あなた)のタイルは4ですか?"
    finally:
        i18n.set_language(before)


def test_a_real_table_writes_the_question_for_each_reader(app: App, lang: str) -> None:
    """A question waiting for its answer, drawn from every seat and by a bystander: the
    bar says it with names, "you" only for the reader it is about."""
    game = GAMES["knights"]
    state, _, events = rig.reach(game, 5, lambda s, p, e: s.phase == "answer"
                                 and s.question is not None and s.question["tile"] < 5)
    app.set_language(lang)
    q = dict(state.question)
    about = {t for t in (q["tile"], q.get("other")) if t is not None and t < 5}
    readers: list[int | None] = [None, *range(5)]
    seen = set()
    for me in readers:
        scene = show_table(app, game, state, me, events, "Knight", timed=True, frames=5)
        assert isinstance(scene, KnightsScene) and scene.k is not None
        words = waiting_words(scene, scene.k)
        prompt, _ = prompt_and_buttons(scene, scene.k)
        question = question_words(scene.k.question or {}, scene.k.n, scene.k.numbers,
                                  scene.name, me)
        assert question in words and question in prompt
        assert you_in(question) == (me in about), (me, question)
        if me is not None:
            question = question.replace(tile_word(me, 5, scene.name, me),
                                        tile_word(me, 5, scene.name, None))
        seen.add(question)
    assert len(seen) == 1, seen

"""A lesson names what is on the table by the words the table shows: a newcomer looks
for the button or the badge the sentence names, in either language."""

from __future__ import annotations

import pytest

from client.learn.knights import LESSON as KNIGHTS
from client.learn.sly_knights import LESSON as SLY
from client.scenes.knights.words import STRINGS as KNIGHTS_TABLE
from client.scenes.sly_knights.words import WORDS as SLY_TABLE


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_sly_lesson_names_the_button_that_lays_the_score_cards(lang: str) -> None:
    button = SLY_TABLE["act.confirm"][lang]
    assert button in SLY.words["sk.choose"][lang]
    assert button in SLY.words["sk.choose_why"][lang]


def test_the_knights_lesson_calls_the_captain_what_the_table_calls_it() -> None:
    captain = KNIGHTS_TABLE["mark.captain"]["ja"]
    texts = [w["ja"] for w in KNIGHTS.words.values()]
    assert any(captain in t for t in texts)
    assert [t for t in texts if "船長" in t] == []

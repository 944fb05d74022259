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


def test_the_sly_lesson_names_the_pig_and_the_spare_as_the_table_does() -> None:
    """The table says 予備 and ぶたコマ: a lesson saying スペア or ブタ sends a newcomer
    looking for a word that is not on the screen."""
    for lang in ("en", "ja"):
        pig_button = SLY_TABLE["act.pig_on"][lang].split(":")[0]
        assert pig_button in SLY.words["sk.pig_on"][lang]
        assert SLY_TABLE["spare"][lang] in SLY.words["sk.spare"][lang]
    texts = " ".join(w["ja"] for w in SLY.words.values())
    assert "スペア" not in texts and "ブタ" not in texts

"""Knights questions read as people ask them: the reader's own tile goes by its owner's
name marked "(yours)", centre tiles go by letters so their names never read as values,
and a single value reads "the 4"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from client import i18n
from client.scenes.knights.words import question_words, tile_short

NAMES = ["Player", "Chika", "Daichi", "Emi"]
NUMBERS = [1, 2, 3, 4]


def name(seat: int) -> str:
    return NAMES[seat]


@pytest.fixture
def language() -> Iterator[None]:
    before = i18n.language()
    yield
    i18n.set_language(before)


@pytest.mark.parametrize(("lang", "question", "me", "words"), [
    ("en", {"form": "in", "tile": 0, "values": [3, 4]}, 0, "Is Player's tile (yours) 3 or more?"),
    ("en", {"form": "in", "tile": 0, "values": [3, 4]}, 1, "Is Player's tile 3 or more?"),
    ("en", {"form": "in", "tile": 4, "values": [1, 2]}, 0, "Is centre tile A 2 or less?"),
    ("en", {"form": "in", "tile": 5, "values": [4]}, None, "Is centre tile B the 4?"),
    ("en", {"form": "in", "tile": 1, "values": [1, 3]}, 1, "Is Chika's tile (yours) odd?"),
    ("en", {"form": "in", "tile": 4, "values": [1, 3]}, 1, "Is centre tile A odd?"),
    ("en", {"form": "greater", "tile": 2, "other": 0}, 0,
     "Is Daichi's tile greater than Player's tile (yours)?"),
    ("ja", {"form": "in", "tile": 0, "values": [3, 4]}, 0, "Player(あなた)のタイルは3以上ですか?"),
    ("ja", {"form": "in", "tile": 4, "values": [1, 2]}, 0, "中央タイルAは2以下ですか?"),
])
def test_questions_read_naturally(language: None, lang: str, question: dict[str, object],
                                  me: int | None, words: str) -> None:
    i18n.set_language(lang)
    assert question_words(question, len(NAMES), NUMBERS, name, me) == words


def test_the_table_labels_centre_tiles_with_the_same_letters(language: None) -> None:
    i18n.set_language("en")
    assert [tile_short(t, 4, name) for t in (3, 4, 5)] == ["Emi", "Centre A", "Centre B"]

"""A log line about the reader reads as English says it to them: "You take 1 and 2",
"You are ready to vote", "Your robo mouse", "stole from you", never "You takes",
"You is", "You's" or "from You". Every game's lines in which a seat is the subject (or
the one robbed, or asked) are rendered for that seat and for another, in both
languages.

Before, a one-person table of each game showed "You takes 1, You takes 2", "You
starts.", "You's robo mouse saw the stealer's card.", "You asks Emi (Bot): …" and
"You is ready to vote."."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from client import i18n
from client.scenes.cheese_thief import words as cheese
from client.scenes.choose import words as choose
from client.scenes.knights import words as knights
from client.scenes.sly_knights import words as sly

WRONG = re.compile(r"\bYou (?!were\b|was\b)[a-z]+(?<!ss)s\b|\bYou (is|has)\b|\bYou's\b"
                   r"|[a-z,] You\b")
"""A verb that agrees with "he", a possessive "You's", a "You" mid-sentence after a
word (a list of who did what may start a clause with it after a comma)."""


@pytest.fixture(params=["en", "ja"])
def lang(request: Any) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def namer(me: int) -> Any:
    def name(seat: int) -> str:
        return i18n.tr("you") if seat == me else ["Ana", "Ben", "Chika", "Dai", "Emi"][seat]
    return name


SLY: list[dict[str, Any]] = [
    {"type": "reveal", "score_cards": [[1, 2], [9, 10], [4, 5]], "start_player": 0,
     "tied": []},
    {"type": "reveal", "score_cards": [[1, 9], [9, 1], [4, 5]], "start_player": 0,
     "tied": [0, 1]},
    {"type": "round_end", "round": 1, "captures": [
        {"taker": 0, "value": 1}, {"taker": 0, "value": 2}, {"taker": 1, "value": 15}]},
]
CHOOSE: list[dict[str, Any]] = [
    {"type": "round", "round": 2, "rounds": 4, "start_player": 0},
    {"type": "robo", "seat": 0}, {"type": "pull_back", "seat": 0},
    {"type": "steal", "seat": 1, "robbed": 0, "revealed": "ordinary", "stolen": 3},
]
KNIGHTS: list[dict[str, Any]] = [
    {"type": "round", "round": 1, "start": 0},
    {"type": "inspect", "seat": 0, "tile": 1},
    {"type": "ask_turn", "seat": 0, "extra": True},
    {"type": "question", "asker": 0, "answerer": 1, "form": "in", "tile": 1, "values": [3]},
    {"type": "question", "asker": 1, "answerer": 0, "form": "in", "tile": 2, "values": [3]},
    {"type": "answer", "answerer": 0, "answer": True},
    {"type": "captain", "captain": 0, "tally": [2, 1, 0]},
    {"type": "captain_tile", "seat": 0, "value": 4},
    {"type": "captain_bewitched", "seat": 0},
    {"type": "line_up_open", "captain": 0},
]
CHEESE: list[dict[str, Any]] = [{"type": kind, "seat": 0} for kind in ("ready", "unready",
                                                                      "voted")]


def lines(me: int) -> list[str]:
    name = namer(me)
    said = [sly.describe(e, name) for e in SLY]
    said += [choose.describe(e, name) for e in CHOOSE]
    said += [knights.describe(e, 3, [1, 2, 3, 4, 5], me, name) or "" for e in KNIGHTS]
    said += [cheese.describe(e, name, 4) for e in CHEESE]
    return said


def test_a_line_about_the_reader_says_you_as_english_does(lang: str) -> None:
    mine, theirs = lines(0), lines(3)
    for line in mine:
        assert not WRONG.search(line), line
        assert "you" in line.lower() or "あなた" in line, line
    assert not any("あなた" in line or "you" in line.lower().split() for line in theirs
                   if "stole" not in line), theirs
    if lang == "en":
        assert "Round 1 over: You take 1 and 2, Ben takes 15." in mine
        assert "Your robo mouse saw the stealer's card." in mine
        assert "You are ready to vote." in mine
        assert any(line.startswith("You ask Ben: ") for line in mine)
        assert any(line.startswith("Ben asks you: ") for line in mine)
        assert "Round 1 over: Ana takes 1 and 2, Ben takes 15." in theirs
    else:
        assert "第1ラウンド終了: あなたが1と2を獲得、Benが15を獲得。" in mine

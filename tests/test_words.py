"""English that reads right at every table: one and many, "an" before a vowel, and
players level on points sharing their place."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from client import i18n
from client.kit.words import Words, both, standings
from client.rules_text import RULES
from client.scenes.cheese_thief.words import describe as describe_cheese
from client.scenes.choose.words import WORDS as CHOOSE


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    before = i18n.language()
    i18n.set_language("en")
    yield
    i18n.set_language(before)


def test_one_vote_and_two_votes() -> None:
    assert i18n.tr("votes_n", n=1) == "1 vote"
    assert i18n.tr("votes_n", n=2) == "2 votes"
    i18n.set_language("ja")
    assert i18n.tr("votes_n", n=1) == "1票"


def test_an_before_a_vowel() -> None:
    words = Words(CHOOSE)
    assert words("ev.played", kind=words("kind.ordinary")) == "You played an Ordinary mouse."
    assert words("ev.played", kind="Hungry mouse") == "You played a Hungry mouse."
    assert Words({"k": both("{n} pts", "{n}点", one="{n} pt")})("k", n=1) == "1 pt"


def test_an_goes_by_the_sound_not_the_letter() -> None:
    """The night's narrator said "Whoever rolled an one", and a Sly Knight Robbery
    spare read "a 8"."""
    from client.scenes.sly_knights.words import say
    from client.voice_lines import LINES

    assert i18n.render(LINES["hour_1"], {}) == \
        "It is one o'clock. Whoever rolled a one, open your eyes."
    assert all(" an " not in i18n.render(LINES[f"hour_{h}"], {}) for h in range(1, 7))
    spares = {card: say("ev.spare", card=str(card)) for card in (1, 7, 8, 11, 16, 18, 80)}
    assert spares == {1: "Your spare was a 1.", 7: "Your spare was a 7.",
                      8: "Your spare was an 8.", 11: "Your spare was an 11.",
                      16: "Your spare was a 16.", 18: "Your spare was an 18.",
                      80: "Your spare was an 80."}
    text = Words({"k": both("It was a {x}.", "{x}")})
    assert [text("k", x=x) for x in ("apple", "Ordinary mouse", "unit", "UI", "Umbrella",
                                     "110", "1,100", "11,000", "800")] == [
        "It was an apple.", "It was an Ordinary mouse.", "It was a unit.", "It was a UI.",
        "It was an Umbrella.", "It was a 110.", "It was a 1,100.", "It was an 11,000.",
        "It was an 800."]


def test_ties_share_a_place() -> None:
    assert standings([5, 9, 9, 2]) == [(1, 1), (1, 2), (3, 0), (4, 3)]
    assert standings([0, 0]) == [(1, 0), (1, 1)]


def test_the_cheese_thief_log_says_only_what_applies_at_its_size() -> None:
    step = {"type": "followers_step"}
    five = describe_cheese(step, lambda s: f"P{s}", 5)
    assert "witness" in five and "picks followers" not in five
    assert "picks followers" in describe_cheese(step, lambda s: f"P{s}", 6)


def test_the_japanese_seven_player_rule_says_the_followers_do_not_know_the_thief() -> None:
    line = next(x for x in RULES["cheese_thief"]["ja"].splitlines() if x.startswith("・7人"))
    assert "誰が泥棒かは知りません" in line


def test_the_rules_screen_wraps_at_its_own_width() -> None:
    """The sources wrap their lines for the editor; the screen joins them back into
    paragraphs, keeping bullets, numbered rules and headings on lines of their own."""
    from client.scenes.rules import reflow

    text = "THE NIGHT\nHours are called in turn. An awake player\nsees who is awake.\n" \
           "• The Thief must take the cheese. Everyone\n  awake sees it.\n2. Vote.\n\n夜\n" \
           "1時から順に時刻が呼ばれ、\nその時刻の人が起きます。"
    assert reflow(text).split("\n") == [
        "THE NIGHT", "Hours are called in turn. An awake player sees who is awake.",
        "• The Thief must take the cheese. Everyone awake sees it.", "2. Vote.", "",
        "夜", "1時から順に時刻が呼ばれ、その時刻の人が起きます。"]


def test_a_speech_bubble_wraps_whole_words_and_stays_on_the_table() -> None:
    import pygame

    from client.assets import font
    from client.kit.bubble import bubble_lines, speech_bubble

    pygame.init()
    said = "I woke at three and the cheese was already gone, so it was Chika"
    lines = bubble_lines(said, 16, 160)
    assert 1 < len(lines) <= 3
    words = said.split()
    for line in lines:
        for word in line.rstrip("…").split():
            assert word in words  # never a word cut in two
        assert font(16, True).size(line)[0] <= 160
    table = pygame.Rect(0, 0, 400, 300)
    surface = pygame.Surface(table.size)
    box = speech_bubble(surface, (395, 20), said, 16, table)
    assert table.contains(box)


def test_a_rising_bubble_held_at_the_edge_or_left_out_draws_no_new_picture() -> None:
    """A bubble's ``shown`` is all its picture depends on: one that rises against the
    table's top edge stays put, and so draws as before (the table need not redraw);
    one that rises in the open moves; one with no free place is not drawn at all."""
    import pygame

    from client.kit.bubble import draw_placed, place

    pygame.init()
    table = pygame.Rect(0, 0, 400, 300)
    said = "Choose! Choose!"
    at_edge = [place((200, 20 - risen), said, 16, table) for risen in (0, 4, 9)]
    assert len({p.shown() for p in at_edge}) == 1 and at_edge[0].box.top == 0
    pictures = []
    for placed in at_edge:
        surface = pygame.Surface(table.size)
        draw_placed(surface, placed)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    assert len(set(pictures)) == 1
    in_the_open = [place((200, 200 - risen), said, 16, table) for risen in (0, 4)]
    assert in_the_open[0].shown() != in_the_open[1].shown()
    crowded = [place((200, 200 - risen), said, 16, table, avoid=[table], must_fit=True)
               for risen in (0, 4)]
    assert crowded[0].shown() == crowded[1].shown() == ()
    assert crowded[0].box.topleft != crowded[1].box.topleft


def test_a_prompt_fits_its_bar_in_one_line_or_two() -> None:
    import pygame

    from client.assets import font
    from client.kit.prompt import fitted_lines

    pygame.font.init()
    long = ("Aki (Bot) asks Ben (Bot): Is Chika (Bot)'s tile one of 1, 3, 5 or 7?  "
            "Knights answer truthfully; the Witch side may lie.") * 2
    for words in ("Your turn.", long, "隊長Aki (ボット)が隊列を並べています…" * 4):
        for width in (300, 600, 900):
            size, lines = fitted_lines(words, 16, width)
            assert len(lines) <= 2 and size >= 12
            assert all(font(size, True).size(line)[0] <= width for line in lines), lines


def test_no_english_hedges_a_plural() -> None:
    """"Waiting for 1 more player(s)" and "Choose your follower(s)": a count known when
    the words are drawn reads as one or many, on the window and on a phone."""
    import re
    from pathlib import Path

    from client.strings import STRINGS

    hedged = re.compile(r"[A-Za-z]\(s\)")
    assert [k for k, e in STRINGS.items() if hedged.search(e["en"])] == []
    page = (Path(__file__).resolve().parent.parent / "net/web/page/words.js").read_text()
    assert hedged.findall(page) == []
    assert i18n.tr("prompt.followers", n=1) == "Choose 1 follower: pick a seat, then confirm."
    assert i18n.tr("prompt.followers", n=2) == "Choose 2 followers: pick seats, then confirm."
    assert i18n.tr("lobby.waiting_ready", n=1) == "Waiting for 1 player to be ready."
    assert i18n.tr("lobby.waiting", n=3).startswith("Waiting for 3 more players;")


def test_a_count_of_one_reads_as_one() -> None:
    from client.scenes.sly_knights.words import say

    assert [say("captured_n", n=n) for n in (1, 37)] == ["1 pt taken", "37 pts taken"]
    assert Words(CHOOSE)("ev.dealt", n=1) == "You were dealt 1 card."


def test_a_number_below_zero_has_the_minus_sign() -> None:
    """Choose!'s round flip read "sum -4" with a hyphen, where the tables write "− stolen"
    and a penalty's "−3"."""
    say = Words(CHOOSE)
    assert say("flip.raw", raw=-4) == "sum \u22124" and say("flip.raw", raw=4) == "sum 4"
    assert i18n.number(-12) == "\u221212" and i18n.number(0) == "0"
    i18n.set_language("ja")
    try:
        assert say("flip.raw", raw=-4) == "合計 \u22124"
    finally:
        i18n.set_language("en")

"""A table's refusal reads in the window's language. The table words it in English
(the rules' own sentence, with its numbers); an English window shows that, a Japanese
one its own sentence for the refusal's code, never "拒否されました: It is seat 2's
turn, not yours.". Real in-process table and scene, dummy video."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from client import i18n
from client.app import HEADLESS_DT, App
from client.settings import Settings
from client.strings import STRINGS
from client.tables import local_scene

LATIN = re.compile(r"[A-Za-z]")


@pytest.fixture
def app() -> Iterator[App]:
    window = App(Settings(bot_delay=0.0), headless=True, size=(1280, 720))
    yield window
    window.close()
    i18n.set_language("en")


def test_a_move_during_the_round_summary_is_refused_in_the_window_s_language(
        app: App) -> None:
    """A click that lands after the table moved on: seat 0's move ends the round, and
    the same move again meets the round's summary."""
    i18n.set_language("ja")
    scene = local_scene(app, "choose", 3, {}, 4, 1, "normal")
    app.push(scene)
    feed = scene.session.feeds[0]
    mine = None
    for _ in range(600):
        app.step(HEADLESS_DT)
        if feed.hold is not None:
            break
        if feed.legal and not feed.pending:  # seat 0 makes its moves
            mine = feed.legal[0]
            feed.send(mine)
    else:
        raise AssertionError("no round summary")
    assert mine is not None
    feed.send(mine)  # once more, now the round's summary holds the table
    for _ in range(3):
        app.step(HEADLESS_DT)
    code, english = feed.errors[-1][1:]
    assert code == "held" and english.startswith("The next round starts")
    words = feed.latest_error(scene.session.clock)
    assert words == "全員がラウンドのまとめを読むと次のラウンドが始まります。"
    scene.draw(app.screen)  # (the banner that says it)
    i18n.set_language("en")  # the same refusal, read after the switch
    assert feed.latest_error(scene.session.clock) == english


@pytest.mark.parametrize("code", ["not_your_turn", "wrong_phase", "game_over", "illegal",
                                  "malformed", "bad_name", "token_in_use", "not_host",
                                  "held", "bot_seat"])
def test_every_refusal_has_words_of_its_own_language(code: str) -> None:
    i18n.set_language("ja")
    try:
        words = i18n.refusal(code, "Some English sentence.")
        assert words and not LATIN.search(words), words
    finally:
        i18n.set_language("en")
    assert i18n.refusal(code, "Some English sentence.") == "Some English sentence."
    assert all(STRINGS[key]["ja"] and STRINGS[key]["en"] for key in STRINGS
               if key.startswith("refusal."))


def test_the_rules_name_a_seat_as_people_read_it() -> None:
    """The English sentence numbers seats from 1, as every screen does: "It is seat 0's
    turn" named the seat a screen calls Seat 1."""
    from core.registry import GAMES
    from tests.rules_rig import refused

    game = GAMES["choose"]
    state, _ = game.new_game(3, {}, 1)
    turn = state.turn
    move = game.legal_actions(state, turn)[0]
    error = refused(game, state, (turn + 1) % 3, move, "not_your_turn")
    assert error.message == f"It is seat {turn + 1}'s turn, not yours."


def test_a_question_s_refusal_names_tiles_as_the_window_does() -> None:
    from core.games.knights.questions import tile_name

    assert tile_name(0, 5) == "seat 1's tile"
    assert tile_name(6, 5) == "centre tile B"

"""The narrator's banner says what it counts down to, and each person reads a call that
fits what they are doing: "Close your eyes." is heard by the whole table, but the Thief
who has yet to take the cheese reads that he takes it first (issue 30, part 6)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from client import i18n
from client.app import App
from client.narration import STILL, Narrator
from client.night_script import phase_cues, table_night
from client.scenes.cheese_thief.scene import CheeseThiefScene
from client.voice import Voice, durations
from client.voice_lines import COUNTING, subtitle
from core.registry import GAMES
from tests import client_rig as rig
from tests.client_rig import show_table
from tests.language import each_language

in_each_language = each_language()

GAME = GAMES["cheese_thief"]
OPTIONS = {"hour_seconds": 10.0, "follower_seconds": 5.0, "discussion_seconds": 20.0}


def every_count(lang: str) -> Iterator[tuple[str, str]]:
    """(line, step) of every count either narrator says, at every table size."""
    for players in range(4, 9):
        for kind, hour in (("hour", 2), ("followers_step", None), ("day", None),
                           ("vote_open", None)):
            for cue in phase_cues(kind, hour, players, OPTIONS, durations(lang)):
                yield cue.line, cue.step
        for cue in table_night(players, 10.0, durations(lang)).cues:
            yield cue.line, cue.step


def test_every_count_says_what_it_counts(lang: str) -> None:
    counts = {(line, step) for line, step in every_count(lang) if line.startswith("count_")}
    assert {step for _, step in counts} >= {"hour", "vote", "discussion"}
    for line, step in counts:
        assert step in COUNTING, step
        words = subtitle(line, lang, step)
        number = line.removeprefix("count_")
        assert number in words and not re.fullmatch(r"\s*\d+\s*", words), words
        assert len(words) > len(number) + 3, words


def test_a_narrated_hour_never_shows_a_bare_number(lang: str) -> None:
    voice = Voice(enabled=False)
    narrator = Narrator(voice)
    narrator.hear([{"type": "hour", "hour": 3}], {"players": 6, "options": OPTIONS}, 0.0)
    shown = []
    now = 0.0
    while now < OPTIONS["hour_seconds"]:
        narrator.update(now)
        words = voice.current(now)
        if words:
            shown.append(words)
        now += 0.05
    counts = [w for w in shown if re.search(r"\d", w) and "時" not in w and "o'clock" not in w]
    assert counts, shown
    assert all(not re.fullmatch(r"\s*\d+\s*", w) for w in shown), shown
    assert shown[-1] == subtitle("eyes_closed", lang)


def _scene(app: App, seat_of: Any) -> tuple[CheeseThiefScene, int]:
    state, seat, events = rig.reach(GAME, 5, seat_of)
    scene = show_table(app, GAME, state, seat, events, "Mouse", timed=True, frames=3)
    assert isinstance(scene, CheeseThiefScene)
    return scene, seat


def test_the_thief_still_to_take_reads_take_then_close(app: App, lang: str) -> None:
    app.set_language(lang)
    try:
        def thief_to_take(s: Any, p: int, e: Any) -> bool:
            return any(a["type"] == "take" for a in GAME.legal_actions(s, p))

        def asleep(s: Any, p: int, e: Any) -> bool:
            return s.phase == "night" and not GAME.legal_actions(s, p) and any(
                a["type"] == "take" for q in range(5) for a in GAME.legal_actions(s, q))

        for stop, still in ((thief_to_take, "take"), (asleep, None)):
            scene, _ = _scene(app, stop)
            assert scene.still() == still
            now = scene.session.clock
            app.voice.say("eyes_closed", lang, now)
            expected = (i18n.tr(f"narr.still.{still}") if still
                        else subtitle("eyes_closed", lang))
            assert (scene.narrator.for_reader(now, scene.still())
                    or app.voice.current(now)) == expected
            app.voice.say("count_3", lang, now, "hour")
            assert scene.narrator.for_reader(now, scene.still()) is None, \
                "only the call to close the eyes is told differently"
            app.voice.hush()
    finally:
        app.set_language("en")


def test_every_still_has_words_in_both_languages(lang: str) -> None:
    for still in STILL:
        words = i18n.tr(f"narr.still.{still}")
        assert words != f"narr.still.{still}" and len(words) > 8

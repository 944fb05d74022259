"""More time lengthens every person's timer at the tables this window hosts, and never
the Cheese Thief night: an hour lasts the same wall time at every table (timing is
information, and the night's rhythm is the rule book's)."""

from __future__ import annotations

import pytest

from client.app import HEADLESS_DT, App
from client.more_time import EQUAL_FOR_ALL, PERSON_TIMERS, lengthen
from client.settings import Settings
from client.tables import local_scene
from core.registry import GAMES, about


def test_every_timed_option_is_a_persons_or_the_tables() -> None:
    """A new ``*_seconds`` option must be placed on one side or the other."""
    for game_id in GAMES:
        timed = {s.name for s in about(game_id).options if s.name.endswith("_seconds")}
        person = set(PERSON_TIMERS.get(game_id, ()))
        equal = set(EQUAL_FOR_ALL.get(game_id, ()))
        assert timed == person | equal, game_id
        assert not person & equal, game_id


@pytest.mark.parametrize("factor", [1.5, 2.0, 3.0])
def test_lengthen_never_touches_the_night(factor: float) -> None:
    base = {"hour_seconds": 7.0, "vote_seconds": 40.0}
    longer = lengthen("cheese_thief", 5, base, factor)
    assert longer["hour_seconds"] == 7.0
    assert "follower_seconds" not in longer and "look_seconds" not in longer
    assert longer["vote_seconds"] == pytest.approx(40.0 * factor)
    assert longer["discussion_seconds"] == pytest.approx(180.0 * factor)  # its default
    assert base == {"hour_seconds": 7.0, "vote_seconds": 40.0}, "the caller's dict is kept"


def test_lengthen_stays_within_the_game() -> None:
    specs = {s.name: s for s in about("sly_knights").options}
    longer = lengthen("sly_knights", 3, {"turn_seconds": 500.0}, 3.0)
    assert longer["turn_seconds"] == specs["turn_seconds"].maximum
    assert longer["choose_seconds"] == pytest.approx(180.0)
    assert lengthen("knights", 5, {}, 1.0) == {}, "×1 changes nothing"


def open_table(more_time: float, game: str, players: int) -> tuple[App, dict[str, object],
                                                                   float]:
    """A single-screen table hosted by a window whose person asked for ``more_time``:
    the options its seat is told, and the seconds of its first window."""
    app = App(Settings(more_time=more_time, bot_delay=0.0), headless=True, size=(1024, 600))
    scene = local_scene(app, game, players, {}, 7, 1, "simple")
    app.push(scene)
    feed = scene.session.feeds[0]
    for _ in range(600):
        app.step(HEADLESS_DT)
        if feed.view is not None and feed.deadline:
            break
    assert feed.view is not None and feed.deadline, "the table opened its first window"
    return app, dict(feed.view["options"]), float(feed.deadline["seconds"])


def test_more_time_at_a_hosted_cheese_thief_table_keeps_the_night_hour() -> None:
    plain, plain_options, plain_first = open_table(1.0, "cheese_thief", 4)
    plain.close()
    long, options, first = open_table(3.0, "cheese_thief", 4)
    long.close()
    assert options["hour_seconds"] == plain_options["hour_seconds"] == 10.0
    assert first == plain_first == 10.0, "choosing a die lasts an hour, at either table"
    assert options["discussion_seconds"] == pytest.approx(3 * float(
        str(plain_options["discussion_seconds"])))
    assert options["vote_seconds"] == pytest.approx(180.0)


def test_more_time_at_a_hosted_choose_table_lengthens_the_turn() -> None:
    app, options, first = open_table(2.0, "choose", 3)
    app.close()
    assert options["turn_seconds"] == pytest.approx(120.0)
    assert first == pytest.approx(120.0)


def test_a_watched_table_keeps_its_times() -> None:
    """Nobody plays at a table of bots: nothing to lengthen."""
    app = App(Settings(more_time=3.0, bot_delay=0.0), headless=True, size=(1024, 600))
    scene = local_scene(app, "choose", 3, {}, 7, 0, "simple")
    app.push(scene)
    feed = scene.session.feeds[None]
    for _ in range(600):
        app.step(HEADLESS_DT)
        if feed.view is not None:
            break
    assert feed.view is not None and feed.view["options"]["turn_seconds"] == 60.0
    app.close()

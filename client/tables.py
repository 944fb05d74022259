"""Starting tables for the three modes, shared by the command line and the menu."""

from __future__ import annotations

from client.app import App, Scene
from client.i18n import tr
from client.kit.scoreboard import Scoreboard
from client.scenes import table_scene
from client.scenes.table import TableScene
from client.session import Session

MICE = ("Aki", "Ben", "Chika", "Daichi", "Emi", "Fumi", "Gen", "Hana")


def seat_names(players: int, humans: list[int], my_name: str,
               people: list[str] | None = None) -> list[str]:
    """Each seat's name: the people's own (``people``, one per person at a shared
    screen), else the player's name (numbered when several share it), and the bots'."""
    my_name = my_name or tr("you")
    names = []
    for seat in range(players):
        if seat in humans and people is not None and humans.index(seat) < len(people):
            names.append(people[humans.index(seat)])
        elif seat in humans:
            names.append(my_name if len(humans) == 1 else f"{my_name} {humans.index(seat) + 1}")
        else:
            names.append(f"{MICE[seat % len(MICE)]} ({tr('bot')})")
    return names


def logged_names(names: list[str], humans: list[int], my_name: str) -> list[str | None]:
    """The names a replay shows: "You" is only ever true at the live table, so a person
    without a name of their own is left for the replay to call by their seat."""
    return [None if seat in humans and not my_name else name
            for seat, name in enumerate(names)]


def local_scene(
    app: App,
    game_id: str,
    players: int,
    options: dict[str, object],
    seed: int,
    humans: int,
    bots: str,
    *,
    speed: float = 1.0,
    scoreboard: Scoreboard | None = None,
    games: int = 1,
    people: list[str] | None = None,
    bot_delay: float | None = None,
) -> TableScene:
    """A single-screen (humans > 0) or watched (humans == 0) table in this process.

    ``games`` > 1 (watched tables only): after each game's story has been read, the next
    deal starts by itself, the session's scoreboard running on, until that many are done.
    ``people``: the names of the people at a shared screen, in seat order (the curtain,
    the table, the story and the replay call them so). ``bot_delay``: the seconds each
    bot waits before a move at a table with people (the form's pace; None: the
    settings')."""
    from client.more_time import lengthen
    from client.replays import new_local_log
    from net.local import LocalTable

    human_seats = list(range(humans))
    kinds = ["human" if s in human_seats else bots for s in range(players)]
    names = seat_names(players, human_seats, app.settings.name, people)
    timed = lengthen(game_id, players, options, app.settings.more_time) if humans else options
    table = LocalTable(game_id, players, dict(timed), seed, kinds,
                       bot_delay=app.settings.bot_delay / max(0.25, speed) if not humans
                       else app.settings.bot_delay if bot_delay is None else bot_delay,
                       log=new_local_log(game_id),
                       names=logged_names(names, human_seats, app.settings.name)
                       if people is None else list(names))
    session = Session.local(table, human_seats, names, speed=speed if not humans else 1.0)
    session.on_close = table.drop_unfinished_log
    if table.log_error is not None:  # ("Cannot write the log PATH: REASON.": the reason)
        why = table.log_error.rpartition(": ")[2].rstrip(".")
        session.notice = ("notice.no_replay", {"why": why})
    if scoreboard is not None:
        session.scoreboard = scoreboard  # the same table played again: one session
    session.more_games = max(0, games - 1) if not humans else 0

    def again() -> Scene:
        return local_scene(app, game_id, players, options, seed + 1, humans, bots, speed=speed,
                           scoreboard=session.scoreboard, games=session.more_games,
                           people=people, bot_delay=bot_delay)

    return table_scene(app, game_id, session, restart=again)

"""Starting tables for the three modes, shared by the command line and the menu."""

from __future__ import annotations

from client.app import App, Scene
from client.i18n import tr
from client.kit.scoreboard import Scoreboard
from client.scenes import table_scene
from client.session import Session

MICE = ("Aki", "Ben", "Chika", "Daichi", "Emi", "Fumi", "Gen", "Hana")


def seat_names(players: int, humans: list[int], my_name: str) -> list[str]:
    my_name = my_name or tr("you")
    names = []
    for seat in range(players):
        if seat in humans:
            names.append(my_name if len(humans) == 1 else f"{my_name} {humans.index(seat) + 1}")
        else:
            names.append(f"{MICE[seat % len(MICE)]} ({tr('bot')})")
    return names


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
) -> Scene:
    """A single-screen (humans > 0) or watched (humans == 0) table in this process.

    ``games`` > 1 (watched tables only): after each game's story has been read, the next
    deal starts by itself, the session's scoreboard running on, until that many are done."""
    from net.local import LocalTable

    human_seats = list(range(humans))
    kinds = ["human" if s in human_seats else bots for s in range(players)]
    table = LocalTable(game_id, players, dict(options), seed, kinds,
                       bot_delay=app.settings.bot_delay / max(0.25, speed) if not humans
                       else app.settings.bot_delay)
    names = seat_names(players, human_seats, app.settings.name)
    session = Session.local(table, human_seats, names, speed=speed if not humans else 1.0)
    if scoreboard is not None:
        session.scoreboard = scoreboard  # the same table played again: one session
    session.more_games = max(0, games - 1) if not humans else 0

    def again() -> Scene:
        return local_scene(app, game_id, players, options, seed + 1, humans, bots, speed=speed,
                           scoreboard=session.scoreboard, games=session.more_games)

    return table_scene(app, game_id, session, restart=again)

"""One pair of eyes at a time: who looks at a table, and how a scene that starts afresh
for new eyes reads what those eyes were told before they arrived.

A scene draws for one pair of eyes at a time. At a shared screen the eyes change at
every handover, and anything a scene kept (a cached log image, a selection, a built
question, an animation) would carry one person's secrets to the next. So when the eyes
change the scene starts afresh, as if just built (``TableScene.start_afresh``), and
catches up from the new viewer's own log (``catch_up``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame

from client.app import App
from client.session import Session

Eyes = tuple[int, int | None, int | None]
"""Who looks: the shown seat (or PUBLIC), a seat waiting behind the privacy screen, and
a seat choosing on a ballot (``client.ballot``)."""


def eyes_of(session: Session) -> Eyes:
    return session.shown, session.privacy_for, session.ballot


def pointer_aside(app: App) -> tuple[int, int]:
    """A new ballot moves the pointer off the table: where the last voter left it
    (over the mouse they voted for, its hover drawn) would tell the next voter.
    Returns where the pointer now is."""
    w, _ = app.screen.get_size()
    pointer = (w // 2, 2)
    if not app.headless and pygame.mouse.get_focused():
        pygame.mouse.set_pos(pointer)
    return pointer


def catch_up(app: App, session: Session,
             read: Callable[[Sequence[Mapping[str, object]], bool], None]) -> bool:
    """Read (quietly) what the viewer was told before these eyes arrived, the public
    log first, through ``read(events, public)``; False when there was nothing to read
    (a scene that starts with its table keeps its clock)."""
    public = session.feeds.get(None)
    shown = session.feed
    if session.privacy_for is not None or not (shown.log or (public and public.log)):
        return False
    with app.audio.hushed():
        if public is not None and public.log:
            read(list(public.log), True)
        own = shown.log if public is None or shown.log is not public.log else []
        if shown is not public and own:  # (a ballot's log is the spectator's)
            read(list(own), False)
    return True

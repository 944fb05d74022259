"""Screens compared pixel for pixel: what a scene draws once its animations have settled,
and a stream of updates turned into the frames one seat would see.

On a shared screen the screen itself is the wire, so the secrecy tests end here.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pygame

from bench.redraw import same_colours
from client.app import HEADLESS_DT, App
from client.feed import Feed
from client.scenes import table_scene
from client.scenes.still import StillCache
from client.scenes.table import TableScene
from client.session import Session


def settled_surface(scene: TableScene, size: tuple[int, int]) -> pygame.Surface:
    """The scene's picture with every animation finished.

    It moves only the scene's own animation clock, never the table's. A card table
    (``StillCache``) repaints its side panel a frame after its table, so it is drawn
    twice; every other scene paints all of itself in each frame, so one frame is it.
    """
    surface = pygame.Surface(size)
    scene.settle()
    scene.draw(surface)
    if isinstance(scene, StillCache):
        scene.draw(surface)
    return surface


def settled_pixels(scene: TableScene, size: tuple[int, int]) -> bytes:
    """``settled_surface``, pixel for pixel (RGB)."""
    return pygame.image.tobytes(settled_surface(scene, size), "RGB")


def same_pixels(one: pygame.Surface, other: pygame.Surface) -> bool:
    """Whether two pictures show the same colours, pixel for pixel. They are compared
    as stored first; the spare byte of a picture without alpha may differ where no
    colour does, so two that differ as stored are compared by colour: with that byte
    masked off (``bench.redraw.same_colours``) where both hold their pixels alike, else
    copied out as RGB."""
    if one.get_size() != other.get_size():
        return False
    mine, theirs = one.get_buffer().raw, other.get_buffer().raw
    if mine == theirs:
        return True
    if (one.get_bitsize(), one.get_masks(), one.get_pitch()) == (
            other.get_bitsize(), other.get_masks(), other.get_pitch()):
        return same_colours(one, mine, theirs)
    return pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(other, "RGB")


def settled_frame(scene: TableScene, size: tuple[int, int]) -> bytes:
    """``settled_pixels`` as a digest, for a test that keeps many pictures."""
    return hashlib.sha256(settled_pixels(scene, size)).digest()


def fresh_surface(app: App, game_id: str, live: TableScene, size: tuple[int, int]
                  ) -> pygame.Surface:
    """What a scene built just now draws for the current eyes of ``live``'s session,
    with the same pointer, the same way to play again, and the keyboard as awake as it
    was (a keyboard player stays one; what they focused is not kept)."""
    scene = table_scene(app, game_id, live.session, restart=live.restart)
    scene.mouse = live.mouse
    scene.ring.awake = live.ring.awake
    for name in live.TABLE_WIDE:  # what the whole table hears is not the viewer's
        setattr(scene, name, getattr(live, name))
    scene.draw(pygame.Surface(size))
    if live.reveal.ended_at is not None:
        # The game's story reached ``live`` in the frame its eyes changed; a scene built
        # now notes it in its first frame (without reading the feeds again).
        scene._follow_story()
    return settled_surface(scene, size)


def drawn_as_fresh(app: App, game_id: str, live: TableScene, size: tuple[int, int]) -> bool:
    """Whether ``live`` settled draws exactly what a scene built just now draws (compared
    pixel for pixel: two pictures compared once need no digest)."""
    return same_pixels(settled_surface(live, size), fresh_surface(app, game_id, live, size))


class ListPeer:
    """A remote seat's end of the wire, fed one message at a time by the test."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.inbox: list[dict[str, Any]] = []

    def send(self, action: dict[str, Any]) -> None:
        """Screens under test only look."""

    def poll(self) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out


def stream_frames(app: App, game_id: str, seat: int, messages: list[dict[str, Any]],
                  size: tuple[int, int] = (1024, 600)) -> list[bytes]:
    """The frames seat ``seat`` is shown, one per message, by one scene that lives
    through the whole stream (as a LAN player's window does)."""
    peer = ListPeer(seat)
    session = Session({seat: Feed(peer)}, [seat], [f"P{s + 1}" for s in range(8)])
    session.shown = seat
    scene = table_scene(app, game_id, session)
    frames = []
    for message in messages:
        peer.inbox.append(message)
        scene.update(HEADLESS_DT)
        frames.append(settled_frame(scene, size))
    return frames

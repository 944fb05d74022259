"""The record of texts (``client.kit.ink``) keeps no image alive: a watched 1920x1080
Choose! table made a new window-sized board each turn and the record held up to 512 of
them (716-740 MiB). An image let go is freed; one still held keeps its texts, which a
paste shows where they land, as before. The memory figures themselves are measured by
``bench/memory.py``, not here."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pygame
import pytest

from client.assets import text
from client.kit import ink
from client.kit.widgets import INK


@pytest.fixture
def recorder() -> Iterator[ink.Recorder]:
    pygame.init()
    rec = ink.start()
    yield rec
    ink.stop()


def painted(size: tuple[int, int]) -> pygame.Surface:
    """An off-screen image with one text on it, as a scene's cached board is."""
    image = pygame.Surface(size)
    ink.blit(image, text("Ben's kitchen", 16, INK), (10, 10), "Ben's kitchen")
    return image


def test_an_image_let_go_is_freed_and_its_record_forgotten(recorder: ink.Recorder) -> None:
    gone = []
    for _ in range(40):  # forty turns, each with a new window-sized board
        image = painted((1920, 1080))
        gone.append(weakref.ref(image))
        del image
    gc.collect()
    assert all(ref() is None for ref in gone), "the record kept an image alive"


def test_an_image_still_held_keeps_its_texts_for_each_paste(recorder: ink.Recorder) -> None:
    window = pygame.Surface((400, 300))
    image = painted((200, 100))
    recorder.end_frame()
    ink.paste(window, image, (50, 60))
    [drawn] = recorder.drawn
    assert drawn.words == "Ben's kitchen" and drawn.ink.topleft >= (60, 70)
    assert drawn.layer == id(window), "recorded where the paste put it"
    ink.forget(image)
    recorder.end_frame()
    ink.paste(window, image, (50, 60))
    assert recorder.drawn == [], "an image painted afresh has none of its old texts"


def test_a_new_image_where_a_gone_one_was_starts_empty(recorder: ink.Recorder) -> None:
    for _ in range(20):
        image = painted((300, 200))
        gone = weakref.ref(image)
        del image
        assert gone() is None, "freed at once: nothing else held it"
        fresh = pygame.Surface((300, 200))  # (may take the gone one's address)
        assert recorder.texts_on(fresh) is None
        del fresh

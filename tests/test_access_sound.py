"""Three volumes (effects, speech, chimes), and subtitles that name their speaker and
show whenever a call cannot be heard."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from client import i18n
from client.app import App
from client.kit import ink
from client.settings import Settings


@pytest.fixture
def window() -> Iterator[App]:
    app = App(Settings(volume=0.6, voice_volume=0.5, chime_volume=0.2), headless=True,
              size=(960, 540))
    yield app
    app.close()
    ink.RECORDER = None
    i18n.set_language("en")


def test_each_sound_plays_at_its_own_volume(window: App) -> None:
    audio = window.audio
    if not audio._mixer:
        pytest.skip("no sound device, not even SDL's dummy one")
    audio.play("chime")
    audio.play("click")
    chime, click = audio._sounds["chime"], audio._sounds["click"]
    assert chime is not None and click is not None
    assert chime.get_volume() == pytest.approx(0.2, abs=0.01)
    assert click.get_volume() == pytest.approx(0.6, abs=0.01)
    audio.set_chime_volume(0.9)
    audio.play("wake")
    wake = audio._sounds["wake"]
    assert wake is not None and wake.get_volume() == pytest.approx(0.9, abs=0.01)
    assert window.voice.volume == 0.5, "the speech keeps its own"


def banner(app: App, lang: str = "en") -> list[str]:
    """The words the subtitle band draws on a frame just after a call."""
    i18n.set_language(lang)
    recorder = ink.start()
    surface = pygame.Surface((960, 540))
    app.voice.say("nightfall", lang, 0.0)
    app.voice.draw_subtitle(surface, 0.5, surface.get_rect(), 20)
    return [d.words for d in recorder.drawn]


def test_subtitles_name_the_narrator(window: App) -> None:
    shown = " ".join(banner(window))
    assert shown.startswith("Narrator: Night falls.")
    assert " ".join(banner(window, "ja")).startswith("進行役:これより夜")


def test_subtitles_off_still_show_when_the_voice_cannot_be_heard(window: App) -> None:
    voice = window.voice
    voice.subtitles = False
    if voice._channel is None:
        pytest.skip("no sound device: the voice is never heard, subtitles always show")
    assert banner(window) == [], "heard, and the person turned subtitles off"
    window.audio.muted = True
    assert banner(window), "muted: the call shows"
    window.audio.muted = False
    voice.set_enabled(False)
    assert banner(window), "the voice off: the call shows"
    voice.set_enabled(True)
    voice.set_volume(0.0)
    assert banner(window), "the voice at nothing: the call shows"
    voice.set_volume(0.5)
    voice.subtitles = True
    assert banner(window), "on: shows while heard too"


def test_a_call_that_would_take_two_lines_at_the_least_window_takes_one(window: App) -> None:
    """In 800x500 the table is 540 pixels wide: the Japanese call of an hour took two
    lines, and its second ran over the name of the seat at the top of the table. Set a
    little smaller it takes one, and the band is one line tall."""
    i18n.set_language("ja")
    recorder = ink.start()
    surface = pygame.Surface((800, 500))
    window.voice.say("hour_1", "ja", 0.0)
    bottom = window.voice.draw_subtitle(surface, 0.5, least_table(), 16)
    lines = [d for d in recorder.drawn if d.words]
    assert [d.words for d in lines] == [
        "進行役:午前1時になりました。「1」が出た人は目を開けて行動してください。"]
    assert lines[0].ink.right <= 540 and bottom is not None and bottom < 16 * 3
    assert lines[0].ink.height >= int(16 * 0.75 * 0.8), "no smaller than its size allows"


def least_table() -> pygame.Rect:
    """Cheese Thief's table in the least window, where the narrator's band lies."""
    from client.scenes.cheese_thief.layout import compute

    return compute((800, 500), 5, 0).table


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_morning_call_at_the_least_window_takes_one_line_without_the_speaker(
        window: App, lang: str) -> None:
    """The morning's call is the longest: at 800x500 it took two lines in both
    languages, and its band lay over the name of the seat at the top of the table
    (its second line on that name, in Japanese). It keeps one line by leaving out the
    speaker's name, as it would not otherwise fit; a call that fits keeps the name."""
    i18n.set_language(lang)
    recorder = ink.start()
    window.voice.say("morning", lang, 0.0)
    bottom = window.voice.draw_subtitle(pygame.Surface((800, 500)), 0.5, least_table(), 16)
    lines = [d.words for d in recorder.drawn if d.words]
    assert len(lines) == 1 and bottom is not None and bottom < 16 * 3
    assert not lines[0].startswith(i18n.tr("narr.speaker"))
    recorder.drawn.clear()
    window.voice.say("hour_1", lang, 0.0)
    window.voice.draw_subtitle(pygame.Surface((800, 500)), 0.5, least_table(), 16)
    assert [d.words for d in recorder.drawn if d.words][0].startswith(i18n.tr("narr.speaker"))

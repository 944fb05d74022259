"""A name is shown on every window at the table, so it holds only characters the windows'
font can draw: "Aki 🍕" drew as "Aki" and an empty box, and two names in Hangul alike,
box for box. The host refuses such a name in one sentence, whichever way it came (a
laptop, a bot, a phone); a window's own forms say why, and its settings keep none."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from client import people
from client import settings as settings_mod
from client.settings import Settings
from net import glyphs, protocol

DRAWN = ["Aki", "あきこ", "José", "Zoë", "Жанна", "李小龍", "ＡＢＣ", "O'Neil-Smith"]
NOT_DRAWN = ["Aki 🍕", "민수", "지영", "👍", "ابن", "สมชาย"]


def test_the_list_is_what_the_windows_font_draws() -> None:
    """``net/glyphs_data.py`` as ``python -m client.make_glyphs`` writes it from the
    font today: a new font with the old list would let its empty boxes back in."""
    from client.make_glyphs import OUT, drawn_by_both, source

    assert source(drawn_by_both()) == OUT.read_text(encoding="utf-8")
    assert glyphs.drawable("".join(map(chr, range(0x20, 0x7F))))  # (read back whole)


@pytest.mark.parametrize("name", DRAWN)
def test_names_every_window_draws_are_drawable(name: str) -> None:
    assert glyphs.drawable(name) and glyphs.only_drawable(name) == name


@pytest.mark.parametrize("name", NOT_DRAWN)
def test_emoji_hangul_arabic_and_thai_are_not(name: str) -> None:
    assert not glyphs.drawable(name)


def test_what_is_kept_of_a_name_reads_without_gaps() -> None:
    assert glyphs.only_drawable("Aki 🍕") == "Aki"
    assert glyphs.only_drawable("🍕 Aki  🍕 Ben") == "Aki Ben"
    assert glyphs.only_drawable("민수") == ""


def join(name: str) -> bytes:
    return protocol.pack({"type": "join", "v": protocol.PROTOCOL_VERSION, "name": name})


@pytest.mark.parametrize("name", NOT_DRAWN)
def test_the_host_refuses_a_name_some_window_cannot_draw_in_one_sentence(name: str) -> None:
    with pytest.raises(protocol.ProtocolError) as refused:
        protocol.unpack(join(name))
    assert refused.value.code == "bad_name"
    assert str(refused.value) == ("A name is up to 32 characters that every window can "
                                  "show: letters, digits and Japanese, no emoji.")


@pytest.mark.parametrize("name", DRAWN)
def test_the_host_takes_every_name_the_windows_draw(name: str) -> None:
    assert protocol.unpack(join(name))["name"] == name  # type: ignore[typeddict-item]


@pytest.mark.parametrize(("names", "at_fault"), [
    (["Aki", "Ben 🍕"], "Ben 🍕"), (["민수", "Aki"], "민수")])
def test_the_people_at_a_shared_screen_are_told_which_name_will_not_show(
        names: list[str], at_fault: str) -> None:
    with pytest.raises(people.NamesProblem) as problem:
        people.check(names)
    assert (problem.value.key, problem.value.name) == ("people.undrawable", at_fault)


def test_the_command_line_says_so_in_one_sentence(cli: Any) -> None:
    done = cli("demo", "--humans", "2", "--names", "Aki,Ben 🍕", "--headless")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "cheeseknights: --names: 'Ben 🍕' has a character a window cannot show (an emoji, "
        "say); use letters, digits or Japanese.")


def test_settings_keep_only_what_every_window_draws(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A name typed in Settings, or kept from before, loses the characters no window can
    draw (the settings page saves what was typed as it closes)."""
    kept = Settings(name="Aki 🍕", screen_names=["Ben 👍", "민수", "Chika"]).clean()
    assert (kept.name, kept.screen_names) == ("Aki", ["Ben", "Chika"])
    (tmp_path / "settings.json").write_text(json.dumps({"name": "🍕Daichi"}))
    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path))
    assert settings_mod.load().name == "Daichi"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_name_question_says_why_and_keeps_nothing(lang: str) -> None:
    from client import i18n
    from client.app import HEADLESS_DT, App
    from client.scenes.connect import NameScene

    app = App(Settings(language=lang), headless=True, size=(1024, 600))
    try:
        asked = NameScene(app, lambda: None)
        app.push(asked)
        app.step(HEADLESS_DT)
        asked.submit("Aki 🍕")
        assert asked.message == i18n.tr("name.undrawable") and app.scene is asked
        assert ("emoji" if lang == "en" else "絵文字") in asked.message
        assert settings_mod.load().name == ""
    finally:
        app.close()


def test_the_name_question_keeps_what_was_typed_and_says_why_again_in_a_new_language(
        ) -> None:
    """Typed, refused by Enter, then L: the question was built again with an empty
    field, and its refusal stayed in English."""
    import pygame

    from client import i18n
    from client.app import HEADLESS_DT, App
    from client.scenes.connect import NameScene

    app = App(Settings(language="en"), headless=True, size=(1024, 600))
    try:
        asked = NameScene(app, lambda: None)
        app.push(asked)
        app.step(HEADLESS_DT)
        for event in (pygame.event.Event(pygame.TEXTINPUT, text="Aki 🍕"),
                      pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=40),
                      pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0,
                                         unicode="l", scancode=15)):
            pygame.event.post(event)
            app.step(HEADLESS_DT)
        assert i18n.language() == "ja" and app.scene is asked
        assert asked.entry.get_text() == "Aki 🍕"
        assert asked.message == i18n.tr("name.undrawable") and "絵文字" in asked.message
    finally:
        app.close()
        i18n.set_language("en")

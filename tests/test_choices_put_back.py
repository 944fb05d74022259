"""A test finds the person's choices (language, text size, palette, keys) as the
process began, whatever the test before it in the same worker chose
(``conftest._a_person_s_choices_put_back``). The two tests run in this order in one
worker: a module's tests are dealt out together."""

from __future__ import annotations

from client import assets, i18n
from client.kit import keymap, palette


def test_a_test_may_choose_japanese_large_text_the_safe_palette_and_other_keys() -> None:
    i18n.set_language("ja")
    assets.set_text_scale(1.5)
    palette.set_palette("safe")
    keys = keymap.KeyMap()
    first = next(iter(keys.keys))
    keys.keys[first] += 1
    keymap.use(keys)
    assert (i18n.language(), assets.text_scale(), palette.palette()) == ("ja", 1.5, "safe")


def test_the_next_test_finds_english_ordinary_text_the_game_s_colours_and_its_keys(
) -> None:
    assert (i18n.language(), assets.text_scale(), palette.palette()) == ("en", 1.0,
                                                                        "standard")
    assert keymap.current().keys == keymap.DEFAULTS

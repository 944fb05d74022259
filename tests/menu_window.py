"""A headless window for the menu's tests, at the smallest size the menu is made for,
with its own settings and data folders (``own_dirs``) and English to start."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from client import i18n
from client.app import App
from client.settings import Settings
from tests.test_client_join import own_dirs

__all__ = ["app", "own_dirs"]


@pytest.fixture
def app(own_dirs: Path) -> Iterator[App]:
    i18n.set_language("en")
    window = App(Settings(name="Aki"), headless=True, size=(1024, 600))
    yield window
    window.close()
    i18n.set_language("en")

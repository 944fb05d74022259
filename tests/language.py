"""A fixture, ``lang``, that runs a test once in each language the window speaks and
puts the language back afterwards. A module takes it with
``in_each_language = each_language()``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from client import i18n


def each_language() -> Callable[..., Any]:
    @pytest.fixture(params=["en", "ja"], name="lang")
    def fixture(request: pytest.FixtureRequest) -> Iterator[str]:
        before = i18n.language()
        i18n.set_language(request.param)
        yield request.param
        i18n.set_language(before)

    return fixture

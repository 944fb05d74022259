"""Faster bots decide exactly as before: every decision at fixed tables, by digest."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.bot_decisions import FIXTURE, TABLES, digest, key


@pytest.mark.parametrize("table", TABLES, ids=lambda t: key(*t))
def test_bots_decide_exactly_as_recorded(table: tuple[Any, ...]) -> None:
    recorded = json.loads(FIXTURE.read_text())
    assert digest(*table) == recorded[key(*table)], f"{key(*table)}: the bots decide otherwise"

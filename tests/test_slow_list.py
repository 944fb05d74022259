"""The quick tier's list of what it leaves out names only tests that exist: a renamed
test would otherwise fall silently back into the quick tier (or a renamed module out
of reach of the list)."""

from __future__ import annotations

from pathlib import Path

from tests.slow import SLOW_MODULES, SLOW_TESTS, slow

TESTS = Path(__file__).parent


def test_every_module_the_list_names_exists() -> None:
    assert sorted(m for m in SLOW_MODULES if not (TESTS / f"{m}.py").exists()) == []


def test_every_single_test_the_list_names_is_defined_in_its_module() -> None:
    missing = []
    for nodeid in sorted(SLOW_TESTS):
        path, _, name = nodeid.partition("::")
        source = (TESTS.parent / path).read_text("utf-8") if (TESTS.parent / path).exists() \
            else ""
        if f"def {name}(" not in source:
            missing.append(nodeid)
    assert missing == []


def test_a_listed_test_is_slow_with_its_parameters_and_others_are_not() -> None:
    one = sorted(SLOW_TESTS)[0]
    assert slow(one) and slow(f"{one}[en]")
    assert not slow("tests/test_cheese_thief_rules.py::test_anything")
    assert slow(f"tests/{sorted(SLOW_MODULES)[0]}.py::test_anything")

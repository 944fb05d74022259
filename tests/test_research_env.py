"""The PettingZoo environments: PettingZoo's own checks at every game's smallest and
largest table, and what those checks cannot see: each agent observes only its own
seat's view, simultaneous windows become turns in table order, and a refused index
changes nothing."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import pytest

if importlib.util.find_spec("pettingzoo") is None:  # found without running its __init__
    pytest.skip("the research extra (pettingzoo) is not installed", allow_module_level=True)

# research.env imports PettingZoo first, so that its change to SDL_AUDIODRIVER is undone
# before this worker runs any test that plays sound.
from research.env import MAX_ACTIONS, VIEW_FEATURES, env, features  # noqa: E402

# isort: split
import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from core.registry import GAMES, get_game  # noqa: E402
from core.rng import Rng  # noqa: E402

TABLES = [(game, players) for game in GAMES
          for players in sorted({get_game(game).min_players, get_game(game).max_players})]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_pettingzoo_api_and_seed_tests_pass(game: str, players: int) -> None:
    api_test(env(game, players), num_cycles=300)
    seed_test(lambda: env(game, players), num_cycles=300)


def play_random(game: str, players: int, seed: int, options: dict[str, object] | None = None
                ) -> list[tuple[str, dict[str, object]]]:
    """One game of uniformly random legal indices: each step's agent and the action
    its index stood for."""
    table = env(game, players, options)
    table.reset(seed=seed)
    rng = Rng(seed)
    steps = []
    for agent in table.agent_iter(20_000):
        observation, _, done, cut, _ = table.last()
        if done or cut:
            table.step(None)
            continue
        mask = observation["action_mask"]
        index = rng.below(int(mask.sum()))
        steps.append((agent, table.legal_actions()[index]))
        table.step(index)
    return steps


@pytest.mark.parametrize("game", list(GAMES))
def test_every_table_size_fits_the_action_slots(game: str) -> None:
    """The environment refuses a legal list longer than its slots; random games at
    every size, on many deals, never meet one."""
    rules = get_game(game)
    for players in range(rules.min_players, rules.max_players + 1):
        for seed in range(12):
            assert play_random(game, players, seed)
    assert MAX_ACTIONS[game] >= 2


@pytest.mark.parametrize("mode", ["basic", "dark", "advanced", "coop"])
def test_every_knights_mode_fits_the_action_slots(mode: str) -> None:
    """The modes ask different questions (dark ones the most at four players)."""
    for seed in range(8):
        assert play_random("knights", 4, seed, {"mode": mode})


def test_each_agent_observes_its_own_view_only() -> None:
    """The observation is the seat's view hashed, nothing of the state besides: two
    seats see different vectors, and each equals its view's."""
    table = env("cheese_thief", 5)
    table.reset(seed=7)
    observed = {agent: table.observe(agent)["observation"] for agent in table.agents}
    for agent, vector in observed.items():
        seat = table.agent_name_mapping[agent]
        expected = features(table.game.view(table.state_, seat), VIEW_FEATURES)
        assert np.array_equal(vector, expected)
    assert not np.array_equal(observed["seat_0"], observed["seat_1"])
    mask = table.observe(table.agent_selection)["action_mask"]
    others = [a for a in table.agents if a != table.agent_selection]
    assert mask.sum() >= 1 and all(table.observe(a)["action_mask"].sum() == 0 for a in others)


def test_a_simultaneous_window_is_played_seat_by_seat_in_table_order() -> None:
    """Cheese Thief's vote: every seat votes at once at the table; the environment asks
    the seats one after another, in table order, each once."""
    table = env("cheese_thief", 5)
    table.reset(seed=3)
    voters: list[str] = []
    for agent in table.agent_iter(10_000):
        observation, _, done, _, _ = table.last()
        if done:
            table.step(None)
            continue
        if table.legal_actions()[0]["type"] == "vote":
            voters.append(agent)
        table.step(0)
    assert voters == [f"seat_{seat}" for seat in range(5)]


def test_a_refused_index_changes_nothing() -> None:
    table = env("choose", 3)
    table.reset(seed=1)
    agent = table.agent_selection
    before = table.observe(agent)
    legal = len(table.legal_actions())
    with pytest.raises(ValueError, match="legal slots"):
        table.step(legal)
    assert table.agent_selection == agent
    after = table.observe(agent)
    assert all(np.array_equal(before[key], after[key]) for key in before)


def test_a_seed_fixes_the_deal_and_the_rewards_are_the_outcome() -> None:
    first = play_random("sly_knights", 3, 11)
    assert first == play_random("sly_knights", 3, 11)
    assert first != play_random("sly_knights", 3, 12)
    table = env("sly_knights", 3)
    table.reset(seed=5)
    rewards = {agent: 0.0 for agent in table.possible_agents}
    for agent in table.agent_iter(20_000):
        _, reward, done, _, _ = table.last()
        rewards[agent] += reward
        table.step(None if done else 0)
    outcome = table.game.outcome(table.state_)
    assert outcome is not None
    assert rewards == {f"seat_{s}": 1.0 if s in outcome.winners else -1.0 for s in range(3)}


def test_importing_the_environments_leaves_the_sound_driver_alone() -> None:
    """PettingZoo sets SDL_AUDIODRIVER to "dsp" when imported. Left so, every sound test
    that a worker ran after this file skipped, finding no sound device."""
    assert os.environ["SDL_AUDIODRIVER"] == "dummy"  # as tests/conftest.py set it
    fresh = ("import os; import research.env; "
             "print(os.environ.get('SDL_AUDIODRIVER', 'unset'))")
    for before, after in ((None, "unset"), ("pulse", "pulse")):
        env_vars = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
        if before is not None:
            env_vars["SDL_AUDIODRIVER"] = before
        out = subprocess.run([sys.executable, "-c", fresh], env=env_vars, check=True,
                             capture_output=True, text=True, timeout=60).stdout
        assert out.split() == [after]

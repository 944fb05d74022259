"""PettingZoo AEC environments for the four games: ``env(game, players)``.

Each seat is an agent (``seat_0`` ...) that sees exactly its seat's view, as a bot or a
remote player does. The spaces are fixed per agent and game:

- the action is an index into the seat's legal list, in a canonical order (the actions'
  maps sorted by their JSON text), at most ``MAX_ACTIONS[game]`` long;
- the observation is a dict: ``observation``, the seat's view hashed into a fixed
  vector of ``VIEW_FEATURES`` numbers (every path and value of the view, the hashing
  trick, so one encoder serves every game); ``action_features``, each legal slot's
  action hashed the same way into ``ACTION_FEATURES`` numbers, so a learner can tell
  what each index means; and ``action_mask``, 1 for the slots that hold a legal action.

A window where several seats decide at once (a night hour, a vote) is played as a
sequence, seat by seat in table order, as PettingZoo's examples turn simultaneous moves
into turns: each seat still sees only its own view, which never shows the choices of
the seats before it until the game reveals them. A window nobody waits on closes at
once (its clock would close it), so an agent is only ever asked when it has a choice.

The reward comes at the end: +1 to every winner, -1 to everyone else.
"""

from __future__ import annotations

import json
import os
import secrets
import zlib
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces

from core.game import Action, Game, Seat
from core.play import STEP_LIMIT
from core.registry import get_game
from core.rng import Rng

# Importing PettingZoo sets the whole process's SDL_AUDIODRIVER to "dsp" (OSS) on Linux,
# to quiet ALSA's warnings. A process that also plays or records sound (a notebook that
# watches a game, a test worker) would then find no sound device, so the variable is put
# back as it was.
_AUDIO_DRIVER = os.environ.get("SDL_AUDIODRIVER")
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import AgentSelector  # noqa: E402

if _AUDIO_DRIVER is None:
    os.environ.pop("SDL_AUDIODRIVER", None)
else:
    os.environ["SDL_AUDIODRIVER"] = _AUDIO_DRIVER

VIEW_FEATURES = 512
ACTION_FEATURES = 32
MAX_ACTIONS = {"cheese_thief": 64, "choose": 128, "knights": 384, "sly_knights": 128}
"""Slots of the action space per game: above the longest legal list any table size
gives (tests/test_research_env.py plays random games at every size to check it)."""
SKIPPED = frozenset({"deadline", "talk", "chat_open"})
"""View fields left out of the observation: the clock's window and table talk carry
nothing the game's decisions turn on (the environment has no clock and never talks)."""


def features(data: object, size: int) -> np.ndarray[Any, np.dtype[np.float32]]:
    """``data`` hashed into ``size`` numbers: each leaf adds its number (a count, a
    score) or 1 (a word, a flag) at the place its path, and for a word its value,
    hashes to. CRC32, not ``hash``, so the same view gives the same vector in every
    process."""
    out = np.zeros(size, dtype=np.float32)
    sums: list[tuple[int, float]] = []
    _leaves("", data, sums)
    for place, amount in sums:  # (added in one order, so float sums round alike)
        out[place % size] += amount
    return out


def _leaves(path: str, value: Any, sums: list[tuple[int, float]]) -> None:
    """Each leaf's hash and amount, last key first (the order the environment has
    always added them in). Views are plain dicts, lists and words: their exact types
    are tested first, as an ABC check costs several times more."""
    kind = type(value)
    if kind is dict or (kind not in _PLAIN and isinstance(value, Mapping)):
        for key, item in reversed(list(value.items())):
            if key not in SKIPPED:
                _leaves(f"{path}.{key}", item, sums)
    elif kind is list or kind is tuple or (kind not in _PLAIN and isinstance(value, list | tuple)):
        sums.append((zlib.crc32(f"{path}#".encode()), float(len(value))))
        for i in range(len(value) - 1, -1, -1):
            _leaves(f"{path}[{i}]", value[i], sums)
    elif kind is str or kind is bool or value is None or isinstance(value, bool | str):
        sums.append((zlib.crc32(f"{path}={value}".encode()), 1.0))
    elif isinstance(value, int | float):
        sums.append((zlib.crc32(path.encode()), float(value)))


_PLAIN = (str, bool, int, float, type(None))
"""Leaf types, which are never containers (no ABC check for them)."""

_ACTION_VECTORS: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}


def action_features(action: Action) -> np.ndarray[Any, np.dtype[np.float32]]:
    """``features(action, ACTION_FEATURES)``, kept by the action's JSON: a seat's legal
    list is hashed at every observation, and a Knights table's runs to hundreds of
    actions that come back turn after turn. (Keyed in the action's own key order, the
    order ``features`` adds in; the caller copies the vector into its own array.)"""
    key = json.dumps(action)
    vector = _ACTION_VECTORS.get(key)
    if vector is None:
        if len(_ACTION_VECTORS) >= 1 << 16:
            _ACTION_VECTORS.clear()
        vector = _ACTION_VECTORS[key] = features(action, ACTION_FEATURES)
    return vector


def canonical(legal: list[Action]) -> list[Action]:
    """The legal list in an order that depends only on the actions themselves."""
    return sorted(legal, key=lambda action: json.dumps(action, sort_keys=True))


class CheeseKnightsEnv(AECEnv):  # type: ignore[misc]
    """One table of one game; the agents are its seats."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, players: int, options: Mapping[str, object] | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.game: Game[Any] = get_game(game)
        self.options = self.game.check_options(players, options or {})
        self.players = players
        self.metadata = {**self.metadata, "name": f"cheeseknights_{self.game.id}_v0"}
        self.render_mode = render_mode
        self.slots = MAX_ACTIONS[self.game.id]
        self.possible_agents = [f"seat_{seat}" for seat in range(players)]
        self.agent_name_mapping = {name: seat for seat, name in enumerate(self.possible_agents)}
        self.observation_spaces = {name: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (VIEW_FEATURES,), np.float32),
            "action_features": spaces.Box(-np.inf, np.inf, (self.slots, ACTION_FEATURES),
                                          np.float32),
            "action_mask": spaces.Box(0, 1, (self.slots,), np.int8),
        }) for name in self.possible_agents}
        self.action_spaces = {name: spaces.Discrete(self.slots) for name in self.possible_agents}
        self._seeds: Rng | None = None
        self.state_: Any = None
        self.legal: list[Action] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC cycle ---------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game. A seed fixes this deal and every later one until the next
        seed; without one, the deals go on from the last seed (or from the system's
        entropy before any)."""
        if seed is not None:
            self._seeds = Rng(seed)
        elif self._seeds is None:
            self._seeds = Rng(secrets.randbits(64))
        self.state_, _ = self.game.new_game(self.players, self.options, self._seeds.next64())
        self.agents = list(self.possible_agents)
        self.rewards = {name: 0.0 for name in self.agents}
        self._cumulative_rewards = {name: 0.0 for name in self.agents}
        self.terminations = {name: False for name in self.agents}
        self.truncations = {name: False for name in self.agents}
        self.infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self._next_mover()

    def _next_mover(self) -> None:
        """Select the first seat the game waits on, closing windows nobody waits on;
        at the game's end, hand out the rewards and end every agent."""
        for _ in range(STEP_LIMIT):
            outcome = self.game.outcome(self.state_)
            if outcome is not None:
                for name, seat in self.agent_name_mapping.items():
                    self.rewards[name] = 1.0 if seat in outcome.winners else -1.0
                    self.terminations[name] = True
                self.legal = []
                self.agent_selection = self.agents[0]
                return
            for seat in self.game.to_act(self.state_):
                legal = self.game.legal_actions(self.state_, seat)
                if legal:
                    if len(legal) > self.slots:
                        raise RuntimeError(f"{self.game.id}: {len(legal)} legal actions "
                                           f"overflow the {self.slots} slots")
                    self.legal = canonical(legal)
                    self.agent_selection = self.possible_agents[seat]
                    return
            self.game.expire(self.state_)
        for name in self.agents:
            self.truncations[name] = True

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not 0 <= int(action) < len(self.legal):
            raise ValueError(f"{agent}: action {action!r} is not one of its "
                             f"{len(self.legal)} legal slots (see action_mask).")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: 0.0 for name in self.agents}
        seat: Seat = self.agent_name_mapping[agent]
        self.game.apply(self.state_, seat, self.legal[int(action)])
        self._next_mover()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.agent_name_mapping[agent]
        mask = np.zeros(self.slots, dtype=np.int8)
        actions = np.zeros((self.slots, ACTION_FEATURES), dtype=np.float32)
        if agent == self.agent_selection and not self.terminations[agent]:
            mask[:len(self.legal)] = 1
            for slot, action in enumerate(self.legal):
                actions[slot] = action_features(action)
        return {"observation": features(self.game.view(self.state_, seat), VIEW_FEATURES),
                "action_features": actions, "action_mask": mask}

    def legal_actions(self) -> list[Action]:
        """The selected agent's actions, slot by slot (slot i is index i)."""
        return list(self.legal)

    def render(self) -> str | None:
        """The spectator's view as text (the environment never shows a seat's secrets)."""
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        view = self.game.view(self.state_, None)
        return json.dumps({k: v for k, v in view.items() if k not in SKIPPED}, sort_keys=True)

    def close(self) -> None:
        """Nothing to release: the game is plain data."""


def env(game: str, players: int, options: Mapping[str, object] | None = None,
        render_mode: str | None = None) -> CheeseKnightsEnv:
    """The environment of ``game`` at a table of ``players``."""
    return CheeseKnightsEnv(game, players, options, render_mode)

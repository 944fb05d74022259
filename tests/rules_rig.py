"""What the rule tests of every game share: a refused action, checked the same way, and a
state copied to try an action on."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from core.errors import ActionError
from core.game import Game


def refused(game: Game[Any], state: Any, seat: int, action: Any, code: str) -> ActionError:
    """``action`` by ``seat`` is refused with ``code`` and a sentence, and the state is
    byte-for-byte what it was: bad input changes nothing."""
    before = pickle.dumps(state)
    with pytest.raises(ActionError) as info:
        game.apply(state, seat, action)
    assert info.value.code == code, info.value.message
    assert info.value.message.endswith("."), info.value.message
    assert pickle.dumps(state) == before
    return info.value


def copied(state: Any) -> Any:
    """A deep copy of a game's state, to try an action on, through pickle: a state is
    plain data (a replayed state is compared by its pickle), and this is four times
    quicker than ``copy.deepcopy``, which tests that try every listed action call for
    each one."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))

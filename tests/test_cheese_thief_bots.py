"""Cheese Thief bots: their talk, their reasoning, and that they read only their view."""

from __future__ import annotations

import pickle

import msgpack
import pytest

from core.games.cheese_thief.claims import Claim, Wake, claim_text, hear
from core.games.cheese_thief.infer import thief_weights
from core.play import play, seat_bots
from core.registry import BOTS, make_bot
from tests.cheese_rig import GAME, candidate_pairs, rig, run_night, swap

LEVELS = ["random", "simple", "easy", "normal", "hard"]


def test_every_level_is_registered() -> None:
    assert list(BOTS["cheese_thief"]) == ["random", "simple", "easy", "normal", "hard",
                                          "ismcts"]


def test_claims_read_back_as_said() -> None:
    claim = Claim(2, (Wake(3, (1, 2), "taken", 1), Wake(5, (2,), "gone")), ((4, 6),))
    text = claim_text(claim)
    assert text == ("I woke at 3 with seats 2, 3. Seat 2 took the cheese. "
                    "I woke at 5 with seat 3. The cheese was already gone. Seat 5's die is 6.")
    assert hear(2, text, 6) == claim
    assert hear(2, "I think it was seat 4!", 6) is None
    assert hear(2, "I woke at 3 with seats 9. The cheese was there.", 6) is None


def test_a_claim_hashes_once_and_the_same_line_reads_as_the_same_claim() -> None:
    said = "I woke at 4 with seats 1, 2. The cheese was there."
    claim = hear(1, said, 8)
    assert claim is hear(1, said, 8)
    again = Claim(1, (Wake(4, (0, 1), "present"),))
    assert claim == again and hash(claim) == hash(again)
    loaded = pickle.loads(pickle.dumps(again))
    assert loaded == again and hash(loaded) == hash(again) and {again: 1}[loaded] == 1


def test_a_witness_claim_points_at_the_thief() -> None:
    witness = Claim(1, (Wake(2, (0, 1), "taken", 0),))
    weights = thief_weights(5, [], [witness], set(), False)
    assert max(range(5), key=weights.__getitem__) == 0
    assert weights[0] > 3 * weights[1]


def test_a_lie_that_contradicts_two_honest_claims_is_suspected() -> None:
    seen = Wake(2, (1, 2), "present")
    honest = [Claim(1, (seen,)), Claim(2, (seen,))]
    liar = Claim(3, (Wake(2, (3,), "present"),))  # says it woke alone when 1 and 2 did
    weights = thief_weights(5, [], honest + [liar], set(), False)
    assert max(range(5), key=weights.__getitem__) == 3


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_talking_bots_state_their_night_truthfully_when_honest(level: str) -> None:
    state, _ = rig("TSSSS", [2, 2, 3, 4, 5])
    run_night(state)
    while state.phase != "discussion":
        GAME.expire(state)
    bot = make_bot("cheese_thief", level, 3, 1)
    action = bot.act(GAME.view(state, 3), GAME.legal_actions(state, 3))
    assert action == {"type": "chat", "text": "I woke at 4 with seat 4. The cheese was already "
                      "gone."}
    GAME.apply(state, 3, action)
    assert bot.act(GAME.view(state, 3), GAME.legal_actions(state, 3)) == {"type": "ready"}


@pytest.mark.parametrize("level", LEVELS)
def test_bots_decide_the_same_on_views_from_different_deals(level: str) -> None:
    """A bot sees only its view: two deals that give it the same view give the same
    decisions, whatever else differs."""
    compared = 0
    for seed in range(40):
        n = 5 + seed % 4
        base = GAME.deal(n, GAME.check_options(n, {}), seed)
        p = seed % n
        for a, b in candidate_pairs(base, p, True)[:1]:
            worlds = [pickle.loads(pickle.dumps(base)) for _ in range(2)]
            swap(worlds[1], a, b)
            bots = [make_bot("cheese_thief", level, p, seed) for _ in range(2)]
            for world in worlds:
                GAME.start(world)
            while worlds[0].phase in ("night", "followers"):
                views = [GAME.view(w, p) for w in worlds]
                if msgpack.packb(views[0]) != msgpack.packb(views[1]):
                    break
                legal = GAME.legal_actions(worlds[0], p)
                if legal:
                    choices = [bot.act(view, legal) for bot, view in zip(bots, views,
                                                                         strict=True)]
                    assert choices[0] == choices[1]
                    compared += 1
                    for world in worlds:
                        GAME.apply(world, p, choices[0])
                for world in worlds:
                    GAME.expire(world)
    assert compared >= 5


@pytest.mark.parametrize("n", range(4, 9))
def test_every_level_finishes_games_without_errors(n: int) -> None:
    for seed in range(3):
        levels = [LEVELS[(seed + s) % len(LEVELS)] for s in range(n)]
        record = play(GAME, n, {}, seed, seat_bots("cheese_thief", levels, seed))
        assert record.error is None and record.outcome is not None


def test_talk_is_public_and_kept_in_views() -> None:
    state, _ = GAME.new_game(4, {}, 3)
    while state.phase != "discussion":
        GAME.expire(state)
    GAME.apply(state, 2, {"type": "emote", "emote": "suspicious"})
    for seat in [0, 1, 2, 3, None]:
        assert GAME.view(state, seat)["talk"] == [
            {"type": "emote", "seat": 2, "emote": "suspicious"}]

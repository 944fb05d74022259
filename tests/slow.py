"""Which tests the quick tier (``python -m pytest -m "not slow"``) leaves out: the one
place they are named, read by ``conftest.py`` when the suite is collected.

Left out are the tests that start whole programs or an X server, hold real hosts and
peers on sockets for seconds, play many whole games through a window, or measure
bots over many deals. Kept in are the rules of every game, the game and client
contracts (secrecy included), and every table scene drawn in both languages: a
change that breaks a rule, a contract or a scene fails the quick tier.
"""

from __future__ import annotations

SLOW_MODULES = frozenset({
    # real hosts, peers, processes and networks
    "test_cli_mistakes", "test_client_join", "test_client_lan", "test_client_lobby_host",
    "test_lan_close", "test_lan_netns", "test_lan_people", "test_net_deciding",
    "test_net_durable", "test_net_host", "test_net_hostile", "test_net_lan",
    "test_net_lobby", "test_net_log_order", "test_net_ready", "test_net_resume",
    "test_replay_lan", "test_round_hold", "test_sim_cli", "test_sound_disk",
    "test_packaging", "test_web_gateway", "test_web_phones", "test_seat_player",
    "test_lan_host_gone", "test_lan_discovery_netns", "test_lan_resume_window",
    "test_net_resume_night", "test_stand_in", "test_next_game", "test_next_game_windows",
    # the whole-tree checks (mypy, ruff) and whole programs in a window
    "test_house_rules", "test_client_cli",
    # whole games, many of them, through a window
    "test_client_shared_screen", "test_keyboard", "test_text_overflow",
    "test_shared_screen_hands",
    "test_voice_night", "test_learn_cli",
    # bots measured over many deals
    "test_knights_levels", "test_choose_levels", "test_sly_knights_levels",
    "test_beliefs", "test_knights_inference_paths", "test_bot_decisions",
    "test_beliefs_used", "test_ismcts", "test_bench_arena", "test_redraw",
    "test_web_capture", "test_web_steps", "test_web_hands",
    "test_web_bad_luck",
    # lessons, menus, settings and keys driven through a window, step by step
    "test_learn", "test_menu_choices", "test_menu_form", "test_access_settings",
    "test_keyboard_forms", "test_keyboard_play", "test_curtain_presses",
    "test_client_round_hold", "test_watch_pace", "test_client_startup", "test_double_press",
    # games replayed from their deals, worlds sampled, research environments
    "test_replay", "test_replays_read_right", "test_sly_knights_replay",
    "test_choose_replay", "test_samplers", "test_research_env", "test_research_arena",
})
"""Test modules left out whole."""

SLOW_TESTS = frozenset({
    # whole games played through a window, each some seconds of CPU: the quick tier
    # keeps each scene's phases, the contracts and the rules
    "tests/test_client_knights.py::test_single_screen_game_to_the_end",
    "tests/test_client_knights.py::test_the_line_up_is_revealed_one_tile_at_a_time",
    "tests/test_client_sly_knights.py::test_single_screen_game_to_the_end",
    "tests/test_client_sly_knights.py::test_hot_seat_game_with_privacy_screens",
    "tests/test_client_choose.py::test_single_screen_game_to_the_end",
    "tests/test_client_reveal.py::test_the_end_shows_the_finale_then_one_summary_that_"
    "leaves_in_one_press",
    "tests/test_client_knights.py::test_a_watched_bot_table_shows_each_line_up_turning_over",
    "tests/test_client_play.py::test_hot_seat_game_to_the_end",
    "tests/test_client_play.py::test_whose_turn_to_look_tells_nothing",
    "tests/test_client_play.py::test_the_menu_fits_every_games_options_at_every_size",
    "tests/test_client_choose.py::test_hot_seat_game_with_privacy_screens",
    "tests/test_shared_screen_names.py::test_the_demo_takes_the_names",
    "tests/test_shared_screen_night.py::test_a_shared_night_shows_the_room_the_same_whoever_"
    "wakes",
    "tests/test_shared_screen_ballots.py::test_the_vote_takes_one_curtain_and_shows_no_secret",
    "tests/test_ink_memory.py::test_a_new_image_where_a_gone_one_was_starts_empty",
    # bots measured over many deals (every game's bots still play whole tables in the
    # quick tier: test_net_table)
    "tests/test_knights_bot.py::test_simple_bots_finish_every_game_and_beat_random_knights",
    "tests/test_choose_play.py::test_the_simple_bot_beats_random_bots",
    "tests/test_sly_knights_play.py::test_the_simple_bot_beats_random_bots",
})
"""Single tests left out (``path::name``, without parameters)."""


QUICK = [False]
"""Whether this run is the quick tier: set by ``conftest.py`` before any test module is
imported, for ``examples``."""


def examples(full: int) -> int:
    """How many examples a property test of random play draws: ``full`` in the whole
    suite, a quarter of them (at least 10) in the quick tier, which looks for a rule a
    change broke, not for a rare deal (the whole suite draws them all)."""
    return max(10, full // 4) if QUICK[0] else full


def slow(nodeid: str) -> bool:
    """Whether the test ``nodeid`` (as pytest names it) is left out of the quick tier."""
    path, _, name = nodeid.partition("::")
    module = path.rsplit("/", 1)[-1].removesuffix(".py")
    return module in SLOW_MODULES or f"{path}::{name.split('[')[0]}" in SLOW_TESTS

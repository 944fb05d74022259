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
    "test_beliefs_used", "test_ismcts", "test_bench_arena",
    "test_web_capture", "test_web_steps",
})
"""Test modules left out whole."""

SLOW_TESTS = frozenset({
    "tests/test_client_startup.py::test_input_wakes_the_sleep_on_the_x11_connection",
    # a pool of processes, a Ray instance, whole interpreters
    "tests/test_research_arena.py::test_a_pool_of_processes_gives_the_same_report",
    "tests/test_research_arena.py::test_a_local_ray_instance_plays_the_same_games",
    "tests/test_research_arena.py::test_the_program_starts_without_the_research_package",
    # whole games, lessons and menus played through a window, each some seconds of CPU:
    # the quick tier keeps each scene's phases, the contracts and the rules
    "tests/test_learn.py::test_every_step_that_points_finds_its_part_of_the_table",
    "tests/test_learn.py::test_a_double_click_on_ready_does_not_scold_on_the_vote_step",
    "tests/test_learn.py::test_the_followers_step_does_not_point_out_the_thief_before_the_"
    "lesson_tells",
    "tests/test_research_env.py::test_every_table_size_fits_the_action_slots",
    "tests/test_client_knights.py::test_single_screen_game_to_the_end",
    "tests/test_client_knights.py::test_a_watched_bot_table_shows_each_line_up_turning_over",
    "tests/test_client_play.py::test_hot_seat_game_to_the_end",
    "tests/test_client_play.py::test_whose_turn_to_look_tells_nothing",
    "tests/test_client_play.py::test_the_menu_fits_every_games_options_at_every_size",
    "tests/test_client_choose.py::test_hot_seat_game_with_privacy_screens",
    "tests/test_samplers.py::test_every_world_shows_the_seat_the_views_it_was_shown",
    "tests/test_menu_form.py::test_a_crowded_menu_keeps_every_text_in_its_place",
    "tests/test_access_settings.py::test_a_whole_watched_game_at_150_percent_reads_whole",
    "tests/test_shared_screen_names.py::test_the_demo_takes_the_names",
    "tests/test_shared_screen_night.py::test_a_shared_night_shows_the_room_the_same_whoever_"
    "wakes",
    "tests/test_shared_screen_ballots.py::test_the_vote_takes_one_curtain_and_shows_no_secret",
    "tests/test_ink_memory.py::test_a_new_image_where_a_gone_one_was_starts_empty",
    "tests/test_replay.py::test_the_command_line_replays_from_a_seat_and_with_everything",
})
"""Single tests left out (``path::name``, without parameters)."""


def slow(nodeid: str) -> bool:
    """Whether the test ``nodeid`` (as pytest names it) is left out of the quick tier."""
    path, _, name = nodeid.partition("::")
    module = path.rsplit("/", 1)[-1].removesuffix(".py")
    return module in SLOW_MODULES or f"{path}::{name.split('[')[0]}" in SLOW_TESTS

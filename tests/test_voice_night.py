"""The narrator's night: the clips, the cue schedule per table size, the digital table's
narration (the same whoever is awake) and the moderator for a physical table."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from array import array
from pathlib import Path
from typing import Any

import pygame
import pytest

from client.app import HEADLESS_DT, App
from client.night_script import Cue, phase_cues, table_night, window
from client.settings import Settings
from client.voice import clip_path, durations
from client.voice_lines import LINES, VOICE_LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
FOLLOWER_LINES = {
    4: [], 5: [],
    6: ["hands_out", "thief_touch_one", "follower_meets_thief", "two_close"],
    7: ["hands_out", "thief_touch_two", "followers_stay_closed", "followers_meet_each_other",
        "two_close"],
    8: ["hands_out", "thief_touch_two", "followers_meet_thief", "three_close"],
}
ALL_FOLLOWER_LINES = {line for lines in FOLLOWER_LINES.values() for line in lines}


@pytest.fixture(scope="module")
def app() -> App:
    return App(Settings(), headless=True, size=(960, 540))


# -- the clips -------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", VOICE_LANGUAGES)
def test_every_line_has_a_clip_that_is_not_silent(app: App, lang: str) -> None:
    lengths = durations(lang)
    if not pygame.mixer.get_init():  # (a test before, on this worker, may have quit it,
        os.environ["SDL_AUDIODRIVER"] = "dummy"  # and left the audio driver unset)
        pygame.mixer.init()
    for line in LINES:
        path = clip_path(line, lang)
        assert path.is_file(), path
        assert path.stat().st_size < 64_000, f"{path} is not a small clip"
        sound = pygame.mixer.Sound(str(path))
        assert abs(sound.get_length() - lengths[line]) < 0.08, line
        samples = array("h", sound.get_raw())
        # the first loud sample will do (speech is loud within its first moments); the
        # peak is measured only to say how quiet a silent clip is
        loud = next((v for v in samples if v > 3000 or v < -3000), None)
        assert loud is not None, f"{lang}/{line} is silent (peak {max(map(abs, samples))})"
        assert 0.2 < lengths[line] < 12, line


# -- the schedule for a physical table -------------------------------------------------------
def lines_of(cues: list[Cue]) -> list[str]:
    return [c.line for c in cues]


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
@pytest.mark.parametrize("hour_seconds", [1, 10, 15])
def test_table_night_follows_the_rules_for_each_size(players: int, hour_seconds: int) -> None:
    d = durations("en")
    night = table_night(players, hour_seconds, d, follower_seconds=5, discussion_seconds=30)
    lines = lines_of(night.cues)
    assert lines[0] == "nightfall"
    assert ("rule_4" in lines) == (players == 4) and ("rule_5" in lines) == (players == 5)
    # Every hour in order: its call, a countdown of min(10, S) to 1, "close your eyes".
    count = min(10, hour_seconds)
    for hour in range(1, 7):
        mine = [c.line for c in night.cues if c.hour == hour]
        assert mine == [f"hour_{hour}", *[f"count_{k}" for k in range(count, 0, -1)],
                        "eyes_closed"]
    # The follower steps of this size, and only those, between hour 6 and the morning.
    after_six = lines.index("eyes_closed", lines.index("hour_6"))
    between = lines[after_six + 1:lines.index("morning")]
    assert [x for x in between if not x.startswith("count_")] == FOLLOWER_LINES[players]
    assert not ALL_FOLLOWER_LINES - set(FOLLOWER_LINES[players]) & set(lines)
    assert lines[-6:] == ["vote_call", "count_3", "count_2", "count_1", "vote_now", "reveal"]
    # Said one after the other, never over each other.
    for a, b in zip(night.cues, night.cues[1:], strict=False):
        assert b.at >= a.at + min(d[a.line], 1.0) - 1e-6, (a, b)
    assert night.length >= night.cues[-1].at + d["reveal"]


def test_an_hour_gives_the_table_its_full_counted_seconds() -> None:
    d = durations("ja")
    night = table_night(6, 7, d)
    hour = [c for c in night.cues if c.hour == 3]
    call_end = hour[0].at + d["hour_3"]
    assert hour[-1].at - call_end >= 7.0
    step = next(s for s in night.steps if s.hour == 3)
    assert step.timer_end - step.timer == pytest.approx(7.0, abs=0.01)


# -- the digital table -------------------------------------------------------------------------
def test_a_digital_hour_fits_its_window_and_depends_only_on_public_data() -> None:
    d = durations("en")
    for hour in range(1, 7):
        cues = phase_cues("hour", hour, 5, {"hour_seconds": 10}, d)
        assert cues[-1].line == "eyes_closed"
        assert cues[-1].at + d["eyes_closed"] <= 10 + 1e-6
        assert f"hour_{hour}" in lines_of(cues)
    # Too short a window drops the optional nightfall, never the hour's call.
    short = phase_cues("hour", 1, 6, {"hour_seconds": 4}, d)
    assert "nightfall" not in lines_of(short) and "hour_1" in lines_of(short)
    assert "nightfall" in lines_of(phase_cues("hour", 1, 6, {"hour_seconds": 12}, d))
    assert lines_of(phase_cues("followers_step", None, 4, {}, d)) == []
    assert lines_of(phase_cues("followers_step", None, 7, {"follower_seconds": 5}, d))[0] == \
        "followers_7"
    assert lines_of(phase_cues("vote_open", None, 5, {}, d))[0] == "vote_call"
    assert phase_cues("wake", 1, 5, {}, d) == []


def test_window_counts_down_to_the_close() -> None:
    d = {"a": 1.0, "z": 1.0, **{f"count_{k}": 0.4 for k in range(1, 11)}}
    cues = window(["a"], ["z"], 8.0, d, step="hour", hour=2)
    assert lines_of(cues) == ["a", "count_5", "count_4", "count_3", "count_2", "count_1", "z"]
    assert [c.at for c in cues] == [0.0, 1.75, 2.75, 3.75, 4.75, 5.75, 6.75]


def narrated_night(app: App, seed: int, players: int) -> list[tuple[float, str]]:
    """Play one table (one person, bots) until the morning is called; what was said."""
    from client.tables import local_scene

    options = {"hour_seconds": 1.0, "discussion_seconds": 5.0, "vote_seconds": 2.0}
    if players > 4:
        options["follower_seconds"] = 1.0
    scene: Any = local_scene(app, "cheese_thief", players, options, seed, 1, "simple")
    app.push(scene)
    try:
        for _ in range(3000):
            app.step(HEADLESS_DT)
            if scene.session.privacy_for is not None:
                scene.session.reveal()
            if any(line == "morning" for _, line in scene.narrator.said):
                break
        return list(scene.narrator.said)
    finally:
        app.pop()


PHASE_STARTS = ("nightfall", "hour_", "followers_", "morning")


def within_phases(said: list[tuple[float, str]]) -> list[tuple[str, float]]:
    """Each line with its time from the line that opened its phase."""
    out, anchor = [], 0.0
    for at, line in said:
        if line.startswith(PHASE_STARTS):
            anchor = at
        out.append((line, round(at - anchor, 3)))
    return out


@pytest.mark.parametrize("players", [4, 5, 7])
def test_the_digital_night_sounds_the_same_whoever_is_awake(app: App, players: int) -> None:
    said = [narrated_night(app, seed, players) for seed in (3, 11)]
    if players > 4:
        assert said[0] == said[1]
    else:
        # At 4 the dice-choosing window before the night may close early (that timing is
        # the host's, not the narrator's); within every phase the words and their timing
        # are still the same.
        assert within_phases(said[0]) == within_phases(said[1])
    lines = [line for _, line in said[0]]
    assert [x for x in lines if x.startswith("hour_")] == [f"hour_{h}" for h in range(1, 7)]
    assert ("followers_7" in lines) == (players == 7)
    assert ("followers_5" in lines) == (players == 5)
    assert (lines[0] == "nightfall") == (players == 4)
    assert lines[-1] == "morning"
    assert app.voice.played and app.voice.played[-1].endswith("/morning.ogg")


# -- the moderator ---------------------------------------------------------------------------
def moderate(*args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.Popen([sys.executable, "-m", "client.cli", "moderate", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=ROOT)


def test_moderator_runs_headless_through_a_night_for_4_to_8_players() -> None:
    fast = ("--headless", "--stats", "--hour-seconds", "1", "--follower-seconds", "1",
            "--discussion-seconds", "1", "--size", "480x320")
    runs = {(n, lang): moderate("--players", str(n), "--lang", lang, *fast)
            for n in range(4, 9) for lang in (("en", "ja") if n == 6 else ("en",))}
    for (n, lang), proc in runs.items():
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        stats = json.loads(out.strip().splitlines()[-1])
        assert stats["done"] and stats["players"] == n and stats["lang"] == lang
        cues = stats["cues"]
        expected = table_night(n, 1, durations(lang), follower_seconds=1, discussion_seconds=1)
        assert [c["id"] for c in cues] == lines_of(expected.cues)
        for cue in cues:
            assert cue["clip"] == f"sounds/voice/{lang}/{cue['id']}.ogg"
            assert (ROOT / cue["clip"]).is_file()
        hours = [c["hour"] for c in cues if c["id"].startswith("hour_")]
        assert hours == [1, 2, 3, 4, 5, 6]
        assert all("hour" not in c for c in cues if c["id"] in ALL_FOLLOWER_LINES)


def test_moderator_rejects_a_table_size_in_one_sentence() -> None:
    proc = moderate("--headless", "--players", "9")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert err.strip().count("\n") == 0 and "between 4 and 8" in err and "Traceback" not in err


def key(code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="",
                                         scancode=0))


def test_moderator_pause_resume_restart_by_key_and_button(app: App) -> None:
    from client.scenes.moderator import ModeratorScene

    scene = ModeratorScene(app, 6, 1.0, "en", follower_seconds=1, discussion_seconds=1)
    app.push(scene)
    try:
        for _ in range(120):
            app.step(HEADLESS_DT)
        said = len(scene.cues)
        assert said >= 1 and scene.t == pytest.approx(2.0, abs=0.05)
        key(pygame.K_SPACE)
        for _ in range(120):
            app.step(HEADLESS_DT)
        assert scene.paused and scene.t == pytest.approx(2.0, abs=0.05)
        assert len(scene.cues) == said
        pause = next(b for b in scene.buttons if b.key == "pause")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pause.rect.center,
                                             button=1))
        for _ in range(60):
            app.step(HEADLESS_DT)
        assert not scene.paused and scene.t == pytest.approx(3.0, abs=0.05)
        key(pygame.K_r)  # mid-night: asked first, then Enter says yes
        app.step(HEADLESS_DT)
        assert scene.asking == "restart" and scene.restarts == 0
        key(pygame.K_RETURN)
        app.step(HEADLESS_DT)
        assert scene.restarts == 1 and scene.t < 0.1
        restart = next(b for b in scene.buttons if b.key == "restart")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=restart.rect.center,
                                             button=1))
        app.step(HEADLESS_DT)
        yes = next(b for b in scene.buttons if b.key == "yes")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=yes.rect.center,
                                             button=1))
        app.step(HEADLESS_DT)
        assert scene.restarts == 2
    finally:
        app.pop()


def click(app: App, widget: Any) -> None:
    """A left click on ``widget`` once its screen has settled (a screen just come takes
    none)."""
    from tests.menu_walk import settle

    settle(app)
    pos = widget.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_menu_opens_the_moderator_with_the_table_timings(app: App) -> None:
    from client import i18n
    from client.scenes.menu import MenuScene
    from client.scenes.moderator import ModeratorScene

    i18n.set_language("en")
    menu = MenuScene(app)
    app.scenes = [menu]
    app.step(HEADLESS_DT)
    menu.dropdown_changed(menu.widgets["mode"], "Moderator for real cards")
    menu.dropdown_changed(menu.widgets["players"], "7")
    app.step(HEADLESS_DT)
    menu.option_text["hour_seconds"] = "4"
    click(app, menu.widgets["start"])
    for _ in range(3):
        app.step(HEADLESS_DT)
    scene = app.scene
    assert isinstance(scene, ModeratorScene) and scene.players == 7
    hour = next(s for s in scene.night.steps if s.hour == 1)
    assert hour.timer_end - hour.timer == pytest.approx(4.0, abs=0.01)
    key(pygame.K_ESCAPE)  # mid-night: asked first, then Enter says yes
    app.step(HEADLESS_DT)
    key(pygame.K_RETURN)
    app.step(HEADLESS_DT)
    assert app.scene is menu
    # Another game has no moderator: the mode falls back to a single screen.
    menu.dropdown_changed(menu.widgets["game"], "Choose!")
    app.step(HEADLESS_DT)
    assert menu.mode == "single"


def test_voice_switch_and_volume_in_settings(app: App, tmp_path: Any,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from client import settings as settings_mod
    from client.scenes.settings_scene import SettingsScene

    monkeypatch.setenv("CHEESEKNIGHTS_CONFIG_DIR", str(tmp_path))
    monkeypatch.setattr(app, "settings", Settings())
    scene = SettingsScene(app)
    app.scenes = [scene]
    app.step(HEADLESS_DT)
    click(app, scene.w["page.sound"])
    for _ in range(3):
        app.step(HEADLESS_DT)
    assert scene.w["voice"].is_checked
    click(app, scene.w["voice"])
    for _ in range(3):
        app.step(HEADLESS_DT)
    assert app.settings.voice is False and app.voice.enabled is False
    scene.w["voice_volume"].set_current_value(30)
    pygame.event.post(pygame.event.Event(pygame_gui_slider_moved(),
                                         ui_element=scene.w["voice_volume"], value=30))
    for _ in range(3):
        app.step(HEADLESS_DT)
    assert app.voice.volume == pytest.approx(0.3)
    click(app, scene.w["save"])
    for _ in range(3):
        app.step(HEADLESS_DT)
    saved = settings_mod.load()
    assert saved.voice is False and saved.voice_volume == pytest.approx(0.3)
    assert Settings(voice_volume=7).clean().voice_volume == 1.0
    app.voice.set_enabled(True)
    app.voice.set_volume(0.8)


def pygame_gui_slider_moved() -> int:
    import pygame_gui

    return int(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED)


def test_the_nights_clips_are_readied_in_frames_that_say_nothing(app: App) -> None:
    """Decoding a clip in the frame that says it made that frame the night's slowest;
    frames that say nothing ready the coming calls' clips, one a frame: this phase's,
    the next hour's, then the rest of the table's night, from public data only (what is
    said, and when, is unchanged)."""
    from client.narration import SCRIPT, Narrator
    from client.night_script import phase_cues
    from client.voice import _CLIPS as clips  # (decoded once for the whole process)
    from client.voice import durations

    voice = app.voice
    if voice._channel is None:  # (no mixer on this worker: nothing is ever decoded)
        pytest.skip("no sound device, not even SDL's dummy one")
    clips.clear()
    narrator = Narrator(voice)
    narrator.hear([{"type": "hour", "hour": 3}], {"players": 5, "options": {}}, now=0.0)
    narrator.update(0.0)  # the call: said, and nothing else decoded in its frame
    assert narrator.said[-1][1] == "hour_3"
    assert set(clips) == {("hour_3", narrator.lang)}
    coming = {cue.line for _, cue in narrator.queue} | set(narrator.later)
    assert "hour_4" in narrator.later and "eyes_closed" in coming
    night = {cue.line for step in SCRIPT
             for cue in phase_cues(*step, 5, {}, durations(narrator.lang))}
    assert {"nightfall", "followers_5", "morning", "hour_6"} <= night
    assert "followers_4" not in night and "followers_6" not in night  # (a table of five)
    loaded = []
    for frame in range(1, len(night) + 2):
        before = set(clips)
        narrator.update(frame / 60)
        new = set(clips) - before
        assert len(new) <= 1  # one clip a frame at most
        loaded += [line for line, _ in new]
    assert set(loaded[:len(coming)]) == coming  # the coming calls first
    assert {line for line, _ in clips} == night  # then the rest of the night
    assert {lang for _, lang in clips} == {narrator.lang}
    assert [line for _, line in narrator.said] == ["hour_3"]
    voice.hush()


def test_a_frame_that_keeps_bubbles_off_the_banner_still_readies_one_clip(app: App) -> None:
    """Cheese Thief asks where the banner stands (``Narrator.band``, for its bubbles)
    before it draws the banner: the two, in one frame, say what falls due once and
    ready at most one clip, as a frame that only draws it does."""
    from client.narration import Narrator
    from client.voice import _CLIPS as clips

    voice = app.voice
    if voice._channel is None:
        pytest.skip("no sound device, not even SDL's dummy one")
    clips.clear()
    narrator = Narrator(voice)
    narrator.hear([{"type": "hour", "hour": 3}], {"players": 5, "options": {}}, now=0.0)
    surface, rect = pygame.Surface((800, 500)), pygame.Rect(0, 0, 550, 420)
    assert narrator.band(0.0, rect, 16) is not None
    narrator.draw(surface, 0.0, rect, 16)
    assert [line for _, line in narrator.said] == ["hour_3"]
    assert set(clips) == {("hour_3", narrator.lang)}, "nothing else in the frame that says it"
    for frame in range(1, 30):
        before = set(clips)
        narrator.band(frame / 60, rect, 16)
        narrator.draw(surface, frame / 60, rect, 16)
        assert len(set(clips) - before) <= 1
    voice.hush()

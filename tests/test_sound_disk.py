"""Every cue sounds at its moment, and mute and volume do what they say, on real audio.

``tests.sound_rig`` plays a scripted table in a process of its own with SDL's ``disk``
audio driver, which writes the mixer's output to a file; here the samples are read
back. Before each cue's moment the file is silent; after it, it sounds (unless the cue
must not sound: muted, or a person's secret at a shared screen).
"""

from __future__ import annotations

import array
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.sound_rig import QUIET, peak, samples

ROOT = Path(__file__).resolve().parent.parent
Samples = array.array  # signed 16-bit, every channel interleaved
SILENT = ("shared_wake", "shared_theft", "mute_key", "chime_muted", "hour_muted")
"""Moments that must write silence."""
EXPECTED = {
    "hour": ["chime"], "wake": ["wake"], "roll": ["roll"], "theft": ["theft"],
    "day": ["chime"], "voted": ["vote"], "reveal": ["reveal"], "click": ["click"],
    "error": ["error"], "win": ["win"], "lose": ["lose"], "chime": ["chime"],
    "win_half": ["win"], "chime_muted": ["chime"], "hour_muted": ["chime"],
    "shared_wake": [], "shared_theft": [], "volume_keys": ["click"] * 5, "mute_key": [],
}
"""What ``Audio`` says each moment played (a muted cue is still a cue, written as
silence)."""


@pytest.fixture(scope="module")
def recording(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    folder = tmp_path_factory.mktemp("sound")
    out = folder / "mixed.raw"
    env = {**os.environ, "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(out),
           "CHEESEKNIGHTS_CONFIG_DIR": str(folder / "settings"),
           # A millisecond between buffers: faster than a sound card, same order.
           "SDL_DISKAUDIODELAY": "1", "SDL_VIDEODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "tests.sound_rig", str(out)], env=env,
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1]), out


@pytest.fixture(scope="module")
def parts(recording: tuple[dict[str, Any], Path]) -> dict[str, tuple[int, Samples]]:
    """Each moment's peak in the tenth of a second before it, and its samples up to the
    next moment."""
    data, path = recording
    moments = data["moments"]
    every = samples(str(path))
    tenth = data["rate"] * data["channels"] // 10
    out = {}
    for i, m in enumerate(moments):
        end = moments[i + 1]["at"] if i + 1 < len(moments) else len(every)
        out[m["label"]] = (peak(every[max(0, m["at"] - tenth):m["at"]]), every[m["at"]:end])
    return out


def test_the_disk_driver_records_the_mixer(recording: tuple[dict[str, Any], Path]) -> None:
    data, path = recording
    assert data["channels"] in (1, 2) and data["rate"] >= 11025
    assert path.stat().st_size > 0


def test_each_cue_sounds_at_its_moment(recording: tuple[dict[str, Any], Path],
                                       parts: dict[str, tuple[int, Samples]]) -> None:
    data, _ = recording
    played = {m["label"]: m["played"] for m in data["moments"]}
    for label, names in EXPECTED.items():
        assert played[label] == names, f"{label}: played {played[label]}"
    spoken = {m["label"]: m["spoken"] for m in data["moments"]}
    assert spoken["voice"] == ["sounds/voice/en/hour_2.ogg"]
    for label, (before, after) in parts.items():
        assert before <= QUIET, f"{label}: something sounded before its moment ({before})"
        if label in SILENT:
            assert peak(after) <= QUIET, f"{label}: should be silent, peaks at {peak(after)}"
        else:
            assert peak(after) > 1000, f"{label}: silent after its cue ({peak(after)})"


def test_every_sound_file_is_a_cue_the_tables_play(
        recording: tuple[dict[str, Any], Path]) -> None:
    from client.audio import NAMES

    data, _ = recording
    heard = {name for m in data["moments"] for name in m["played"]}
    assert heard == set(NAMES)


def test_half_the_effects_volume_writes_half_the_amplitude(recording: tuple[dict[str, Any], Path],
                                               parts: dict[str, tuple[int, Samples]]) -> None:
    data, _ = recording
    volume = {m["label"]: m["volume"] for m in data["moments"]}
    assert volume["win"] == 1.0 and volume["win_half"] == pytest.approx(0.5)
    full, half = peak(parts["win"][1]), peak(parts["win_half"][1])
    assert 0.4 < half / full < 0.6, (full, half)


def test_muted_writes_silence(recording: tuple[dict[str, Any], Path],
                              parts: dict[str, tuple[int, Samples]]) -> None:
    data, _ = recording
    muted = {m["label"]: m["muted"] for m in data["moments"]}
    assert muted["chime_muted"] and muted["hour_muted"] and not muted["win_half"]
    assert peak(parts["chime_muted"][1]) == 0 and peak(parts["hour_muted"][1]) == 0

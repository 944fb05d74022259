"""The player's own preferences, kept between runs in the user config directory."""

from __future__ import annotations

import contextlib
import json
import locale
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import platformdirs

from net.glyphs import only_drawable

CONFIG_ENV = "CHEESEKNIGHTS_CONFIG_DIR"
"""Overrides the directory, so tests never touch the real user's settings."""


TEXT_SIZES = (100, 110, 125, 150)
"""The text sizes offered, in percent; a saved size is kept within the first and last."""
PALETTES = ("standard", "safe")
MORE_TIME = (1.0, 1.5, 2.0, 3.0)
"""The factors "more time" offers."""


SMALLEST = (800, 500)
"""The smallest window the screens are laid out for: a saved size is kept at least
this, and a person cannot drag the window smaller (``App``)."""


@dataclass
class Settings:
    name: str = ""
    """Empty until the person has been asked (the first LAN table asks once)."""
    language: str = "en"
    volume: float = 0.7
    muted: bool = False
    width: int = 1280
    height: int = 720
    bot_delay: float = 0.6
    """Seconds a bot waits before acting at a table with people."""
    watch_speed: float = 1.0
    """How much faster than real time a bot-only table runs."""
    voice: bool = True
    """The narrator calls the Cheese Thief night aloud (subtitles show either way)."""
    voice_volume: float = 0.8
    """The speech's volume (the narrator)."""
    chime_volume: float = 0.7
    """The chimes' volume (a night hour striking, a seat woken), apart from the effects."""
    subtitles: bool = True
    """Subtitles while the voice is heard too; with the voice off or the sound muted
    they show whatever this says, so a call is never told by sound alone."""
    text_size: int = 100
    """Every text's size, in percent (100-150): ``client.assets.set_text_scale``."""
    palette: str = "standard"
    """The seats' colours: "standard", or "safe" (told apart with deuteranopia and
    protanopia too: ``client.kit.palette``). Every seat carries its mark either way."""
    more_time: float = 1.0
    """Multiplies every person's timer at the tables this person hosts (never the Cheese
    Thief night's hours: ``client.more_time``)."""
    keys: dict[str, str] = field(default_factory=dict)
    """The table's actions whose key the person changed: action -> pygame key name
    (``client.kit.keymap``)."""
    screen_names: list[str] = field(default_factory=list)
    """The names last given to the people at a single-screen table, in seat order: the
    next such table offers them again."""
    lessons: dict[str, int] = field(default_factory=dict)
    """By game: the step a lesson left unfinished was at, so it resumes there."""

    # -- the new-game form as last started: a person's edits are offered again ----------
    table_options: dict[str, dict[str, str]] = field(default_factory=dict)
    """By game: the table options as typed on the form of the last table started (a
    timer set once stays set), never a password."""
    bot_levels: dict[str, str] = field(default_factory=dict)
    """By game: the bot level chosen on the form of the last table started."""

    def clean(self) -> Settings:
        """Clamp values a hand-edited file might have broken."""
        self.language = self.language if self.language in ("en", "ja") else "en"
        self.volume = min(1.0, max(0.0, float(self.volume)))
        self.width = min(3840, max(SMALLEST[0], int(self.width)))
        self.height = min(2160, max(SMALLEST[1], int(self.height)))
        self.bot_delay = min(5.0, max(0.0, float(self.bot_delay)))
        self.watch_speed = min(16.0, max(0.25, float(self.watch_speed)))
        self.voice = bool(self.voice)
        self.voice_volume = min(1.0, max(0.0, float(self.voice_volume)))
        self.chime_volume = min(1.0, max(0.0, float(self.chime_volume)))
        self.subtitles = bool(self.subtitles)
        self.text_size = min(TEXT_SIZES[-1], max(TEXT_SIZES[0], int(self.text_size)))
        self.palette = self.palette if self.palette in PALETTES else "standard"
        self.more_time = min(MORE_TIME[-1], max(MORE_TIME[0], float(self.more_time)))
        keys = self.keys if isinstance(self.keys, dict) else {}
        self.keys = {str(a): str(k) for a, k in keys.items() if isinstance(k, str)}
        self.name = only_drawable(str(self.name).strip())[:24]
        names = self.screen_names if isinstance(self.screen_names, list) else []
        names = [only_drawable(str(n).strip())[:24] for n in names]
        self.screen_names = [n for n in names if n][:8]
        lessons = self.lessons if isinstance(self.lessons, dict) else {}
        self.lessons = {str(g): max(0, int(n)) for g, n in lessons.items()
                        if isinstance(n, int) and not isinstance(n, bool)}
        self._clean_form()
        return self

    def _clean_form(self) -> None:
        """The kept form as text by game (a hand-edited file may hold anything)."""
        kept = self.table_options if isinstance(self.table_options, dict) else {}
        self.table_options = {str(g): {str(k): str(v)[:64] for k, v in opts.items()}
                              for g, opts in kept.items() if isinstance(opts, dict)}
        levels = self.bot_levels if isinstance(self.bot_levels, dict) else {}
        self.bot_levels = {str(g): str(v) for g, v in levels.items() if isinstance(v, str)}


def config_dir() -> Path:
    override = os.environ.get(CONFIG_ENV)
    return Path(override) if override else Path(platformdirs.user_config_dir("cheeseknights"))


def settings_path() -> Path:
    return config_dir() / "settings.json"


UNREADABLE = "settings.unreadable.json"
"""Where a settings file that cannot be read at all is kept (``load``)."""

_set_aside: list[Path] = []


def load() -> Settings:
    """The saved settings. A value a hand-edited file broke falls back to its default
    alone, the rest kept (one bad width lost a person's name, keys and lessons). A file
    that is no settings at all (cut short, not JSON, a list) is kept aside as
    ``UNREADABLE`` and the defaults are used: closing saves the settings, which would
    write over it, and a file holding a list stopped the program at start."""
    path = settings_path()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings(language=system_language())
    except (OSError, ValueError):  # (a UnicodeDecodeError is a ValueError)
        raw = None
    if not isinstance(raw, dict):
        _keep_aside(path)
        return Settings(language=system_language())
    known = {f.name for f in fields(Settings)}
    kept: dict[str, object] = {}
    for name, value in raw.items():
        if name in known and _cleans(Settings(**{**kept, name: value})):
            kept[name] = value
    return Settings(**kept).clean()  # type: ignore[arg-type]


def system_language() -> str:
    """The first run's language: the system's, where it is one of ours (a person whose
    computer speaks Japanese met an English menu first; the phone's page already went by
    its browser's language)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):  # (POSIX's order)
        value = os.environ.get(name)
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    code = ""
    with contextlib.suppress(ValueError):
        code = locale.getlocale()[0] or ""  # (Windows: "Japanese_Japan")
    return "ja" if code.lower().startswith("ja") else "en"


def _cleans(settings: Settings) -> bool:
    try:
        settings.clean()
    except (TypeError, ValueError, OverflowError, AttributeError):
        return False
    return True


def _keep_aside(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.replace(path.with_name(UNREADABLE))
        _set_aside.append(path.with_name(UNREADABLE))


def set_aside() -> Path | None:
    """The unreadable settings file ``load`` kept aside, once (the menu says so)."""
    return _set_aside.pop() if _set_aside else None


def save(settings: Settings) -> str | None:
    """Keep ``settings`` for the next run; the reason when they could not be (a folder
    that cannot be made or written: a read-only home, a full disk), which the Settings
    screen says. Saving is also done in passing (closing the window, a form, a name):
    there a failure must not stop the program, and stopped it at its close."""
    path = settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(settings.clean()), indent=2), encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        return exc.strerror or str(exc)
    return None

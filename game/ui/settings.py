"""Player settings: window, AI animation speed, reaction prompts, sound (master and effects
volume 0..1, mute), and the battle last set up in the menu (#29: map, ruleset, who
commands each side, seed, fog); kept between runs.

Stored as JSON in the per-user config folder (the data folder when
``SHIELDWALL_DATA_DIR`` is set; ``game.user_folders``). A damaged file is reported in
one line and the defaults are used; saving writes a temp file and renames it,
so a crash never leaves half a settings file (DESIGN.md · Errors and data).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from game.regular_files import read_regular

AI_SPEEDS: tuple[str, ...] = ("slow", "normal", "fast", "instant")
REACTION_PROMPTS: tuple[str, ...] = ("always", "when it matters", "never")
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 640), (1280, 720), (1600, 900), (1920, 1080))
#: The smallest window the game allows (the window cannot be dragged smaller); every
#: screen and overlay is laid out to fit it.
MIN_WINDOW: tuple[int, int] = (960, 540)
MAX_SETTINGS_BYTES = 1024 * 1024  # a settings file is well under 2 KiB


def window_sizes(current: tuple[int, int]) -> list[tuple[int, int]]:
    """The window sizes Settings offers, the window's own among them, smallest first (by
    area, then width)."""
    return sorted({*WINDOW_SIZES, current}, key=lambda s: (s[0] * s[1], s[0]))


@dataclass(frozen=True, slots=True)
class LastSetup:
    """The battle the menu last started, so the next menu opens on it: the map's file,
    the ruleset, each side's controller ("human", "ai" or an AI level) and the seed
    field as typed ("" for a random seed)."""

    map: str
    ruleset: str
    controllers: tuple[tuple[str, str], ...] = ()
    seed: str = ""
    fog: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "map": self.map,
            "ruleset": self.ruleset,
            "controllers": dict(self.controllers),
            "seed": self.seed,
            "fog": self.fog,
        }

    @staticmethod
    def from_json(raw: object) -> LastSetup:
        """``ValueError`` naming what is wrong when ``raw`` is not a last setup."""
        if not isinstance(raw, dict):
            raise ValueError("last_setup must be an object")
        text = {k: raw.get(k, "") for k in ("map", "ruleset", "seed")}
        if not all(isinstance(v, str) for v in text.values()) or not text["map"]:
            raise ValueError("last_setup needs map, ruleset and seed as text")
        if not seed_text_ok(text["seed"]):
            text["seed"] = ""  # a seed no save could keep (play-test 3): a random one instead
        sides = raw.get("controllers", {})
        if not isinstance(sides, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in sides.items()
        ):
            raise ValueError("last_setup's controllers must map side ids to names")
        fog = raw.get("fog", False)
        if not isinstance(fog, bool):
            raise ValueError("last_setup's fog must be true or false")
        return LastSetup(text["map"], text["ruleset"], tuple(sides.items()), text["seed"], fog)


@dataclass(frozen=True, slots=True)
class Settings:
    window: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    ai_speed: str = "normal"
    reaction_prompts: str = "when it matters"
    grid_overlay: bool = True
    last_setup: LastSetup | None = None
    volume_master: float = 0.8
    volume_effects: float = 1.0
    muted: bool = False

    def validated(self) -> Settings:
        """Replace out-of-range values by defaults (hand-edited files)."""
        default = Settings()
        out = self
        if self.ai_speed not in AI_SPEEDS:
            out = replace(out, ai_speed=default.ai_speed)
        if self.reaction_prompts not in REACTION_PROMPTS:
            out = replace(out, reaction_prompts=default.reaction_prompts)
        w, h = self.window
        if not (640 <= w <= 7680 and 400 <= h <= 4320):
            out = replace(out, window=default.window)
        return replace(
            out,
            volume_master=volume(self.volume_master, default.volume_master),
            volume_effects=volume(self.volume_effects, default.volume_effects),
        )


def seed_text_ok(text: str) -> bool:
    """Whether a seed field's text is empty (a random seed) or a seed a save can keep:
    0 … 2**63 − 1 in ASCII digits."""
    from game.saves.format import MAX_SEED

    if not text:
        return True
    return text.isascii() and text.isdigit() and int(text) <= MAX_SEED


def volume(value: object, default: float) -> float:
    """A volume as saved (0..1) or, when out of range or not a number, ``default``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    return float(value) if 0.0 <= value <= 1.0 else default


def settings_path() -> Path:
    from game.user_folders import config_dir

    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, if the file was unusable, a one-line problem."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data = read_regular(path, MAX_SETTINGS_BYTES)  # a FIFO or device: refused, no hang
        if len(data) > MAX_SETTINGS_BYTES:
            raise ValueError(f"larger than {MAX_SETTINGS_BYTES // 1024} KiB")
        raw = json.loads(data.decode("utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("expected a JSON object")
        known = {f.name for f in fields(Settings)}
        values = {k: v for k, v in raw.items() if k in known}
        if "window" in values:
            w, h = values["window"]
            values["window"] = (int(w), int(h))
        for flag in ("fullscreen", "grid_overlay", "muted"):
            if flag in values and not isinstance(values[flag], bool):
                raise ValueError(f"{flag} must be true or false")
        if values.get("last_setup") is not None:
            values["last_setup"] = LastSetup.from_json(values["last_setup"])
        return Settings(**values).validated(), None
    except RecursionError:
        return Settings(), _unusable(path, "nested too deeply")
    except json.JSONDecodeError as exc:  # the parser's own words are long and technical
        return Settings(), _unusable(
            path, f"not valid JSON at line {exc.lineno}, column {exc.colno}"
        )
    except (OSError, ValueError, TypeError, ArithmeticError) as exc:
        why = getattr(exc, "strerror", None) or exc  # an OSError's own words, without errno
        return Settings(), _unusable(path, str(why))


def _unusable(path: Path, why: str) -> str:
    """The line saying the settings at ``path`` could not be used. A regular file is
    kept beside it as ``settings.unreadable.json`` (``-2``, ``-3`` … when that is taken;
    the next save writes the defaults over ``path``: nothing the player wrote is lost)."""
    line = f"{path}: unreadable settings ({why}); using defaults"
    kept = path.with_name(path.stem + ".unreadable" + path.suffix)
    n = 1
    while kept.exists() and n < 100:  # an earlier unreadable file stays too
        n += 1
        kept = path.with_name(f"{path.stem}.unreadable-{n}{path.suffix}")
    try:
        if path.is_file() and not path.is_symlink():
            os.replace(path, kept)
            return f"{line} (the file is kept as {kept.name})"
    except OSError:
        pass
    return line


def save_settings(settings: Settings, path: Path | None = None) -> None:
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    data = asdict(settings)
    data["window"] = list(settings.window)
    data["last_setup"] = settings.last_setup.to_json() if settings.last_setup else None
    tmp.write_text(json.dumps(data, indent=2), encoding="utf-8")
    os.replace(tmp, path)

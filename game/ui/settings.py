"""Player settings: window, AI animation speed, reaction prompts; kept between runs.

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

AI_SPEEDS: tuple[str, ...] = ("slow", "normal", "fast", "instant")
REACTION_PROMPTS: tuple[str, ...] = ("always", "when it matters", "never")
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080), (1024, 640))


@dataclass(frozen=True, slots=True)
class Settings:
    window: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    ai_speed: str = "normal"
    reaction_prompts: str = "when it matters"
    grid_overlay: bool = True

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
        return out


def settings_path() -> Path:
    from game.user_folders import config_dir

    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, if the file was unusable, a one-line problem."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("expected a JSON object")
        known = {f.name for f in fields(Settings)}
        values = {k: v for k, v in raw.items() if k in known}
        if "window" in values:
            w, h = values["window"]
            values["window"] = (int(w), int(h))
        for flag in ("fullscreen", "grid_overlay"):
            if flag in values and not isinstance(values[flag], bool):
                raise ValueError(f"{flag} must be true or false")
        return Settings(**values).validated(), None
    except (OSError, ValueError, TypeError) as exc:
        return Settings(), f"{path}: unreadable settings ({exc}); using defaults"


def save_settings(settings: Settings, path: Path | None = None) -> None:
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    data = asdict(settings)
    data["window"] = list(settings.window)
    tmp.write_text(json.dumps(data, indent=2), encoding="utf-8")
    os.replace(tmp, path)

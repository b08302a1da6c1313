"""The save file: JSON, versioned, checked field by field (DESIGN.md · One path for every
choice: a save is the seed, the map's content hash, the ruleset, the controllers and the
answers; issue 6 · Saves and replays).

    {
      "format": "shieldwall-save", "schema": 1,
      "title": "Duel at the ford", "saved_at": "2025-01-01T12:00:00+00:00", "round": 3,
      "over": false, "winner": null,
      "map": {"name": "duel.tmx", "hash": "<sha256>"},
      "content": {"hash": "<sha256 of the unit templates fielded and all the gear>"},
      "ruleset": {"id": "grid", "options": {}},
      "seed": 7,
      "controllers": {"party": "human", "bandits": "baseline"},
      "state_hash": "<sha256 of the battle after the last answer>",
      "answers": [
        {"kind": "choose_unit", "unit": "Ada"},
        …
      ]
    }

Decoding never trusts the file: the size is capped before reading, JSON errors, deep
nesting, huge numbers, wrong types and unknown answer kinds all become one ``SaveError``
line naming the file. No pickle, no eval: answers are rebuilt by
``game.engine.answers.answer_from_dict``, which checks every field against its type.
The metadata (title, round, over, winner, saved_at) is for menus only; replaying the
answers is what restores the battle (``game.saves.replay``).

Optional keys (schema 1 files written before them lack them, and load as before):
``content`` fingerprints the unit and weapon numbers the battle was fought with
(``game.content.digest``); a replay with other numbers may diverge, and the loader then
says that this is why. ``view`` keeps how the player watched the battle, not what
happened in it: ``{"fog": true}`` when fog of war was chosen in the menu.
``winner_name`` is the winning side's name, for the load list; ``side_names`` names each
side (side id → name), so the load list can say who commanded which side. ``map.path``, the map's
absolute path on the machine that wrote the save, is no longer written (a save is
portable); an old save that has it is read as before and the path is never opened
(``game.saves.replay.locate_map`` finds the map by name and hash). The seed is
0 … 2**63 − 1.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.engine.answers import Answer, AnswerFormatError, answer_from_dict
from game.regular_files import NotRegularFile, read_regular
from game.saves.errors import SaveError

if TYPE_CHECKING:
    from game.engine.battle import Battle

FORMAT = "shieldwall-save"
SCHEMA = 1  # bump when the layout changes; older schemas stay readable, newer are refused

# Limits that protect the player's machine from a hostile or damaged file.
MAX_SAVE_BYTES = 16 * 2**20
MAX_ANSWERS = 200_000
MAX_TEXT = 200  # characters in a title, a controller name, a side id …
MAX_SEED = 2**63 - 1  # seeds are 0 … 2**63 − 1 (random.Random(-3) would replay seed 3)
MAX_ROUND = 10**6
MAX_SIDES = 16
MAX_OPTIONS = 64

_HASH = re.compile(r"[0-9a-f]{64}")
_MAP_NAME = re.compile(r"[^/\\\x00]{1,200}\.tmx", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class SaveData:
    """Everything a save holds. ``answers`` replay the battle; the rest checks or labels it."""

    title: str
    saved_at: str
    map_name: str  # the .tmx file name, looked up again on load
    map_path: str  # old saves only: where it was when saved (never opened, not written)
    map_hash: str  # Battlefield.content_hash: the map must not have changed
    ruleset: str
    options: Mapping[str, str | int | bool]
    seed: int
    controllers: Mapping[str, str]
    answers: tuple[Answer, ...]
    state_hash: str
    round: int = 0
    over: bool = False
    winner: str | None = None
    schema: int = SCHEMA
    content_hash: str = ""  # game.content.digest of what the battle fielded; "" = not recorded
    fog: bool | None = None  # the player's fog-of-war choice; None = the map's default
    winner_name: str = ""  # the winning side's name, for menus ("" = none or not recorded)
    side_names: tuple[tuple[str, str], ...] = ()  # (side id, name), for menus; () = not recorded


def snapshot(battle: Battle, title: str | None = None, fog: bool | None = None) -> SaveData:
    """The save of ``battle`` as it is now (``fog``: the player's fog choice, kept so a
    loaded hotseat battle hides what it hid). ``ValueError`` for a battle that a save cannot
    reproduce: one built from a map in memory (no file, no real hash) or driven by
    scripted dice instead of its seed."""
    field = battle.battlefield
    if getattr(battle, "broken", False):
        raise ValueError("the rules broke off in the middle of an answer; not saved as it stands")
    if type(battle.ctx.rng) is not random.Random:
        raise ValueError("this battle rolls scripted dice, not its seed; it cannot be saved")
    if not _HASH.fullmatch(field.content_hash or ""):
        raise ValueError(f"map {field.path.name!r} was not loaded from a file; cannot save")
    options = dict(getattr(battle, "ruleset_options", None) or {})
    problem = seed_problem(battle.seed)
    if problem:
        raise ValueError(problem)
    return SaveData(
        content_hash=fielded_content_digest(battle.content, field),
        title=title if title is not None else field.scenario.title,
        saved_at=datetime.now(UTC).isoformat(timespec="seconds"),
        map_name=field.path.name,
        map_path="",  # a save is portable: the map is found by name and hash
        map_hash=field.content_hash,
        ruleset=battle.ruleset_id,
        options=options,
        seed=battle.seed,
        controllers=dict(battle.controllers),
        answers=tuple(battle.answers),
        state_hash=battle.state_hash(),
        round=battle.round,
        over=battle.over,
        winner=battle.winner,
        fog=fog,
        winner_name=_side_name(battle, battle.winner),
        side_names=tuple((side.id, side.name) for side in field.scenario.sides),
    )


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` is not a seed a save can hold (0 … 2**63 − 1), or None."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        return f"the seed must be a whole number, not {_short(seed)}"
    if not 0 <= seed <= MAX_SEED:
        return f"the seed {_short(seed)} is outside 0 … 2**63 − 1"
    return None


def _side_name(battle: Battle, side: str | None) -> str:
    if side is None:
        return ""
    names = {s.id: s.name for s in battle.battlefield.scenario.sides}
    return names.get(side, "")


def fielded_content_digest(content: Any, field: Any) -> str:
    """The content fingerprint of a battle on ``field``: the templates its spawns name and
    all the gear (``game.content.digest``)."""
    from game.content.digest import content_digest

    return content_digest(content, (spawn.template for spawn in field.spawns))


def header(save: SaveData) -> dict[str, Any]:
    """Every field but the answers, as plain JSON data, in the order written."""
    return {
        "format": FORMAT,
        "schema": save.schema,
        "title": save.title,
        "saved_at": save.saved_at,
        "round": save.round,
        "over": save.over,
        "winner": save.winner,
        "map": {"name": save.map_name, "hash": save.map_hash},
        **({"content": {"hash": save.content_hash}} if save.content_hash else {}),
        "ruleset": {"id": save.ruleset, "options": dict(save.options)},
        "seed": save.seed,
        "controllers": dict(save.controllers),
        "state_hash": save.state_hash,
        **({"view": {"fog": save.fog}} if save.fog is not None else {}),
        **({"winner_name": save.winner_name} if save.winner_name else {}),
        **({"side_names": dict(save.side_names)} if save.side_names else {}),
    }


def encode(save: SaveData, answer_lines: list[str] | None = None) -> bytes:
    """The file's bytes: the header one key per line, then one answer per line (easy to
    read and to diff). ``answer_lines`` may carry the answers already encoded (the
    autosaver keeps them, so a long battle is not re-encoded after every answer)."""
    if answer_lines is None:
        answer_lines = [encode_answer(a) for a in save.answers]
    head = [
        f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in header(save).items()
    ]
    body = ",\n    ".join(answer_lines)
    answers = f'  "answers": [\n    {body}\n  ]' if answer_lines else '  "answers": []'
    return ("{\n" + "\n".join(head) + "\n" + answers + "\n}\n").encode("utf-8")


def encode_answer(answer: Answer) -> str:
    return json.dumps(answer.to_dict(), ensure_ascii=False, separators=(", ", ": "))


# --- decoding --------------------------------------------------------------------------


def read(path: Path | str) -> SaveData:
    """Read and check a save file (no replay); ``SaveError`` naming the file if it is bad."""
    return decode(_read_bytes(Path(path)), path)


def read_header(path: Path | str) -> SaveData:
    """``read`` without rebuilding the answers (``answers`` is empty): every other field
    is checked as ``read`` checks it, the ruleset by name only and the answers only as a
    list within the limit, so the ruleset, which knows the answer kinds, is not imported.
    The menu reads the newest autosave this way to offer Continue (issue 32 · first
    frame); pressing it reads the file in full."""
    return decode(_read_bytes(Path(path)), path, answers=False)


def _read_bytes(path: Path) -> bytes:
    """The file's bytes, capped; ``SaveError`` when it cannot be read or is too big."""
    try:
        data = read_regular(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError(path, "no such file") from None
    except IsADirectoryError:
        raise SaveError(path, "is a folder, not a save file") from None
    except OSError as exc:  # NotRegularFile: a FIFO, a device, a folder
        why = (
            (exc.strerror or "is not a regular file")
            if isinstance(exc, NotRegularFile)
            else (f"cannot be read ({exc.strerror or exc})")
        )
        raise SaveError(path, why) from None
    if len(data) > MAX_SAVE_BYTES:
        with contextlib.suppress(OSError):
            raise SaveError(path, _too_big(path.stat().st_size))
        raise SaveError(path, _too_big(len(data)))
    return data


def decode(data: bytes, path: Path | str = "<save>", *, answers: bool = True) -> SaveData:
    """Check the bytes of a save file and rebuild its ``SaveData`` (without its answers
    when ``answers`` is false: ``read_header``)."""
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(path, _too_big(len(data)))
    if not data.strip():
        raise SaveError(path, "is empty")
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark, as Notepad saves, is no harm
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"is not UTF-8 text (bad byte at offset {exc.start})") from None
    try:
        raw = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        cut = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        hint = "; the file looks cut short" if cut else ""
        what = exc.msg.removesuffix(" at")  # "Unterminated string starting at", …
        raise SaveError(path, f"is not valid JSON ({what} at {where}){hint}") from None
    except RecursionError:
        raise SaveError(path, "is not a save: JSON nested too deeply") from None
    except ValueError as exc:  # a number with thousands of digits, NaN, Infinity
        why = str(exc)
        if "digits" in why:  # Python's own words name its setting, not the file's problem
            why = "a number thousands of digits long"
        raise SaveError(path, f"holds a number this game refuses ({why})") from None
    return _from_json(raw, Path(path), answers)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _too_big(size: int) -> str:
    return f"is {size / 2**20:.1f} MiB; a save may be at most {MAX_SAVE_BYTES // 2**20} MiB"


class _Fields:
    """Typed reads from one JSON object, each failure a SaveError naming the key."""

    def __init__(self, path: Path, obj: Any, where: str = "") -> None:
        self.path = path
        self.where = where
        if not isinstance(obj, dict):
            what = where or "the file"
            raise SaveError(path, f"{what} should be a JSON object, not {_kind(obj)}")
        self.obj: dict[str, Any] = obj

    def _name(self, key: str) -> str:
        return f"'{self.where}.{key}'" if self.where else f"'{key}'"

    def get(self, key: str, default: Any = ...) -> Any:
        if key not in self.obj:
            if default is ...:
                raise SaveError(self.path, f"has no {self._name(key)}")
            return default
        return self.obj[key]

    def text(self, key: str, default: Any = ..., limit: int = MAX_TEXT) -> str:
        value = self.get(key, default)
        if not isinstance(value, str):
            raise SaveError(self.path, f"{self._name(key)} should be text, not {_kind(value)}")
        if len(value) > limit:
            raise SaveError(
                self.path,
                f"{self._name(key)} is {len(value)} characters long; at most {limit} are allowed",
            )
        return value

    def integer(self, key: str, low: int, high: int, default: Any = ...) -> int:
        value = self.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise SaveError(
                self.path, f"{self._name(key)} should be a whole number, not {_kind(value)}"
            )
        if not low <= value <= high:
            raise SaveError(
                self.path, f"{self._name(key)} is {_short(value)}, outside {low}..{high}"
            )
        return value

    def boolean(self, key: str, default: Any = ...) -> bool:
        value = self.get(key, default)
        if not isinstance(value, bool):
            raise SaveError(
                self.path, f"{self._name(key)} should be true or false, not {_kind(value)}"
            )
        return value

    def digest(self, key: str) -> str:
        value = self.text(key)
        if not _HASH.fullmatch(value):
            raise SaveError(self.path, f"{self._name(key)} is not a sha256 hex digest")
        return value

    def sub(self, key: str) -> _Fields:
        name = f"{self.where}.{key}" if self.where else key
        return _Fields(self.path, self.get(key), name)


def _kind(value: Any) -> str:
    names = {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "true/false",
        int: "a number",
        float: "a number",
        type(None): "null",
    }
    return names.get(type(value), type(value).__name__)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:20] + "…"


def _from_json(raw: Any, path: Path, with_answers: bool = True) -> SaveData:
    top = _Fields(path, raw)
    if top.get("format", None) != FORMAT:
        raise SaveError(path, f'is not a Shieldwall save (no "format": "{FORMAT}")')
    schema = top.integer("schema", 0, 2**31)
    if schema > SCHEMA:
        raise SaveError(
            path,
            f"was written by a newer Shieldwall (save schema {schema}; "
            f"this version reads up to {SCHEMA}); update the game to load it",
        )
    if schema < 1:
        raise SaveError(path, f"has an invalid save schema {schema}")
    mp = top.sub("map")
    map_name = mp.text("name")
    if not _MAP_NAME.fullmatch(map_name):
        raise SaveError(path, f"'map.name' {map_name!r} is not a .tmx file name")
    map_path = mp.text("path", "", limit=4096)
    map_hash = mp.digest("hash")
    rs = top.sub("ruleset")
    ruleset = rs.text("id")
    _check_ruleset(path, ruleset, imported=with_answers)
    options = _options(path, rs.get("options", {}))
    seed = top.integer("seed", 0, MAX_SEED)
    controllers = _controllers(path, top.get("controllers"))
    raw_answers = _answer_list(path, top.get("answers"))
    answers = _answers(path, raw_answers) if with_answers else ()
    winner = top.get("winner", None)
    if winner is not None:
        winner = top.text("winner")
    content_hash = top.sub("content").digest("hash") if "content" in top.obj else ""
    fog = top.sub("view").boolean("fog") if "view" in top.obj else None
    winner_name = top.text("winner_name", "") if winner is not None else ""
    side_names = _side_names(path, top.get("side_names", {}))
    return SaveData(
        side_names=side_names,
        winner_name=winner_name,
        content_hash=content_hash,
        fog=fog,
        title=top.text("title", ""),
        saved_at=top.text("saved_at", "", limit=64),
        map_name=map_name,
        map_path=map_path,
        map_hash=map_hash,
        ruleset=ruleset,
        options=options,
        seed=seed,
        controllers=controllers,
        answers=answers,
        state_hash=top.digest("state_hash"),
        round=top.integer("round", 0, MAX_ROUND, 0),
        over=top.boolean("over", False),
        winner=winner,
        schema=schema,
    )


def _check_ruleset(path: Path, ruleset: str, imported: bool = True) -> None:
    """The ruleset must be one this game knows; ``imported``: loaded too, as its answer
    kinds are needed to rebuild the answers (else checked by name only)."""
    from game.rulesets import UnknownRuleset, check_ruleset_id, get_ruleset

    try:
        if imported:
            get_ruleset(ruleset)
        else:
            check_ruleset_id(ruleset)
    except UnknownRuleset as exc:
        raise SaveError(path, f"'ruleset.id': {exc}") from None


def _options(path: Path, raw: Any) -> dict[str, str | int | bool]:
    if not isinstance(raw, dict):
        raise SaveError(path, f"'ruleset.options' should be an object, not {_kind(raw)}")
    if len(raw) > MAX_OPTIONS:
        raise SaveError(path, f"'ruleset.options' has {len(raw)} entries; at most {MAX_OPTIONS}")
    out: dict[str, str | int | bool] = {}
    for key, value in raw.items():
        ok = (
            (isinstance(value, str) and len(value) <= MAX_TEXT)
            or isinstance(value, bool)
            or (isinstance(value, int) and abs(value) < 10**9)
        )
        if len(key) > MAX_TEXT or not ok:
            raise SaveError(
                path,
                f"'ruleset.options.{key[:40]}' should be short text, a small number or true/false",
            )
        out[key] = value
    return out


def _controllers(path: Path, raw: Any) -> dict[str, str]:
    if not isinstance(raw, dict):
        raise SaveError(path, f"'controllers' should be an object, not {_kind(raw)}")
    if not raw or len(raw) > MAX_SIDES:
        raise SaveError(path, f"'controllers' names {len(raw)} sides; expected 1..{MAX_SIDES}")
    for side, name in raw.items():
        if len(side) > MAX_TEXT or not isinstance(name, str) or not 0 < len(name) <= MAX_TEXT:
            raise SaveError(
                path,
                f"'controllers.{side[:40]}' should be a controller name "
                f'such as "human" or "baseline"',
            )
    return dict(raw)


def _side_names(path: Path, raw: Any) -> tuple[tuple[str, str], ...]:
    """The optional ``side_names``: side id → name, each a short text."""
    if not isinstance(raw, dict) or len(raw) > MAX_SIDES:
        raise SaveError(path, f"'side_names' should be an object of up to {MAX_SIDES} names")
    for side, name in raw.items():
        if len(side) > MAX_TEXT or not isinstance(name, str) or not 0 < len(name) <= MAX_TEXT:
            raise SaveError(path, f"'side_names.{side[:40]}' should be a side's name")
    return tuple(raw.items())


def _answer_list(path: Path, raw: Any) -> list[Any]:
    """The ``answers`` value, checked to be a list within ``MAX_ANSWERS`` (not decoded)."""
    if not isinstance(raw, list):
        raise SaveError(path, f"'answers' should be a list, not {_kind(raw)}")
    if len(raw) > MAX_ANSWERS:
        raise SaveError(path, f"holds {len(raw)} answers; at most {MAX_ANSWERS} are allowed")
    return raw


def _answers(path: Path, raw: list[Any]) -> tuple[Answer, ...]:
    out: list[Answer] = []
    for i, item in enumerate(raw, start=1):
        try:
            out.append(answer_from_dict(item))
        except AnswerFormatError as exc:
            raise SaveError(path, f"answer {i} of {len(raw)}: {exc}") from None
        except (TypeError, ValueError) as exc:  # a field the answer class itself refuses
            raise SaveError(path, f"answer {i} of {len(raw)} is malformed: {exc}") from None
    return tuple(out)

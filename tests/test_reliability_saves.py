"""Reliability: corrupted saves (issue 6 · Reliability suite: truncated, flipped bytes, wrong
types, huge numbers — each a clear message, never a traceback).

Every mutant of a real save is loaded the way the game loads it (``load_battle``: read,
check, replay, verify). The only acceptable outcomes are a ``SaveError`` whose message is
one line starting with the file's name, or a battle that replays to the saved state hash
(a flip inside the title changes nothing that matters). Counts are printed at the end of
the module (``pytest -s``).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from saves_support import battle_on, duel_map

from game.saves import (
    MAX_ANSWERS,
    MAX_SAVE_BYTES,
    SaveError,
    list_saves,
    load_battle,
    save_battle,
)

FIGURES: Counter[str] = Counter()


@pytest.fixture(scope="module", autouse=True)
def _summary() -> Iterator[None]:
    yield
    print(
        f"\nreliability saves: {FIGURES['mutants']} corrupted saves tried, "
        f"{FIGURES['refused']} refused with one clear line, {FIGURES['loaded']} still "
        "loaded to the saved state hash, 0 tracebacks"
    )


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    folder = tmp_path_factory.mktemp("corrupt")
    field = duel_map(folder)  # beside the saves: a save finds its map in its own folder
    with battle_on(field, seed=11) as battle:
        path = save_battle(battle, folder / "good.json")
    return path, path.read_bytes()


def _outcome(path: Path, *, must_refuse: bool = False) -> str:
    """Load ``path`` like the game does; only SaveError or a verified battle may come out."""
    FIGURES["mutants"] += 1
    try:
        battle = load_battle(path)
    except SaveError as exc:
        text = str(exc)
        assert "\n" not in text and text.startswith(f"{path}: ") and exc.problem, text
        FIGURES["refused"] += 1
        return text
    battle.close()
    assert not must_refuse, f"{path.name} loaded but should have been refused"
    FIGURES["loaded"] += 1
    return "loaded"


def _write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


def test_every_truncation_is_refused(original: tuple[Path, bytes]) -> None:
    path, data = original
    cuts = sorted({0, 1, 2, len(data) - 2, *range(3, len(data) - 2, max(1, len(data) // 60))})
    for cut in cuts:
        mutant = _write(path.parent, "cut.json", data[:cut])
        message = _outcome(mutant, must_refuse=True)
        assert "is empty" in message or "not valid JSON" in message or "cut short" in message


def test_flipped_bytes_are_refused_or_load_to_the_same_state(
    original: tuple[Path, bytes],
) -> None:
    path, data = original
    r = random.Random(6)
    for i in range(150):
        flipped = bytearray(data)
        for _ in range(1 + i % 3):
            at = r.randrange(len(flipped))
            flipped[at] ^= r.choice([1, 2, 4, 8, 16, 32, 64, 128, 0xFF])
        _outcome(_write(path.parent, "flip.json", bytes(flipped)))


WRONG_VALUES: list[Any] = [None, True, 0, -1, 1.5, "", "text", [], [1], {}, {"a": 1}]
REQUIRED = ["format", "schema", "map", "ruleset", "seed", "controllers", "state_hash", "answers"]


@pytest.mark.parametrize("key", REQUIRED + ["title", "round", "over", "winner", "saved_at"])
def test_wrong_types_for_each_field_are_refused(original: tuple[Path, bytes], key: str) -> None:
    path, data = original
    good = json.loads(data)
    for value in WRONG_VALUES:
        if value == good[key] and type(value) is type(good[key]):
            continue
        mutant = dict(good, **{key: value})
        message = _outcome(
            _write(path.parent, "types.json", json.dumps(mutant).encode()),
            must_refuse=key in REQUIRED,
        )
        if key in REQUIRED:
            # a wrong type names the key; a well-typed wrong seed fails in the replay
            assert any(w in message for w in (key, "answer", "Shieldwall save", "schema"))
    without = {k: v for k, v in good.items() if k != key}
    _outcome(
        _write(path.parent, "missing.json", json.dumps(without).encode()),
        must_refuse=key in REQUIRED,
    )


def _nested_edits() -> list[tuple[str, Callable[[dict[str, Any]], None]]]:
    def put(*keys: Any, value: Any) -> Callable[[dict[str, Any]], None]:
        def edit(d: dict[str, Any]) -> None:
            target = d
            for k in keys[:-1]:
                target = target[k]
            target[keys[-1]] = value

        return edit

    return [
        ("map.name not a tmx", put("map", "name", value="../../etc/passwd")),
        ("map.hash short", put("map", "hash", value="abc")),
        ("map.path a number", put("map", "path", value=7)),
        ("ruleset.id a list", put("ruleset", "id", value=["grid"])),
        ("ruleset.options junk", put("ruleset", "options", value={"fog": [1, 2]})),
        ("ruleset.options unsupported", put("ruleset", "options", value={"fog": True})),
        ("controller not text", put("controllers", "party", value=3)),
        ("controllers empty", put("controllers", value={})),
        ("answer not an object", put("answers", 0, value="move")),
        ("answer unknown kind", put("answers", 0, value={"kind": "teleport", "unit": "ada"})),
        ("answer extra field", put("answers", 0, value={"kind": "end_turn", "unit": "a", "x": 1})),
        ("answer missing field", put("answers", 0, value={"kind": "choose_unit"})),
        ("answer unit a number", put("answers", 0, value={"kind": "choose_unit", "unit": 5})),
        ("answer path of text", put("answers", 1, "path", value=["a", "b"])),
        ("answer cell huge", put("answers", 1, "path", value=[[10**30, 1]])),
        ("answer path huge", put("answers", 1, "path", value=[[1, 1]] * 5000)),
        ("answer cell bool", put("answers", 1, "path", value=[[True, False]])),
    ]


@pytest.mark.parametrize(("label", "edit"), _nested_edits(), ids=lambda v: str(v)[:30])
def test_wrong_shapes_inside_are_refused(
    original: tuple[Path, bytes], label: str, edit: Callable[[dict[str, Any]], None]
) -> None:
    path, data = original
    mutant = json.loads(data)
    edit(mutant)
    _outcome(_write(path.parent, "shape.json", json.dumps(mutant).encode()), must_refuse=True)


@pytest.mark.parametrize(
    ("label", "text", "expected"),
    [
        ("seed 10**30", '"seed": 1000000000000000000000000000000', "outside"),
        ("seed 5000 digits", '"seed": ' + "9" * 5000, "refuses"),
        ("seed 1e999", '"seed": 1e999', "whole number"),
        ("seed NaN", '"seed": NaN', "refuses"),
        ("seed -Infinity", '"seed": -Infinity', "refuses"),
        ("seed negative", '"seed": -3', "outside 0"),
        ("seed 2**63", '"seed": 9223372036854775808', "outside 0"),
        ("round negative", '"round": -5', "outside"),
        ("schema 2**40", '"schema": 1099511627776', "outside"),
    ],
)
def test_huge_and_odd_numbers_are_refused(
    original: tuple[Path, bytes], label: str, text: str, expected: str
) -> None:
    path, data = original
    good = json.loads(data)
    key = text.split('"')[1]
    body = data.decode().replace(f'"{key}": {json.dumps(good[key])}', text, 1)
    assert body != data.decode()
    message = _outcome(_write(path.parent, "numbers.json", body.encode()), must_refuse=True)
    assert expected in message


def test_deep_nesting_oversize_files_and_too_many_answers_are_refused(
    original: tuple[Path, bytes],
) -> None:
    path, data = original
    message = _outcome(
        _write(path.parent, "deep.json", b"[" * 200_000 + b"]" * 200_000), must_refuse=True
    )
    assert "nested too deeply" in message or "JSON object" in message
    big = _write(path.parent, "big.json", b" " * (MAX_SAVE_BYTES + 1))
    assert "a save may be at most 16 MiB" in _outcome(big, must_refuse=True)
    good = json.loads(data)
    good["answers"] = [{}] * (MAX_ANSWERS + 1)
    many = _write(path.parent, "many.json", json.dumps(good).encode())
    assert f"at most {MAX_ANSWERS} are allowed" in _outcome(many, must_refuse=True)
    odd = [b"\x00" * 64, b"\xef\xbb\xbf{}", b"null", b'"a save"', b"{" + b'"a":1,' * 1000 + b"}"]
    for i, junk in enumerate(odd):
        _outcome(_write(path.parent, f"odd{i}.json", junk), must_refuse=True)


def test_hostile_map_paths_odd_dates_and_files_that_are_not_files(
    original: tuple[Path, bytes],
) -> None:
    """A recorded map path is never opened (the map is found by name and hash beside the
    save); saved_at at the ends of the calendar still lists; a FIFO is refused at once."""
    path, data = original
    for hostile in ("/etc/passwd", "/proc/self/environ", "../../x", "/dev/zero", "maps"):
        mutant = json.loads(data)
        mutant["map"]["path"] = hostile
        assert _outcome(_write(path.parent, "hostile.json", json.dumps(mutant).encode())) == (
            "loaded"
        )
    folder = path.parent / "listed"
    folder.mkdir(exist_ok=True)
    stamps = ["0001-01-01T00:00:00+23:00", "9999-12-31T23:59:59-23:59", "not a date", ""]
    for i, stamp in enumerate(stamps):
        dated = json.dumps(dict(json.loads(data), saved_at=stamp)).encode()
        _write(folder, f"dated{i}.json", dated)
    entries = list_saves(folder)
    assert len(entries) == len(stamps) and all(e.save is not None and e.when for e in entries)
    FIGURES["mutants"] += len(stamps)
    FIGURES["loaded"] += len(stamps)
    if hasattr(os, "mkfifo"):
        fifo = path.parent / "fifo.json"
        if not fifo.exists():
            os.mkfifo(fifo)
        assert "named pipe" in _outcome(fifo, must_refuse=True)

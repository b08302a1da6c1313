"""Helpers for the save, replay and reliability tests: a small map written to disk (saves
name a real .tmx file and its content hash) and AI-played battles on it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from engine_support import SIX_A_SIDE, SIX_A_SIDE_MAP, write_tmx

from game.ai import make_controller
from game.engine import Battle
from game.maps import shipped_maps_dir

DUEL_MAP = """
........
..#.....
........
.....#..
........
"""
DUEL = (
    ("Ada", "party", "warrior", (1, 2)),
    ("Bo", "party", "archer", (0, 4)),
    ("Gor", "bandits", "bandit", (6, 2)),
    ("Ivo", "bandits", "bandit_archer", (7, 0)),
)


def duel_map(folder: Path) -> Path:
    """A 8×5 map with two units a side, written into ``folder`` (as ``field.tmx``)."""
    return write_tmx(folder, DUEL_MAP, DUEL)


def six_map(folder: Path) -> Path:
    """The engine tests' 16×14 six-a-side field, written into ``folder``."""
    return write_tmx(folder, SIX_A_SIDE_MAP, SIX_A_SIDE)


def shipped_maps() -> list[Path]:
    """The shipped maps present in the checkout (they are being authored now)."""
    return sorted(shipped_maps_dir().glob("*.tmx"))


def play_some(battle: Battle, answers: int | None = None, seed: int = 0) -> Battle:
    """Let the baseline AI answer for every side, ``answers`` times or to the end."""
    controllers = {s: make_controller("baseline", seed) for s in battle.controllers}
    given = 0
    while not battle.over and (answers is None or given < answers):
        decision = battle.pending
        assert decision is not None
        result = battle.answer(controllers[decision.side].choose(battle, decision))
        assert result.ok, result.reason
        given += 1
    return battle


@contextmanager
def battle_on(path: Path, seed: int = 0, answers: int | None = None) -> Iterator[Battle]:
    """A battle on ``path`` played by the AI (``answers`` of them, or to the end); closed
    afterwards."""
    battle = Battle(path, seed=seed)
    try:
        yield play_some(battle, answers, seed)
    finally:
        battle.close()

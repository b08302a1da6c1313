"""Helpers for the engine and grid-rules tests: tiny battlefields built in code, scripted
dice, and driving a battle with simple answers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from game.engine import Battle, ScriptedRandom
from game.engine.answers import Answer, ChooseUnit, EndTurn
from game.geometry.grid import Grid
from game.maps.battlefield import Battlefield, Scenario, SideInfo, Spawn

PARTY = SideInfo("party", "Wardens", "#3366cc", party=True)
BANDITS = SideInfo("bandits", "Bandits", "#cc3333")
RAIDERS = SideInfo("raiders", "Raiders", "#999933")


def field(
    ascii_map: str,
    spawns: Iterable[tuple[str, str, str, tuple[int, int]]],
    sides: Sequence[SideInfo] = (PARTY, BANDITS),
    round_limit: int | None = None,
    leaders: Iterable[str] = (),
) -> Battlefield:
    """A battlefield from an ASCII grid and ``(name, side, template, cell)`` spawns."""
    lead = set(leaders)
    return Battlefield(
        path=Path("test.tmx"),
        grid=Grid.from_ascii(ascii_map),
        spawns=tuple(Spawn(n, s, t, c, leader=n in lead) for n, s, t, c in spawns),
        zones=(),
        objectives=(),
        scenario=Scenario("Test", "A test.", sides=tuple(sides), round_limit=round_limit),
        content_hash="test",
    )


def battle(bf: Battlefield, faces: Iterable[int] = (), seed: int = 0, **kw: object) -> Battle:
    """A battle whose fight dice are exactly ``faces`` (hit points still come from ``seed``)."""
    return Battle(bf, seed=seed, dice=ScriptedRandom(faces), **kw)  # type: ignore[arg-type]


def push(b: Battle, *faces: int) -> None:
    rng = b.ctx.rng
    assert isinstance(rng, ScriptedRandom)
    rng.push(*faces)


def act(b: Battle, answer: Answer) -> None:
    """Answer, choosing the unit first when the side is asked who acts."""
    d = b.pending
    assert d is not None
    unit = getattr(answer, "unit", None)
    if d.kind == "choose_unit" and unit is not None and answer.kind != "choose_unit":
        r = b.answer(ChooseUnit(unit))
        assert r.ok, r.reason
    r = b.answer(answer)
    assert r.ok, r.reason


def end_turn(b: Battle, unit: str) -> None:
    act(b, EndTurn(unit))

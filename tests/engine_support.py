"""Helpers for the engine and grid-rules tests: tiny battlefields built in code, scripted
dice, and driving a battle with simple answers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from game.engine import Battle, ScriptedRandom
from game.engine.answers import Answer, ChooseUnit, Decline, EndTurn
from game.geometry.grid import Grid
from game.maps.battlefield import Battlefield, Objective, Scenario, SideInfo, Spawn
from game.rules.clash.state import Fate, HitPoints
from game.rules.grid.components import Conditions, Health
from game.world.components import Position, Side

PARTY = SideInfo("party", "Wardens", "#3366cc", party=True)
BANDITS = SideInfo("bandits", "Bandits", "#cc3333")
RAIDERS = SideInfo("raiders", "Raiders", "#999933")


def field(
    ascii_map: str,
    spawns: Iterable[tuple[str, str, str, tuple[int, int]]],
    sides: Sequence[SideInfo] = (PARTY, BANDITS),
    round_limit: int | None = None,
    leaders: Iterable[str] = (),
    objectives: Iterable[Objective] = (),
) -> Battlefield:
    """A battlefield from an ASCII grid and ``(name, side, template, cell)`` spawns (and
    map ``objectives``, none by default)."""
    lead = set(leaders)
    return Battlefield(
        path=Path("test.tmx"),
        grid=Grid.from_ascii(ascii_map),
        spawns=tuple(Spawn(n, s, t, c, leader=n in lead) for n, s, t, c in spawns),
        zones=(),
        objectives=tuple(objectives),
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


def act(b: Battle, answer: Answer, *, decline_reactions: bool = True) -> None:
    """Answer, choosing the unit first when the side is asked who acts; then decline any
    reaction windows (Total Defense, Snap Attack, held actions) the answer opened, unless
    ``decline_reactions`` is false (tests of those reactions answer them themselves)."""
    d = b.pending
    assert d is not None
    unit = getattr(answer, "unit", None)
    if d.kind == "choose_unit" and unit is not None and answer.kind != "choose_unit":
        r = b.answer(ChooseUnit(unit))
        assert r.ok, r.reason
    r = b.answer(answer)
    assert r.ok, r.reason
    if decline_reactions:
        decline_all(b)


def decline_all(b: Battle) -> None:
    """Decline every pending reaction window until a non-reaction decision is pending."""
    while b.pending is not None and b.pending.kind == "reaction":
        r = b.answer(Decline(b.pending.unit or ""))
        assert r.ok, r.reason


def end_turn(b: Battle, unit: str) -> None:
    act(b, EndTurn(unit))


_TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="t" tilewidth="16" tileheight="16"
 tilecount="2" columns="2">
 <image source="t.png" width="32" height="16"/>
 <tile id="0"><properties><property name="terrain" value="grass"/></properties></tile>
 <tile id="1"><properties><property name="terrain" value="wall"/>
  <property name="blocks_move" type="bool" value="true"/>
  <property name="blocks_sight" type="bool" value="true"/></properties></tile>
</tileset>
"""

_SPAWN = """  <object id="{i}" name="{name}" type="spawn" x="{x}" y="{y}"><properties>
   <property name="side" value="{side}"/><property name="template" value="{template}"/>
  </properties><point/></object>
"""

_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"
 width="{w}" height="{h}" tilewidth="16" tileheight="16" infinite="0" nextlayerid="4"
 nextobjectid="{n}">
 <properties>
  <property name="title" value="Test field"/>
  <property name="briefing" value="Two bands meet in a field."/>
  <property name="sides"
   value="party; Wardens; #3060c0; any; party&#10;bandits; Bandits; #c03030; ai"/>
 </properties>
 <tileset firstgid="1" source="t.tsx"/>
 <layer id="1" name="ground" width="{w}" height="{h}">
  <data encoding="csv">{ground}</data>
 </layer>
 <layer id="2" name="walls" width="{w}" height="{h}">
  <data encoding="csv">{walls}</data>
 </layer>
 <objectgroup id="3" name="units">
{spawns} </objectgroup>
</map>
"""


def _png(width: int, height: int) -> bytes:
    """A plain grey RGB PNG, written without pygame."""
    import struct
    import zlib

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + tag
            + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
        )

    raw = b"".join(b"\x00" + b"\x80\x80\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def write_tmx(
    folder: Path, ascii_map: str, spawns: Iterable[tuple[str, str, str, tuple[int, int]]]
) -> Path:
    """A Tiled map file for ``ascii_map`` (``#`` walls) with ``(name, side, template,
    cell)`` spawns on the sides ``party`` (Wardens) and ``bandits`` (Bandits)."""
    folder.mkdir(parents=True, exist_ok=True)
    rows = [r.strip() for r in ascii_map.strip("\n").splitlines() if r.strip()]
    h, w = len(rows), len(rows[0])
    (folder / "t.png").write_bytes(_png(32, 16))
    (folder / "t.tsx").write_text(_TSX, encoding="utf-8")
    objs = "".join(
        _SPAWN.format(i=i + 1, name=n, side=s, template=t, x=c[0] * 16 + 8, y=c[1] * 16 + 8)
        for i, (n, s, t, c) in enumerate(spawns)
    )
    path = folder / "field.tmx"
    path.write_text(
        _TMX.format(
            w=w,
            h=h,
            n=100,
            ground=",".join(["1"] * (w * h)),
            walls=",".join("2" if ch == "#" else "0" for row in rows for ch in row),
            spawns=objs,
        ),
        encoding="utf-8",
    )
    return path


SIX_A_SIDE_MAP = """
................
................
.....##.........
.....##....#....
...........#....
................
.......###......
................
................
....#...........
....#......##...
................
................
................
"""

SIX_A_SIDE = (
    ("Ada", "party", "warrior", (1, 3)),
    ("Bo", "party", "spearman", (1, 5)),
    ("Cy", "party", "archer", (0, 7)),
    ("Di", "party", "skirmisher", (1, 9)),
    ("Ed", "party", "captain", (2, 7)),
    ("Fa", "party", "archer", (0, 11)),
    ("Gor", "bandits", "bandit", (14, 3)),
    ("Hal", "bandits", "bandit", (14, 5)),
    ("Ivo", "bandits", "bandit_archer", (15, 7)),
    ("Jon", "bandits", "bandit", (14, 9)),
    ("Kel", "bandits", "bandit_chief", (13, 7)),
    ("Lud", "bandits", "bandit_archer", (15, 11)),
)


def run_flow(b: Battle, flow: Any) -> None:
    """Run a rules flow to its end directly: reaction windows it opens are declined; any
    other question fails the test."""
    with b._active():
        try:
            decision = next(flow)
            while True:
                if decision.kind != "reaction":
                    raise AssertionError(f"unexpected decision: {decision.prompt}")
                decision = flow.send(Decline(decision.unit or ""))
        except StopIteration:
            pass


def duel(
    a: str = "warrior",
    b: str = "skeleton",
    a_cell: tuple[int, int] = (1, 1),
    b_cell: tuple[int, int] = (2, 1),
    faces: Iterable[int] = (8, 1),
    ascii_map: str = "........\n........\n........\n........",
    round_limit: int | None = None,
) -> Battle:
    """Ada (party, ``a``) against Gor (bandits, ``b``); by default the party wins initiative
    (d8 8 against 1), so Ada's turn is pending."""
    spawns = [("Ada", "party", a, a_cell), ("Gor", "bandits", b, b_cell)]
    bf = field(ascii_map, spawns, round_limit=round_limit)
    return battle(bf, faces)


def random_legal_play(b: Battle, pick: Any, check: Any = None, limit: int = 3000) -> None:
    """Answer with random legal answers (``pick`` a ``random.Random``) until the battle
    ends (at most ``limit`` answers), calling ``check(b)`` after each (property tests)."""
    for _ in range(limit):
        if b.over:
            break
        options = b.legal_answers()
        assert options, "a pending decision always has a legal answer"
        r = b.answer(pick.choice(options))
        assert r.ok, r.reason
        if check is not None:
            check(b)


def junk_is_refused(b: Battle, pick: Any, junk: Any, tries: int = 60) -> None:
    """Offer ``junk(pick, unit_ids)`` answers; a refused one must leave the battle exactly
    as it was (a junk answer that happens to be legal is simply played)."""
    ids = b.unit_ids()
    for _ in range(tries):
        if b.over:
            break
        legal = b.legal_answers()
        before, n_events = b.state_hash(), len(b.events)
        r = b.answer(junk(pick, ids))
        if not r.ok:
            assert r.reason
            assert b.state_hash() == before and len(b.events) == n_events
            b.answer(pick.choice(legal))


def health_and_conditions(b: Battle) -> tuple[type[Any], type[Any]]:
    """The battle's ruleset's hit point and condition components (each ruleset has its
    own; both have ``hp``/``max_hp`` and ``dead``/``out_of_action``/``occupies_cell``)."""
    if b.ruleset_id in ("zones", "stress"):
        from importlib import import_module

        Fighter = import_module(f"game.rules.{b.ruleset_id}.state").Fighter

        return (Fighter, Fighter)
    if b.ruleset_id == "factions":
        from game.rules.factions import state

        return (state.Health, state.Fate)
    return (HitPoints, Fate) if b.ruleset_id == "clash" else (Health, Conditions)


def crowded_square(b: Battle) -> str | None:
    """What breaks "one unit per square" among the units on the field (None if nothing).

    Between actions every square holds at most one unit. Inside a Run a reaction window
    (an attack of opportunity, then Snap Attack or Total Defense) can open while the mover
    passes through the square of an ally or of a surrendered unit (004 · Run: allies may be
    passed), so while a reaction is pending two units may share a square if one may pass
    the other; never three, never two enemies who are both still fighting."""
    standing: dict[tuple[int, int], list[str]] = {}
    _, conditions = health_and_conditions(b)
    for unit in b.unit_ids():
        if b.edit(unit, conditions).occupies_cell:
            standing.setdefault(b.edit(unit, Position).cell, []).append(unit)
    reacting = b.pending is not None and b.pending.kind == "reaction"
    for cell, who in standing.items():
        if len(who) == 1:
            continue
        if not reacting or len(who) > 2:
            return f"{' and '.join(who)} share {cell}"
        sides = {b.edit(u, Side).id for u in who}
        if len(sides) > 1 and not any(
            getattr(b.edit(u, conditions), "surrendered", False) for u in who
        ):
            return f"{' and '.join(who)}, enemies, share {cell}"
    return None

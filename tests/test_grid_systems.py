"""The grid ruleset's systems (issue 28 · item 12), each fed its events directly with
fixed dice: the Shock system on the miss event, the Swarm system on a join and on the
round's start, the Threat system as units move, ready weapons and fall (README ·
Systems). The flows' own tests (test_grid_attack.py, test_grid_turns.py,
test_grid_swarm_charge_dual.py) pin the same rules through the actions."""

from __future__ import annotations

import dataclasses
import random

import esper
from engine_support import act, battle, duel, field, push, random_legal_play
from grid_more_support import cond, damage, hp, set_hp

from game.engine import Battle, EndTurn
from game.engine.events import Event, Note, RoundStarted
from game.geometry.grid import WALL
from game.rules.grid.attack import MeleeAttack
from game.rules.grid.events import AttackDeclared, AttackResolved
from game.rules.grid.items import ReadyItem
from game.rules.grid.maneuver_state import ManeuverState
from game.rules.grid.move import Move
from game.rules.grid.swarm import SwarmAttack, SwarmJoined
from game.rules.grid.threat import Threat, reckon
from game.world.components import Loadout

OPEN = "\n".join(["." * 12] * 5)


def emit(b: Battle, event: Event) -> None:
    with b._active():
        b.ctx.emit(event)


def miss(weapon: str = "sword", **kw: bool) -> AttackResolved:
    """Ada's attack on Gor missed (a weapon attack, so its miss may Shock)."""
    fields = {"shocks": True, **kw}
    return AttackResolved("ada", "gor", weapon, "melee", False, 5, 13, **fields)


def notes(b: Battle) -> list[str]:
    return [e.text() for e in b.events if type(e) is Note]


# -- Shock (004 · Shock) ------------------------------------------------------------------
def test_the_shock_system_applies_the_shock_of_a_missed_attack() -> None:
    b = duel()  # sword Shock 2/AC13 + STR 1 = 3 against the skeleton's AC 13
    set_hp(b, "gor", 30)
    emit(b, miss())
    assert [(d.unit, d.amount, d.source, d.by) for d in damage(b)] == [("gor", 3, "Shock", "ada")]
    assert hp(b, "gor") == 27


def test_the_shock_system_leaves_hits_shots_and_maneuver_rolls_alone() -> None:
    b = duel()
    set_hp(b, "gor", 30)
    emit(b, AttackResolved("ada", "gor", "sword", "melee", True, 15, 13, shocks=True))
    emit(b, miss(ranged=True))  # thrown or shot: no Shock
    emit(b, miss(shocks=False))  # a shove's or a grapple's roll: no Shock
    assert hp(b, "gor") == 30 and not damage(b)


def test_total_defense_makes_the_target_immune_to_the_shock_system() -> None:
    b = duel()
    set_hp(b, "gor", 30)
    cond(b, "gor").total_defense = True
    b.edit("ada", Loadout).readied = ["greatsword"]  # Shock 2/AC15 reaches AC 15
    emit(b, miss("greatsword"))
    emit(b, miss("greatsword", shock_always=True))  # not even a swarm's Shock
    assert hp(b, "gor") == 30
    assert notes(b) == ["Gor takes no Shock: immune to Shock (Total Defense)"] * 2


def test_a_shield_stops_the_first_shock_of_each_round_only() -> None:
    b = duel(a="warrior", b="bandit")  # the bandit has AC 14 and a shield
    set_hp(b, "gor", 30)
    b.edit("ada", Loadout).readied = ["greatsword"]  # Shock 2/AC15 + STR 1 = 3
    emit(b, miss("greatsword"))
    assert hp(b, "gor") == 30 and cond(b, "gor").shock_ignored
    assert notes(b) == ["Gor takes no Shock: the shield ignores the first Shock this round"]
    emit(b, miss("greatsword"))
    assert hp(b, "gor") == 27
    emit(b, RoundStarted(2))  # a new round: the shield's allowance is back
    assert not cond(b, "gor").shock_ignored
    emit(b, miss("greatsword"))
    assert hp(b, "gor") == 27 and cond(b, "gor").shock_ignored


def test_a_swarms_shock_goes_past_ac_and_shield_without_using_the_shields_allowance() -> None:
    b = duel(a="warrior", b="bandit")
    set_hp(b, "gor", 30)
    emit(b, miss("sword", shock_always=True))  # AC 14 is above the sword's 13
    assert hp(b, "gor") == 27 and not cond(b, "gor").shock_ignored


# -- Swarm (004 · Make a Swarm Attack) ------------------------------------------------------
def ring() -> Battle:
    """Ada, Bo and Cy (warriors) round Gor; Hal far off; the party acts first."""
    spawns = [
        ("Ada", "party", "warrior", (4, 2)),
        ("Bo", "party", "warrior", (6, 2)),
        ("Cy", "party", "warrior", (5, 1)),
        ("Gor", "bandits", "bandit", (5, 2)),
        ("Hal", "bandits", "bandit_archer", (11, 4)),
    ]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    set_hp(b, "gor", 40)
    return b


def swarm_on(b: Battle, unit: str) -> ManeuverState:
    return b.edit(unit, ManeuverState)


def joined(unit: str, strike: bool = False) -> SwarmJoined:
    return SwarmJoined(f"{unit} joins", unit, target="gor", side="party", strike=strike)


def test_the_swarm_system_counts_the_assailants_on_each_target() -> None:
    b = ring()
    emit(b, joined("ada"))
    emit(b, joined("bo"))
    state = swarm_on(b, "gor")
    assert state.swarm == ["ada", "bo"] and state.swarm_side == "party"
    assert not state.swarm_struck
    assert swarm_on(b, "hal").swarm == []  # per target
    emit(b, joined("cy", strike=True))
    assert swarm_on(b, "gor").swarm_struck


def test_the_swarm_count_per_target_starts_again_each_round() -> None:
    b = ring()
    act(b, SwarmAttack("ada", "gor", "sword"))
    act(b, EndTurn("ada"))
    assert swarm_on(b, "gor").swarm == ["ada"]
    assert [e.text() for e in b.events if isinstance(e, SwarmJoined)] == [
        "Ada joins the swarm on Gor (1 assailant)"
    ]
    emit(b, RoundStarted(2))
    state = swarm_on(b, "gor")
    assert (state.swarm, state.swarm_side, state.swarm_struck) == ([], None, False)


# -- Threat (004 · Combat Action Types, Run: attacks of opportunity) -----------------------
def around(cell: tuple[int, int], reach: int = 1) -> set[tuple[int, int]]:
    x, y = cell
    r = range(-reach, reach + 1)
    return {(x + dx, y + dy) for dx in r for dy in r}


def covered(b: Battle, unit: str) -> set[tuple[int, int]]:
    return set(b.edit(unit, Threat).cells)


def test_the_threat_component_follows_a_unit_that_moves() -> None:
    b = duel(a="warrior", b="skeleton", a_cell=(1, 1), b_cell=(6, 1), ascii_map=OPEN)
    assert covered(b, "ada") == around((1, 1)) and covered(b, "gor") == around((6, 1))
    act(b, Move("ada", ((2, 1), (3, 1))))
    assert b.edit("ada", Threat).cell == (3, 1)
    assert covered(b, "ada") == around((3, 1))
    assert covered(b, "gor") == around((6, 1))


def test_the_threat_component_needs_an_armed_melee_weapon_in_hand() -> None:
    b = duel(a="archer", b="skeleton", a_cell=(1, 1), b_cell=(6, 1), ascii_map=OPEN)
    assert b.edit("ada", Loadout).readied == ["longbow"]  # bare hands do not threaten
    assert covered(b, "ada") == set() and b.edit("ada", Threat).reach == 0
    act(b, ReadyItem("ada", "dagger"))
    assert covered(b, "ada") == around((1, 1))


def test_a_long_weapon_threatens_two_squares_it_can_see() -> None:
    walled = ".......\n..###..\n.......\n.......\n......."
    b = duel(a="spearman", b="skeleton", a_cell=(3, 2), b_cell=(6, 4), ascii_map=walled)
    assert b.edit("ada", Threat).reach == 2  # the pike is Long
    hidden = {(x, y) for x in (2, 3, 4) for y in (0, 1)}  # the wall and the row behind it
    assert covered(b, "ada") == around((3, 2), 2) - hidden


def test_the_threat_component_follows_the_terrain() -> None:
    b = duel(a="warrior", b="skeleton", a_cell=(1, 1), b_cell=(6, 1), ascii_map=OPEN)
    b.ctx.grid.set_terrain((2, 1), WALL)  # a gate shuts beside Ada
    emit(b, Note("the gate slams shut"))
    assert covered(b, "ada") == around((1, 1)) - {(2, 1)}


def test_a_unit_that_falls_threatens_nothing() -> None:
    b = duel(a="warrior", b="skeleton")
    set_hp(b, "gor", 1)
    push(b, 15, 4)  # a hit that kills
    act(b, MeleeAttack("ada", "gor", "sword"))
    assert cond(b, "gor").dead
    assert covered(b, "gor") == set()


def test_the_provocation_check_reads_the_threat_component() -> None:
    b = duel(a="archer", b="skeleton", a_cell=(1, 1), b_cell=(2, 1))
    threat = b.edit("gor", Threat)
    with b._active():  # as if the skeleton could not reach (1, 1)
        esper.add_component(b.ctx.entity("gor"), dataclasses.replace(threat, cells={(1, 2)}))
    act(b, Move("ada", ((0, 1), (0, 2))))
    assert not [e for e in b.events if isinstance(e, AttackDeclared)]


def check_threats(b: Battle) -> None:
    """Every unit's ``Threat`` is what the rules say it is now."""
    with b._active():
        for u in b.ctx.units():
            assert b.edit(u, Threat) == reckon(b.ctx, u), u


MIXED = (
    "warrior",
    "skirmisher",
    "spearman",
    "archer",
    "bandit",
    "bandit_chief",
    "orc",
    "ogre",
    "wolf",
    "militia",
)


def test_the_threat_system_keeps_every_threat_fresh_in_random_battles() -> None:
    """Random legal play with units that grapple, throw, ready, drop and pick up weapons:
    after every answer each unit's component equals a fresh reckoning."""
    rows = ["........", "..#.....", "........", ".....#..", "........", "........"]
    for seed in range(4):
        rng = random.Random(seed)
        cells = rng.sample([(x, y) for y in range(6) for x in range(8) if rows[y][x] == "."], 8)
        spawns = [
            (f"U{i}", "party" if i < 4 else "bandits", rng.choice(MIXED), c)
            for i, c in enumerate(cells)
        ]
        b = Battle(field("\n".join(rows), spawns, round_limit=6), seed=seed)
        try:
            check_threats(b)
            random_legal_play(b, rng, check_threats)
        finally:
            b.close()


def test_a_fork_keeps_its_own_threats() -> None:
    b = duel(a="warrior", b="skeleton", a_cell=(1, 1), b_cell=(6, 1), ascii_map=OPEN)
    fork = b.fork()
    try:
        act(fork, Move("ada", ((2, 1),)))
        assert covered(fork, "ada") == around((2, 1))
        assert covered(b, "ada") == around((1, 1))
    finally:
        fork.close()

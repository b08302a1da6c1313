"""Full Defense's half-speed move (002 · Step 3: "a character using Full-Defense can
only move up to half their speed that round"; decisions, game/rules/stress/README.md ·
Moving): declared with its square, within half the unit's speed rounded down (at least
1); +4 Defense and the Riposte from the reveal; it walks at its count (base −1), and
stepping into an enemy's reach on the way provokes a Riposte.

Ada: warrior (speed 6, Defense 13, sword); Gor: bandit (spear, attack d20 + 2)."""

from __future__ import annotations

from stress_support import FACE_TO_FACE, declare, make_field, set_fighter, stress_battle

from game.engine.answers import EndTurn
from game.engine.events import Moved
from game.rules.stress import units
from game.rules.stress.actions import StressAttack, StressGuardedMove
from game.rules.stress.events import Hurt
from game.rules.stress.reactions import Riposte

APART = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (5, 1))]


def test_full_defense_moves_at_most_half_the_speed_rounded_down() -> None:
    b = stress_battle(make_field(APART), [5, 7])
    assert b.validate(StressGuardedMove("ada", (4, 1))) is None  # 3 of speed 6
    assert b.validate(StressGuardedMove("ada", (1, 4))) is None
    assert b.validate(StressGuardedMove("ada", (1, 1))) is not None  # standing: Full Defense
    set_fighter(b, "ada", speed=5)  # half of 5 is 2
    assert b.validate(StressGuardedMove("ada", (3, 1))) is None
    reason = b.validate(StressGuardedMove("ada", (4, 1)))
    assert reason is not None and "half its speed" in reason
    set_fighter(b, "ada", speed=1)  # at least 1 square
    assert units.speed(b.ctx, "ada", guarding=True) == 1
    assert b.validate(StressGuardedMove("ada", (2, 1))) is None


def test_a_full_defense_move_keeps_plus_4_defense_and_the_riposte() -> None:
    # Ada sidesteps to (1,2) at count 5 − 1 (still beside Gor: no threat range entered);
    # Gor's d20 12 + 2 = 14 hits Defense 13 but not 13 + 4: Ada may riposte
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7, 12])
    declare(b, StressGuardedMove("ada", (1, 2)), StressAttack("gor", "ada", "spear"))
    assert b.unit("ada").cell == (1, 2)
    assert [e.unit for e in b.events if isinstance(e, Moved)] == ["ada"]
    assert not [e for e in b.events if isinstance(e, Hurt)]
    assert b.pending is not None and b.pending.kind == "reaction"
    assert Riposte("ada", "gor", "sword") in b.pending.answers


def test_a_full_defense_move_into_an_enemys_reach_provokes_its_riposte() -> None:
    b = stress_battle(make_field(APART), [5, 7])
    declare(b, StressGuardedMove("ada", (4, 1)), EndTurn("gor"))
    assert b.unit("ada").cell == (4, 1)
    assert b.pending is not None and b.pending.kind == "reaction"
    assert b.pending.unit == "gor"

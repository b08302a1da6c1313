"""The round plan and its badges with downed units (play-test 11, village under 002): a
unit at 0 Wound Points or below is out of the fight for victory, yet the rules still ask
it to declare and let it act at its count. The plan read "The Company: 2/5 declared" while
the dying Sunniva was the one deciding, with no line for her; the raiders "0/12" though
the downed Ketil declared and shot; while the round resolved Ketil had no mark that he
was downed, and no badge on his token. Now the plan counts and lists every unit the
scheme asks to declare (``Battle.declares``), marks a downed unit's line "(downed)", and
its badge shows like anyone's (never on a square the viewer cannot see)."""

from __future__ import annotations

from stress_support import fighter, make_field, marks, stress_battle

from game.engine import Battle
from game.rules.stress.actions import StressAttack, StressFullDefense
from game.rules.stress.state import ALTERNATE
from game.ui.engine_model import EngineModel
from game.ui.intentions import DECLARING, REVEALED, WAITING, round_plan
from game.ui.plan_badges import badge_spots
from game.ui.plan_declaring import declaring_lines
from game.ui.plan_resolving import resolving_lines
from game.ui.play_animation import Animations

# Ada on the party's side; Gor (a bandit) beside her and Hal (an ogre) below her
SPAWNS = [
    ("Ada", "party", "warrior", (1, 1)),
    ("Gor", "bandits", "bandit", (2, 1)),
    ("Hal", "bandits", "ogre", (1, 2)),
]


def _side(side: str) -> tuple[str, str]:
    return side.capitalize(), "muted"


def _dying_gor() -> Battle:
    """Base initiatives Ada 0, Gor 9, Hal 3; Gor dying at −2 Wound Points."""
    b = stress_battle(make_field(SPAWNS), [1, 9, 2] + [1] * 40)
    fighter(b, "gor").stress, fighter(b, "gor").wp = 0, -2
    assert not b.unit("gor").in_fight and b.declares("gor")
    return b


def test_a_downed_unit_is_counted_and_listed_while_it_waits_and_decides() -> None:
    b = _dying_gor()
    plan = round_plan(b, "bandits")
    assert plan is not None and plan.phase == "declaring"
    gor = plan.row("gor")
    assert gor is not None and gor.state == WAITING and gor.down and gor.label == "Gor (downed)"
    hal = plan.row("hal")
    assert hal is not None and not hal.down and hal.label == "Hal"
    assert b.answer(StressFullDefense("ada")).ok
    assert b.pending is not None and b.pending.unit == "gor"  # the rules ask him
    plan = round_plan(b, "bandits")
    assert plan is not None
    gor = plan.row("gor")
    assert gor is not None and gor.state == DECLARING and gor.down
    texts = [line[0] for line in declaring_lines(plan, plan.rows, "bandits", _side, 8)]
    assert "Bandits: 0/2 declared" in texts  # Gor and Hal, not "0/1"
    assert "Gor (downed): deciding…" in texts
    assert "Hal: waits to declare" in texts
    assert b.answer(StressAttack("gor", "ada", "spear")).ok
    plan = round_plan(b, "bandits")
    assert plan is not None
    texts = [line[0] for line in declaring_lines(plan, plan.rows, "bandits", _side, 8)]
    assert "Bandits: 1/2 declared" in texts and "Gor (downed): Attack Ada" in texts
    assert "Hal: deciding…" in texts


def test_a_downed_unit_is_not_done_before_its_count_and_its_badge_shows() -> None:
    """Hal (8) strikes Ada on Full Defense: her riposte window is open before Gor's count
    (11) comes. Gor, dying, is still to act: not done, his line marked, his badge drawn;
    never on a square the viewer cannot see."""
    b = _dying_gor()
    for answer in (
        StressFullDefense("ada"),
        StressAttack("gor", "ada", "spear"),
        StressAttack("hal", "ada", "ogre_club"),
    ):
        assert b.answer(answer).ok, b.validate(answer)
    assert b.pending is not None and b.pending.kind == "reaction"
    plan = round_plan(b, "party")
    assert plan is not None and plan.phase == "resolving"
    gor = plan.row("gor")
    assert gor is not None and gor.state == REVEALED and gor.down and not gor.done
    assert gor.badge == "11"
    texts = [line[0] for line in resolving_lines(plan, plan.rows, lambda r: "", 8)]
    assert any(t.endswith("Gor (downed): Attack Ada (Spear)") for t in texts), texts
    model = EngineModel(b)
    token = model.token("gor")
    assert token is not None and token.down  # drawn fallen, yet it acts this round
    spots = badge_spots(plan.rows, model.token, Animations(), frozenset(), "party")
    assert {r.unit: label for r, label, _at in spots} == {"ada": "-1", "hal": "8", "gor": "11"}
    fogged = frozenset({token.cell})
    spots = badge_spots(plan.rows, model.token, Animations(), fogged, "party")
    assert "gor" not in {r.unit for r, _label, _at in spots}


def test_a_unit_dead_or_resting_is_left_out_and_asking_changes_nothing() -> None:
    """The dead neither declare nor act (their row is done once the round resolves); a
    unit resting this turn (one action per two turns) is not asked, and asking whether
    it declares does not spend its rest."""
    b = _dying_gor()
    fighter(b, "hal").conditions.append(ALTERNATE)
    marks(b, "hal").skipped_last = True
    assert not b.declares("hal") and marks(b, "hal").skipped_last
    fighter(b, "gor").dead = True
    assert not b.declares("gor")
    plan = round_plan(b, "bandits")
    assert plan is not None and [r.unit for r in plan.rows] == ["ada"]
    assert b.answer(StressFullDefense("ada")).ok  # Gor dead, Hal resting: round 1 is over
    assert b.round == 2 and b.declares("hal")  # rested, he acts this round

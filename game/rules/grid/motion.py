"""How the battle screen animates the ``grid`` rules (source 004): the neutral ``Motion``
of each event (``Presenter.motions``; issue 33 · game feel).

004 · Attack Rolls: a melee attack lunges at its target, a ranged one looses an arrow or
a crossbow bolt, a thrown weapon flies and lands at the target's feet (``ItemLanded``);
a miss flies past or is turned aside; Shock on a miss (004 · Shock) grazes the target,
and a shield or Total Defense that stops it turns the blow. 004 · Charge dashes into the
attack; 004 · Make a Swarm Attack: every assailant closes in on the target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Damaged, Note
from game.engine.presentation import Motion
from game.rules.grid.charge import Charge
from game.rules.grid.events import AttackDeclared, AttackResolved, BudgetSpent
from game.rules.grid.items import ItemLanded
from game.rules.grid.maneuver_state import ManeuverState

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.events import Event

SHOCK = "Shock"


def missile(weapon: str, thrown: bool) -> str:
    """What flies: the thrown weapon itself, a crossbow's bolt, or an arrow."""
    if thrown:
        return "thrown"
    return "bolt" if "crossbow" in weapon else "arrow"


def grid_motions(battle: Battle, event: Event) -> tuple[Motion, ...] | None:
    """The motions of a grid event; None for an event the shared presenter animates."""
    if isinstance(event, AttackDeclared):
        if event.thrown or "ranged" in event.mode:
            shot = missile(event.weapon, event.thrown)
            return (Motion("shot", actor=event.attacker, target=event.target, missile=shot),)
        if event.mode == "swarm":
            crowd = battle.component(event.target, ManeuverState).swarm
            actors = tuple(dict.fromkeys((event.attacker, *crowd)))
            return (Motion("close_in", actor=event.attacker, target=event.target, actors=actors),)
        return (Motion("lunge", actor=event.attacker, target=event.target),)
    if isinstance(event, AttackResolved):
        if event.hit:
            return ()
        return (Motion("miss", actor=event.attacker, target=event.target),)
    if isinstance(event, Damaged) and event.source == SHOCK:
        return (Motion("harm", actor=event.by, target=event.unit, amount=event.amount,
                       track="HP", graze=True, words=SHOCK),)  # fmt: skip
    if isinstance(event, ItemLanded):
        return (Motion("lands", actor=event.unit, cell=event.cell),)
    if isinstance(event, BudgetSpent) and event.action == Charge.label:
        return (Motion("dash", actor=event.unit),)
    if isinstance(event, Note) and event.unit and "takes no Shock" in event.message:
        return (Motion("turned", target=event.unit),)
    return None

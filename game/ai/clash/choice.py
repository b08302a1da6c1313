"""The clash AI's levels and the options it weighs (``plan``, ``gambits``): a
``PlanLevel`` says what a level does when declaring, a ``Choice`` is one declaration with
what it is worth (in the *worth* of ``clash_odds``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ai.clash.odds import Dist
    from game.engine.answers import Answer


@dataclass(frozen=True, slots=True)
class PlanLevel:
    """What a clash AI level does when declaring. ``coordinate``: value blows by what
    they add to their moment (else as if alone). ``kite``: shoot then step away, step
    out of Close to shoot. ``gambits``: trips where they pay. ``flee``: retreat when
    badly hurt and outnumbered. ``mistake_rate``: chance of taking a random one of its
    ``mistake_pool`` best options instead of the best. ``foresee_reactions``: a moment
    is worth what is left after the target's best block or dodge (which also cancels a
    trip's enhancement) and its Fatigue. ``weigh_gambits``: stuns and disarms too, each
    by its expected value (``gambits``). ``weigh_retreat``: a retreat by its expected
    value (the life it saves against the fight it gives up) instead of the fixed
    "critically hurt, last STR, outnumbered" test of ``flee``. ``morale``: a retreat
    weighs the morale check its getting away may call for its side (``clash.morale``).
    ``holds``: a unit standing in an area the enemy wins by holding round ends in a row
    keeps it, and one runs into it a round end before it falls (``clash.holds``).
    ``turtle``: a unit standing in an area its own side wins by holding stays in it."""

    coordinate: bool
    kite: bool
    gambits: bool
    flee: bool
    mistake_rate: float = 0.0
    mistake_pool: int = 1
    foresee_reactions: bool = False
    weigh_gambits: bool = False
    weigh_retreat: bool = False
    morale: bool = False
    holds: bool = False
    turtle: bool = False


@dataclass(frozen=True, slots=True)
class Choice:
    """One declaration with what it is worth: ``key`` the moment (target, group) its
    blow joins, ``dist`` its damage roll (empty: no damage), ``enhanced`` that roll if a
    gambit lands first, ``trip`` the chance its gambit lands and makes the moment's
    blows enhanced (a trip or a stun), ``deny`` what its gambit landing takes from the
    target if the target is still in the fight after the moment (a stun: its next
    action; a disarm: its weapon), ``land`` the chance of that, ``bonus`` the rest."""

    answer: Answer
    key: tuple[str, str] | None = None
    dist: Dist = ()
    enhanced: Dist = ()
    trip: float = 0.0
    bonus: float = 0.0
    deny: float = 0.0
    land: float = 0.0

"""The ``clash`` ruleset's own components (source 000), added to every unit when the
battle is built (``ClashRuleset.build_unit``); the shared world holds only what every
ruleset has.

- ``ClashState``: the three ability scores (STR is also a health track: damage past HP
  comes off it), Armor, the inventory (gear, Fatigue, wounds, injuries) and the marks a
  fight leaves (a failed Critical Damage save, a stun, a fall).
- ``HitPoints``: HP, the main health track (000 · Hit Protection).
- ``Fate``: dead, fled, knocked out, or incapacitated (000's word; ``mortally_wounded``).

``state_hash`` covers them like any component.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class HitPoints:
    """HP (000 · Hit Protection): damage comes off them first, then off STR."""

    hp: int
    max_hp: int

    @property
    def down(self) -> bool:
        return self.hp <= 0


@dataclass(slots=True)
class Fate:
    """How a unit has left the fight, if it has: ``dead``, ``fled``, ``unconscious``
    (knocked out by a nonlethal blow) or ``mortally_wounded`` (000's *incapacitated*:
    out of the fight until tended)."""

    dead: bool = False
    fled: bool = False
    unconscious: bool = False
    mortally_wounded: bool = False

    @property
    def out_of_action(self) -> bool:
        return self.dead or self.fled or self.unconscious or self.mortally_wounded

    @property
    def occupies_cell(self) -> bool:
        """The fallen and the fled hold no square; everyone else stands in theirs."""
        return not self.out_of_action


@dataclass(slots=True)
class ClashState:
    """``weapons``: weapon ids carried (all at hand: 000 has no readying). ``fatigue``,
    ``wounds`` (e.g. "light burns") and ``injuries`` (hit locations) fill inventory
    slots beside the gear (``carried``). ``crit_failed``: failed a Critical Damage save
    and lives (its attacks are impaired, attacks on it enhanced). ``stunned``: loses its
    next action (a gambit). ``prone``: tripped (attacks on it enhanced, its own attacks
    impaired, until the end of the round: ``rounds.end_of_round``).
    ``leg_hits``/``arm_hits``: hit locations taken."""

    STR: int
    DEX: int
    WIL: int
    max_STR: int
    max_DEX: int
    max_WIL: int
    armor: int
    slots: int
    carried: int
    weapons: list[str] = field(default_factory=list)
    fatigue: int = 0
    wounds: list[str] = field(default_factory=list)
    injuries: int = 0
    crit_failed: bool = False
    stunned: bool = False
    prone: bool = False
    leg_hits: int = 0
    arm_hits: int = 0
    paralysed: bool = False
    delirious: bool = False
    unaware: bool = False
    # The reaction chosen in the window of the attack now resolving (cleared after it):
    # "fight_back", "block", "dodge", "parry" or "counter", and whom it aims at.
    reaction: str = ""
    reaction_target: str = ""

    @property
    def used_slots(self) -> int:
        return self.carried + self.fatigue + len(self.wounds) + self.injuries

    @property
    def overburdened(self) -> bool:
        """000 · Attacking & Damage: a full inventory leaves no way to defend oneself."""
        return self.used_slots >= self.slots

    def score(self, ability: str) -> int:
        return int(getattr(self, ability))

"""Per-unit state of the ``clash`` rules (source 000) that the shared components do not
hold: the three ability scores, Armor, the inventory (gear, Fatigue, wounds, injuries),
and the marks a fight leaves (a failed Critical Damage save, a stun, a fall).

HP live in the shared ``Health`` component (so every screen shows them); death, flight
and being knocked out in the shared ``Conditions`` (``dead``, ``fled``, ``unconscious``,
``mortally_wounded`` for 000's *incapacitated*). ``ClashState`` is added to every unit
by ``ClashRuleset.setup``; ``state_hash`` covers it like any component.
"""

from __future__ import annotations

from dataclasses import dataclass, field


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

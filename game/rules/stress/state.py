"""The components of a unit in the ``stress`` rules (002 · Combat Stats, Wound Points,
Initiative): mutable dataclasses holding values and flat lists only (forks copy them)."""

from __future__ import annotations

from dataclasses import dataclass, field

# conditions an injury or the rules put on a unit (README · Conditions)
PRONE = "prone"
HALF_SPEED = "half_speed"
ALTERNATE = "every_other_turn"  # one action per two turns
PARALYSED = "paralysed"
CONCUSSED = "concussed"
SUFFOCATING = "suffocating"
MAIN_ARM = "main_arm_useless"
OFF_ARM = "off_arm_useless"
HALF_BLIND = "one_eye"
BLEEDING = "bleeding"


@dataclass(slots=True)
class Fighter:
    """The unit's stat block and where it stands now."""

    hd: int
    STR: int
    AGI: int
    INS: int
    stress: int
    max_stress: int
    wp: int
    max_wp: int
    defense: int  # the Defense bonus (Defense = 10 + AGI modifier + this)
    armour: int
    speed: int
    weapons: list[str] = field(default_factory=list)
    # each Wound Point hit: "type amount" ("slashing 4"); ``worst`` is the largest amount
    injuries: list[str] = field(default_factory=list)
    worst: int = 0
    # combat injuries by name, and the conditions they (or the rules) put on the unit
    combat_injuries: list[str] = field(default_factory=list)
    conditions: list[str] = field(default_factory=list)
    # attribute damage by name ("Dexterity": 3): Agility and Strength lower the scores
    # themselves; the others are kept here and read by the rules (README · Injuries)
    damage: dict[str, int] = field(default_factory=dict)
    stabilised: bool = False
    dead: bool = False
    fled: bool = False
    base_initiative: int | None = None
    surprised: bool = False
    arrives: int = 0  # the round the unit enters the battle (0/1: from the start)
    off_field: bool = False  # a late arrival not yet arrived
    late_count: int | None = None  # a missed count, acted next round at −12 (002 · Step 2)
    fearsome: bool = False  # its presence intimidates the enemies it reaches (morale)
    fall_seen: bool = False  # a leader out of the fight whose side has taken the blow

    # What the shared test invariants read (a ruleset's hit points and fate): Wound Points
    # above 0 as hit points; out of action once dead, fled or paralysed (a downed unit
    # still acts, at a price); on its square while on the field and not dead or fled.
    @property
    def hp(self) -> int:
        return max(0, self.wp)

    @property
    def max_hp(self) -> int:
        return self.max_wp

    @property
    def out_of_action(self) -> bool:
        return self.dead or self.fled or PARALYSED in self.conditions

    @property
    def occupies_cell(self) -> bool:
        return not (self.dead or self.fled or self.off_field)

    def has(self, condition: str) -> bool:
        return condition in self.conditions

    def add(self, condition: str) -> None:
        if condition not in self.conditions:
            self.conditions.append(condition)


@dataclass(slots=True)
class RoundMarks:
    """What the unit has declared and done this round."""

    full_defense: bool = False
    defensive: bool = False
    reaction_spent: bool = False
    actions: int = 0
    initiative: int | None = None
    skipped_last: bool = False  # one action per two turns: it acted last round
    big_hit: bool = False  # lost more than half its Wound Points in one hit (morale)

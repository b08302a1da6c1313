"""Unit templates: the numbers a combatant brings to a battle (source 004 · Attack Rolls,
Damage, Shock, Snap Attack, Execution Attacks, Morale; the family's attribute and skill
conventions).

Two kinds of template, as 004 · Attack Rolls describes:

- ``party`` archetypes have six attribute scores (3–18) and skill levels. Their attack
  roll adds attack bonus + the better of the weapon's attribute modifiers + the weapon's
  combat skill + magic; damage and Shock add the attribute modifier and magic. A skill
  the template does not list is untrained, level -1. Their AC is computed from armour,
  shield and DEX (see ``game.content.armour``).
- ``npc`` templates roll attack bonus + magic only (their bonus is usually their HD)
  and add nothing to damage but magic. Their AC is given in the file (or computed from
  their armour and shield without DEX when not given). Attribute scores are optional
  (default 10, modifier 0) and only matter for opposed checks such as grappling.

Skills for checks (sneak, notice, heal, exert ...) use ``skill()`` for both kinds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.content.dice import Dice
from game.content.weapons import ATTRIBUTES, Weapon

KINDS: tuple[str, ...] = ("party", "npc")
SIZES: tuple[str, ...] = ("medium", "large", "huge")
SKILLS: tuple[str, ...] = ("stab", "shoot", "brawl", "exert", "sneak", "notice", "heal")
UNTRAINED = -1
DEFAULT_SCORE = 10


def attribute_modifier(score: int) -> int:
    """The family's modifier table: 3 → -2, 4–7 → -1, 8–13 → 0, 14–17 → +1, 18 → +2."""
    if score <= 3:
        return -2
    if score <= 7:
        return -1
    if score <= 13:
        return 0
    if score <= 17:
        return 1
    return 2


@dataclass(frozen=True, slots=True)
class UnitTemplate:
    """A kind of combatant. ``weapons`` are ids, the first one readied; ``hp`` is a fixed
    number or dice rolled per unit when the battle is built; ``ac`` is final (see the
    module docstring); ``save`` is the Physical saving throw target (roll d20 ≥ save)
    used against execution attacks; ``trained`` units may make Snap Attacks."""

    id: str
    name: str
    kind: str
    icon: str
    hd: int
    hp: int | Dice
    attack_bonus: int
    attributes: dict[str, int] = field(hash=False)
    skills: dict[str, int] = field(hash=False)
    weapons: tuple[str, ...]
    armour: str | None
    shield: str | None
    ac: int
    speed_ft: int = 30
    size: str = "medium"
    morale: int = 7
    fearless: bool = False
    trained: bool = False
    save: int = 15
    description: str = ""
    # Each ruleset's own numbers, read from ``[units.<id>.<ruleset>]`` by its schema.
    tables: dict[str, object] = field(default_factory=dict, hash=False, compare=False)

    @property
    def is_party(self) -> bool:
        return self.kind == "party"

    @property
    def speed_squares(self) -> int:
        return self.speed_ft // 5

    def score(self, attribute: str) -> int:
        if attribute not in ATTRIBUTES:
            raise KeyError(attribute)
        return self.attributes.get(attribute, DEFAULT_SCORE)

    def modifier(self, attribute: str) -> int:
        """The attribute modifier for ``attribute`` ("STR", "DEX", ...)."""
        return attribute_modifier(self.score(attribute))

    def skill(self, name: str) -> int:
        """Skill level; -1 when untrained."""
        if name not in SKILLS:
            raise KeyError(name)
        return self.skills.get(name, UNTRAINED)

    def weapon_attribute(self, weapon: Weapon) -> str:
        """The attribute this unit uses with ``weapon``: the better of the weapon's options."""
        return max(weapon.attributes, key=lambda a: (self.modifier(a), -weapon.attributes.index(a)))

    def weapon_modifier(self, weapon: Weapon) -> int:
        """Attribute modifier added to attack, damage and Shock; 0 for NPCs."""
        if not self.is_party:
            return 0
        return self.modifier(self.weapon_attribute(weapon))

    def attack_modifier(self, weapon: Weapon, *, thrown: bool = False) -> int:
        """Everything added to the d20 before situational modifiers (004 · Attack Rolls).

        ``thrown`` marks a ranged attack with a thrown weapon, which may use the best of
        Shoot, Stab and Exert (004 · Make a Ranged Attack).
        """
        if not self.is_party:
            return self.attack_bonus + weapon.magic
        if thrown:
            level = max(self.skill("shoot"), self.skill("stab"), self.skill("exert"))
        else:
            level = self.skill(weapon.skill)
        return self.attack_bonus + self.weapon_modifier(weapon) + level + weapon.magic

    def damage_modifier(self, weapon: Weapon) -> int:
        """Added to the damage dice on a hit (004 · Damage): attribute modifier and magic,
        plus the Brawl level for a purely unarmed attack."""
        bonus = self.weapon_modifier(weapon) + weapon.magic
        if weapon.unarmed and self.is_party:
            bonus += self.skill("brawl")
        return bonus

    def shock_damage(self, weapon: Weapon) -> int:
        """Shock this unit inflicts with ``weapon`` on a qualifying miss (004 · Shock)."""
        return weapon.shock_points(self.weapon_modifier(weapon))

    @property
    def combat_skill(self) -> int:
        """Highest of Stab, Shoot and Brawl (screening and execution-save penalties)."""
        return max(self.skill("stab"), self.skill("shoot"), self.skill("brawl"))

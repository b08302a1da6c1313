"""Weapons and their traits (source 004 · Attack Rolls, Damage, Shock, Make a Ranged Attack,
Reload a Weapon, Dual Wielding Weapons, Execution Attacks).

Decisions where the source leaves the numbers to the equipment list (ours, in the
spirit of the Worlds-Without-Number family):

- ``reach`` is in squares. 1 for ordinary melee weapons; 2 for *Long* weapons (pike,
  halberd) and for the clubs of big creatures. The plain spear is reach 1: it is the
  one-handed spear that goes with a shield and can be thrown.
- ``reload``: ``"none"`` (melee and thrown weapons), ``"free_if_trained"`` (bows and
  slings: a Free action with Shoot at level 1 or more, else a Move action), ``"main"``
  (crossbows: always a Main action). 004 · Reload a Weapon lets trained shooters reload
  "bows and crossbows" freely; we keep the crossbow's Main-action reload that the
  family's equipment list gives it, so the crossbow's big die has a real cost.
- A ranged weapon that is also ``two_handed`` (bows, crossbows) cannot be shot with an
  enemy in melee range; one-handed ranged and thrown weapons shoot at -4 instead
  (004 · Make a Ranged Attack). A thrown weapon is also a melee weapon: ``ranged`` is
  false for it and ``thrown`` is true. Its Shock counts only when it strikes in melee,
  not when it is thrown (004 · Shock speaks of melee weapons).
- ``unarmed`` marks a bare-handed attack: it adds the Brawl level to damage
  (004 · Damage) and is the only attack allowed while grappling (004 · Grappling).
- Natural weapons (bites, claws) carry the ``natural`` tag: they count as being armed
  for attacks of opportunity but cannot be dropped, stowed or picked up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.content.dice import Dice

ATTRIBUTES: tuple[str, ...] = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
COMBAT_SKILLS: tuple[str, ...] = ("stab", "shoot", "brawl", "exert")
RELOADS: tuple[str, ...] = ("none", "free_if_trained", "main")

# The closed vocabulary of weapon tags and what each one means to the rules.
TAGS: dict[str, str] = {
    "natural": "a creature's own bite or claw: armed, but never dropped, stowed or picked up",
    "bow": "a bow: reloaded freely by a trained shooter",
    "crossbow": "a crossbow: reloading takes a Main action",
    "sling": "a sling: reloaded like a bow",
    "blade": "an edged weapon",
    "blunt": "a crushing weapon",
    "polearm": "a hafted weapon held in both hands",
    "nonlethal": "an execution attack with it knocks out instead of mortally wounding",
}


@dataclass(frozen=True, slots=True)
class Shock:
    """``Shock N/AC x`` (004 · Shock): on a miss against a target whose AC is at most
    ``ac``, the target still takes ``points`` damage. ``ac`` of ``None`` is the ``N/-``
    form, which applies whatever the target's AC (shields and immunity still stop it)."""

    points: int
    ac: int | None

    def applies_to(self, target_ac: int) -> bool:
        """Whether a miss against ``target_ac`` still inflicts this Shock."""
        return self.ac is None or target_ac <= self.ac

    @classmethod
    def parse(cls, text: str) -> Shock:
        """Parse ``"2/13"`` or ``"5/-"`` (an optional ``AC`` before the number is allowed)."""
        head, sep, tail = text.partition("/")
        tail = tail.strip().upper().removeprefix("AC").strip()
        if not sep or not head.strip().isdigit() or not (tail == "-" or tail.isdigit()):
            raise ValueError(f'expected "N/AC" or "N/-", got {text!r}')
        points = int(head)
        if not 1 <= points <= 20:
            raise ValueError(f"Shock points must be 1..20, got {text!r}")
        if tail == "-":
            return cls(points, None)
        ac = int(tail)
        if not 10 <= ac <= 25:
            raise ValueError(f"Shock AC must be 10..25, got {text!r}")
        return cls(points, ac)

    def __str__(self) -> str:
        return f"{self.points}/{'-' if self.ac is None else f'AC{self.ac}'}"


@dataclass(frozen=True, slots=True)
class Weapon:
    """One weapon as the rules see it. ``attributes`` lists the attributes the wielder may
    choose between for attack and damage (004 · Attack Rolls); ``magic`` adds to hit,
    damage and Shock."""

    id: str
    name: str
    damage: Dice
    attributes: tuple[str, ...]
    skill: str
    shock: Shock | None = None
    reach: int = 1
    two_handed: bool = False
    thrown: bool = False
    ranged: bool = False
    range_normal_ft: int | None = None
    range_long_ft: int | None = None
    reload: str = "none"
    unarmed: bool = False
    magic: int = 0
    tags: tuple[str, ...] = ()
    description: str = ""
    # Each ruleset's own numbers, read from ``[weapons.<id>.<ruleset>]`` by its schema.
    tables: dict[str, object] = field(default_factory=dict, hash=False, compare=False)

    @property
    def melee(self) -> bool:
        """Usable in melee: every weapon that is not a pure missile weapon."""
        return not self.ranged

    @property
    def shoots(self) -> bool:
        """Can make a ranged attack (missile or thrown)."""
        return self.ranged or self.thrown

    @property
    def natural(self) -> bool:
        return "natural" in self.tags

    @property
    def range_normal_squares(self) -> int | None:
        return None if self.range_normal_ft is None else self.range_normal_ft // 5

    @property
    def range_long_squares(self) -> int | None:
        return None if self.range_long_ft is None else self.range_long_ft // 5

    def shock_points(self, attribute_modifier: int = 0) -> int:
        """Shock damage: points + the wielder's attribute modifier + magic (004 · Shock).
        Never below zero."""
        if self.shock is None:
            return 0
        return max(0, self.shock.points + attribute_modifier + self.magic)

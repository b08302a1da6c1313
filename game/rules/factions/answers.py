"""The answers of the factions ruleset (003): the actions of a turn, a faction's pass and
choice of who begins, and the reactions. Plain frozen data (saves and replays keep them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine.answers import Answer, register_answer
from game.geometry.grid import Cell

STUNTS = ("knock_down", "disarm", "surrender", "cripple")
STUNT_WORDS = {
    "knock_down": "knocked down (loses its next move)",
    "disarm": "disarmed (drops a weapon)",
    "surrender": "forced to surrender",
    "cripple": "crippled (its blows are impaired)",
}


@register_answer
@dataclass(frozen=True, slots=True)
class Pass(Answer):
    """The faction activates no unit now (003 · Combat procedure)."""

    kind: ClassVar[str] = "factions_pass"
    label: ClassVar[str] = "Pass"
    side: str


@register_answer
@dataclass(frozen=True, slots=True)
class BeginWith(Answer):
    """The faction holding the initiative names the faction that begins the round."""

    kind: ClassVar[str] = "factions_begin"
    label: ClassVar[str] = "Begin"
    side: str


@register_answer
@dataclass(frozen=True, slots=True)
class Move(Answer):
    """Move by a zone (to a square of the unit's zone or a neighbouring one); ``sneak``:
    a concealed unit moving carefully stays concealed."""

    kind: ClassVar[str] = "factions_move"
    label: ClassVar[str] = "Move"
    unit: str
    to: Cell
    sneak: bool = False


@register_answer
@dataclass(frozen=True, slots=True)
class Attack(Answer):
    """A main action: attack ``target`` with ``weapon`` (``mode``: melee, ranged,
    indirect); ``hold_back``: impaired damage on purpose; ``stunt``: an effect proposed
    instead of damage (one of ``STUNTS``, or "")."""

    kind: ClassVar[str] = "factions_attack"
    label: ClassVar[str] = "Attack"
    unit: str
    target: str
    weapon: str
    mode: str = "melee"
    hold_back: bool = False
    stunt: str = ""


@register_answer
@dataclass(frozen=True, slots=True)
class Blast(Answer):
    """A main action: a blast weapon at zone ``zone`` (a melee blast: the unit's own)."""

    kind: ClassVar[str] = "factions_blast"
    label: ClassVar[str] = "Blast"
    unit: str
    weapon: str
    zone: int


@register_answer
@dataclass(frozen=True, slots=True)
class FinalBlow(Answer):
    """A main action: kill a nearby incapacitated enemy."""

    kind: ClassVar[str] = "factions_final_blow"
    label: ClassVar[str] = "Final blow"
    unit: str
    target: str


@register_answer
@dataclass(frozen=True, slots=True)
class Disarm(Answer):
    """A main action, non-lethal: the nearby target saves STR or drops ``weapon``."""

    kind: ClassVar[str] = "factions_disarm"
    label: ClassVar[str] = "Disarm"
    unit: str
    target: str
    weapon: str


@register_answer
@dataclass(frozen=True, slots=True)
class Grapple(Answer):
    """A main action, non-lethal: the nearby target saves STR or is grabbed."""

    kind: ClassVar[str] = "factions_grapple"
    label: ClassVar[str] = "Grapple"
    unit: str
    target: str


@register_answer
@dataclass(frozen=True, slots=True)
class Shove(Answer):
    """A main action of a unit holding another: free it and push it to ``to``."""

    kind: ClassVar[str] = "factions_shove"
    label: ClassVar[str] = "Shove"
    unit: str
    to: Cell


@register_answer
@dataclass(frozen=True, slots=True)
class PickUp(Answer):
    """A bonus action: pick up a weapon lying on the unit's square or next to it."""

    kind: ClassVar[str] = "factions_pick_up"
    label: ClassVar[str] = "Pick up"
    unit: str
    weapon: str


@register_answer
@dataclass(frozen=True, slots=True)
class PutDown(Answer):
    """A bonus action: put a held weapon down on the unit's square."""

    kind: ClassVar[str] = "factions_put_down"
    label: ClassVar[str] = "Put down"
    unit: str
    weapon: str


@register_answer
@dataclass(frozen=True, slots=True)
class Equip(Answer):
    """A bonus action: take a carried weapon in hand (a hand free for it)."""

    kind: ClassVar[str] = "factions_equip"
    label: ClassVar[str] = "Equip"
    unit: str
    weapon: str


@register_answer
@dataclass(frozen=True, slots=True)
class Unequip(Answer):
    """A bonus action: put a held weapon away (still carried; its hands free)."""

    kind: ClassVar[str] = "factions_unequip"
    label: ClassVar[str] = "Unequip"
    unit: str
    weapon: str


@register_answer
@dataclass(frozen=True, slots=True)
class Speak(Answer):
    """A bonus action: say a few words (reveals a concealed unit)."""

    kind: ClassVar[str] = "factions_speak"
    label: ClassVar[str] = "Say a few words"
    unit: str


@register_answer
@dataclass(frozen=True, slots=True)
class Hide(Answer):
    """A main action: a unit out of every enemy's sight since its turn began hides."""

    kind: ClassVar[str] = "factions_hide"
    label: ClassVar[str] = "Hide"
    unit: str


@register_answer
@dataclass(frozen=True, slots=True)
class Surrender(Answer):
    """The whole turn: throw the weapons away and surrender."""

    kind: ClassVar[str] = "factions_surrender"
    label: ClassVar[str] = "Surrender"
    unit: str


# -- reactions ------------------------------------------------------------------------------
@register_answer
@dataclass(frozen=True, slots=True)
class Dodge(Answer):
    kind: ClassVar[str] = "factions_dodge"
    label: ClassVar[str] = "Dodge"
    unit: str


@register_answer
@dataclass(frozen=True, slots=True)
class Counter(Answer):
    kind: ClassVar[str] = "factions_counter"
    label: ClassVar[str] = "Counter"
    unit: str
    target: str
    weapon: str
    mode: str = "melee"


@register_answer
@dataclass(frozen=True, slots=True)
class HideBehind(Answer):
    kind: ClassVar[str] = "factions_hide_behind"
    label: ClassVar[str] = "Hide behind"
    unit: str
    ally: str


@register_answer
@dataclass(frozen=True, slots=True)
class Shield(Answer):
    """Agree to be hidden behind: become the attack's target."""

    kind: ClassVar[str] = "factions_agree"
    label: ClassVar[str] = "Agree"
    unit: str
    ally: str


@register_answer
@dataclass(frozen=True, slots=True)
class Guard(Answer):
    kind: ClassVar[str] = "factions_guard"
    label: ClassVar[str] = "Guard"
    unit: str
    target: str


@register_answer
@dataclass(frozen=True, slots=True)
class Opportunity(Answer):
    kind: ClassVar[str] = "factions_opportunity"
    label: ClassVar[str] = "Opportunity attack"
    unit: str
    target: str
    weapon: str


@register_answer
@dataclass(frozen=True, slots=True)
class AcceptStunt(Answer):
    kind: ClassVar[str] = "factions_accept"
    label: ClassVar[str] = "Accept"
    unit: str
    stunt: str

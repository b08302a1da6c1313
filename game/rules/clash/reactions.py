"""Reactions before damage (000 · Block, Dodge & Parry; Optional Rule: Blocking &
Dodging; Gambits): reaction Decisions to the defender's controller, opened by the attack
flow (``strike``) with ``ctx.window`` before any damage die is rolled.

- **Fight back**: pick one attacker; after taking the incoming damage, deal your damage
  to it (melee when it is Close, else a ranged or thrown weapon that reaches it).
- **Block**: incoming fast or balanced attacks are impaired (unarmed ones count as
  fast: decision).
- **Dodge**: incoming slow or balanced attacks are impaired.
- **Parry**: pick one Close melee attacker: the higher of your damage roll and its roll
  lands, straight to STR and without a Critical Damage save; equal rolls bounce.
- Each gives 1 Fatigue (a slot). An attacker cannot react to what its own attack causes
  (fight back, parry, counter-attacks open no window), and neither can an unaware or
  overburdened unit. With ``reactions=party`` only the party side reacts.
- ``blocking_dodging=restricted``: blocking needs a balanced or slow melee weapon or a
  shield; no dodging in Armor 3 or carrying a slow melee weapon. ``graded``: those
  conditions decide instead between negating and impairing.
- A target that saves against a gambit may attack back at once (``Counter-attack``, no
  Fatigue: it is the gambit's own rule).

Decision: one reaction per attack moment (all the attacks that land on a unit at once),
as many moments a round as Fatigue allows. Reactions act through ``ClashState.reaction``,
which the attack flow reads after the window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.events import Event
from game.engine.seam import Flow, ReactionSpec
from game.rules.clash import units
from game.rules.clash.bands import CLOSE, FAR, NEAR, band
from game.rules.clash.damage import add_fatigue
from game.rules.clash.house_rules import BLOCKING_DODGING, REACTIONS, rule
from game.world.components import Loadout

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.rules.clash.content import ClashWeapon

WINDOW = "clash_attacked"
GAMBIT_WINDOW = "clash_gambit_saved"


@dataclass(frozen=True, slots=True)
class UnderAttack(Event):
    """The trigger of the reaction window: ``target`` is about to be struck by
    ``attackers`` (unit ids) whose weapon sizes are ``sizes`` and that swing in melee
    (``melee``)."""

    kind: ClassVar[str] = "under_attack"
    tone: ClassVar[str] = "info"
    target: str
    attackers: tuple[str, ...]
    sizes: tuple[str, ...]
    melee: tuple[bool, ...]
    text_: str

    def text(self) -> str:
        return self.text_


@dataclass(frozen=True, slots=True)
class GambitSaved(Event):
    """``target`` saved against ``attacker``'s gambit and may attack back."""

    kind: ClassVar[str] = "gambit_saved"
    tone: ClassVar[str] = "info"
    target: str
    attacker: str
    text_: str

    def text(self) -> str:
        return self.text_


@register_answer
@dataclass(frozen=True, slots=True)
class FightBack(Answer):
    kind: ClassVar[str] = "clash_fight_back"
    label: ClassVar[str] = "Fight back"
    unit: str
    target: str


@register_answer
@dataclass(frozen=True, slots=True)
class Block(Answer):
    kind: ClassVar[str] = "clash_block"
    label: ClassVar[str] = "Block"
    unit: str


@register_answer
@dataclass(frozen=True, slots=True)
class Dodge(Answer):
    kind: ClassVar[str] = "clash_dodge"
    label: ClassVar[str] = "Dodge"
    unit: str


@register_answer
@dataclass(frozen=True, slots=True)
class Parry(Answer):
    kind: ClassVar[str] = "clash_parry"
    label: ClassVar[str] = "Parry"
    unit: str
    target: str


@register_answer
@dataclass(frozen=True, slots=True)
class CounterAttack(Answer):
    kind: ClassVar[str] = "clash_counter"
    label: ClassVar[str] = "Counter-attack"
    unit: str
    target: str


def may_react(ctx: Context, unit: str) -> bool:
    st = units.state(ctx, unit)
    if not units.in_fight(ctx, unit) or st.unaware or st.overburdened:
        return False
    return rule(ctx, REACTIONS) == "everyone" or units.is_party(ctx, unit)


def answer_weapon(ctx: Context, unit: str, foe: str) -> ClashWeapon | None:
    """The weapon ``unit`` would hit ``foe`` with right now: its biggest melee die when
    Close, else its biggest ranged weapon that reaches (thrown: Near), else None."""
    where = band(units.cell(ctx, unit), units.cell(ctx, foe))
    if where == CLOSE:
        return units.best_melee(ctx, unit)
    reach = [
        w
        for w in units.weapons(ctx, unit)
        if (w.ranged and where in (NEAR, FAR)) or (w.thrown and where == NEAR)
    ]
    if not reach or not ctx.sight.sees(units.cell(ctx, unit), units.cell(ctx, foe)):
        return None
    return max(reach, key=lambda w: w.die)


def blocks_well(ctx: Context, unit: str) -> bool:
    """Has a balanced or slow melee weapon, or a shield (000 · Blocking & Dodging)."""
    heavy = any(w.size in ("balanced", "slow") for w in units.melee_weapons(ctx, unit))
    return heavy or ctx.get(unit, Loadout).shield is not None


def dodges_badly(ctx: Context, unit: str) -> bool:
    """Armor 3, or a slow melee weapon carried (000 · Blocking & Dodging)."""
    slow = any(w.size == "slow" for w in units.melee_weapons(ctx, unit))
    return units.state(ctx, unit).armor >= 3 or slow


class _Reaction(ReactionSpec):
    window = WINDOW

    def perform(self, ctx: Context, answer: Any, trigger: Any) -> Flow:
        st = units.state(ctx, answer.unit)
        st.reaction = self.kind.removeprefix("clash_")
        st.reaction_target = getattr(answer, "target", "")
        add_fatigue(ctx, answer.unit, answer.label)
        return
        yield


class FightBackSpec(_Reaction):
    kind = FightBack.kind
    cost = "1 Fatigue: take the blow, then deal your damage to this attacker"

    def offers(self, ctx: Context, unit: str, trigger: Any) -> list[Answer]:
        if not isinstance(trigger, UnderAttack) or trigger.target != unit:
            return []
        if not may_react(ctx, unit):
            return []
        foes = dict.fromkeys(trigger.attackers)
        return [FightBack(unit, a) for a in foes if answer_weapon(ctx, unit, a) is not None]


class BlockSpec(_Reaction):
    kind = Block.kind
    cost = "1 Fatigue: fast and balanced blows roll only a d4"

    def offers(self, ctx: Context, unit: str, trigger: Any) -> list[Answer]:
        if not isinstance(trigger, UnderAttack) or trigger.target != unit:
            return []
        if not may_react(ctx, unit):
            return []
        if not any(s in ("unarmed", "fast", "balanced") for s in trigger.sizes):
            return []
        if rule(ctx, BLOCKING_DODGING) == "restricted" and not blocks_well(ctx, unit):
            return []
        return [Block(unit)]


class DodgeSpec(_Reaction):
    kind = Dodge.kind
    cost = "1 Fatigue: slow and balanced blows roll only a d4"

    def offers(self, ctx: Context, unit: str, trigger: Any) -> list[Answer]:
        if not isinstance(trigger, UnderAttack) or trigger.target != unit:
            return []
        if not may_react(ctx, unit):
            return []
        if not any(s in ("slow", "balanced") for s in trigger.sizes):
            return []
        if rule(ctx, BLOCKING_DODGING) == "restricted" and dodges_badly(ctx, unit):
            return []
        return [Dodge(unit)]


class ParrySpec(_Reaction):
    kind = Parry.kind
    cost = "1 Fatigue: your damage die against this attacker's; the higher lands, to STR"

    def offers(self, ctx: Context, unit: str, trigger: Any) -> list[Answer]:
        if not isinstance(trigger, UnderAttack) or trigger.target != unit:
            return []
        if not may_react(ctx, unit):
            return []
        here = units.cell(ctx, unit)
        foes = dict.fromkeys(
            a
            for a, melee in zip(trigger.attackers, trigger.melee, strict=True)
            if melee and band(here, units.cell(ctx, a)) == CLOSE
        )
        return [Parry(unit, a) for a in foes]


class CounterSpec(ReactionSpec):
    kind = CounterAttack.kind
    window = GAMBIT_WINDOW
    cost = "No Fatigue: you saved against the gambit; strike back at once"

    def offers(self, ctx: Context, unit: str, trigger: Any) -> list[Answer]:
        if not isinstance(trigger, GambitSaved) or trigger.target != unit:
            return []
        if not units.in_fight(ctx, unit) or not units.in_fight(ctx, trigger.attacker):
            return []
        if answer_weapon(ctx, unit, trigger.attacker) is None:
            return []
        return [CounterAttack(unit, trigger.attacker)]

    def perform(self, ctx: Context, answer: Any, trigger: Any) -> Flow:
        st = units.state(ctx, answer.unit)
        st.reaction = "counter"
        st.reaction_target = answer.target
        return
        yield


REACTION_SPECS: tuple[type[ReactionSpec], ...] = (
    FightBackSpec,
    BlockSpec,
    DodgeSpec,
    ParrySpec,
    CounterSpec,
)

"""Reacting to an attack (003 · Reacting to an attack): the target may Dodge, Counter or
Hide behind a nearby character (who must agree, and may react in turn); if it does not,
a nearby ally may Guard it. Every reaction takes the reacting unit's whole turn for the
round, so only a unit that has not acted this round may react. The one hidden behind
agreeing is that unit's own player's decision (a ``reaction`` decision of its side)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from game.engine.answers import Answer
from game.rules.factions import units
from game.rules.factions.aim import aim, modes_of
from game.rules.factions.answers import Counter, Dodge, Guard, HideBehind, Shield
from game.rules.factions.events import Reacted

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.engine.decision import Decision
    from game.rules.factions.events import Attacked


def spend(ctx: Context, unit: str, how: str) -> None:
    """The reaction takes the unit's turn for the round."""
    t = units.turn(ctx, unit)
    t.acted = t.reacted = True
    ctx.emit(Reacted(unit, units.name(ctx, unit), how))


def counters(ctx: Context, unit: str, attacker: str) -> list[Counter]:
    """Attacks ``unit`` could answer with: each held weapon and mode that reaches the
    attacker without a WIT save."""
    out = []
    for w in units.weapons(ctx, unit):
        for mode in modes_of(ctx, unit, w):
            shot = aim(ctx, unit, attacker, w, mode)
            if shot.allowed and not shot.save:
                out.append(Counter(unit, attacker, w, mode))
    return out


def reactions(
    ctx: Context, attacker: str, target: str, chain: tuple[str, ...], *, counter: bool = True
) -> list[tuple[str, Answer]]:
    """What ``target`` may answer the attack with (``chain``: the units already hidden
    behind, who cannot be hidden behind again)."""
    if not units.ready(ctx, target):
        return []
    from game.rules.factions.asking import counter_label

    out: list[tuple[str, Answer]] = [("Dodge", Dodge(target))]
    if counter:
        for c in counters(ctx, target, attacker):
            out.append((counter_label(c), c))
    holding = units.fate(ctx, target).holding
    for ally in units.allies(ctx, target):
        if ally not in chain and units.nearby(ctx, target, ally):
            out.append((f"Hide behind {units.name(ctx, ally)}", HideBehind(target, ally)))
    if holding and holding not in chain and units.in_fight(ctx, holding):
        out.append((f"Hide behind {units.name(ctx, holding)}", HideBehind(target, holding)))
    return out


def defend(
    ctx: Context, attacker: str, target: str, trigger: Attacked, *, counter: bool = True
) -> Generator[Decision, Answer, tuple[str, Answer | None]]:
    """The reactions to one attack; returns ``(struck, reaction)``: the unit the attack
    now targets and the Dodge or Counter it answers with (or None)."""
    from game.rules.factions.asking import ask

    chain: tuple[str, ...] = (target,)
    current = target
    while True:
        offers = reactions(ctx, attacker, current, chain, counter=counter)
        if not offers:
            break
        choice = yield from ask(ctx, current, f"{trigger.text()}: react?", offers, trigger)
        if isinstance(choice, Dodge):
            spend(ctx, current, "dodge")
            return current, choice
        if isinstance(choice, Counter):
            spend(ctx, current, "counter")
            return current, choice
        if not isinstance(choice, HideBehind):
            break
        ally = choice.ally
        grabbed = units.fate(ctx, current).holding == ally  # the grabbed has no say
        agreed = grabbed
        if not agreed:
            answer = yield from ask(
                ctx,
                ally,
                f"{units.name(ctx, current)} wants to hide behind you: agree?",
                [("Agree: take the attack", Shield(ally, current))],
                trigger,
            )
            agreed = isinstance(answer, Shield)
        if not agreed:
            chain += (ally,)  # refused: choose again, without that one
            continue
        spend(ctx, current, f"hides behind {units.name(ctx, ally)}")
        chain += (ally,)
        current = ally
        if grabbed:
            return current, None  # a grabbed shield cannot react
    if current == target:
        guard = yield from guards(ctx, attacker, target, trigger)
        if guard is not None:
            return guard, None
    return current, None


def guards(
    ctx: Context, attacker: str, target: str, trigger: Attacked
) -> Generator[Decision, Answer, str | None]:
    """Nearby allies of the target may guard it (in unit order): the first who does
    becomes the target and, having spent its reaction, cannot react again."""
    from game.rules.factions.asking import ask

    for ally in list(units.allies(ctx, target)):
        if ally == attacker or not units.ready(ctx, ally) or not units.nearby(ctx, ally, target):
            continue
        choice = yield from ask(
            ctx,
            ally,
            f"{trigger.text()}: guard {units.name(ctx, target)}?",
            [("Guard", Guard(ally, target))],  # the screen adds whom: "Guard: Ada"
            trigger,
        )
        if isinstance(choice, Guard):
            spend(ctx, ally, f"guards {units.name(ctx, target)}")
            return ally
    return None

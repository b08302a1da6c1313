"""Extension points of the ``grid`` core that the second half of source 004 plugs into.

The core (``resolution``, ``GridRuleset``) calls these lists at fixed places, so rules such
as dual wielding, Screen an Ally or Hold an Action live in their own modules and the core
never names them:

- ``ATTACK_MODIFIERS``: extra itemised terms for an attack roll (004 · Dual Wielding: -1).
  ``fn(ctx, attacker, target, weapon, ranged, here) -> iterable of Modifier``; pure.
- ``DAMAGE_BONUSES``: extra damage on a hit that never adds to Shock (004 · Dual Wielding:
  +2 when the target is in range of both weapons). ``fn(ctx, attacker, target, weapon,
  ranged) -> (amount, label)``; pure.
- ``REDIRECTS``: flows run before an attack is declared that may change its target
  (004 · Screen an Ally). ``fn(ctx, attacker, target, weapon, ranged, mode)`` is a
  generator that may yield Decisions and *returns* the (possibly new) target.
- ``BEFORE_ACTION``: flows run before a unit's chosen action is carried out (004 · Hold
  an Action: a held response resolves first). ``fn(ctx, answer)`` returns True when the
  action should go ahead.
- ``AFTER_TURN``: flows run when a unit's turn is over (its ``UnitDone`` event), between
  two turns (004 · Hold an Action: held actions may be taken at any point until the end
  of the round). ``fn(ctx, done)``.
- ``SETUP``: ``fn(ctx)`` after ``GridRuleset.setup`` (components, systems of the rules).
- ``HASH``: name -> ``fn(ctx)``, ruleset state outside the units' components that
  ``state_hash`` must cover (items lying on the ground).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING, Any

from game.engine.answers import Answer
from game.engine.decision import Decision
from game.engine.events import UnitDone
from game.rules.base import Modifier

if TYPE_CHECKING:
    from game.content.weapons import Weapon
    from game.engine.context import Context
    from game.geometry.grid import Cell

ModifierHook = Callable[["Context", str, str, "Weapon", bool, "Cell"], Iterable[Modifier]]
DamageHook = Callable[["Context", str, str, "Weapon", bool], tuple[int, str]]
RedirectHook = Callable[
    ["Context", str, str, "Weapon", bool, str], Generator[Decision, Answer, str]
]
BeforeActionHook = Callable[["Context", Answer], Generator[Decision, Answer, bool]]
AfterTurnHook = Callable[["Context", UnitDone], Generator[Decision, Answer, None]]

ATTACK_MODIFIERS: list[ModifierHook] = []
DAMAGE_BONUSES: list[DamageHook] = []
REDIRECTS: list[RedirectHook] = []
BEFORE_ACTION: list[BeforeActionHook] = []
AFTER_TURN: list[AfterTurnHook] = []
SETUP: list[Callable[[Context], None]] = []
HASH: dict[str, Callable[[Context], Any]] = {}


def attack_modifiers(
    ctx: Context, attacker: str, target: str, weapon: Weapon, ranged: bool, here: Cell
) -> list[Modifier]:
    out: list[Modifier] = []
    for hook in ATTACK_MODIFIERS:
        out.extend(hook(ctx, attacker, target, weapon, ranged, here))
    return out


def damage_bonus(
    ctx: Context, attacker: str, target: str, weapon: Weapon, ranged: bool
) -> tuple[int, str]:
    """Sum of the extra hit damage and a label for the log ("" when none)."""
    total, labels = 0, []
    for hook in DAMAGE_BONUSES:
        amount, label = hook(ctx, attacker, target, weapon, ranged)
        if amount:
            total += amount
            labels.append(label)
    return total, ", ".join(labels)


def redirect(
    ctx: Context, attacker: str, target: str, weapon: Weapon, ranged: bool, mode: str
) -> Generator[Decision, Answer, str]:
    for hook in REDIRECTS:
        target = yield from hook(ctx, attacker, target, weapon, ranged, mode)
    return target


def before_action(ctx: Context, answer: Answer) -> Generator[Decision, Answer, bool]:
    for hook in BEFORE_ACTION:
        go = yield from hook(ctx, answer)
        if not go:
            return False
    return True


def after_turn(ctx: Context, done: UnitDone) -> Generator[Decision, Answer, None]:
    for hook in AFTER_TURN:
        yield from hook(ctx, done)


def hash_extra(ctx: Context) -> dict[str, Any]:
    return {name: fn(ctx) for name, fn in sorted(HASH.items())}

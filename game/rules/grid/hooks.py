"""Extension points of the ``grid`` core that the second half of source 004 plugs into.

The core (``resolution``, ``turn``, ``GridRuleset``) calls these lists at fixed places, so
rules such as dual wielding, Screen an Ally or Hold an Action live in their own modules
and the core never names them. The lists belong to one ``GridRuleset`` instance
(``GridRuleset.hooks``), filled in its ``__init__`` by the modules' ``install(ruleset)``
functions in a fixed order (``extensions.INSTALLS``): two battles, or a subclass that
leaves an extension out, never share a registration, and importing a module registers
nothing. Each list runs in registration order.

- ``attack_modifiers``: extra itemised terms for an attack roll (004 · Dual Wielding: -1).
  ``fn(ctx, attacker, target, weapon, ranged, here) -> iterable of Modifier``; pure.
- ``damage_bonuses``: extra damage on a hit that never adds to Shock (004 · Dual Wielding:
  +2 when the target is in range of both weapons). ``fn(ctx, attacker, target, weapon,
  ranged) -> (amount, label)``; pure.
- ``redirects``: flows run before an attack is declared that may change its target
  (004 · Screen an Ally). ``fn(ctx, attacker, target, weapon, ranged, mode)`` is a
  generator that may yield Decisions and *returns* the (possibly new) target.
- ``before_action``: flows run before a unit's chosen action is carried out (004 · Hold
  an Action: a held response resolves first). ``fn(ctx, answer)`` returns True when the
  action should go ahead.
- ``after_turn``: flows run when a unit's turn is over (its ``UnitDone`` event), between
  two turns (004 · Hold an Action: held actions may be taken at any point until the end
  of the round). ``fn(ctx, done)``.
- ``setup``: ``fn(ctx)`` after ``GridRuleset.setup`` (components, systems of the rules).
- ``hash``: name -> ``fn(ctx)``, ruleset state outside the units' components that
  ``state_hash`` must cover (items lying on the ground).

The module functions below (``attack_modifiers(ctx, ...)`` and friends) run the lists of
the battle's own ruleset (``ctx.ruleset.hooks``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING, Any

from game.engine.answers import Answer
from game.engine.decision import Decision
from game.engine.events import UnitDone
from game.rules.preview import Modifier

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
SetupHook = Callable[["Context"], None]
HashHook = Callable[["Context"], Any]


class Hooks:
    """The hook lists of one ``GridRuleset`` (see the module's docstring). Filled while
    the ruleset is built and only read afterwards, so a forked battle's copy of the
    ruleset shares them."""

    def __init__(self) -> None:
        self.attack_modifiers: list[ModifierHook] = []
        self.damage_bonuses: list[DamageHook] = []
        self.redirects: list[RedirectHook] = []
        self.before_action: list[BeforeActionHook] = []
        self.after_turn: list[AfterTurnHook] = []
        self.setup: list[SetupHook] = []
        self.hash: dict[str, HashHook] = {}


def of(ctx: Context) -> Hooks:
    """The hook lists of the battle's ruleset."""
    found = getattr(ctx.ruleset, "hooks", None)
    if not isinstance(found, Hooks):
        raise TypeError(f"ruleset {ctx.ruleset.id!r} has no grid hooks")
    return found


def attack_modifiers(
    ctx: Context, attacker: str, target: str, weapon: Weapon, ranged: bool, here: Cell
) -> list[Modifier]:
    out: list[Modifier] = []
    for hook in of(ctx).attack_modifiers:
        out.extend(hook(ctx, attacker, target, weapon, ranged, here))
    return out


def damage_bonus(
    ctx: Context, attacker: str, target: str, weapon: Weapon, ranged: bool
) -> tuple[int, str]:
    """Sum of the extra hit damage and a label for the log ("" when none)."""
    total, labels = 0, []
    for hook in of(ctx).damage_bonuses:
        amount, label = hook(ctx, attacker, target, weapon, ranged)
        if amount:
            total += amount
            labels.append(label)
    return total, ", ".join(labels)


def redirect(
    ctx: Context, attacker: str, target: str, weapon: Weapon, ranged: bool, mode: str
) -> Generator[Decision, Answer, str]:
    for hook in of(ctx).redirects:
        target = yield from hook(ctx, attacker, target, weapon, ranged, mode)
    return target


def before_action(ctx: Context, answer: Answer) -> Generator[Decision, Answer, bool]:
    for hook in of(ctx).before_action:
        go = yield from hook(ctx, answer)
        if not go:
            return False
    return True


def after_turn(ctx: Context, done: UnitDone) -> Generator[Decision, Answer, None]:
    for hook in of(ctx).after_turn:
        yield from hook(ctx, done)


def setup(ctx: Context) -> None:
    for hook in of(ctx).setup:
        hook(ctx)


def hash_extra(ctx: Context) -> dict[str, Any]:
    return {name: fn(ctx) for name, fn in sorted(of(ctx).hash.items())}

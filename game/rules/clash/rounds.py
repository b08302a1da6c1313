"""The turn scheme of the ``clash`` ruleset (000 · Rounds, Initiative & Actions).

Declared rounds (the default, ``initiative=declared``):

1. Every unit in the fight declares its intention: one ``turn`` Decision per unit, side
   by side in the map's order, units in spawn order. The answer is kept by the round and
   only ``Declared`` ("X has declared") is announced, so in hotseat the other side sees
   nothing of it. Unaware units (a surprised side, round 1) and stunned units declare
   nothing (the stun is spent).
2. Every intention is revealed (``IntentionRevealed``), then resolved: quick turns, then
   full turns, each group in the order of ``order.order_group``.
3. All attacks (melee, gambits, shots) on the same declared target within one part of
   a group (the players who made their DEX save, the enemies, the players who did not)
   are one moment (000 · Multiple Attackers), resolved where the first of them stands in
   the order: every attacker first carries out its move, then the attacks land together
   (``strike.moment``), then those who declared a move after their action (strike then
   move away, shoot then move) make it. A unit out of the fight by the time its group
   resolves rolls no DEX save and is not listed.
4. End of round: prone units stand, the unaware become aware, morale is checked.

``initiative=dex_save``: each round the players save DEX to act before their enemies;
then each unit in that order answers a ``turn`` Decision and acts at once (a move and an
action). The battle ends when at most one side still fights, or at the round limit.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.engine.answers import Answer, EndTurn
from game.engine.decision import Decision
from game.engine.events import (
    BattleStarted,
    Note,
    RoundEnded,
    RoundStarted,
    UnitActivated,
)
from game.engine.intentions import Declared, IntentionRevealed, squares_of
from game.engine.seam import Flow
from game.rules.clash import units
from game.rules.clash.declare import describe, move_after
from game.rules.clash.house_rules import INITIATIVE, rule
from game.rules.clash.order import FULL, QUICK, Entry, beat_the_enemies, order_group
from game.rules.clash.strike import Swing, moment
from game.rules.ending import check_end, round_limit

if TYPE_CHECKING:
    from game.engine.context import Context

DEFAULT_ROUND_LIMIT = 50


def combat(ctx: Context) -> Flow:
    """The whole battle."""
    scenario = ctx.battlefield.scenario
    ctx.emit(BattleStarted(title=scenario.title, ruleset=ctx.ruleset.id, seed=ctx.seed))
    surprised = scenario.surprise
    if surprised in ctx.side_order:
        for u in units.units_of(ctx, surprised):
            units.state(ctx, u).unaware = True
        ctx.emit(Note(f"{ctx.side_info(surprised).name} are caught unaware in round 1"))
    if check_end(ctx):
        return
    yield from rounds(ctx)


ROUND_START = "round start"  # the quiet point of this scheme (README · Forking a battle)


def rounds(ctx: Context) -> Flow:
    """Round after round until the battle ends. The start of each round is a quiet point:
    ``ClashRuleset.resume`` carries on from there with the state alone."""
    limit = ctx.battlefield.scenario.round_limit or DEFAULT_ROUND_LIMIT
    while True:
        ctx.quiet(ROUND_START)
        ctx.round += 1
        ctx.emit(RoundStarted(ctx.round))
        if rule(ctx, INITIATIVE) == "dex_save":
            yield from dex_save_round(ctx)
        else:
            yield from declared_round(ctx)
        if ctx.over:
            return
        end_of_round(ctx)
        ctx.emit(RoundEnded(ctx.round))
        if check_end(ctx, round_end=True):
            return
        if ctx.round >= limit:
            round_limit(ctx, limit)
            return


def end_of_round(ctx: Context) -> None:
    for u in ctx.units():
        st = units.state(ctx, u)
        st.prone = False
        st.unaware = False
    morale = getattr(ctx.ruleset, "morale", None)
    if morale is not None:
        morale.end_of_round(ctx)


def declares(ctx: Context, unit: str) -> bool:
    """Whether ``unit`` is asked to declare this round (``Ruleset.declares``): in the
    fight and aware (a stunned unit is asked no question, but spends its stun only when
    its turn to declare comes, so it counts until then). Pure."""
    return units.in_fight(ctx, unit) and not units.state(ctx, unit).unaware


def ready(ctx: Context, unit: str) -> bool:
    """In the fight and aware; a stunned unit spends its stun here and is not ready."""
    if not units.in_fight(ctx, unit) or units.state(ctx, unit).unaware:
        return False
    st = units.state(ctx, unit)
    if st.stunned:
        st.stunned = False
        ctx.emit(Note(f"{units.name(ctx, unit)} is stunned and loses this action", unit))
        return False
    return True


def ask(ctx: Context, unit: str, prompt: str) -> Generator[Decision, Answer, Answer]:
    """The ``turn`` Decision for ``unit`` (the catalog of intentions); the answer."""
    choice = yield ctx.decide(
        "turn",
        side=units.side(ctx, unit),
        unit=unit,
        prompt=prompt,
        options=ctx.ruleset.catalog(ctx, unit),
        open=True,
    )
    return choice


def target_name(ctx: Context, answer: object) -> str:
    """The name of the unit ``answer`` aims at, if any."""
    target = getattr(answer, "target", None)
    return units.name(ctx, target) if isinstance(target, str) and target in ctx.entities else ""


def spec_of(ctx: Context, kind: str) -> Any:
    return ctx.ruleset.actions[kind]


def declared_round(ctx: Context) -> Flow:
    entries: list[Entry] = []
    for side in ctx.side_order:
        for unit in list(units.units_of(ctx, side)):
            if not ready(ctx, unit):
                continue
            who = units.name(ctx, unit)
            answer = yield from ask(
                ctx, unit, f"{who}: declare your intention for round {ctx.round}"
            )
            turn = spec_of(ctx, answer.kind).turn(ctx, answer)
            if turn:
                entries.append(Entry(unit, answer, turn))
            ctx.emit(Declared(unit, who))
    for e in entries:
        ctx.emit(
            IntentionRevealed(
                e.unit,
                units.name(ctx, e.unit),
                e.answer.kind,
                e.target,
                e.turn,
                describe(ctx, e.answer),
                to=squares_of(e.answer),
                target_name=target_name(ctx, e.answer),
            )
        )
    for group in (QUICK, FULL):
        # a unit taken out of the fight earlier this round rolls nothing, is not listed
        batch = [e for e in entries if e.turn == group and units.in_fight(ctx, e.unit)]
        if not batch:
            continue
        order = order_group(ctx, batch, group)
        yield from resolve(ctx, order)
        if check_end(ctx):
            return


ATTACKS = ("clash_attack", "clash_gambit", "clash_shoot")


def moments(order: list[Entry]) -> list[list[Entry]]:
    """``order`` cut into what resolves together (000 · Multiple Attackers: "at the same
    time"): every attack (melee, gambit, shot) on one foe by units of the same part of the
    group (``Entry.part``: the players who beat the enemies, the enemies, the others) is
    one moment, wherever they stand in the list; it resolves where the first of them
    stands. Anything else is a moment of its own."""
    out: list[list[Entry]] = []
    joined: dict[tuple[int, str], list[Entry]] = {}
    for e in order:
        target = e.target
        if e.answer.kind not in ATTACKS or target is None:
            out.append([e])
            continue
        key = (e.part, target)
        if key in joined:
            joined[key].append(e)
            continue
        joined[key] = [e]
        out.append(joined[key])
    return out


def resolve(ctx: Context, order: list[Entry]) -> Flow:
    """Resolve a group in order, all attacks of one part on one foe as a single moment."""
    for together in moments(order):
        yield from resolve_together(ctx, together)
        if check_end(ctx):
            return


def resolve_together(ctx: Context, entries: list[Entry]) -> Flow:
    """Each entry's move (if it moves first), then the blows of one moment, then the
    moves made after the blow (``then_to``: strike then move away, shoot then move)."""
    strikes: dict[str, list[Swing]] = {}
    acted: list[Entry] = []
    for e in entries:
        if not ready(ctx, e.unit):
            continue
        ctx.active_unit = e.unit
        ctx.emit(UnitActivated(e.unit, units.name(ctx, e.unit)))
        spec = spec_of(ctx, e.answer.kind)
        prepare = getattr(spec, "prepare", None)
        if prepare is None:
            yield from ctx.ruleset.perform(ctx, e.answer)
            continue
        acted.append(e)
        prepared = prepare(ctx, e.answer, e.turn)
        if prepared is not None:
            target, swing = prepared
            strikes.setdefault(target, []).append(swing)
    for target, swings in strikes.items():
        yield from moment(ctx, target, swings)
    for e in acted:
        ctx.active_unit = e.unit
        move_after(ctx, e.answer)
    ctx.active_unit = None


def dex_save_round(ctx: Context) -> Flow:
    """Base Cairn: players save DEX to act before the enemies; each acts in full."""
    everyone = [
        Entry(u, EndTurn(u), FULL)
        for s in ctx.side_order
        for u in units.units_of(ctx, s)
        if units.in_fight(ctx, u) and not units.state(ctx, u).unaware
    ]
    order = beat_the_enemies(ctx, everyone, "the round's")
    for e in order:
        if not ready(ctx, e.unit):
            continue
        who = units.name(ctx, e.unit)
        ctx.active_unit = e.unit
        ctx.emit(UnitActivated(e.unit, who))
        answer = yield from ask(ctx, e.unit, f"{who}: act (round {ctx.round})")
        turn = spec_of(ctx, answer.kind).turn(ctx, answer)
        if turn:
            ctx.emit(
                IntentionRevealed(
                    e.unit,
                    who,
                    answer.kind,
                    getattr(answer, "target", None),
                    turn,
                    describe(ctx, answer),
                    to=squares_of(answer),
                    target_name=target_name(ctx, answer),
                )
            )
        yield from ctx.ruleset.perform(ctx, answer)
        ctx.active_unit = None
        if check_end(ctx):
            return

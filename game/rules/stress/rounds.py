"""The turn scheme of the ``stress`` ruleset (002 · Combat Procedure).

1. **Surprise**: the surprised side (the map's ``surprise``) rolls initiative but does not
   act in round 1.
2. **Base initiative**, once a battle: d12 − the Agility modifier (house rule: identical
   monsters share one roll).
3. **Each round** every unit that may act declares its action: one ``turn`` Decision per
   unit, side by side in the map's order, units in spawn order; only ``Declared`` is
   announced, so in hotseat the other side sees nothing of it. Then every declaration is
   revealed (``IntentionRevealed``) with its round initiative (base + the action's
   modifier, ``OrderSet``), and the round resolves from the lowest count up
   (``CountReached``). **Ties resolve simultaneously**: every unit of a count first makes
   its move, then every blow of the count is rolled, then all of them apply — two units
   can drop each other (``DoubleKnockOut``).
4. **Late arrivals** (a unit whose ``arrives`` round has come) enter after that round's
   first count: they roll initiative and declare; one whose count has already passed acts
   next round at its count − 12 as well as at its own.
5. **End of round**: the Dying and the bleeding lose 1 Wound Point, then morale.

The battle ends when at most one side still fights, or at the round limit (the map's,
else 50) as a draw.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine.answers import Answer, EndTurn
from game.engine.decision import Decision
from game.engine.events import BattleStarted, Note, RoundEnded, RoundStarted, UnitActivated
from game.engine.intentions import Declared, IntentionRevealed, OrderSet, squares_of
from game.engine.seam import Flow
from game.rules.ending import check_end, round_limit
from game.rules.stress import morale, units
from game.rules.stress.actions import StabiliseSpec, StressGuardedMove, StressMove
from game.rules.stress.combat import Blow, apply_blows, lose_wp, roll_blow
from game.rules.stress.content import modifier
from game.rules.stress.events import CountReached, DoubleKnockOut
from game.rules.stress.house_rules import SHARED_INITIATIVE, on
from game.rules.stress.reactions import ATTACKED_WINDOW, AttackedInDefense
from game.rules.stress.state import ALTERNATE, BLEEDING, SUFFOCATING
from game.world.components import Position

if TYPE_CHECKING:
    from game.engine.context import Context

DEFAULT_ROUND_LIMIT = 50
ROUND_START = "round start"  # the quiet point of this scheme
GROUP = "initiative"  # the one group of the round plan: by count, lowest first
LATE = 12
ATTACKS = ("stress_attack", "stress_throw", "stress_defensive")


@dataclass(frozen=True, slots=True)
class Entry:
    """One declared action and the count it resolves at."""

    unit: str
    answer: Answer
    count: int
    late: bool = False  # the extra turn of a late arrival (−12)


def combat(ctx: Context) -> Flow:
    """The whole battle."""
    scenario = ctx.battlefield.scenario
    ctx.emit(BattleStarted(title=scenario.title, ruleset=ctx.ruleset.id, seed=ctx.seed))
    surprised = scenario.surprise
    if surprised in ctx.side_order:
        for u in units.units_of(ctx, surprised):
            units.fighter(ctx, u).surprised = True
        ctx.emit(Note(f"{ctx.side_info(surprised).name} are surprised: no action in round 1"))
    roll_initiative(ctx, [u for u in ctx.units() if units.fighter(ctx, u).arrives <= 1])
    if check_end(ctx):
        return
    yield from rounds(ctx)


def roll_initiative(ctx: Context, who: list[str]) -> None:
    """Base initiative: d12 − Agility modifier (002 · Step 2), once a battle; with the
    shared-initiative house rule, identical monsters (same template and side, not the
    party) take the first one's roll."""
    shared: dict[tuple[str, str], int] = {}
    party = morale.player_side(ctx)
    for unit in who:
        f = units.fighter(ctx, unit)
        if f.base_initiative is not None:
            continue
        key = (units.side(ctx, unit), units.template(ctx, unit).id)
        if on(ctx, SHARED_INITIATIVE) and key[0] != party and key in shared:
            f.base_initiative = shared[key]
            ctx.emit(
                Note(f"{units.name(ctx, unit)} shares its kind's initiative {shared[key]}", unit)
            )
            continue
        bonus = -modifier(f.AGI)
        roll = ctx.roll(
            1, 12, bonus, unit=unit, who=units.name(ctx, unit), purpose="base initiative"
        )
        f.base_initiative = roll.total
        shared.setdefault(key, roll.total)


def rounds(ctx: Context) -> Flow:
    """Round after round; the start of each round is the scheme's quiet point."""
    limit = ctx.battlefield.scenario.round_limit or DEFAULT_ROUND_LIMIT
    while True:
        ctx.quiet(ROUND_START)
        ctx.round += 1
        ctx.emit(RoundStarted(ctx.round))
        for u in ctx.units():
            m = units.marks(ctx, u)
            m.full_defense = m.defensive = m.reaction_spent = False
            m.actions, m.initiative = 0, None
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


def able(ctx: Context, unit: str) -> bool:
    """Alive, on the field, not paralysed and not surprised in round 1: downed or not
    (002 · Wound Points: an Incapacitated or Dying creature may still act). Pure."""
    f = units.fighter(ctx, unit)
    if not units.alive(ctx, unit) or f.has("paralysed") or f.base_initiative is None:
        return False
    return not (f.surprised and ctx.round <= 1)


def declares(ctx: Context, unit: str) -> bool:
    """Whether ``unit`` is asked to declare this round and acts at its count
    (``Ruleset.declares``): ``may_declare`` without its bookkeeping. Pure."""
    resting = units.fighter(ctx, unit).has(ALTERNATE) and units.marks(ctx, unit).skipped_last
    return able(ctx, unit) and not resting


def may_declare(ctx: Context, unit: str) -> bool:
    """Alive, on the field, not paralysed, not surprised in round 1 (``able``), and not
    resting this turn with one action per two turns."""
    if not able(ctx, unit):
        return False
    f = units.fighter(ctx, unit)
    m = units.marks(ctx, unit)
    if f.has(ALTERNATE) and m.skipped_last:
        m.skipped_last = False
        ctx.emit(Note(f"{units.name(ctx, unit)} can act only every other turn: rests", unit))
        return False
    return True


def ask(ctx: Context, unit: str) -> Generator[Decision, Answer, Answer]:
    who = units.name(ctx, unit)
    choice = yield ctx.decide(
        "turn",
        side=units.side(ctx, unit),
        unit=unit,
        prompt=f"{who}: declare your action for round {ctx.round}",
        options=ctx.ruleset.catalog(ctx, unit),
        open=True,
    )
    return choice


def spec_of(ctx: Context, kind: str) -> Any:
    return ctx.ruleset.actions[kind]


def entries_for(ctx: Context, unit: str, answer: Answer) -> list[Entry]:
    """The declared action's count(s): base + modifier, and the late arrival's −12."""
    f = units.fighter(ctx, unit)
    if isinstance(answer, EndTurn) or f.base_initiative is None:
        return []
    count = f.base_initiative + spec_of(ctx, answer.kind).modifier(ctx, answer)
    units.marks(ctx, unit).initiative = count
    out = [Entry(unit, answer, count)]
    if f.late_count is not None:
        out.insert(0, Entry(unit, answer, count - LATE, late=True))
        f.late_count = None
    return out


def describe(ctx: Context, entry: Entry) -> str:
    answer = entry.answer
    target = getattr(answer, "target", None)
    text = answer.label
    if isinstance(target, str):
        text += f" {units.name(ctx, target)}"
    weapon = getattr(answer, "weapon", None)
    if isinstance(weapon, str):
        text += f" ({units.weapon(ctx, weapon).name})"
    if isinstance(answer, StressMove | StressGuardedMove):
        text += f" to {answer.to[0]},{answer.to[1]}"
    return text + (" (late, −12)" if entry.late else "")


def aimed_name(ctx: Context, answer: object) -> str:
    """The name of the unit ``answer`` aims at, if any."""
    target = getattr(answer, "target", None)
    return units.name(ctx, target) if isinstance(target, str) else ""


def reveal(ctx: Context, entries: list[Entry]) -> None:
    for e in entries:
        m = units.marks(ctx, e.unit)
        if e.answer.kind in ("stress_full_defense", "stress_full_defense_move"):
            m.full_defense = True
        if e.answer.kind in ("stress_defensive", "stress_move"):
            m.defensive = True
        ctx.emit(
            IntentionRevealed(
                e.unit,
                units.name(ctx, e.unit),
                e.answer.kind,
                getattr(e.answer, "target", None),
                GROUP,
                describe(ctx, e),
                f"initiative {e.count}",
                to=squares_of(e.answer),
                target_name=aimed_name(ctx, e.answer),
            )
        )
    order = sorted(entries, key=lambda e: e.count)
    ctx.emit(
        OrderSet(
            GROUP,
            tuple(e.unit for e in order),
            tuple(units.name(ctx, e.unit) for e in order),
            tuple(f"initiative {e.count}" for e in order),
        )
    )


def declared_round(ctx: Context) -> Flow:
    entries: list[Entry] = []
    for side in ctx.side_order:
        for unit in list(units.units_of(ctx, side)):
            if not units.arrived(ctx, unit):
                continue
            if not may_declare(ctx, unit):
                continue
            answer = yield from ask(ctx, unit)
            entries += entries_for(ctx, unit, answer)
            ctx.emit(Declared(unit, units.name(ctx, unit)))
    reveal(ctx, entries)
    pending = sorted(entries, key=lambda e: e.count)
    arrivals = [
        u
        for u in ctx.units()
        if units.fighter(ctx, u).off_field and units.fighter(ctx, u).arrives <= ctx.round
    ]
    done_count: int | None = None
    while pending:
        count = pending[0].count
        group = [e for e in pending if e.count == count]
        pending = [e for e in pending if e.count != count]
        yield from resolve_count(ctx, count, group)
        if check_end(ctx):
            return
        done_count = count
        if arrivals:
            late = yield from arrive(ctx, arrivals, done_count)
            arrivals = []
            pending = sorted(pending + late, key=lambda e: e.count)
    if arrivals:  # nobody acted this round: they enter at its end
        yield from arrive(ctx, arrivals, done_count)


def arrive(
    ctx: Context, who: list[str], count: int | None
) -> Generator[Decision, Answer, list[Entry]]:
    """Late arrivals enter (002 · Step 2): they roll initiative and declare; a count
    already passed is acted next round at −12 as well as at its own."""
    for unit in who:
        enter(ctx, unit)
    roll_initiative(ctx, who)
    out: list[Entry] = []
    for unit in who:
        f = units.fighter(ctx, unit)
        if not may_declare(ctx, unit):
            continue
        answer = yield from ask(ctx, unit)
        ctx.emit(Declared(unit, units.name(ctx, unit)))
        found = entries_for(ctx, unit, answer)
        for e in found:
            if count is not None and e.count <= count:
                f.late_count = e.count
                ctx.emit(
                    Note(
                        f"{units.name(ctx, unit)}'s initiative {e.count} has passed: "
                        f"it acts next round at −{LATE} as well",
                        unit,
                    )
                )
            else:
                out.append(e)
        if out:
            reveal(ctx, [e for e in out if e.unit == unit])
    return out


def enter(ctx: Context, unit: str) -> None:
    """A late arrival steps onto the field at its spawn square, or the nearest free one
    when someone stands there."""
    units.fighter(ctx, unit).off_field = False
    here = units.cell(ctx, unit)
    if any(units.occupies(ctx, u) and units.cell(ctx, u) == here for u in ctx.units() if u != unit):
        free = nearest_free(ctx, here)
        if free is not None:
            ctx.get(unit, Position).move_to(free)
    ctx.emit(Note(f"{units.name(ctx, unit)} joins the battle", unit))


def nearest_free(ctx: Context, cell: tuple[int, int]) -> tuple[int, int] | None:
    taken = {units.cell(ctx, u) for u in ctx.units() if units.occupies(ctx, u)}
    for ring in range(1, max(ctx.grid.width, ctx.grid.height)):
        for dy in range(-ring, ring + 1):
            for dx in range(-ring, ring + 1):
                c = (cell[0] + dx, cell[1] + dy)
                if max(abs(dx), abs(dy)) != ring or not ctx.grid.in_bounds(c):
                    continue
                if not ctx.grid.blocks_move(c) and c not in taken:
                    return c
    return None


def can_act(ctx: Context, entry: Entry) -> bool:
    f = units.fighter(ctx, entry.unit)
    return units.alive(ctx, entry.unit) and not f.has("paralysed")


def pay(ctx: Context, entry: Entry) -> None:
    """Incapacitated or Dying: any action but a crawl costs 1 WP; Stabilised: only the
    actions beyond the first (002 · Wound Points)."""
    f = units.fighter(ctx, entry.unit)
    m = units.marks(ctx, entry.unit)
    m.actions += 1
    if f.has(ALTERNATE):
        m.skipped_last = True
    if f.wp > 0 or isinstance(entry.answer, StressMove):
        return
    if f.stabilised and m.actions <= 1:
        return
    lose_wp(ctx, entry.unit, 1, "a strenuous action while downed")


def resolve_count(ctx: Context, count: int, group: list[Entry]) -> Flow:
    """One count: every move first, then every blow rolled, then all applied together."""
    acting = [e for e in group if can_act(ctx, e)]
    if not acting:
        return
    ctx.emit(
        CountReached(
            count, tuple(e.unit for e in acting), tuple(units.name(ctx, e.unit) for e in acting)
        )
    )
    down_before = {e.unit for e in acting if units.fighter(ctx, e.unit).wp <= 0}
    for e in acting:
        ctx.active_unit = e.unit
        ctx.emit(UnitActivated(e.unit, units.name(ctx, e.unit)))
        pay(ctx, e)
        if units.alive(ctx, e.unit):
            yield from ctx.ruleset.perform(ctx, e.answer)
    blows: list[Blow] = []
    for e in acting:
        # dropped by a Riposte during this count's moves: no blow (one down already when
        # it declared acts, having paid for it)
        if not units.alive(ctx, e.unit) or (
            units.fighter(ctx, e.unit).wp <= 0 and e.unit not in down_before
        ):
            continue
        if e.answer.kind in ATTACKS:
            blow = strike(ctx, e)
            if blow is not None:
                blows.append(blow)
        elif e.answer.kind == "stress_stabilise":
            spec = spec_of(ctx, e.answer.kind)
            assert isinstance(spec, StabiliseSpec)
            spec.check(ctx, e.answer)
    ctx.active_unit = None
    together = len({b.attacker for b in blows}) > 1
    dropped = apply_blows(ctx, blows, together=together)
    strikers = {b.attacker for b in blows}
    fallen = [u for u in dropped if u in strikers]
    if len({units.side(ctx, u) for u in fallen}) > 1:
        ctx.emit(DoubleKnockOut(count, tuple(fallen), tuple(units.name(ctx, u) for u in fallen)))
    yield from defense_ripostes(ctx, blows)


def strike(ctx: Context, entry: Entry) -> Blow | None:
    """Roll the blow of a declared attack (None: it fizzles)."""
    answer: Any = entry.answer
    who = units.name(ctx, entry.unit)
    if not units.in_fight(ctx, answer.target):
        ctx.emit(Note(f"{who}'s target is out of the fight: the attack fizzles", entry.unit))
        return None
    if not any(w.id == answer.weapon for w in units.weapons(ctx, entry.unit)):
        ctx.emit(Note(f"{who} can no longer use that weapon", entry.unit))
        return None
    w = units.weapon(ctx, answer.weapon)
    throw = answer.kind == "stress_throw"
    if not units.can_hit(ctx, entry.unit, w, answer.target, throw=throw):
        ctx.emit(
            Note(
                f"{who} cannot reach {units.name(ctx, answer.target)}: the attack fizzles",
                entry.unit,
            )
        )
        return None
    blow = roll_blow(ctx, entry.unit, answer.target, answer.weapon)
    if throw and w.id in units.fighter(ctx, entry.unit).weapons:
        units.fighter(ctx, entry.unit).weapons.remove(w.id)  # thrown: gone
    return blow


def defense_ripostes(ctx: Context, blows: list[Blow]) -> Flow:
    """Units in Full Defense attacked in melee this count may riposte (``reactions``)."""
    targets: dict[str, list[str]] = {}
    for b in blows:
        if units.marks(ctx, b.target).full_defense and not units.weapon(ctx, b.weapon).ranged:
            targets.setdefault(b.target, []).append(b.attacker)
    for target, attackers in targets.items():
        if units.in_fight(ctx, target):
            yield from ctx.window(
                ATTACKED_WINDOW,
                AttackedInDefense(target, units.name(ctx, target), tuple(attackers)),
            )


def end_of_round(ctx: Context) -> None:
    """The Dying lose 1 Wound Point, so do the bleeding and the suffocating (decision);
    then morale."""
    for u in ctx.units():
        f = units.fighter(ctx, u)
        if not units.alive(ctx, u):
            continue
        if f.wp < 0 and not f.stabilised:
            lose_wp(ctx, u, 1, "dying")
        for condition, why in ((BLEEDING, "bleeding"), (SUFFOCATING, "can't breathe")):
            if f.has(condition) and units.alive(ctx, u):
                lose_wp(ctx, u, 1, why)
    morale.end_of_round(ctx)

"""What the battle screen may show of a round of declared intentions (issue 7 · the battle
screen shows declared intentions and the resolution order), read from the battle's events
and answers only, never from a ruleset's internals. No pygame here.

A ruleset that has its units declare first announces, each round: ``Declared`` (a unit
has chosen; nothing of what), ``IntentionRevealed`` (what, and the group it resolves in)
once everyone has declared, ``OrderSet`` (the order of a group, after the rolls that
decided it) and ``UnitActivated`` (who acts now). The groups, their order, titles and
badges come from the ruleset's presenter (``Presenter.plan_groups``).

Who is in the plan: every unit the ruleset's scheme asks to declare this round
(``Battle.declares``): those in the fight, and a ruleset's downed units that still declare
and act, their lines marked "(downed)" (play-test 11).

Hotseat: before the reveal a player sees what their *own* side declared (their own answers)
and only *that* the other side's units have declared; ``viewer`` names the side whose
player looks at the screen (None: nobody's plans but the revealed ones).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine import Answer, Battle
from game.engine.events import Event, RoundStarted, UnitActivated
from game.engine.intentions import Declared, IntentionRevealed, OrderSet
from game.engine.presentation import PlanGroup
from game.engine.presenter import presenter_of

WAITING, DECLARING, DECLARED, REVEALED = "waiting", "declaring", "declared", "revealed"
DOWN = "downed"  # the plan's word for a unit out of the fight that still declares and acts


@dataclass(frozen=True, slots=True)
class PlanRow:
    """One unit in this round's plan."""

    unit: str
    name: str
    side: str
    state: str  # waiting, declaring (deciding now), declared (hidden or own), revealed
    text: str = ""  # what it intends, when the viewer may know
    turn: str = ""  # the group it resolves in, once revealed
    place: int = 0  # 1-based place in its group's resolution order, 0 while not set
    roll: str = ""  # the roll that placed it ("DEX 7/11: before the enemies"), if any
    acting: bool = False
    done: bool = False  # its turn in the order has come and gone
    badge: str = ""  # its token's badge once revealed (the group's letter and number)
    to: tuple[tuple[int, int], ...] = ()  # the squares its revealed declaration goes to
    aims: str | None = None  # the unit its revealed declaration aims at
    aims_name: str = ""  # that unit's name, as ``text`` spells it
    down: bool = False  # out of the fight, yet it declares and acts (a downed unit)

    @property
    def label(self) -> str:
        """Its name as the plan's lines show it: marked when it is down (play-test 11:
        the dying Sunniva deciding, the downed Ketil shooting, with no word of it)."""
        return f"{self.name} ({DOWN})" if self.down else self.name


@dataclass(slots=True)
class RoundPlan:
    """The round's declarations and resolution order, as the viewer may see them."""

    round: int
    phase: str  # "declaring" or "resolving"
    rows: list[PlanRow] = field(default_factory=list)
    groups: dict[str, tuple[str, ...]] = field(default_factory=dict)  # group → unit order
    sides: tuple[str, ...] = ()  # the sides in the order they declare
    kinds: tuple[PlanGroup, ...] = ()  # the groups in resolution order, with their titles

    def declared_count(self) -> tuple[int, int]:
        asked = [r for r in self.rows if r.state != WAITING or self.phase == "resolving"]
        done = [r for r in asked if r.state in (DECLARED, REVEALED)]
        return len(done), len(self.rows)

    def row(self, unit: str) -> PlanRow | None:
        return next((r for r in self.rows if r.unit == unit), None)


def _round_events(events: Sequence[Event]) -> tuple[int, list[Event]]:
    start = 0
    number = 0
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if isinstance(e, RoundStarted):
            start, number = i + 1, e.round
            break
    return number, list(events[start:])


def uses_declarations(battle: Battle) -> bool:
    """Whether the battle's ruleset has its units declare before anything resolves."""
    return bool(getattr(battle.ctx.ruleset, "declares_intentions", False))


def describe_answer(answer: Answer, names: dict[str, str]) -> str:
    """A declaration in a few words, from the answer's fields ("Attack Gor", "Move to 4,2",
    "Shoot Gor, then move to 0,3"): only for the viewer's own units before the reveal."""
    if answer.kind == "end_turn":
        return "Hold"
    target = ""
    cells: list[tuple[str, tuple[int, int]]] = []
    for name in getattr(answer, "__dataclass_fields__", {}):
        if name == "unit":
            continue
        value = getattr(answer, name)
        if isinstance(value, str) and value in names and not target:
            target = names[value]
        elif (
            isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value)
        ):
            cells.append((name, (value[0], value[1])))
    text = answer.label + (f" {target}" if target else "")
    gambit = getattr(answer, "gambit", None)
    if isinstance(gambit, str):
        text += f" ({gambit})"
    for name, (x, y) in cells:
        text += f", then move to {x},{y}" if name.startswith("then") else f" · to {x},{y}"
    return text


def round_plan(battle: Battle, viewer: str | None) -> RoundPlan | None:
    """This round's plan as ``viewer``'s player may see it; None when the battle's ruleset
    declares nothing."""
    if not uses_declarations(battle):
        return None
    number, events = _round_events(battle.events)
    views = {v.id: v for v in battle.units()}
    names = {k: v.name for k, v in views.items()}
    declared: set[str] = set()
    revealed: dict[str, IntentionRevealed] = {}
    groups: dict[str, tuple[str, ...]] = {}
    rolls: dict[str, str] = {}
    acted: list[str] = []
    for e in events:
        if isinstance(e, Declared):
            declared.add(e.unit)
        elif isinstance(e, IntentionRevealed):
            revealed[e.unit] = e
        elif isinstance(e, OrderSet):
            groups[e.group] = e.order
            rolls.update({u: why for u, why in zip(e.order, e.placed_by, strict=False) if why})
        elif isinstance(e, UnitActivated):
            acted.append(e.unit)
    pending = battle.pending
    declaring = pending is not None and pending.kind == "turn" and not revealed and not acted
    acting = acted[-1] if acted and not declaring and pending is not None else None
    sides = {k: v.side for k, v in views.items()}
    # who the scheme asks to declare and lets act: the fighting, and a ruleset's downed
    # units that still act (play-test 11: "2/5 declared" while the dying Sunniva decided)
    acts = {k: battle.declares(k) for k in views}
    own = _own_declarations(battle, declared - set(revealed), viewer, sides, names)
    rows: list[PlanRow] = []
    for unit_id, view in views.items():
        if (
            unit_id not in declared
            and unit_id not in revealed
            and not (declaring and acts[unit_id])
        ):
            continue
        r = revealed.get(unit_id)
        to: tuple[tuple[int, int], ...] = ()
        aims, aims_name = None, ""
        if r is not None:
            state, text, turn, to = REVEALED, r.text_, r.turn, r.to
            aims, aims_name = r.target, r.target_name
        elif unit_id in declared:
            state, turn = DECLARED, ""
            text = own.get(unit_id, "")
            if not declaring and unit_id not in own:
                text = "holds"  # declared, and nothing was revealed for it
        elif pending is not None and pending.unit == unit_id:
            state, text, turn = DECLARING, "", ""
        else:
            state, text, turn = WAITING, "", ""
        order = groups.get(turn, ())
        place = order.index(unit_id) + 1 if unit_id in order else 0
        rows.append(
            PlanRow(
                unit_id,
                view.name,
                view.side,
                state,
                text,
                turn,
                place,
                rolls.get(unit_id, ""),
                acting=unit_id == acting,
                # its turn come and gone, or it can no longer act: it fell before its turn
                # came (play-test 10: a unit slain in the quick turns stayed "next" through
                # the full ones); a downed unit that still acts is not done
                done=unit_id != acting
                and (unit_id in acted or (not declaring and not acts[unit_id])),
                to=to,
                aims=aims,
                aims_name=aims_name,
                down=acts[unit_id] and not view.in_fight,
            )
        )
    order = tuple(battle.ctx.side_order)
    kinds = plan_kinds(battle, rows)
    rows = [dataclasses.replace(r, badge=_badge(r, kinds)) for r in rows]
    if not declaring:  # by group and place; those not placed yet keep the side order
        rank = {g.key: i for i, g in enumerate(kinds)}
        rows.sort(
            key=lambda r: (
                rank.get(r.turn, len(kinds)) if r.turn else len(kinds) + 1,
                r.place or 999,
            )
        )
    side_rank = {s: i for i, s in enumerate(order)}
    if declaring:
        rows.sort(key=lambda r: side_rank.get(r.side, len(order)))  # stable: spawn order
    return RoundPlan(number, "declaring" if declaring else "resolving", rows, groups, order, kinds)


def plan_kinds(battle: Battle, rows: Sequence[PlanRow]) -> tuple[PlanGroup, ...]:
    """The presenter's groups, then any group a row names that it does not list (titled
    by its key)."""
    kinds = list(presenter_of(battle).plan_groups())
    known = {g.key for g in kinds}
    for r in rows:
        if r.turn and r.turn not in known:
            known.add(r.turn)
            kinds.append(PlanGroup(r.turn, r.turn.capitalize()))
    return tuple(kinds)


def _badge(row: PlanRow, kinds: Sequence[PlanGroup]) -> str:
    """The token badge of a revealed row: its group's letter and its place (or the
    number its roll placed it at)."""
    if row.state != REVEALED or not row.turn:
        return ""
    kind = next((g for g in kinds if g.key == row.turn), PlanGroup(row.turn, row.turn))
    if kind.badge_number == "roll":
        number = row.roll.split()[-1] if row.roll else ""
    else:
        number = str(row.place) if row.place else ""
    return kind.badge + number


def _own_declarations(
    battle: Battle,
    hidden: set[str],
    viewer: str | None,
    sides: dict[str, str],
    names: dict[str, str],
) -> dict[str, str]:
    """What the viewer's own units declared and is not revealed yet (their latest answer)."""
    mine = {u for u in hidden if viewer is not None and sides.get(u) == viewer}
    out: dict[str, str] = {}
    for answer in reversed(battle.answers):
        if len(out) == len(mine):
            break
        unit = getattr(answer, "unit", None)
        if isinstance(unit, str) and unit in mine and unit not in out:
            out[unit] = describe_answer(answer, names)
    return out

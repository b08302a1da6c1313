"""What each unit did and suffered over a battle, for the victory screen (issue 30): its
fate, the units it felled, and the damage it dealt and took on each health track, in the
ruleset's words (the presenter reads each event neutrally: ``Presenter.damage_of``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.events import Died, Downed
from game.engine.presenter import presenter_of

if TYPE_CHECKING:
    from game.engine import Battle

Amounts = tuple[tuple[str, int], ...]  # (track label, amount), the main track first


@dataclass(frozen=True, slots=True)
class UnitRecord:
    """One unit's battle: damage dealt and taken per track, and the units it felled."""

    unit: str
    side: str
    name: str
    fate: str
    kills: int
    dealt: Amounts
    taken: Amounts
    aftermath: tuple[tuple[str, str], ...] = ()  # ``Presenter.aftermath``: (heading, value)


def _ordered(found: Mapping[str, int], order: list[str]) -> Amounts:
    known = [t for t in order if found.get(t)]
    rest = sorted(t for t in found if found[t] and t not in order)
    return tuple((t, found[t]) for t in known + rest)


def amounts_text(amounts: Amounts) -> str:
    """ "7 HP, 2 of a second track"; "0" for none."""
    return ", ".join(f"{n} {track}" for track, n in amounts) or "0"


def track_order(battle: Battle) -> list[str]:
    """The health tracks' labels, the main track first, as the presenter lists them."""
    presenter = presenter_of(battle)
    order: list[str] = []
    for view in battle.units():
        order += [t.label for t in presenter.tracks(view) if t.label not in order]
    return order


def battle_records(battle: Battle) -> list[UnitRecord]:
    """A record per unit, in the battle's order. A unit is credited with a kill when
    another unit falls (down or dead, counted once) to its blow: the one the fall names,
    else the last that harmed it."""
    presenter = presenter_of(battle)
    views = battle.units()
    order = track_order(battle)
    dealt: dict[str, dict[str, int]] = {v.id: {} for v in views}
    taken: dict[str, dict[str, int]] = {v.id: {} for v in views}
    kills = dict.fromkeys(dealt, 0)
    last_by: dict[str, str | None] = {}
    fallen: set[str] = set()
    for event in battle.events:
        harm = presenter.damage_of(battle, event)
        if harm is not None and harm.unit in taken:
            mine = taken[harm.unit]
            mine[harm.track] = mine.get(harm.track, 0) + harm.amount
            if harm.by in dealt:
                theirs = dealt[harm.by]
                theirs[harm.track] = theirs.get(harm.track, 0) + harm.amount
            last_by[harm.unit] = harm.by
        elif isinstance(event, Downed | Died) and event.unit not in fallen:
            fallen.add(event.unit)
            by = getattr(event, "by", None) or last_by.get(event.unit)
            if by in kills and by != event.unit:
                kills[by] += 1
    return [
        UnitRecord(
            unit=v.id,
            side=v.side,
            name=v.name,
            fate=presenter.fate(v),
            kills=kills[v.id],
            dealt=_ordered(dealt[v.id], order),
            taken=_ordered(taken[v.id], order),
            aftermath=presenter.aftermath(battle, v.id),
        )
        for v in views
    ]


def side_amounts(records: Iterable[UnitRecord], order: list[str]) -> dict[str, Amounts]:
    """Damage each side dealt, per track (``order``: ``track_order``)."""
    found: dict[str, dict[str, int]] = {}
    for record in records:
        mine = found.setdefault(record.side, {})
        for track, n in record.dealt:
            mine[track] = mine.get(track, 0) + n
    return {side: _ordered(by_track, order) for side, by_track in found.items()}


def damage_by_side(battle: Battle) -> dict[str, int]:
    """Damage each side dealt over the battle, every health track added up."""
    found = side_amounts(battle_records(battle), track_order(battle))
    return {side: sum(n for _, n in amounts) for side, amounts in found.items()}

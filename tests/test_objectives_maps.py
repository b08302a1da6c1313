"""The objectives' map properties (maps/README.md · Zones and objectives) and the shipped
maps' objectives doing what their briefings say (game/rules/objectives.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_maps_loader import TEMPLATES, write_map

from game.engine import Battle
from game.maps import MapError, find_map, load_battlefield
from game.rules.ending import check_end, round_limit
from game.world.components import Position


def objective(props: str, oid: int = 20) -> str:
    return (
        '<objectgroup id="70" name="objectives">'
        f'<object id="{oid}" name="Well" type="objective" x="64" y="64" width="64" '
        f'height="64"><properties>{props}</properties></object></objectgroup>'
    )


def prop(name: str, value: str, kind: str = "") -> str:
    typed = f' type="{kind}"' if kind else ""
    return f'<property name="{name}"{typed} value="{value}"/>'


def test_rounds_count_and_unit_are_read(tmp_path: Path) -> None:
    props = prop("kind", "protect") + prop("side", "wardens") + prop("unit", "Ann")
    props += prop("rounds", "3", "int")
    field = load_battlefield(write_map(tmp_path, extra_groups=objective(props)), TEMPLATES)
    (well,) = field.objectives
    assert (well.kind, well.side, well.unit, well.rounds, well.count) == (
        "protect",
        "wardens",
        "Ann",
        3,
        None,
    )
    props = prop("kind", "escape") + prop("count", "0", "int")
    field = load_battlefield(write_map(tmp_path, extra_groups=objective(props)), TEMPLATES)
    assert field.objectives[0].count is None  # 0: the kind's default


@pytest.mark.parametrize(
    ("props", "message"),
    [
        (prop("kind", "protect"), "a 'protect' objective needs a 'side'"),
        (prop("kind", "hold") + prop("rounds", "many"), "'rounds' is 'many'"),
        (prop("kind", "reach") + prop("count", "-2", "int"), "'count' is"),
        (prop("kind", "hold") + prop("unit", "Ann"), "'unit' is only for protect"),
        (
            prop("kind", "protect") + prop("side", "wardens") + prop("unit", "Bob"),
            "unit 'Bob' is not a spawn of side 'wardens'",
        ),
    ],
)
def test_bad_objective_properties_are_errors(tmp_path: Path, props: str, message: str) -> None:
    with pytest.raises(MapError) as caught:
        load_battlefield(write_map(tmp_path, extra_groups=objective(props)), TEMPLATES)
    assert message in str(caught.value)


def shipped(name: str) -> Battle:
    return Battle(load_battlefield(find_map(name)), seed=0)


def place(b: Battle, side: str, cells: list[tuple[int, int]], *, others_away: bool = True):
    """Put ``side``'s first units on ``cells``, and (``others_away``) everyone else in the
    map's far corner squares, out of every objective."""
    mine = [u for u in b.ctx.units() if b.unit(u).side == side]
    for unit, at in zip(mine, cells, strict=False):
        b.ctx.get(unit, Position).move_to(at)
    if others_away:
        for i, unit in enumerate(u for u in b.ctx.units() if u not in mine[: len(cells)]):
            b.ctx.get(unit, Position).move_to((i % 3, b.ctx.grid.height - 1 - i // 3))


def decided(b: Battle) -> tuple[str | None, str]:
    end = b.events[-1]
    return b.winner, getattr(end, "objective", "")


def test_fort_the_garrison_holding_the_courtyard_at_the_last_round_wins() -> None:
    b = shipped("fort")
    place(b, "party", [(23, 8)])
    round_limit(b.ctx, 15)
    assert decided(b) == ("party", "Keep courtyard")


def test_fort_the_war_band_holding_the_gate_two_rounds_wins() -> None:
    b = shipped("fort")
    place(b, "horde", [(20, 10)])
    assert not check_end(b.ctx, round_end=True)
    assert check_end(b.ctx, round_end=True)
    assert decided(b) == ("horde", "The gate")


def test_ambush_four_of_the_company_off_the_east_edge_win() -> None:
    b = shipped("ambush")
    party = [u for u in b.ctx.units() if b.unit(u).side == "party"]
    place(b, "party", [(33, 1), (33, 2), (33, 3)])
    assert not check_end(b.ctx)
    assert [b.unit(u).status for u in party[:3]] == ["escaped"] * 3
    b.ctx.get(party[3], Position).move_to((32, 5))
    assert check_end(b.ctx)
    assert decided(b) == ("party", "East road")


def test_ambush_the_outlaws_holding_the_carts_two_rounds_win() -> None:
    b = shipped("ambush")
    place(b, "outlaws", [(15, 11)])
    assert not check_end(b.ctx, round_end=True)
    assert check_end(b.ctx, round_end=True)
    assert decided(b) == ("outlaws", "The carts")


def test_battle_whoever_holds_both_bridges_at_the_end_wins() -> None:
    b = shipped("battle")
    place(b, "company", [(29, 15), (29, 47)])
    round_limit(b.ctx, 30)
    assert decided(b) == ("company", "North bridge and South bridge")


def test_village_the_company_holding_the_square_at_the_end_wins() -> None:
    b = shipped("village")
    place(b, "party", [(22, 10)])
    round_limit(b.ctx, 20)
    assert decided(b) == ("party", "Village square")


def test_village_the_raiders_holding_the_barn_five_rounds_win() -> None:
    b = shipped("village")
    place(b, "raiders", [(24, 15)])
    for _ in range(4):
        assert not check_end(b.ctx, round_end=True)
    assert check_end(b.ctx, round_end=True)
    assert decided(b) == ("raiders", "The barn's stores")


def test_duel_whoever_holds_the_shrine_when_the_light_fails_wins() -> None:
    b = shipped("duel")
    place(b, "brigands", [(6, 5)])
    round_limit(b.ctx, 12)
    assert decided(b) == ("brigands", "The old shrine")

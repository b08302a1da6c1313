"""The squares a unit could attack next turn (issue 33 · the threat overlay;
``game.rules.grid.threatened``, ``game.rules.clash.threat_cells``): one Move, then its
melee reach (004 · Combat Action Types), or a shot within long range at a square it sees
(004 · Line of Sight); in clash, Close after a move or a shot in band and sight."""

from __future__ import annotations

from engine_support import field

from game.engine import Battle
from game.geometry.grid import Cell
from game.rules.grid import units
from game.rules.grid.move import reachable_cells
from game.rules.grid.state import GridState

OPEN = "\n".join(["." * 20] * 13)
WALLED = "\n".join(
    "." * 30 if y in (0, 1, 2, 8, 9) else "." * 10 + "#" + "." * 19 for y in range(10)
)


def _battle(ascii_map: str, *spawns: tuple[str, str, str, Cell]) -> Battle:
    return Battle(field(ascii_map, spawns), "grid", 1)


def _id(b: Battle, name: str) -> str:
    return next(u.id for u in b.units() if u.name == name)


def _within(cells: set[Cell], by: int, width: int, height: int) -> set[Cell]:
    return {
        (x + dx, y + dy)
        for x, y in cells
        for dx in range(-by, by + 1)
        for dy in range(-by, by + 1)
        if 0 <= x + dx < width and 0 <= y + dy < height
    }


def test_a_swordsman_threatens_one_square_around_every_square_its_move_reaches() -> None:
    b = _battle(OPEN, ("Bones", "bandits", "skeleton", (9, 6)), ("Ada", "party", "warrior", (0, 0)))
    bones = _id(b, "Bones")
    found = b.threatened_cells(bones)
    assert found is not None
    ends = set(reachable_cells(b.ctx, bones)) | {units.cell(b.ctx, bones)}
    assert units.melee_reach(b.ctx, bones) == 1
    expected = _within(ends, 1, 20, 13) - {(9, 6)}
    assert found == expected
    speed = units.stats(b.ctx, bones).speed_squares
    assert (9 + speed + 1, 6) in found and (9 + speed + 2, 6) not in found


def test_a_long_weapon_reaches_two_squares_from_where_it_can_move_and_stowed_ones_nothing() -> None:
    b = _battle(OPEN, ("Pike", "party", "spearman", (9, 6)), ("Gor", "bandits", "skeleton", (0, 0)))
    pike = _id(b, "Pike")
    found = b.threatened_cells(pike)
    assert found is not None
    speed = units.stats(b.ctx, pike).speed_squares
    assert (9 + speed + 2, 6) in found
    assert (9 + speed + 3, 6) not in found  # its dagger is stowed: no throw this turn


def test_enemies_bar_the_way_and_walls_are_never_threatened() -> None:
    wall = "\n".join(["..#......"] * 5)
    b = _battle(
        wall, ("Bones", "bandits", "skeleton", (0, 2)), ("Ada", "party", "skirmisher", (1, 2))
    )
    bones = _id(b, "Bones")
    found = b.threatened_cells(bones)
    assert found is not None
    assert not any(x == 2 for x, _ in found)  # the wall column
    assert (1, 2) in found  # the enemy beside it


def test_a_shooter_threatens_what_it_sees_within_long_range_not_behind_a_wall() -> None:
    spawns = (("Bow", "bandits", "bandit_archer", (16, 5)), ("Ada", "party", "warrior", (0, 0)))
    b = _battle(WALLED, *spawns)
    bow = _id(b, "Bow")
    found = b.threatened_cells(bow)
    assert found is not None
    seen = b.ctx.sight.visibility((16, 5))
    zone = _within(set(reachable_cells(b.ctx, bow)) | {(16, 5)}, 1, 30, 10)
    assert (29, 5) not in zone and seen[5, 29] >= 0 and (29, 5) in found  # a shot away
    assert (3, 5) not in zone and seen[5, 3] < 0 and (3, 5) not in found  # behind the wall
    assert (10, 5) not in found  # the wall itself


def test_a_routed_unit_only_flees() -> None:
    spawns = (("Bones", "bandits", "skeleton", (9, 6)), ("Ada", "party", "warrior", (0, 0)))
    b = _battle(OPEN, *spawns)
    bones = _id(b, "Bones")
    assert b.threatened_cells(bones)
    b.edit(bones, GridState).routed = True
    assert b.threatened_cells(bones) == frozenset()


def test_clash_threatens_close_after_a_move_and_shots_in_band_and_sight() -> None:
    """000 · Range Bands: melee Close after one move; a bow Near and Far in sight."""
    from game.rules.clash.moving import reachable_cells as clash_moves

    spawns = (("Bones", "bandits", "skeleton", (9, 6)), ("Ada", "party", "warrior", (0, 0)))
    b = Battle(field(OPEN, spawns), "clash", 1)
    bones = _id(b, "Bones")
    found = b.threatened_cells(bones)
    ends = set(clash_moves(b.ctx, bones, 1)) | {(9, 6)}
    assert found == _within(ends, 1, 20, 13) - {(9, 6)}
    spawns = (("Bow", "bandits", "bandit_archer", (16, 5)), ("Ada", "party", "warrior", (0, 0)))
    b = Battle(field(WALLED, spawns), "clash", 1)
    found = b.threatened_cells(_id(b, "Bow")) or frozenset()
    seen = b.ctx.sight.visibility((16, 5))
    assert (29, 5) in found and (3, 5) not in found and seen[5, 3] < 0

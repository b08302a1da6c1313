"""Component behaviour the engine relies on (004 · Combat Action Types, Total Defense,
Screen an Ally, Shock, Disengage, Charge)."""

from __future__ import annotations

import pytest

from game.rules.grid.components import Budget, Conditions, Health
from game.world import Position, Sight


def test_budget_spends_move_then_main_as_a_second_move() -> None:
    budget = Budget()
    assert budget.can_main and budget.can_move
    budget.spend_move()
    assert budget.move_used and budget.can_main and budget.can_move
    budget.spend_move()
    assert budget.main_used and budget.second_move_used and not budget.can_move
    with pytest.raises(ValueError, match="no Move or Main action left"):
        budget.spend_move()
    budget.reset()
    assert budget == Budget()


def test_budget_main_spent_leaves_one_move() -> None:
    budget = Budget(main_used=True)
    assert budget.can_move
    budget.spend_move()
    assert not budget.can_move


def test_conditions_round_flags_clear_each_round_turn_flags_each_turn() -> None:
    conditions = Conditions(
        disengaged=True,
        charging=True,
        shock_ignored=True,
        screens_used=2,
        held_action=True,
        total_defense=True,
        screening="archer",
        prone=True,
    )
    conditions.new_round()
    assert not (conditions.disengaged or conditions.charging or conditions.shock_ignored)
    assert conditions.screens_used == 0 and not conditions.held_action
    assert conditions.total_defense and conditions.screening == "archer"  # until next turn
    conditions.start_turn()
    assert not conditions.total_defense and conditions.screening is None
    assert conditions.prone  # only Stand Up ends prone


@pytest.mark.parametrize(
    ("flag", "out", "occupies"),
    [
        ("dead", True, False),
        ("mortally_wounded", True, False),
        ("unconscious", True, False),
        ("fled", True, False),
        ("surrendered", True, True),
        ("stabilised", True, False),
        ("prone", False, True),
    ],
)
def test_conditions_out_of_action_and_cell_occupation(flag: str, out: bool, occupies: bool) -> None:
    conditions = Conditions()
    setattr(conditions, flag, True)
    assert conditions.out_of_action is out
    assert conditions.occupies_cell is occupies


def test_grappled_follows_grappled_by() -> None:
    conditions = Conditions()
    assert not conditions.grappled
    conditions.grappled_by.add("orc")
    assert conditions.grappled
    assert Conditions().grappled_by is not Conditions().grappled_by  # no shared default


def test_health_position_and_sight_helpers() -> None:
    health = Health(3, 7)
    assert health.wounded and not health.down
    health.hp = 0
    assert health.down
    position = Position(1, 2)
    position.move_to((4, 5))
    assert position.cell == (4, 5)
    sight = Sight()
    assert not sight.is_fresh((4, 5), 0)
    sight.visible, sight.origin, sight.version = frozenset({(4, 5)}), (4, 5), 0
    assert sight.is_fresh((4, 5), 0) and not sight.is_fresh((4, 6), 0)
    sight.invalidate()
    assert sight.visible is None

"""004 · Combat Sequence, Combat Action Types, Run, Disengage, attacks of opportunity."""

from __future__ import annotations

import pytest
from engine_support import BANDITS, PARTY, act, battle, duel, field, push

from game.engine import ChooseUnit, Decline, EndTurn, Rolled
from game.engine.events import Moved
from game.geometry.grid import Terrain
from game.rules.grid import budget
from game.rules.grid.attack import MeleeAttack
from game.rules.grid.components import Conditions, Health
from game.rules.grid.disengage import Disengage
from game.rules.grid.events import AttackDeclared, InitiativeSet
from game.rules.grid.move import Move
from game.rules.grid.prone import GoProne
from game.world.components import Position

OPEN = "........\n........\n........\n........"


def test_initiative_party_adds_best_dex_and_wins_ties() -> None:
    # archer DEX 16 (+1), warrior DEX 12 (+0): party 3 + 1 = 4 ties the bandits' 4
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (0, 0)),
            ("Cy", "party", "archer", (0, 2)),
            ("Gor", "bandits", "skeleton", (7, 3)),
        ],
    )
    b = battle(bf, faces=[3, 4])
    order = next(e for e in b.events if isinstance(e, InitiativeSet))
    assert order.order == ("party", "bandits")
    party_roll = [e for e in b.events if isinstance(e, Rolled)][0]
    assert party_roll.modifier == 1 and party_roll.total == 4


def test_initiative_highest_side_goes_first_and_order_is_kept() -> None:
    bf = field(
        OPEN,
        [("Ada", "party", "warrior", (0, 0)), ("Gor", "bandits", "skeleton", (7, 3))],
        sides=(PARTY, BANDITS),
    )
    b = battle(bf, faces=[1, 8])
    assert b.ctx.side_order == ("bandits", "party")
    assert b.pending is not None and b.pending.unit == "gor"
    for _ in range(3):  # whole rounds pass without another initiative roll
        act(b, EndTurn("gor"))
        act(b, EndTurn("ada"))
    assert sum(1 for e in b.events if isinstance(e, Rolled)) == 2
    assert b.round == 4


def test_each_unit_acts_once_in_the_order_its_controller_picks() -> None:
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (0, 0)),
            ("Cy", "party", "archer", (0, 2)),
            ("Gor", "bandits", "skeleton", (7, 3)),
        ],
    )
    b = battle(bf, faces=[8, 1])
    d = b.pending
    assert d is not None and d.kind == "choose_unit"
    assert {a.unit for a in d.answers} == {"ada", "cy"}  # type: ignore[attr-defined]
    act(b, ChooseUnit("cy"))
    act(b, EndTurn("cy"))
    assert b.pending is not None and b.pending.unit == "ada"  # the only one left: no question
    act(b, EndTurn("ada"))
    assert b.pending is not None and b.pending.side == "bandits"


def test_yet_to_act_names_the_units_still_to_take_their_turn_this_round() -> None:
    # 004 · Combat Sequence: each member of the side acts once a round; the reader the
    # UI's End side turn asks names those who have not had their turn yet.
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (0, 0)),
            ("Cy", "party", "archer", (0, 2)),
            ("Bo", "party", "warrior", (0, 3)),
            ("Gor", "bandits", "skeleton", (7, 3)),
        ],
    )
    b = battle(bf, faces=[8, 1])
    assert b.yet_to_act("party") == ["ada", "cy", "bo"]
    assert b.yet_to_act("bandits") == ["gor"]
    act(b, ChooseUnit("cy"))
    assert b.yet_to_act("party") == ["ada", "bo"]  # Cy is acting: its turn is taken
    act(b, EndTurn("cy"))
    act(b, ChooseUnit("bo"))
    assert b.yet_to_act("party") == ["ada"]
    act(b, EndTurn("bo"))
    assert b.pending is not None and b.pending.unit == "ada"
    act(b, EndTurn("ada"))
    assert b.yet_to_act("party") == []
    assert b.pending is not None and b.pending.side == "bandits"


def test_main_action_can_be_spent_as_a_second_move() -> None:
    b = duel(
        a_cell=(0, 0),
        b_cell=(7, 3),
        ascii_map="." * 16 + "\n" + "." * 16 + "\n" + "." * 16 + "\n" + "." * 16,
    )
    act(b, Move("ada", tuple((x, 0) for x in range(1, 7))))  # 30 ft
    act(b, Move("ada", tuple((x, 0) for x in range(7, 13))))  # 30 ft more with the Main
    assert b.edit("ada", Position).cell == (12, 0)
    r = b.answer(Move("ada", ((13, 0),)))
    assert not r.ok and "no Move action left" in r.reason
    act(b, EndTurn("ada"))
    assert b.pending is not None and b.pending.side == "bandits"


def test_attacking_spends_the_main_so_only_one_move_remains() -> None:
    b = duel()
    push(b, 1)
    b.edit("gor", Health).hp = 30
    act(b, MeleeAttack("ada", "gor", "sword"))
    r = b.answer(MeleeAttack("ada", "gor", "sword"))
    assert not r.ok and "Main action already spent" in r.reason
    act(b, Move("ada", ((1, 2),)))
    r = b.answer(Move("ada", ((1, 3),)))
    assert not r.ok and "no Move action left" in r.reason


def test_the_turn_goes_on_while_free_actions_remain_until_the_controller_ends_it() -> None:
    """004 · Combat Action Types: Free actions are taken on the unit's round as the GM
    finds plausible, so a unit whose Main and Move are spent is still asked (it may Go
    Prone); only End Turn, or having no action at all left, ends its turn."""
    b = duel(a_cell=(0, 0), b_cell=(7, 3))
    act(b, Move("ada", ((1, 0),)))
    act(b, Move("ada", ((2, 0),)))
    d = b.pending
    assert d is not None and d.unit == "ada" and d.kind == "turn"
    allowed = {o.kind for o in d.options if o.allowed}
    assert allowed == {"go_prone", "end_turn"}
    act(b, GoProne("ada"))  # nothing at all left now: the turn ends by itself
    assert b.edit("ada", Conditions).prone
    assert b.pending is not None and b.pending.side == "bandits"


def test_free_actions_are_capped_per_round() -> None:
    b = duel()
    with b._active():
        for _ in range(budget.FREE_ACTION_CAP):
            assert budget.unavailable(b.ctx, "ada", budget.FREE) is None
            budget.spend(b.ctx, "ada", budget.FREE, "test")
        assert "Free actions" in (budget.unavailable(b.ctx, "ada", budget.FREE) or "")


def test_move_is_thirty_feet_and_no_more() -> None:
    b = duel(
        a_cell=(0, 0),
        b_cell=(9, 3),
        ascii_map="." * 10 + "\n" + "." * 10 + "\n" + "." * 10 + "\n" + "." * 10,
    )
    r = b.answer(Move("ada", tuple((x, 0) for x in range(1, 8))))
    assert not r.ok and "more than 6" in r.reason


def test_difficult_terrain_costs_double() -> None:
    bf = field(OPEN, [("Ada", "party", "warrior", (0, 0)), ("Gor", "bandits", "skeleton", (7, 3))])
    for x in range(8):
        bf.grid.set_terrain((x, 1), Terrain("mud", move_cost=2))
    b = battle(bf, faces=[8, 1])
    r = b.answer(Move("ada", ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1))))
    assert not r.ok and "costs 10" in r.reason
    act(b, Move("ada", ((1, 1), (2, 0), (3, 0), (4, 0), (5, 0))))
    moved = [e for e in b.events if isinstance(e, Moved)][-1]
    assert moved.feet == 30


def test_cannot_enter_an_enemy_square_but_may_pass_an_ally() -> None:
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (0, 1)),
            ("Cy", "party", "archer", (1, 1)),
            ("Gor", "bandits", "skeleton", (3, 1)),
        ],
    )
    b = battle(bf, faces=[8, 1])
    act(b, ChooseUnit("ada"))
    r = b.answer(Move("ada", ((1, 1),)))
    assert not r.ok and "someone is there" in r.reason
    r = b.answer(Move("ada", ((1, 1), (2, 1), (3, 1))))
    assert not r.ok and "held by an enemy" in r.reason
    act(b, Move("ada", ((1, 1), (2, 1))))
    assert b.edit("ada", Position).cell == (2, 1)


def test_leaving_melee_reach_provokes_an_attack_of_opportunity() -> None:
    b = duel(a="archer", b="skeleton", a_cell=(1, 1), b_cell=(2, 1))
    b.edit("ada", Health).hp = 30
    push(b, 3)  # the skeleton's attack misses
    act(b, Move("ada", ((0, 1), (0, 2))))
    attack = [e for e in b.events if isinstance(e, AttackDeclared)]
    assert len(attack) == 1 and attack[0].mode == "opportunity" and attack[0].attacker == "gor"
    # the attack came before the step out of reach
    kinds = [e.kind for e in b.events]
    assert kinds.index("attack_declared") < kinds.index("moved")


def test_a_mover_shares_an_allys_square_only_while_passing_through_it() -> None:
    """004 · Run: allies may be passed. An attack of opportunity taken while the mover stands
    in an ally's square opens the reaction window (Snap Attack) with both on that square;
    the move then goes on and ends on a free square, one unit per square again."""
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (1, 1)),
            ("Bo", "party", "warrior", (2, 1)),
            ("Gor", "bandits", "skeleton", (1, 2)),
        ],
    )
    b = battle(bf, faces=(8, 1))
    for unit in ("ada", "bo"):
        b.edit(unit, Health).hp = b.edit(unit, Health).max_hp = 30
    push(b, 20, 1)  # Gor's attack of opportunity hits as Ada leaves its reach from Bo's square
    act(b, Move("ada", ((2, 1), (3, 1))), decline_reactions=False)
    d = b.pending
    assert d is not None and d.kind == "reaction" and d.unit == "ada"
    assert b.edit("ada", Position).cell == b.edit("bo", Position).cell == (2, 1)
    act(b, Decline("ada"))
    assert b.edit("ada", Position).cell == (3, 1)
    assert b.edit("bo", Position).cell == (2, 1)


def test_disengage_prevents_attacks_of_opportunity_for_the_round() -> None:
    b = duel(a="archer", b="skeleton", a_cell=(1, 1), b_cell=(2, 1))
    act(b, Disengage("ada"))
    act(b, Move("ada", ((0, 1), (0, 2))))
    assert not [e for e in b.events if isinstance(e, AttackDeclared)]


def test_long_weapons_threaten_two_squares() -> None:
    b = duel(a="archer", b="ogre", a_cell=(1, 1), b_cell=(3, 1))  # ogre club: reach 2
    b.edit("ada", Health).hp = 30
    push(b, 1)  # the club misses; its Shock 3/- lands
    act(b, Move("ada", ((0, 1),)))
    assert [e.attacker for e in b.events if isinstance(e, AttackDeclared)] == ["gor"]


def test_one_attack_of_opportunity_per_unit_per_round() -> None:
    b = duel(a="archer", b="skeleton", a_cell=(1, 1), b_cell=(2, 1))
    b.edit("ada", Health).hp = 30
    push(b, 3)
    act(b, Move("ada", ((0, 1),)))  # leaves reach? no: (0,1) is 2 away — provokes once
    act(b, Move("ada", ((1, 2),)))  # back in reach, nothing
    assert len([e for e in b.events if isinstance(e, AttackDeclared)]) == 1


def test_battle_ends_in_a_draw_at_the_round_limit() -> None:
    b = duel(a_cell=(0, 0), b_cell=(7, 3), round_limit=2)
    for _ in range(2):
        act(b, EndTurn("ada"))
        act(b, EndTurn("gor"))
    assert b.over and b.winner is None
    assert "round limit 2" in b.events[-1].text()


@pytest.mark.parametrize("bad", [Move("gor", ((3, 1),)), EndTurn("gor")])
def test_only_the_unit_whose_turn_it_is_may_act(bad: object) -> None:
    b = duel()
    before = b.state_hash()
    r = b.answer(bad)
    assert not r.ok and "ada's turn" in r.reason
    assert b.state_hash() == before


def test_the_path_preview_names_who_makes_each_attack_of_opportunity() -> None:
    # 004 · attacks of opportunity, as the battle screen previews them: walking west Ada
    # leaves the reach of both skeletons at her first step; walking north she leaves Hob's
    # reach first and Gor's one square later. Each enemy strikes at most once a round.
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (2, 1)),
            ("Gor", "bandits", "skeleton", (3, 1)),
            ("Hob", "bandits", "skeleton", (3, 2)),
        ],
    )
    b = battle(bf, faces=[1, 8])
    b.answer(ChooseUnit("ada"))
    walk = Move("ada", ((1, 1), (0, 1)))
    assert b.provocations(walk) == [((2, 1), ("gor", "hob"))]
    assert b.provoking_steps(walk) == [(2, 1)]
    back = Move("ada", ((2, 0), (1, 0), (0, 0)))
    assert b.provocations(back) == [((2, 1), ("hob",)), ((2, 0), ("gor",))]
    back_and_forth = Move("ada", ((1, 1), (2, 0), (1, 0)))  # in Gor's reach again, then out
    assert b.provocations(back_and_forth) == [((2, 1), ("gor", "hob"))]

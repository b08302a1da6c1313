"""The clash AI (issue 5 and 7): scripted positions with a clear right answer, fixed
dice, through the same Decisions as a human. Rules named from source 000."""

from __future__ import annotations

import pytest
from clash_support import (
    OPEN,
    Declaration,
    clash_battle,
    declare,
    decline_all,
    duel_field,
    log,
    set_hp,
    set_state,
    state,
)

from game.ai import make_controller, play
from game.ai.clash import LEVELS, ClashAI
from game.ai.clash.odds import best_of, die_dist, loss, mean
from game.ai.clash.plan import PlanLevel, plan_side
from game.engine import Battle
from game.engine.answers import Answer, Decline, EndTurn
from game.rules.clash.bands import CLOSE, band
from game.rules.clash.declare import ClashAttack, ClashGambit, ClashShoot
from game.rules.clash.reactions import Block, Dodge, Parry

WIDE = "\n".join(["." * 20] * 5) + "\n"

# Templates (clash numbers): militia HP 2 STR 10 Armor 1; bandit HP 3 STR 11 Armor 2,
# spear or dagger (fast d6) and a shield; warrior HP 5 STR 15 Armor 3, sword (balanced
# d8); archer HP 4 Armor 1, longbow (d8); bandit_archer shortbow (fast d6); ogre
# tree-club (slow d10).
TWO_MILITIA_FOUR_BANDITS = [
    ("M1", "party", "militia", (3, 1)),
    ("M2", "party", "militia", (3, 3)),
    ("B1", "bandits", "bandit", (7, 0)),
    ("B2", "bandits", "bandit", (7, 1)),
    ("B3", "bandits", "bandit", (7, 2)),
    ("B4", "bandits", "bandit", (7, 3)),
]


def plans(b: Battle, side: str, level: str) -> dict[str, Answer]:
    return plan_side(b.ctx, side, LEVELS[level], 0)


def targets(plan: dict[str, Answer]) -> list[str]:
    return sorted(getattr(a, "target", "") for a in plan.values())


def test_an_extra_attacker_adds_only_what_it_raises_the_highest_die() -> None:
    # 000 · Multiple Attackers: roll all, keep the single highest.
    d6 = die_dist(6)
    means = [mean(best_of([d6] * n)) for n in (1, 2, 3, 4)]
    assert means[0] == pytest.approx(3.5)
    assert means[1] == pytest.approx(161 / 36)
    gains = [b - a for a, b in zip(means, means[1:], strict=False)]
    assert gains[0] > gains[1] > gains[2] > 0


def test_enhanced_adds_a_d12_and_impaired_rolls_a_d4_and_both_cancel() -> None:
    # 000 · Attack Modifiers.
    assert mean(die_dist(8, enhanced=True)) == pytest.approx(4.5 + 6.5)
    assert mean(die_dist(10, impaired=True)) == pytest.approx(2.5)
    assert die_dist(8, impaired=True, enhanced=True) == die_dist(8)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_attackers_spread_over_the_targets_instead_of_piling_on_one(level: str) -> None:
    b = clash_battle(duel_field(TWO_MILITIA_FOUR_BANDITS))
    assert targets(plans(b, "bandits", level)) == ["m1", "m1", "m2", "m2"]
    # Each unit alone (baseline) sees the same best target and they all pile on it.
    assert targets(plans(b, "bandits", "baseline")) == ["m1"] * 4
    b.close()


def test_the_blow_goes_where_the_armor_lets_it_hurt() -> None:
    # 000 · Attacking & Damage: the die minus Armor. A d6 on Armor 3 barely scratches.
    b = clash_battle(
        duel_field(
            [
                ("Ada", "party", "warrior", (3, 1)),
                ("Cy", "party", "archer", (3, 3)),
                ("Gor", "bandits", "bandit", (4, 2)),
            ],
            WIDE,
        )
    )
    for level in ("baseline", "normal", "hard"):
        assert targets(plans(b, "bandits", level)) == ["cy"]
    b.close()


def test_finish_the_wounded_foe_it_can_drop() -> None:
    # 000 · Critical Damage: with its HP spent, every point goes into STR and a save.
    spawns = [
        ("Ada", "party", "militia", (3, 1)),
        ("Cy", "party", "militia", (3, 3)),
        ("Gor", "bandits", "bandit", (4, 2)),
    ]
    b = clash_battle(duel_field(spawns, WIDE))
    set_hp(b, "ada", 0)
    set_state(b, "ada", STR=4)
    assert targets(plans(b, "bandits", "normal")) == ["ada"]
    b.close()


def test_an_archer_shoots_then_steps_out_of_the_charging_foes_reach() -> None:
    # 000 · Full turn: "moving before or after making a ranged attack".
    b = clash_battle(
        duel_field([("Cy", "party", "archer", (8, 2)), ("Gor", "bandits", "bandit", (13, 2))], WIDE)
    )
    shot = plans(b, "party", "normal")["cy"]
    assert isinstance(shot, ClashShoot) and shot.target == "gor" and shot.then_to is not None
    assert abs(shot.then_to[0] - 13) - 1 > 6  # beyond the bandit's one move
    assert plans(b, "party", "baseline")["cy"] == ClashShoot("cy", "gor", "longbow")
    b.close()


def test_an_archer_close_to_a_foe_steps_out_of_close_then_shoots() -> None:
    # A bow cannot shoot a Close foe (README · decisions): step away first (a full turn).
    b = clash_battle(
        duel_field(
            [
                ("Cy", "party", "archer", (8, 2)),
                ("Gor", "bandits", "bandit", (9, 2)),
                ("Hal", "bandits", "bandit", (14, 2)),
            ],
            WIDE,
        )
    )
    shot = plans(b, "party", "normal")["cy"]
    assert isinstance(shot, ClashShoot) and shot.to is not None
    assert band(shot.to, (9, 2)) != CLOSE
    b.close()


def test_the_declared_step_is_carried_out_after_the_shot() -> None:
    b = clash_battle(
        duel_field(
            [("Cy", "party", "archer", (8, 2)), ("Gor", "bandits", "bandit", (13, 2))], WIDE
        ),
        [6] * 40,
    )
    ai = make_controller("normal", 0, "clash")
    shot = ai.choose(b, b.pending) if b.pending else None
    assert isinstance(shot, ClashShoot) and shot.then_to is not None
    assert b.answer(shot).ok
    declare(b, EndTurn("gor"))
    decline_all(b)
    lines = log(b)
    shot_line = lines.index("Cy damage vs Gor with Longbow: d8 6 = 6")
    moved = next(i for i, line in enumerate(lines) if line.startswith("Cy moves"))
    assert shot_line < moved and b.unit("cy").cell == shot.then_to
    b.close()


def test_hard_trips_the_foe_that_cannot_block_so_the_allys_blow_is_enhanced() -> None:
    # 000 · Gambits resolve before the moment's damage; a prone target is enhanced
    # against. Ada has one free slot left: she will not spend it on a block.
    b = clash_battle(
        duel_field(
            [
                ("Ada", "party", "warrior", (5, 2)),
                ("Gor", "bandits", "bandit", (4, 2)),
                ("Hal", "bandits", "bandit", (6, 2)),
            ],
            WIDE,
        )
    )
    st = state(b, "ada")
    set_state(b, "ada", fatigue=st.slots - st.used_slots - 1)
    hard = plans(b, "bandits", "hard")
    assert sorted(type(a).__name__ for a in hard.values()) == ["ClashAttack", "ClashGambit"]
    gambit = next(a for a in hard.values() if isinstance(a, ClashGambit))
    assert gambit.gambit == "trip" and gambit.target == "ada"
    assert all(isinstance(a, ClashAttack) for a in plans(b, "bandits", "normal").values())
    b.close()


def test_hard_does_not_trip_a_foe_whose_block_would_cancel_the_enhancement() -> None:
    # 000 · Attack Modifiers: a blocked (impaired) enhanced blow rolls its plain die.
    b = clash_battle(
        duel_field(
            [
                ("Ada", "party", "warrior", (5, 2)),
                ("Gor", "bandits", "bandit", (4, 2)),
                ("Hal", "bandits", "bandit", (6, 2)),
            ],
            WIDE,
        )
    )
    assert all(isinstance(a, ClashAttack) for a in plans(b, "bandits", "hard").values())
    b.close()


def test_no_trip_when_no_ally_strikes_in_that_moment() -> None:
    b = clash_battle(
        duel_field(
            [("Ada", "party", "warrior", (5, 2)), ("Gor", "bandits", "bandit", (4, 2))], WIDE
        )
    )
    assert isinstance(plans(b, "bandits", "hard")["gor"], ClashAttack)
    b.close()


def reaction_to(
    spawns: list[tuple[str, str, str, tuple[int, int]]],
    attack: Declaration,
    level: str = "normal",
    **ada: int,
) -> Answer:
    b = clash_battle(duel_field(spawns, WIDE))
    if ada:
        set_state(b, "ada", **ada)
    declare(b, EndTurn("ada"), attack)
    assert b.pending is not None and b.pending.kind == "reaction"
    answer = make_controller(level, 0, "clash").choose(b, b.pending)
    b.close()
    return answer


ARCHER_SHOOTS_ADA = (
    [("Ada", "party", "warrior", (2, 2)), ("Ivo", "bandits", "bandit_archer", (12, 2))],
    ClashShoot("ivo", "ada", "shortbow"),
)


def test_no_fatigue_burnt_blocking_a_blow_the_armor_absorbs() -> None:
    # 000 · Block costs 1 Fatigue; a d6 on Armor 3 deals 1 on average: not worth a slot.
    assert reaction_to(*ARCHER_SHOOTS_ADA) == Decline("ada")


def test_block_the_blow_that_would_hurt() -> None:
    assert reaction_to(*ARCHER_SHOOTS_ADA, armor=0) == Block("ada")
    assert reaction_to(*ARCHER_SHOOTS_ADA, level="easy", armor=0) == Decline("ada")


def test_dodge_the_ogres_slow_club_rather_than_parry_a_bigger_die() -> None:
    # 000 · Dodge impairs slow attacks; a parry loses to the d10 more often than not.
    spawns = [("Ada", "party", "warrior", (2, 2)), ("Og", "bandits", "ogre", (3, 2))]
    assert reaction_to(spawns, ClashAttack("og", "ada", "ogre_club")) == Dodge("ada")


def test_parry_when_your_die_beats_theirs() -> None:
    # 000 · Parry: the higher roll lands, straight to STR. A d8 sword against a d6 spear.
    spawns = [("Ada", "party", "warrior", (2, 2)), ("Gor", "bandits", "bandit", (3, 2))]
    assert reaction_to(spawns, ClashAttack("gor", "ada", "spear")) == Parry("ada", "gor")


def test_the_last_free_slot_is_never_spent_on_fatigue() -> None:
    # 000 · a full inventory (10 slots) cannot defend itself at all.
    spawns = [("Ada", "party", "warrior", (2, 2)), ("Og", "bandits", "ogre", (3, 2))]
    b = clash_battle(duel_field(spawns, WIDE))
    st = state(b, "ada")
    fatigue = st.slots - st.used_slots - 1
    b.close()
    assert reaction_to(spawns, ClashAttack("og", "ada", "ogre_club"), fatigue=fatigue) == Decline(
        "ada"
    )


def test_make_controller_picks_the_clash_level_by_name() -> None:
    made = [make_controller(n, 1, "clash") for n in ("baseline", "easy", "normal", "hard", "ai")]
    levels = [c.level for c in made if isinstance(c, ClashAI)]
    assert len(levels) == 5 and len(set(levels)) == 4 and levels[4] == LEVELS["normal"]


def test_easy_slips_some_of_the_time_and_baseline_never() -> None:
    b = clash_battle(duel_field(TWO_MILITIA_FOUR_BANDITS))
    best = plans(b, "bandits", "baseline")
    slips = 0
    for seed in range(20):
        easy = plan_side(b.ctx, "bandits", LEVELS["easy"], seed)
        slips += sum(easy[u] != best[u] for u in best)
        assert plan_side(b.ctx, "bandits", LEVELS["baseline"], seed) == best
    assert 0 < slips < 20 * 4 * 0.6
    b.close()


def test_without_coordination_every_option_is_valued_as_if_alone() -> None:
    solo = PlanLevel(coordinate=False, kite=False, gambits=False, flee=False)
    b = clash_battle(duel_field(TWO_MILITIA_FOUR_BANDITS))
    assert plan_side(b.ctx, "bandits", solo, 0) == plans(b, "bandits", "baseline")
    m1 = loss(b.ctx, "m1", die_dist(6))
    assert m1 > 0
    b.close()


@pytest.mark.parametrize("initiative", ["declared", "dex_save"])
def test_every_level_plays_a_whole_battle_through_the_decisions(initiative: str) -> None:
    spawns = [
        *TWO_MILITIA_FOUR_BANDITS,
        ("Cy", "party", "archer", (0, 2)),
        ("Ada", "party", "warrior", (1, 2)),
    ]
    for a, z in (("easy", "hard"), ("hard", "baseline"), ("normal", "easy")):
        b = Battle(duel_field(spawns, WIDE), "clash", seed=4, options={"initiative": initiative})
        ctl = {"party": make_controller(a, 4, "clash"), "bandits": make_controller(z, 4, "clash")}
        play(b, ctl)
        assert b.over
        b.close()


def test_the_clash_ai_plays_for_the_maps_objectives() -> None:
    """maps/README.md · Objectives, for every AI: a side that must escape runs for its
    area instead of closing with the enemy; one holding an area it stands in stays."""
    from engine_support import field

    from game.ai import make_controller
    from game.maps.battlefield import Objective
    from game.rules.clash.declare import ClashMove

    exit_cells = frozenset({(0, y) for y in range(6)})
    spawns = [("Ada", "party", "warrior", (5, 2)), ("Gor", "bandits", "bandit", (9, 2))]
    run = Objective("The gap", "escape", exit_cells, side="party")
    b = clash_battle(field(OPEN, spawns, objectives=[run]), seed=1)
    ai = make_controller("hard", 1, "clash")
    while b.pending is not None and b.pending.unit != "ada":
        assert b.answer(ai.choose(b, b.pending)).ok
    assert b.pending is not None
    choice = ai.choose(b, b.pending)
    assert isinstance(choice, ClashMove) and choice.to[0] < 5  # away from Gor, to the gap
    hold = Objective("The well", "hold", frozenset({(0, 2), (0, 3)}), side="party")
    spawns = [("Ada", "party", "warrior", (0, 2)), ("Gor", "bandits", "bandit", (9, 2))]
    b = clash_battle(field(OPEN, spawns, objectives=[hold]), seed=1)
    while b.pending is not None and b.pending.unit != "ada":
        assert b.answer(ai.choose(b, b.pending)).ok
    assert b.pending is not None
    assert ai.choose(b, b.pending) == EndTurn("ada")  # stays on the well, Gor far off

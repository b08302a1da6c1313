"""Issue 31, blunder 7: clash's ``hard`` never made a gambit and never retreated by choice.
Scripted positions where a gambit or a retreat clearly pays by the rules of source 000
(000 · Gambits, Retreat), each checked by playing it out with the engine's own dice, and
positions where neither pays. ``tactical`` is the hard level as it was."""

from __future__ import annotations

from collections.abc import Callable

from clash_support import duel_field, set_hp, set_state

from game.ai import make_controller
from game.ai.clash import LEVELS
from game.ai.clash.gambits import disarmed_worth, gambit_chance
from game.ai.clash.plan import foreseen, plan_side
from game.engine import Battle
from game.engine.answers import Answer, EndTurn
from game.rules.clash.declare import ClashAttack, ClashGambit, ClashRetreat, ClashShoot
from game.rules.clash.state import Fate

WIDE = "\n".join(["." * 20] * 5) + "\n"
Spawns = list[tuple[str, str, str, tuple[int, int]]]

# A warrior (sword d8, Armor 3, HP 5) Close to an ogre (DEX 8, its only weapon the
# tree-club d10, HP 10).
WARRIOR_AND_OGRE: Spawns = [("Ada", "party", "warrior", (5, 2)), ("Og", "bandits", "ogre", (6, 2))]
# An archer two squares from three bandits on both sides: one move cannot take it out of
# their reach, and none is Close (a retreat is a quick turn, before their charge).
ARCHER_AMONG_BANDITS: Spawns = [
    ("Cy", "party", "archer", (5, 2)),
    ("B1", "bandits", "bandit", (3, 2)),
    ("B2", "bandits", "bandit", (7, 1)),
    ("B3", "bandits", "bandit", (7, 3)),
]


def battle(spawns: Spawns, seed: int = 0, **edits: dict[str, int | bool]) -> Battle:
    b = Battle(duel_field(spawns, WIDE), "clash", seed=seed)
    for unit, values in edits.items():
        values = dict(values)
        hp = values.pop("hp", None)
        if isinstance(hp, int):
            set_hp(b, unit, hp)
        set_state(b, unit, **values)
    return b


def plan(b: Battle, level: str, unit: str, side: str = "party") -> Answer:
    return plan_side(b.ctx, side, LEVELS[level], 0)[unit]


def cornered(b: Battle) -> None:
    """The archer is down to STR 2 with no HP left and critically hurt (its shots are
    impaired, blows on it enhanced)."""
    set_hp(b, "cy", 0)
    set_state(b, "cy", STR=2, crit_failed=True)


Declaration = ClashAttack | ClashGambit | ClashRetreat | ClashShoot


def played_out(
    spawns: Spawns,
    first: Declaration,
    seeds: range,
    *,
    rounds: int = 0,
    setup: Callable[[Battle], None] | None = None,
) -> list[Battle]:
    """Each seeded battle with ``first`` declared for its unit in round 1 and every other
    decision left to ``tactical``; played to the end, or through ``rounds`` rounds."""
    out = []
    for seed in seeds:
        b = battle(spawns, seed)
        if setup is not None:
            setup(b)
        ais = {s: make_controller("tactical", seed, "clash") for s in ("party", "bandits")}
        while b.pending is not None and not (rounds and b.round > rounds):
            d = b.pending
            mine = d.kind == "turn" and d.unit == first.unit and b.round == 1
            r = b.answer(first if mine else ais[d.side].choose(b, d))
            assert r.ok, r.reason
        out.append(b)
    return out


def test_a_disarm_takes_the_ogres_only_weapon_for_good_and_hard_makes_it() -> None:
    # 000 · Gambits: the d8 gambit roll against the ogre's DEX 8 (1-3 set a Difficulty),
    # a failed save drops the tree-club (d10): bare hands (d4) barely scratch Armor 3.
    b = battle(WARRIOR_AND_OGRE)
    assert gambit_chance(b.ctx, "ada", ("sword",), "og", "disarm") > 0.6
    assert disarmed_worth(b.ctx, "og") == 9.0  # a d10's mean 5.5 to a d4's 2.5, 3 rounds
    assert plan(b, "hard", "ada") == ClashGambit("ada", "og", "sword", "disarm")
    assert isinstance(plan(b, "tactical", "ada"), ClashAttack)  # today's hard strikes
    b.close()


def test_the_disarm_wins_the_duel_more_often_than_the_blow() -> None:
    # Played out with the engine's dice, everything else by tactical: the warrior who
    # disarms the ogre first wins far more duels than the one who strikes (41 and 6 of
    # 60).
    seeds = range(60)
    won = {}
    for name, first in (
        ("disarm", ClashGambit("ada", "og", "sword", "disarm")),
        ("strike", ClashAttack("ada", "og", "sword")),
    ):
        played = played_out(WARRIOR_AND_OGRE, first, seeds)
        won[name] = sum(b.winner == "party" for b in played)
        for b in played:
            b.close()
    assert won["disarm"] >= won["strike"] + 20, won


# Two warriors Close to a bandit archer (STR 10) whose shot is aimed at our archer, down
# to STR 3 with no HP left, far off across the field.
TWO_WARRIORS_ON_AN_ARCHER: Spawns = [
    ("Ada", "party", "warrior", (5, 2)),
    ("Bo", "party", "warrior", (5, 3)),
    ("Ba", "bandits", "bandit_archer", (6, 2)),
    ("Cy", "party", "archer", (15, 2)),
]


def hurt_archer(b: Battle) -> None:
    set_hp(b, "cy", 0)
    set_state(b, "cy", STR=3)


def test_one_warrior_stuns_the_archer_the_other_strikes_and_hard_makes_it() -> None:
    # 000 · Gambits: a d8 against STR 10 lands about half the time; a stunned archer
    # loses its shot at the dying archer and the other warrior's blow on it is enhanced
    # (+d12). Today's hard trips instead (DEX 13 resists it more often, and a prone
    # archer still shoots); two stuns on one foe would waste a blow.
    b = battle(TWO_WARRIORS_ON_AN_ARCHER)
    hurt_archer(b)
    hard = plan_side(b.ctx, "party", LEVELS["hard"], 0)
    assert sorted(
        (type(hard[u]).__name__, getattr(hard[u], "gambit", "")) for u in ("ada", "bo")
    ) == [("ClashAttack", ""), ("ClashGambit", "stun")]
    tactical = plan_side(b.ctx, "party", LEVELS["tactical"], 0)
    assert not any(getattr(a, "gambit", "") == "stun" for a in tactical.values())
    b.close()


def test_the_stun_saves_the_dying_archer_more_often_than_a_second_blow() -> None:
    # Played out through round 1 with the engine's dice (our archer holds): with the stun
    # our archer lives 42 times in 60 and the bandit archer falls 27 times; with two
    # blows, 14 and 9.
    results = {}
    for name, second in (
        ("stun", ClashGambit("bo", "ba", "sword", "stun")),
        ("strike", ClashAttack("bo", "ba", "sword")),
    ):
        alive = out = 0
        for seed in range(60):
            b = battle(TWO_WARRIORS_ON_AN_ARCHER, seed)
            hurt_archer(b)
            mine = {"ada": ClashAttack("ada", "ba", "sword"), "bo": second, "cy": EndTurn("cy")}
            ai = make_controller("tactical", seed, "clash")
            while b.pending is not None and b.round <= 1:
                d = b.pending
                given = mine.get(d.unit or "") if d.kind == "turn" else None
                assert b.answer(given or ai.choose(b, d)).ok
            cy, ba = b.edit("cy", Fate), b.edit("ba", Fate)
            alive += not (cy.dead or cy.mortally_wounded or cy.unconscious)
            out += ba.out_of_action
            b.close()
        results[name] = (alive, out)
    assert results["stun"][0] >= results["strike"][0] + 15, results
    assert results["stun"][1] > results["strike"][1], results


def test_no_gambit_where_it_takes_nothing_or_rarely_lands() -> None:
    # A bandit's first weapon is a spear (d6) and it keeps a dagger (d6): a disarm takes
    # nothing; its STR 11 resists a stun half the time and strikes back: the blow pays.
    b = battle(
        [
            ("Ada", "party", "warrior", (5, 2)),
            ("B1", "bandits", "bandit", (6, 2)),
            ("B2", "bandits", "bandit", (6, 3)),
        ]
    )
    assert disarmed_worth(b.ctx, "b1") == 0.0
    assert isinstance(plan(b, "hard", "ada"), ClashAttack)
    b.close()
    # The ogre's STR 16 shrugs off a stun four times in five: no stun.
    b = battle(WARRIOR_AND_OGRE)
    assert gambit_chance(b.ctx, "ada", ("sword",), "og", "stun") < 0.25
    b.close()


def test_a_stun_is_worth_the_blow_its_target_was_foreseen_to_strike() -> None:
    # 000 · Gambits, "stun": the target loses its next action; what that saves is what
    # its own side's plan would have it take from us (its share of its moment), nothing
    # for a foe too far to do more than walk.
    b = battle(WARRIOR_AND_OGRE)
    assert foreseen(b.ctx, "party", LEVELS["hard"], 0)["og"] > 1.0
    b.close()
    far = battle([("Ada", "party", "warrior", (1, 2)), ("Og", "bandits", "ogre", (19, 2))])
    assert foreseen(far.ctx, "party", LEVELS["hard"], 0)["og"] == 0.0
    far.close()


def test_a_cornered_archer_retreats_and_hard_makes_it() -> None:
    # 000 · Retreat: a DEX save (15) to leave; with no foe Close it is a quick turn, made
    # before the bandits' charge (a full turn). Critically hurt, its shot is a d4, and
    # any of the three blows that can reach it ends it: today's hard shoots and steps.
    b = battle(ARCHER_AMONG_BANDITS)
    cornered(b)
    assert plan(b, "hard", "cy") == ClashRetreat("cy")
    assert isinstance(plan(b, "tactical", "cy"), ClashShoot)
    b.close()


def test_the_retreat_saves_the_archer_the_shot_does_not() -> None:
    # Played out through round 1 with the engine's dice: the retreating archer lives (it
    # fled) about three times in four (27 of 40); the shooting one falls (40 of 40).
    seeds = range(40)
    alive = {}
    shot = ClashShoot("cy", "b1", "longbow", None, (11, 0))
    for name, first in (("retreat", ClashRetreat("cy")), ("shoot", shot)):
        played = played_out(ARCHER_AMONG_BANDITS, first, seeds, rounds=1, setup=cornered)
        alive[name] = 0
        for b in played:
            fate = b.edit("cy", Fate)
            alive[name] += not (fate.dead or fate.mortally_wounded or fate.unconscious)
            b.close()
    assert alive["retreat"] >= 24 and alive["shoot"] <= 5, alive


def test_no_retreat_where_it_does_not_pay() -> None:
    # A healthy archer among the same bandits shoots: staying is not likely to end it.
    b = battle(ARCHER_AMONG_BANDITS)
    assert isinstance(plan(b, "hard", "cy"), ClashShoot)
    b.close()
    # A cornered archer with a lone militiaman far off shoots: nothing can reach it.
    b = battle([("Cy", "party", "archer", (3, 2)), ("M1", "bandits", "militia", (14, 1))])
    cornered(b)
    assert isinstance(plan(b, "hard", "cy"), ClashShoot)
    b.close()
    # Surrounded at Close, the three quick blows land before a retreat (a full turn)
    # could: running is hopeless, so hard strikes (today's hard ran).
    b = battle(
        [
            ("Ada", "party", "warrior", (5, 2)),
            ("B1", "bandits", "bandit", (4, 2)),
            ("B2", "bandits", "bandit", (6, 2)),
            ("B3", "bandits", "bandit", (5, 3)),
        ]
    )
    set_hp(b, "ada", 0)
    set_state(b, "ada", STR=3, crit_failed=True)
    assert isinstance(plan(b, "hard", "ada"), ClashAttack)
    assert plan(b, "tactical", "ada") == ClashRetreat("ada")
    b.close()

"""The stress ruleset's hard AI (issue 36): what it declares, on tiny fields."""

from __future__ import annotations

import dataclasses

from stress_support import declare, fighter, make_field, set_fighter, stress_battle

from game.ai.core.generic import GenericAI
from game.ai.stress.plan import StressAI, danger, heal_chance, threats
from game.ai.stress.posts import closing_posts, kept_post, staying, walk
from game.ai.stress.walk import SharingWalker
from game.engine.answers import EndTurn
from game.geometry.movement import distance
from game.maps.battlefield import Objective
from game.rules.objectives import Progress
from game.rules.stress.actions import (
    StressAttack,
    StressDefensive,
    StressFullDefense,
    StressGuardedMove,
    StressMove,
    StressStabilise,
)
from game.world.components import Position

# Ada and Bea (warriors) side by side, Gor (bandit) out of reach of a throw
HEALING = [
    ("Ada", "party", "warrior", (1, 1)),
    ("Bea", "party", "warrior", (1, 2)),
    ("Gor", "bandits", "bandit", (29, 4)),
]
WIDE = "\n".join(["." * 30] * 5)


def test_the_heal_chance_is_the_d20_faces_that_reach_10_plus_the_worst_wound() -> None:
    b = stress_battle(make_field(HEALING, WIDE), [5, 6, 7])
    bea = fighter(b, "bea")
    bea.wp, bea.worst = -2, 3
    ins = fighter(b, "ada").INS
    bonus = (ins - 10) // 2  # a warrior has no heal skill
    assert heal_chance(b.ctx, "ada", "bea") == (21 - (13 - bonus)) / 20
    bea.worst = 30
    assert heal_chance(b.ctx, "ada", "bea") == 0.0


def test_hard_does_not_spend_its_rounds_on_a_heal_check_it_will_most_likely_fail() -> None:
    b = stress_battle(make_field(HEALING, WIDE), [5, 6, 7])
    bea = fighter(b, "bea")
    bea.wp, bea.worst = -2, 1
    assert b.pending is not None and b.pending.unit == "ada"
    ai = StressAI("hard", 1)
    assert isinstance(ai.choose(b, b.pending), StressStabilise)  # a likely success
    bea.worst = 14  # needs a natural 20 or near it: walk to the fight instead
    assert heal_chance(b.ctx, "ada", "bea") < 0.35
    assert not isinstance(ai.choose(b, b.pending), StressStabilise)


def test_hard_falls_back_in_full_defense_when_hurt_in_a_foes_reach() -> None:
    # Ada, her Stress gone and 5 of 16 Wound Points left, stands beside Gor: she steps
    # back at half speed out of every foe's reach, toward Bea, in Full Defense
    spawns = [
        ("Ada", "party", "warrior", (3, 2)),
        ("Bea", "party", "warrior", (0, 2)),
        ("Gor", "bandits", "bandit", (4, 2)),
    ]
    b = stress_battle(make_field(spawns, WIDE), [5, 6, 7])
    ada = fighter(b, "ada")
    ada.stress, ada.wp = 0, 5
    assert b.pending is not None and b.pending.unit == "ada"
    choice = StressAI("hard", 1).choose(b, b.pending)
    assert isinstance(choice, StressGuardedMove)
    assert threats(b.ctx, "ada", choice.to) == 0 < threats(b.ctx, "ada", (3, 2))
    assert distance(choice.to, (3, 2)) <= 3
    ada.wp = 16  # unhurt: it fights
    assert not isinstance(StressAI("hard", 1).choose(b, b.pending), StressGuardedMove)


def test_hard_keeps_one_unit_in_the_area_the_enemy_takes_by_finding_it_empty() -> None:
    # the bandits win by holding the gate with no defender in it: Bea, nearest, walks in
    # and, with no foe to strike from inside, stands there in Full Defense; Ada does not
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Bea", "party", "warrior", (3, 3)),
        ("Gor", "bandits", "bandit", (29, 4)),
    ]
    bf = make_field(spawns, WIDE)
    gate = frozenset({(5, 3), (6, 3)})
    bf.objectives = (Objective("Gate", "hold", gate, side="bandits"),)
    b = stress_battle(bf, [5, 6, 7])
    ai = StressAI("hard", 1)
    assert kept_post(b, "bea") == gate and kept_post(b, "ada") is None
    assert b.pending is not None
    declare(b, ai.choose(b, b.pending))  # Ada
    assert b.pending is not None and b.pending.unit == "bea"
    choice = ai.choose(b, b.pending)
    assert isinstance(choice, StressMove) and choice.to in gate
    b.edit("bea", Position).move_to((5, 3))
    assert isinstance(ai.choose(b, b.pending), StressFullDefense)


def test_hard_weighs_a_target_by_the_damage_it_deals() -> None:
    # two bandits beside Ada, the same but for Gor's weapons: hard strikes the one with
    # the maul, whose blow is worth more to stop
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Gor", "bandits", "bandit", (2, 1)),
        ("Hal", "bandits", "bandit", (1, 2)),
    ]
    b = stress_battle(make_field(spawns, WIDE), [5, 6, 7])
    fighter(b, "gor").weapons = ["maul"]
    assert danger(b.ctx, "gor", "ada") > danger(b.ctx, "hal", "ada")
    assert b.pending is not None
    choice = StressAI("hard", 1).choose(b, b.pending)
    assert isinstance(choice, StressAttack) and choice.target == "gor"
    fighter(b, "gor").weapons, fighter(b, "hal").weapons = ["spear"], ["maul"]
    choice = StressAI("hard", 1).choose(b, b.pending)
    assert isinstance(choice, StressAttack) and choice.target == "hal"


def test_hard_joins_the_blow_an_ally_declared_rather_than_start_on_a_fresh_foe() -> None:
    # Ada (who cannot move) reaches only Gor; Bea reaches Gor and Hal. Alone, Hal (8 WP
    # against Gor's 9) is the likelier kill; once Ada's blow on Gor is declared, Gor,
    # softened by it, is: hard focuses its fire there
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Bea", "party", "warrior", (2, 2)),
        ("Gor", "bandits", "bandit", (2, 1)),
        ("Hal", "bandits", "bandit", (3, 3)),
    ]
    b = stress_battle(make_field(spawns, WIDE), [5, 6, 7, 8])
    for name, wp in (("gor", 9), ("hal", 8)):
        set_fighter(b, name, stress=0, wp=wp)
    set_fighter(b, "ada", speed=0)
    ai = StressAI("hard", 1)
    assert b.pending is not None and b.pending.unit == "ada"
    first = ai.choose(b, b.pending)
    assert isinstance(first, StressAttack) and first.target == "gor"
    declare(b, first)
    assert b.pending is not None and b.pending.unit == "bea"
    alone = StressAI("hard", 1).choose(b, b.pending)  # knows nothing of Ada's blow
    assert isinstance(alone, StressAttack) and alone.target == "hal"
    joined = ai.choose(b, b.pending)
    assert isinstance(joined, StressAttack) and joined.target == "gor"


def test_hard_walks_into_the_area_counted_at_the_round_limit_as_the_limit_nears() -> None:
    # whoever alone stands in the shrine when the last round ends wins: Ada, beside Gor,
    # fights him while rounds are left, and in the last round walks into the shrine
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    shrine = frozenset({(6, 1), (7, 1), (6, 2), (7, 2)})
    for limit, closing in ((5, False), (1, True)):
        bf = make_field(spawns, WIDE)
        bf.objectives = (Objective("Shrine", "hold", shrine),)
        bf.scenario = dataclasses.replace(bf.scenario, round_limit=limit)
        b = stress_battle(bf, [5, 6])
        assert b.pending is not None and b.pending.unit == "ada"
        choice = StressAI("hard", 1).choose(b, b.pending)
        if closing:
            assert closing_posts(b, "party") == {"ada": shrine}
            assert isinstance(choice, StressMove) and choice.to in shrine
        else:
            assert closing_posts(b, "party") == {}
            assert isinstance(choice, StressAttack) and choice.target == "gor"


def test_in_the_last_round_hard_strikes_the_foe_that_spoils_the_area_counted_at_the_limit() -> None:
    # Bea keeps the shrine; Gor stands in it, so at the limit it would count for nobody:
    # Ada strikes Gor there rather than Hal (8 WP against Gor's 9), her likelier kill; so
    # she does from three rounds before the limit (this round and three more), though no
    # keeper of hers is walking in yet (village: raiders left in the square at round 20
    # made a draw of a game the Company had won); four rounds before it, Hal
    spawns = [
        ("Ada", "party", "warrior", (5, 1)),
        ("Bea", "party", "warrior", (9, 3)),
        ("Gor", "bandits", "bandit", (10, 1)),
        ("Hal", "bandits", "bandit", (6, 3)),
    ]
    shrine = frozenset({(10, 1), (11, 1), (10, 2), (11, 2)})
    for limit, target in ((5, "hal"), (4, "gor"), (1, "gor")):
        bf = make_field(spawns, WIDE)
        bf.objectives = (Objective("Shrine", "hold", shrine),)
        bf.scenario = dataclasses.replace(bf.scenario, round_limit=limit)
        b = stress_battle(bf, [5, 6, 7, 8])
        for name, wp in (("gor", 9), ("hal", 8)):
            set_fighter(b, name, stress=0, wp=wp)
        assert b.pending is not None and b.pending.unit == "ada"
        choice = StressAI("hard", 1).choose(b, b.pending)
        assert isinstance(choice, StressAttack | StressDefensive) and choice.target == target
        assert closing_posts(b, "party") == ({"bea": shrine} if limit == 1 else {})


def test_a_keeper_walks_into_its_post_rather_than_strike_a_foe_beside_it() -> None:
    # Gor stands beside the gate: a blow on him from Bea would step into the gate, but
    # he may move first and Bea follow him out; she walks in, then strikes from there
    spawns = [("Bea", "party", "warrior", (2, 3)), ("Gor", "bandits", "bandit", (7, 3))]
    bf = make_field(spawns, WIDE)
    gate = frozenset({(5, 3), (6, 3)})
    bf.objectives = (Objective("Gate", "hold", gate, side="bandits"),)
    b = stress_battle(bf, [5, 6])
    ai = StressAI("hard", 1)
    assert kept_post(b, "bea") == gate and b.pending is not None
    choice = ai.choose(b, b.pending)
    assert isinstance(choice, StressMove) and choice.to in gate
    b.edit("bea", Position).move_to((6, 3))
    choice = ai.choose(b, b.pending)
    assert isinstance(choice, StressAttack | StressDefensive) and choice.target == "gor"


def test_a_far_enemy_hold_counted_at_the_limit_is_kept_only_as_the_limit_nears() -> None:
    # the bandits' tower counts only at the round limit and lies far past Gor: Ada does
    # not walk there alone from the first round (on battle, the Company's keepers of the
    # horde's watchtower fell one after another); in the last round she makes for it
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Bea", "party", "warrior", (1, 3)),
        ("Gor", "bandits", "bandit", (12, 2)),
    ]
    tower = frozenset({(27, 1), (28, 1)})
    for limit, closing in ((20, False), (1, True)):
        bf = make_field(spawns, WIDE)
        bf.objectives = (Objective("Tower", "hold", tower, side="bandits"),)
        bf.scenario = dataclasses.replace(bf.scenario, round_limit=limit)
        b = stress_battle(bf, [5, 6, 7])
        assert kept_post(b, "ada") is None and kept_post(b, "bea") is None
        assert b.pending is not None and b.pending.unit == "ada"
        choice = StressAI("hard", 1).choose(b, b.pending)
        if closing:
            assert closing_posts(b, "party") == {"ada": tower}
            assert isinstance(choice, StressMove) and distance(choice.to, (27, 1)) < 26
        else:
            assert closing_posts(b, "party") == {}


def test_hard_shares_its_side_out_over_areas_of_the_same_worth() -> None:
    # two areas to hold at the limit, both nearer Ada and Bea at the top: the generic
    # walk takes both to the top one (on battle: the Company on one bridge, a draw);
    # hard's sends the one nearer it there and the other to the bottom one
    spawns = [
        ("Ada", "party", "warrior", (0, 2)),
        ("Bea", "party", "warrior", (2, 3)),
        ("Gor", "bandits", "bandit", (11, 6)),
    ]
    top, bottom = frozenset({(1, 0)}), frozenset({(1, 11)})
    bf = make_field(spawns, "\n".join(["." * 12] * 12))
    bf.objectives = (Objective("Top", "hold", top), Objective("Bottom", "hold", bottom))
    b = stress_battle(bf, [5, 6, 7])
    plain, sharing = GenericAI("hard", 1), SharingWalker("hard", 1)
    assert plain.goal(b, b.unit("ada")) == top and plain.goal(b, b.unit("bea")) == top
    assert sharing.goal(b, b.unit("ada")) == top and sharing.goal(b, b.unit("bea")) == bottom
    assert isinstance(StressAI("hard", 1).walker, SharingWalker)


def test_hard_keeps_the_area_it_takes_by_holding_it_a_few_round_ends() -> None:
    # the party's stores are lost when the bandits hold them three round ends in a row:
    # Gor, the bandit nearest, keeps them (on village the raiders all left the barn to
    # fight and the Company broke the count: a draw); Hal, farther, fights as he would
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Gor", "bandits", "bandit", (20, 3)),
        ("Hal", "bandits", "bandit", (10, 0)),
    ]
    bf = make_field(spawns, WIDE)
    stores = frozenset({(24, 3), (25, 3)})
    bf.objectives = (Objective("Stores", "protect", stores, side="party", rounds=3),)
    b = stress_battle(bf, [5, 6, 7])
    assert kept_post(b, "gor") == stores and kept_post(b, "hal") is None
    b.edit("gor", Position).move_to((24, 3))  # inside, no foe in reach: he stands there
    declare(b, EndTurn("ada"))
    assert b.pending is not None and b.pending.unit == "gor"
    assert isinstance(StressAI("hard", 1).choose(b, b.pending), StressFullDefense)


def test_the_keeper_walking_in_is_the_sturdiest_of_those_about_as_near() -> None:
    # Tia (a skirmisher) stands a square nearer the stores than Ada (a warrior, more
    # Stress and Wound Points behind more Armour): Ada keeps them; Bea, as sturdy but
    # two rounds farther, does not (on village the nearest, the lightest, went first)
    spawns = [
        ("Tia", "party", "skirmisher", (8, 2)),
        ("Ada", "party", "warrior", (7, 2)),
        ("Bea", "party", "warrior", (0, 0)),
        ("Gor", "bandits", "bandit", (29, 4)),
    ]
    bf = make_field(spawns, WIDE)
    stores = frozenset({(14, 2), (15, 2)})
    bf.objectives = (Objective("Stores", "protect", stores, side="party", rounds=3),)
    b = stress_battle(bf, [5, 6, 7, 8])
    assert staying(b.ctx, "ada") > staying(b.ctx, "tia")
    assert kept_post(b, "ada") == stores
    assert kept_post(b, "tia") is None and kept_post(b, "bea") is None
    set_fighter(b, "ada", stress=0, wp=3)  # worn down: the next in line keeps them
    assert kept_post(b, "tia") == stores


def test_the_walk_to_a_post_goes_round_the_walls() -> None:
    # Ada stands three squares from the stores as the crow flies, behind a wall that
    # takes her round by the far end; Bea, more squares off but in the open, walks in
    # sooner and keeps them
    rows = ["." * 30 for _ in range(12)]
    for y in range(0, 11):
        rows[y] = rows[y][:5] + "#" + rows[y][6:]
    spawns = [
        ("Ada", "party", "warrior", (3, 1)),
        ("Bea", "party", "warrior", (14, 4)),
        ("Gor", "bandits", "bandit", (29, 11)),
    ]
    bf = make_field(spawns, "\n".join(rows))
    stores = frozenset({(7, 1), (8, 1)})
    bf.objectives = (Objective("Stores", "protect", stores, side="party", rounds=3),)
    b = stress_battle(bf, [5, 6, 7])
    assert walk(b.ctx, "ada", stores) > walk(b.ctx, "bea", stores) + 1
    assert kept_post(b, "bea") == stores and kept_post(b, "ada") is None


def test_a_keeper_whose_way_in_is_barred_strikes_rather_than_stand_outside() -> None:
    # Gor stands in the lane between Bea and the gate she keeps: she cannot pass him, so
    # she strikes him (on village the Company's keeper of the barn stood in Full Defense
    # outside it, behind a wall of raiders, until she fell)
    spawns = [("Bea", "party", "warrior", (2, 1)), ("Gor", "bandits", "bandit", (3, 1))]
    bf = make_field(spawns, "\n".join(["#" * 10, "." * 10, "#" * 10]))
    gate = frozenset({(6, 1), (7, 1)})
    bf.objectives = (Objective("Gate", "hold", gate, side="bandits"),)
    b = stress_battle(bf, [5, 6])
    assert kept_post(b, "bea") == gate and b.pending is not None
    choice = StressAI("hard", 1).choose(b, b.pending)
    assert isinstance(choice, StressAttack | StressDefensive) and choice.target == "gor"


def test_a_post_the_enemy_can_no_longer_take_before_the_round_limit_is_left() -> None:
    # the stores fall to the bandits at three round ends in a row: Ada keeps them while
    # three round ends are left (this round's included); with two left and no count
    # begun they can no longer fall, and she fights as she would; with two left and the
    # bandits' count at two, one more round end takes them: she keeps them (on village
    # the Company's sturdiest stood in the barn to round 20 while the square was fought
    # over: a draw)
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (20, 3))]
    stores = frozenset({(24, 3), (25, 3)})
    for limit, count, kept in ((3, 0, True), (2, 0, False), (2, 2, True), (1, 1, False)):
        bf = make_field(spawns, WIDE)
        bf.objectives = (Objective("Stores", "protect", stores, side="party", rounds=3),)
        bf.scenario = dataclasses.replace(bf.scenario, round_limit=limit)
        b = stress_battle(bf, [5, 6])
        if count:
            b.ctx.objectives = (Progress(holder="bandits", streak=count),)
        assert (kept_post(b, "ada") == stores) is kept, (limit, count)


def test_the_last_rounds_keeper_is_the_nearest_whose_way_is_not_barred() -> None:
    # in the last round Ada, nearest the shrine, is penned in a byre whose one door Gor
    # holds: Bea, farther off in the open, walks in (village: the Company's warrior, shut
    # in the barn by raiders, was the square's keeper at round 20; the archer, free, never
    # walked in, and the empty square made a draw)
    rows = ["." * 20 for _ in range(7)]
    for x, y in ((1, 1), (2, 1), (3, 1), (1, 2), (1, 3), (2, 3), (3, 3)):
        rows[y] = rows[y][:x] + "#" + rows[y][x + 1 :]
    spawns = [
        ("Ada", "party", "warrior", (2, 2)),
        ("Bea", "party", "warrior", (13, 2)),
        ("Gor", "bandits", "bandit", (3, 2)),
    ]
    shrine = frozenset({(6, 2), (7, 2), (6, 3), (7, 3)})
    bf = make_field(spawns, "\n".join(rows))
    bf.objectives = (Objective("Shrine", "hold", shrine),)
    bf.scenario = dataclasses.replace(bf.scenario, round_limit=1)
    b = stress_battle(bf, [5, 6, 7])
    assert closing_posts(b, "party") == {"bea": shrine}

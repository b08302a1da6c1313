"""004 · Surprise, Execution Attacks, Use a Skill (first aid, parley), and the JSON round
trip of every action of the second half of the grid rules."""

from __future__ import annotations

import dataclasses
import json

import pytest
from engine_support import act, battle, field, push
from grid_more_support import cond, hp, react, rolls, set_hp

from game.engine import Battle
from game.engine.answers import Decline, answer_from_dict
from game.engine.events import Died, LeftBattle
from game.maps.battlefield import Battlefield
from game.rules.grid.attack import MeleeAttack
from game.rules.grid.charge import Charge
from game.rules.grid.damage import MORTAL_ROUNDS, apply_damage, end_of_round_mortal_wounds
from game.rules.grid.events import AttackDeclared
from game.rules.grid.execution import Execute
from game.rules.grid.grapple import BreakFree, DragGrappled, Grapple, ReleaseGrapple, ThrowGrappled
from game.rules.grid.hold import ActNow, HoldAction
from game.rules.grid.items import PickUpItem, ReadyItem, StowItem
from game.rules.grid.prone import GoProne, StandUp
from game.rules.grid.reload import Reload
from game.rules.grid.screen import ScreenAlly
from game.rules.grid.shove import Shove
from game.rules.grid.snap_attack import SnapAttack
from game.rules.grid.swarm import SwarmAttack
from game.rules.grid.total_defense import TotalDefense
from game.rules.grid.use_skill import AcceptParley, FirstAid, Parley

OPEN = "\n".join(["." * 8] * 4)


def with_surprise(
    bf: Battlefield, surprise: str, hints: dict[str, str] | None = None
) -> Battlefield:
    spawns = tuple(dataclasses.replace(s, ai=(hints or {}).get(s.name, s.ai)) for s in bf.spawns)
    scenario = dataclasses.replace(bf.scenario, surprise=surprise)
    return dataclasses.replace(bf, scenario=scenario, spawns=spawns)


def ambush(surprise: str = "bandits", **hints: str) -> Battle:
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "skeleton", (2, 1))]
    return battle(with_surprise(field(OPEN, spawns), surprise, hints))


def test_a_surprised_side_gives_its_enemies_a_free_round_before_initiative() -> None:
    b = ambush()
    assert b.pending and b.pending.unit == "ada" and cond(b, "gor").surprised
    assert b.round == 0 and not [e for e in b.events if getattr(e, "purpose", "") == "initiative"]


def test_melee_execution_hits_automatically_and_a_failed_save_kills() -> None:
    b = ambush()
    push(b, 10)  # the skeleton's Physical save: 10 - Stab 1 = 9 < 15
    act(b, Execute("ada", "gor", "sword"))
    assert any(isinstance(e, Died) and e.unit == "gor" for e in b.events) and b.over


def test_a_made_save_against_execution_still_takes_maximum_damage() -> None:
    b = ambush()
    set_hp(b, "gor", 30)
    push(b, 20)  # 20 - 1 = 19: saved
    act(b, Execute("ada", "gor", "sword"))
    assert hp(b, "gor") == 30 - 9  # d8 at 8 + STR 1


def test_ranged_execution_is_a_dex_shoot_check_with_plus_four_within_ten_feet() -> None:
    spawns = [("Ada", "party", "archer", (1, 1)), ("Gor", "bandits", "skeleton", (3, 1))]
    b = battle(with_surprise(field(OPEN, spawns), "bandits"))
    set_hp(b, "gor", 30)
    push(b, 1, 1, 20)  # 2 + DEX 1 + Shoot 1 + 4 = 8: hits; the save is made
    act(b, Execute("ada", "gor", "longbow", True))
    check = [e for e in rolls(b) if e.purpose == "DEX/Shoot check"][-1]
    assert check.modifier == 6 and check.outcome == "success"
    assert hp(b, "gor") == 30 - 9  # longbow d8 8 + DEX 1


def test_execution_needs_an_unsuspecting_target() -> None:
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "skeleton", (2, 1))]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    r = b.answer(Execute("ada", "gor", "sword"))
    assert not r.ok and "no unsuspecting enemy" in r.reason


def test_surprise_check_sneak_against_notice() -> None:
    # sneaks: party 1+1 -1 = 1, bandits 6+6 = 12; watches: party 1+1 = 2, bandits 12
    b = battle(
        with_surprise(
            field(
                OPEN, [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "skeleton", (6, 2))]
            ),
            "check",
        ),
        faces=(1, 1, 6, 6, 1, 1, 6, 6),
    )
    assert cond(b, "ada").surprised and not cond(b, "gor").surprised
    assert b.pending and b.pending.unit == "gor"


def test_a_side_on_guard_cannot_be_surprised() -> None:
    b = battle(
        with_surprise(
            field(
                OPEN, [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "skeleton", (6, 2))]
            ),
            "check",
            {"Ada": "guard"},
        ),
        faces=(1, 1, 6, 6, 6, 6, 8, 1),
    )
    assert not cond(b, "ada").surprised and b.round == 1


def test_surprised_units_cannot_react() -> None:
    b = ambush("party")
    set_hp(b, "ada", 30)
    push(b, 20, 3)  # the skeleton hits; Ada may not Snap Attack or Total Defense
    act(b, MeleeAttack("gor", "ada", "sword"), decline_reactions=False)
    assert b.pending is not None and b.pending.kind != "reaction" and hp(b, "ada") == 27


def test_first_aid_stabilises_a_mortally_wounded_ally() -> None:
    spawns = [
        ("Ada", "party", "captain", (1, 1)),
        ("Bo", "party", "warrior", (2, 1)),
        ("Gor", "bandits", "skeleton", (7, 3)),
    ]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    cond(b, "bo").mortally_wounded = True
    push(b, 4, 3)  # 7 + INT/WIS 0 + Heal 1 = 8: success
    act(b, FirstAid("ada", "bo"))
    assert cond(b, "bo").stabilised and b.unit("bo").status == "stabilised"


def test_a_stabilised_unit_is_no_longer_mortally_wounded_and_its_countdown_stops() -> None:
    """Issue 3 · Downed units: the dying unit's components say how many rounds it has left
    (for a countdown); first aid ends the condition: stabilised, not mortally wounded, still
    out of the fight, and the countdown is gone."""
    spawns = [
        ("Ada", "party", "captain", (1, 1)),
        ("Bo", "party", "warrior", (2, 1)),
        ("Gor", "bandits", "skeleton", (7, 3)),
    ]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    with b._active():
        apply_damage(b.ctx, "bo", 99, "hit", "gor")
        assert cond(b, "bo").mortal_rounds_left == MORTAL_ROUNDS
        end_of_round_mortal_wounds(b.ctx)
    assert cond(b, "bo").mortal_rounds_left == MORTAL_ROUNDS - 1
    push(b, 4, 3)  # 7 + INT/WIS 0 + Heal 1 = 8: success
    act(b, FirstAid("ada", "bo"))
    c = cond(b, "bo")
    assert c.stabilised and not c.mortally_wounded and c.mortal_rounds_left == 0
    assert c.out_of_action and not c.occupies_cell
    assert (b.unit("bo").status, b.unit("bo").in_fight) == ("stabilised", False)


def test_parley_makes_enemies_who_fail_morale_surrender() -> None:
    """004 · Use a Skill (an appeal for parley), as decided: the bandit is outnumbered
    (the fight is going against it), so it heeds the appeal and rolls morale at +2 (+1,
    and +1 more for the speaker's side having more units in the fight)."""
    spawns = [
        ("Ada", "party", "captain", (1, 1)),
        ("Bo", "party", "warrior", (1, 3)),
        ("Gor", "bandits", "bandit", (6, 2)),
    ]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    push(b, 4, 3, 5, 1)  # appeal 7 + CHA 1 = 8; bandit 5 + 1 + 2 = 8 > morale 7: yields
    act(b, Parley("ada"))
    assert any(isinstance(e, LeftBattle) and e.how == "surrendered" for e in b.events)
    assert b.over and b.winner == "party"


@pytest.mark.parametrize("down", [0, 1])
def test_a_side_the_fight_is_not_going_against_does_not_heed_an_appeal(down: int) -> None:
    """004 · Morale (such beings fight to the death only when that is their best shot at
    living) and 001 (a side the fight turns bad for tests morale, then parleys or
    flees), as decided for the appeal for parley: two bandits against one captain are
    not losing, so the appeal sways neither (no morale roll, nobody yields); once one of
    them is down, half their side is out of the fight and the other one rolls."""
    spawns = [
        ("Ada", "party", "captain", (1, 1)),
        ("Gor", "bandits", "bandit", (6, 2)),
        ("Hal", "bandits", "bandit", (6, 3)),
    ]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    if down:
        push(b, 1, 1)  # Gor's check at the first casualty: 2 against 7, holds
        apply_damage(b.ctx, "hal", 99, "hit", "ada")
    push(b, 4, 3, 6, 1)  # appeal 7 + CHA 1 = 8; then 6 + 1 + 1 = 8 > morale 7
    act(b, Parley("ada"))
    yielded = [e.unit for e in b.events if isinstance(e, LeftBattle) and e.how == "surrendered"]
    parley_rolls = [e for e in rolls(b) if e.purpose == "morale check" and "parley" in e.detail]
    if down:
        assert yielded == ["gor"] and len(parley_rolls) == 1
    else:
        assert yielded == [] and parley_rolls == []
        assert any("will not hear of parley" in e.text() for e in b.events)


def bandits_call_for_parley() -> Battle:
    """The bandits act first; Gor appeals to Ada and Bo (who see him) and succeeds."""
    spawns = [
        ("Ada", "party", "captain", (1, 1)),
        ("Bo", "party", "warrior", (1, 3)),
        ("Gor", "bandits", "bandit", (6, 2)),
        ("Hal", "bandits", "bandit", (7, 3)),
    ]
    b = battle(field(OPEN, spawns), faces=(1, 8))
    push(b, 6, 6)  # appeal 12 + CHA against 8: heard
    react(b, Parley("gor"))
    return b


def test_an_appeal_for_parley_to_the_party_is_put_to_its_controller() -> None:
    """004 · Use a Skill (an appeal for parley) and Morale: the party never checks morale
    (its players decide), so an enemy's successful appeal is a decision for the party's
    controller; accepting lets the speaker's side withdraw (out of the fight, gone)."""
    b = bandits_call_for_parley()
    d = b.pending
    assert d is not None and d.kind == "reaction" and d.side == "party" and d.unit == "ada"
    assert [o.kind for o in d.options] == ["accept_parley", "decline"]
    assert "let the Bandits withdraw" in d.prompt
    act(b, AcceptParley("ada"))
    left = [(e.unit, e.how) for e in b.events if isinstance(e, LeftBattle)]
    assert left == [("gor", "withdrew"), ("hal", "withdrew")]
    assert not [e for e in rolls(b) if e.purpose == "morale check"]
    assert b.over and b.winner == "party"


def test_the_party_may_refuse_an_appeal_for_parley_and_fight_on() -> None:
    b = bandits_call_for_parley()
    act(b, Decline("ada"))
    assert not [e for e in b.events if isinstance(e, LeftBattle)]
    assert not b.over and b.pending is not None and b.pending.unit == "gor"
    assert cond(b, "gor").fled is False


SAMPLES = [
    SwarmAttack("ada", "gor", "sword", False, True),
    Charge("ada", "gor", "javelin", (3, 4), True),
    ScreenAlly("ada", "cy", ((1, 1), (2, 2))),
    TotalDefense("ada"),
    SnapAttack("ada", "gor", "longbow", True),
    HoldAction("ada"),
    ActNow("ada"),
    GoProne("ada"),
    StandUp("ada"),
    Shove("ada", "gor", "sword", "push", (3, 1)),
    Shove("ada", "gor", "sword", "prone", None),
    Grapple("ada", "gor"),
    BreakFree("gor"),
    DragGrappled("ada", ((0, 1), (0, 2))),
    ThrowGrappled("ada", (3, 1)),
    ReleaseGrapple("ada"),
    Execute("ada", "gor", "dagger", False),
    FirstAid("ada", "bo"),
    Parley("ada"),
    AcceptParley("ada"),
    Reload("ada", "crossbow"),
    ReadyItem("ada", "dagger"),
    StowItem("ada", "sword"),
    PickUpItem("ada", "spear", (2, 1)),
]


@pytest.mark.parametrize("answer", SAMPLES, ids=lambda a: a.kind)
def test_every_second_half_action_round_trips_through_json(answer: object) -> None:
    data = json.loads(json.dumps(answer.to_dict()))  # type: ignore[attr-defined]
    again = answer_from_dict(data)
    assert again == answer and type(again) is type(answer)


def test_first_aid_next_to_an_armed_enemy_provokes() -> None:
    spawns = [
        ("Ada", "party", "captain", (1, 1)),
        ("Bo", "party", "warrior", (2, 1)),
        ("Gor", "bandits", "skeleton", (1, 2)),
    ]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    set_hp(b, "ada", 30)
    cond(b, "bo").mortally_wounded = True
    push(b, 1, 1, 1)  # Gor's attack of opportunity misses; the Heal check fails (2 + 1)
    act(b, FirstAid("ada", "bo"))
    declared = [e for e in b.events if isinstance(e, AttackDeclared)]
    assert [d.mode for d in declared] == ["opportunity"] and not cond(b, "bo").stabilised


def test_the_execution_save_penalty_is_the_skill_the_attack_is_made_with() -> None:
    """004: "a penalty equal to the assailant's combat skill". A skirmisher (Stab 1,
    Shoot 0) throwing its dagger makes a DEX/Shoot attack: the penalty is Shoot (0), not
    the dagger's Stab; in melee it is the weapon's Stab (the tests above)."""
    spawns = [("Di", "party", "skirmisher", (1, 1)), ("Gor", "bandits", "skeleton", (3, 1))]
    b = battle(with_surprise(field(OPEN, spawns), "bandits"))
    set_hp(b, "gor", 30)
    push(b, 6, 6, 15)  # the DEX/Shoot check hits; the save 15 - 0 = 15: made
    act(b, Execute("di", "gor", "dagger", True))
    save = [e for e in rolls(b) if e.purpose == "Physical save"][-1]
    assert save.modifier == 0 and save.outcome == "saved"
    assert hp(b, "gor") > 0 and not b.over

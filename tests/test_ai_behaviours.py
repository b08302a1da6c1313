"""Scripted positions for tactical-AI behaviours that pay only now and then (issue 5 ·
Behaviour): charging, Total Defense and Snap Attack as Instants, grappling.

Each position is built in code with scripted dice and has one clear right move; the AI
is asked for the pending decision (a turn, or a reaction window opened by an enemy's
attack) and its answer checked. The AI rolls no dice, so no other faces are needed.
"""

from __future__ import annotations

import pytest
from engine_support import duel, push
from test_ai_tactics import LEVELS, OPEN, ask, position
from test_grid_snap_attack import chief_and_friend

from game.ai import make_controller
from game.engine import Battle
from game.engine.answers import Answer, ChooseUnit, Decline
from game.engine.events import Rolled
from game.rules.grid import units
from game.rules.grid.attack import MeleeAttack, RangedAttack
from game.rules.grid.charge import Charge
from game.rules.grid.components import Health
from game.rules.grid.grapple import Grapple
from game.rules.grid.move import move_squares
from game.rules.grid.snap_attack import SnapAttack
from game.rules.grid.total_defense import TotalDefense
from game.world.components import Loadout


def react(b: Battle, level: str) -> Answer:
    """The AI's answer to the pending reaction window (checked legal)."""
    d = b.pending
    assert d is not None and d.kind == "reaction"
    answer = make_controller(level, 0).choose(b, d)
    assert b.validate(answer) is None
    return answer


# -- 004 · Charge ----------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_ai_charges_the_lone_archer_only_a_charge_can_reach(level: str) -> None:
    """004 · Charge: twice the move in a straight line, ending in an attack at +2. Ivo, a
    lone bandit archer, stands ten squares from Ada: a Move (six squares) and a blow fall
    short, and a Run spends the Main action on the second Move, so no blow this turn;
    his arrows reach her wherever she stops. The right move is to charge him: twelve
    squares of straight open ground, and her blow at +2 this turn."""
    b = position(
        OPEN,
        [("Ada", "party", "warrior", (2, 4)), ("Ivo", "bandits", "bandit_archer", (12, 4))],
        "ada",
    )
    with b._active():
        speed = move_squares(b.ctx, "ada")
    gap = units.distance((2, 4), (12, 4))
    assert speed + 1 < gap <= 2 * speed + 1  # beyond a Move and a blow, within a charge
    answer = ask(b, level)
    assert isinstance(answer, Charge), answer
    assert answer.target == "ivo"
    b.close()


# -- 004 · Total Defense (the Instant, after seeing the roll) ---------------------------------
def swing_at_ada(foe: str, weapon: str, face: int) -> Battle:
    """Gor (``foe``) beside Ada (a warrior: 9 HP, AC 16), the bandits acting first. Gor
    swings ``weapon`` at her with the d20 showing ``face``; the ``attack_rolled`` window
    (Total Defense) is pending for Ada."""
    b = duel(a="warrior", b=foe, faces=(1, 8))
    if b.pending is not None and b.pending.kind == "choose_unit":
        assert b.answer(ChooseUnit("gor")).ok
    push(b, face)
    assert b.answer(MeleeAttack("gor", "ada", weapon)).ok
    assert b.pending is not None and b.pending.kind == "reaction" and b.pending.unit == "ada"
    assert TotalDefense("ada") in b.pending.answers
    return b


def hit_by(b: Battle) -> int:
    """By how much the attack roll that opened the pending window beat the AC."""
    assert b.pending is not None
    roll = b.pending.trigger
    assert isinstance(roll, Rolled) and roll.target is not None
    return roll.total - roll.target


@pytest.mark.parametrize("over", [0, 1])
@pytest.mark.parametrize("level", LEVELS)
def test_ai_takes_total_defense_when_the_ogres_club_hits_by_a_hair(level: str, over: int) -> None:
    """004 · Total Defense (Instant, after seeing the roll): AC +2 turns a hit by 0 or 1
    into a miss, and stops Shock. The ogre's tree-club (2d6, about 7 of Ada's 9 HP, and
    its Shock lands whatever the armour) hits her by ``over``: the right move is Total
    Defense, giving up her next blow to turn the club aside."""
    b = swing_at_ada("ogre", "ogre_club", 11 + over)  # d20 + 5 vs AC 16
    assert hit_by(b) == over
    assert react(b, level) == TotalDefense("ada")
    b.close()


@pytest.mark.parametrize("over", [0, 1])
@pytest.mark.parametrize("level", LEVELS)
def test_ai_keeps_its_blow_when_a_spear_thrust_hits_by_a_hair(level: str, over: int) -> None:
    """004 · Total Defense costs the Main action. A bandit's spear (1d6, a scratch on an
    unhurt warrior) hits Ada by ``over``: +2 AC would turn it, but her sword blow on her
    own turn is worth more than the few HP it saves, so she declines."""
    b = swing_at_ada("bandit", "spear", 14 + over)  # d20 + 2 vs AC 16
    assert hit_by(b) == over
    assert react(b, level) == Decline("ada")
    b.close()


@pytest.mark.parametrize("level", LEVELS)
def test_ai_takes_total_defense_against_the_arrow_that_would_drop_it(level: str) -> None:
    """004 · Total Defense (Instant): it turns any attack roll hit by 0 or 1, a bow's too.
    A bandit archer four squares off shoots Ada, down to 3 HP, and hits by 0: his arrow
    (1d6) would likely drop her, so she takes Total Defense. (The AI once priced the shot
    as the archer's bare fists, 1d2, and let the arrow through.)"""
    b = duel(a="warrior", b="bandit_archer", b_cell=(5, 1), faces=(1, 8))
    if b.pending is not None and b.pending.kind == "choose_unit":
        assert b.answer(ChooseUnit("gor")).ok
    b.edit("ada", Health).hp = 3
    push(b, 14)
    assert b.answer(RangedAttack("gor", "ada", "shortbow")).ok
    assert hit_by(b) == 0
    assert react(b, level) == TotalDefense("ada")
    b.close()


@pytest.mark.parametrize("level", LEVELS)
def test_ai_takes_total_defense_against_the_shock_that_would_drop_it(level: str) -> None:
    """004 · Total Defense makes the unit immune to Shock, and Shock lands on a miss. The
    ogre's club misses Ada, a skirmisher (no shield) on 3 HP, but its Shock (3, whatever
    the armour) would drop her: she takes Total Defense and the Shock does not land."""
    b = duel(a="skirmisher", b="ogre", faces=(1, 8))
    if b.pending is not None and b.pending.kind == "choose_unit":
        assert b.answer(ChooseUnit("gor")).ok
    b.edit("ada", Health).hp = 3
    push(b, 2)
    assert b.answer(MeleeAttack("gor", "ada", "ogre_club")).ok
    assert hit_by(b) < 0
    assert react(b, level) == TotalDefense("ada")
    b.close()


# -- 004 · Make a Snap Attack -----------------------------------------------------------------
def chief_hits_ada(chief_hp: int, ada_hp: int = 9) -> Battle:
    """Gor, a bandit chief on ``chief_hp`` HP, hits Ada (a warrior on ``ada_hp`` HP, her
    Main action free, sword in hand) by a wide margin (no Total Defense): the
    ``before_damage`` window (Snap Attack) is pending for her. A bandit archer far off
    keeps Gor from being the last of his side (``chief_and_friend``)."""
    b = chief_and_friend()
    b.edit("gor", Health).hp = chief_hp
    b.edit("ada", Health).hp = ada_hp
    push(b, 20)  # 25 vs AC 16
    assert b.answer(MeleeAttack("gor", "ada", "sword")).ok
    assert b.pending is not None and b.pending.kind == "reaction" and b.pending.unit == "ada"
    assert SnapAttack("ada", "gor", "sword") in b.pending.answers
    return b


@pytest.mark.parametrize("level", LEVELS)
def test_ai_snap_attacks_the_chief_on_his_last_hit_point(level: str) -> None:
    """004 · Make a Snap Attack: a blow at -4 after the enemy's hit and before its
    damage; if it drops the attacker, the damage never lands. The chief who just hit Ada
    is on 1 HP: any hit of hers drops him before his sword bites, and a blow on her own
    turn could do no more. The right move is the Snap Attack on him."""
    b = chief_hits_ada(1)
    answer = react(b, level)
    assert isinstance(answer, SnapAttack), answer
    assert answer.target == "gor"
    b.close()


@pytest.mark.parametrize("level", LEVELS)
def test_ai_keeps_its_main_action_rather_than_snap_at_an_unhurt_chief(level: str) -> None:
    """004 · Make a Snap Attack gives up the Main action. The chief who just hit Ada is
    unhurt (16 HP): a blow at -4 cannot drop him and rarely lands, and it would cost her
    the full blow of her own turn. She declines."""
    b = chief_hits_ada(16)
    assert react(b, level) == Decline("ada")
    b.close()


@pytest.mark.parametrize("level", LEVELS)
def test_ai_snap_attacks_when_the_hit_will_drop_it_anyway(level: str) -> None:
    """004 · Make a Snap Attack gives up the Main action, but the unit the pending hit
    drops has no Main action left to use. The unhurt chief's sword has hit Ada on her
    last hit point: the snap at -4 is her only blow, and it costs her nothing."""
    b = chief_hits_ada(16, ada_hp=1)
    answer = react(b, level)
    assert isinstance(answer, SnapAttack), answer
    b.close()


# -- 004 · Combat Maneuvers · Grappling -------------------------------------------------------
@pytest.mark.parametrize(("ada_hp", "cx_hp", "grabs"), [(3, 30, True), (9, 8, False)])
def test_hard_grapples_the_crossbowman_her_sword_cannot_drop(
    ada_hp: int, cx_hp: int, grabs: bool
) -> None:
    """004 · Grappling: a grappled unit may not move and fights bare-handed only. Ada
    stands beside a crossbowman (crossbow in hand, his sword stowed). On 3 HP she is
    dropped by most of his bolts (1d10) but by none of his punches (1d2); his 30 HP are
    beyond her sword this turn, and struck or not he steps back and shoots her, wherever
    she runs. The right move is to grab him: held, he cannot shoot. Unhurt, beside one
    she may drop (8 HP), she strikes him (or charges) instead."""
    b = position(
        OPEN,
        [("Ada", "party", "warrior", (5, 4)), ("Cx", "bandits", "crossbowman", (6, 4))],
        "ada",
        hp={"ada": ada_hp, "cx": cx_hp},
    )
    assert b.edit("cx", Loadout).readied == ["crossbow"]
    answer = ask(b, "tactical")
    if grabs:
        assert answer == Grapple("ada", "cx")
    else:
        assert isinstance(answer, MeleeAttack | Charge), answer
        assert answer.target == "cx"
    b.close()

"""004 · Screen an Ally and Hold An Action, with fixed dice."""

from __future__ import annotations

from engine_support import act, battle, field, push
from grid_more_support import cond, option, react, reaction_kinds, set_hp

from game.engine import Battle, ChooseUnit, EndTurn
from game.engine.answers import Decline
from game.engine.events import Rolled
from game.rules.grid.attack import MeleeAttack, RangedAttack
from game.rules.grid.events import AttackDeclared
from game.rules.grid.hold import ActNow, HoldAction
from game.rules.grid.move import Move
from game.rules.grid.prone import GoProne
from game.rules.grid.screen import ScreenAlly

OPEN = "\n".join(["." * 8] * 4)


def screened(faces: tuple[int, ...] = (8, 1)) -> Battle:
    """Ada (warrior, Stab 1) screens Cy (archer); Gor (skeleton) and Hal (bandit) stand
    next to both. The party acts first; Ada screens, then both end their turns."""
    spawns = [
        ("Ada", "party", "warrior", (2, 1)),
        ("Cy", "party", "archer", (3, 1)),
        ("Gor", "bandits", "skeleton", (3, 2)),
        ("Hal", "bandits", "bandit", (2, 2)),
    ]
    b = battle(field(OPEN, spawns), faces=faces)
    for u in ("ada", "cy", "gor", "hal"):
        set_hp(b, u, 30)
    act(b, ScreenAlly("ada", "cy"))
    act(b, EndTurn("ada"))
    act(b, EndTurn("cy"))
    return b


def last_target(b: Battle) -> str:
    return [e for e in b.events if isinstance(e, AttackDeclared)][-1].target


def test_screen_wins_the_opposed_check_and_takes_the_attack() -> None:
    b = screened()
    assert cond(b, "ada").screening == "cy"
    # Gor: 2d6 3+3 +0 = 6 against Ada: 3+3 + STR 1 + Stab 1 = 8; then Gor misses Ada
    push(b, 3, 3, 3, 3, 1)
    act(b, MeleeAttack("gor", "cy", "sword"))
    assert last_target(b) == "ada"


def test_attacker_who_beats_the_screen_attacks_the_ward() -> None:
    b = screened()
    push(b, 6, 6, 1, 1, 1)  # 12 against 4: past the screen; then a miss on Cy
    act(b, MeleeAttack("gor", "cy", "sword"))
    assert last_target(b) == "cy"


def test_a_screener_handles_as_many_attackers_as_its_combat_skill() -> None:
    b = screened()
    push(b, 3, 3, 3, 3, 1)
    act(b, MeleeAttack("gor", "cy", "sword"))
    act(b, EndTurn("gor"))
    before = len([e for e in b.events if isinstance(e, Rolled)])
    push(b, 1)  # Hal's attack roll only: Ada's one screen this round is used up
    act(b, MeleeAttack("hal", "cy", "spear"))
    assert last_target(b) == "cy"
    assert len([e for e in b.events if isinstance(e, Rolled)]) == before + 1


def test_screening_needs_a_combat_skill_of_at_least_one() -> None:
    spawns = [
        ("Gor", "bandits", "bandit", (2, 1)),
        ("Hal", "bandits", "bandit", (3, 1)),
        ("Ada", "party", "warrior", (7, 3)),
    ]
    b = battle(field(OPEN, spawns), faces=(1, 8))
    act(b, ChooseUnit("gor"))
    allowed, reason, _ = option(b, "screen_ally")
    assert not allowed and "level 1 in a combat skill" in reason


def test_screen_must_end_next_to_the_ward() -> None:
    spawns = [
        ("Ada", "party", "warrior", (0, 0)),
        ("Cy", "party", "archer", (5, 3)),
        ("Gor", "bandits", "skeleton", (7, 0)),
    ]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    r = b.answer(ScreenAlly("ada", "cy", ((1, 1),)))
    assert not r.ok
    act(b, ScreenAlly("ada", "cy", ((1, 1), (2, 2), (3, 2), (4, 2))))
    assert cond(b, "ada").screening == "cy"


def test_a_held_action_resolves_before_the_action_that_triggered_it() -> None:
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "skeleton", (2, 1))]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    set_hp(b, "gor", 5)
    act(b, HoldAction("ada"))  # the turn ends at once
    assert cond(b, "ada").held_action and b.pending and b.pending.unit == "gor"
    react(b, MeleeAttack("gor", "ada", "sword"))
    assert reaction_kinds(b) == ["act_now", "decline"]
    react(b, ActNow("ada"))
    assert b.pending and b.pending.kind == "turn" and b.pending.unit == "ada"
    push(b, 20, 8)
    act(b, MeleeAttack("ada", "gor", "sword"))  # Gor falls before it can strike
    assert b.over and b.winner == "party"
    assert [e.attacker for e in b.events if isinstance(e, AttackDeclared)] == ["ada"]


def test_held_actions_are_lost_at_the_end_of_the_round() -> None:
    spawns = [("Ada", "party", "warrior", (0, 0)), ("Gor", "bandits", "skeleton", (7, 3))]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    act(b, HoldAction("ada"))
    react(b, EndTurn("gor"))
    assert reaction_kinds(b) == ["act_now", "decline"]  # the last chance this round
    act(b, Decline("ada"))
    assert not cond(b, "ada").held_action and b.round == 2


def test_a_held_action_can_wait_for_the_foe_to_come_and_strike_when_its_turn_is_over() -> None:
    """004 · Hold An Action: the held actions may be taken "at any point until the end of
    the round", not only before another unit's Main or Move: here after the foe has
    walked up and ended its turn (it did not come into reach before that)."""
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "skeleton", (5, 1))]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    set_hp(b, "gor", 5)
    act(b, HoldAction("ada"))
    react(b, Move("gor", ((4, 1), (3, 1), (2, 1))))
    assert reaction_kinds(b) == ["act_now", "decline"]  # before the move: too early
    react(b, Decline("ada"))
    react(b, EndTurn("gor"))
    assert reaction_kinds(b) == ["act_now", "decline"]  # Gor is done, next to Ada
    react(b, ActNow("ada"))
    push(b, 20, 8)
    act(b, MeleeAttack("ada", "gor", "sword"))
    assert b.over and b.winner == "party"


def test_a_held_action_can_answer_any_action_even_a_free_one() -> None:
    """004 · Hold An Action: "If your held action is taken in response to someone else's
    action, yours resolves first" — any action: a Free one (Go Prone) too."""
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "skeleton", (2, 1))]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    act(b, HoldAction("ada"))
    react(b, GoProne("gor"))
    assert reaction_kinds(b) == ["act_now", "decline"]
    react(b, ActNow("ada"))
    assert b.pending is not None and b.pending.unit == "ada" and not cond(b, "gor").prone


def test_hold_is_refused_when_nobody_else_acts_before_the_round_ends() -> None:
    """004 · Hold An Action: held actions last "until the end of the round, after which
    they are lost". The last unit to act in a round would only lose its Move: Hold is
    greyed with that reason (play-test 15), while the side acting first may hold."""
    spawns = [("Ada", "party", "warrior", (0, 0)), ("Gor", "bandits", "skeleton", (7, 3))]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    assert option(b, "hold_action")[0]  # Gor has still to act
    act(b, EndTurn("ada"))
    allowed, reason, _ = option(b, "hold_action")
    assert b.pending is not None and b.pending.unit == "gor"
    assert not allowed and "held action is lost" in reason


def test_hold_needs_the_move_action() -> None:
    spawns = [("Ada", "party", "warrior", (0, 0)), ("Gor", "bandits", "skeleton", (7, 3))]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    act(b, Move("ada", ((1, 0),)))
    allowed, reason, _ = option(b, "hold_action")
    assert not allowed and "Move action is already spent" in reason


def test_several_screeners_the_worst_rolling_successful_one_takes_the_attack() -> None:
    spawns = [
        ("Ada", "party", "warrior", (2, 1)),
        ("Bo", "party", "captain", (4, 1)),
        ("Cy", "party", "archer", (3, 1)),
        ("Gor", "bandits", "skeleton", (3, 2)),
    ]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    for u in ("ada", "bo", "cy", "gor"):
        set_hp(b, u, 30)
    for u in ("ada", "bo"):
        act(b, ScreenAlly(u, "cy"))
        act(b, EndTurn(u))
    act(b, EndTurn("cy"))
    # Gor 1+1 = 2; Ada 3+3 +2 = 8 and Bo 2+2 +2 = 6 both hold: the worse roll, Bo, is hit at
    push(b, 1, 1, 3, 3, 2, 2, 1)
    act(b, MeleeAttack("gor", "cy", "sword"))
    assert last_target(b) == "bo"


def test_a_ranged_attack_is_screened_only_by_a_screener_nearer_to_the_shooter() -> None:
    spawns = [
        ("Ada", "party", "warrior", (2, 1)),
        ("Cy", "party", "archer", (1, 1)),
        ("Gor", "bandits", "bandit_archer", (7, 1)),
    ]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    for u in ("ada", "cy", "gor"):
        set_hp(b, u, 30)
    act(b, ScreenAlly("ada", "cy"))
    act(b, EndTurn("ada"))
    act(b, EndTurn("cy"))
    # Ada (2,1) stands between Cy (1,1) and the shooter (7,1): the check is made
    push(b, 1, 1, 3, 3, 1)
    act(b, RangedAttack("gor", "cy", "shortbow"))
    assert last_target(b) == "ada"


def test_a_screener_behind_the_ward_cannot_stop_an_arrow() -> None:
    spawns = [
        ("Ada", "party", "warrior", (0, 1)),
        ("Cy", "party", "archer", (1, 1)),
        ("Gor", "bandits", "bandit_archer", (7, 1)),
    ]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    for u in ("ada", "cy", "gor"):
        set_hp(b, u, 30)
    act(b, ScreenAlly("ada", "cy"))
    act(b, EndTurn("ada"))
    act(b, EndTurn("cy"))
    push(b, 1)  # only the attack roll: no screen check
    act(b, RangedAttack("gor", "cy", "shortbow"))
    assert last_target(b) == "cy"


def ada_screens_cy() -> Battle:
    """Ada screens Cy; the only enemy is far away."""
    spawns = [
        ("Ada", "party", "warrior", (2, 1)),
        ("Cy", "party", "archer", (3, 1)),
        ("Gor", "bandits", "skeleton", (7, 3)),
    ]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    act(b, ScreenAlly("ada", "cy"))
    return b


def test_a_screen_ends_when_the_screener_moves_away_from_its_ward() -> None:
    """004 · Screen an Ally: "provided they remain within 5 ft of you". Ada screens Cy,
    then spends her Main on a second Move away: the screen is over at once (no status
    left behind), and it does not come back when she returns."""
    b = ada_screens_cy()
    assert cond(b, "ada").screening == "cy"
    act(b, Move("ada", ((1, 1), (0, 1))))
    assert cond(b, "ada").screening is None
    assert any(getattr(e, "text", lambda: "")() == "Ada no longer screens Cy" for e in b.events)


def test_a_screen_ends_when_the_ward_moves_away() -> None:
    b = ada_screens_cy()
    act(b, EndTurn("ada"))
    act(b, Move("cy", ((4, 1), (5, 1))))
    assert cond(b, "ada").screening is None

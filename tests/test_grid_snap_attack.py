"""004 · Make a Snap Attack (Instant): -4, gives up the Main action, trained units only,
and it can down an attacker after its hit but before its damage."""

from __future__ import annotations

from engine_support import act, battle, duel, field, push
from grid_more_support import damage, hp, option, react, reaction_kinds, rolls, set_hp, spent

from game.engine import Battle
from game.engine.answers import ChooseUnit, Decline
from game.engine.events import Died, Note
from game.rules.grid.attack import MeleeAttack
from game.rules.grid.snap_attack import SnapAttack


def chief_and_friend() -> Battle:
    """Ada (warrior) next to Gor (bandit chief), with a second bandit far off so Gor is
    never the lone survivor (no morale roll); the bandits act first."""
    bf = field(
        "........\n........\n........\n........",
        [
            ("Ada", "party", "warrior", (1, 1)),
            ("Gor", "bandits", "bandit_chief", (2, 1)),
            ("Hal", "bandits", "bandit_archer", (7, 3)),
        ],
    )
    b = battle(bf, faces=(1, 8))
    act(b, ChooseUnit("gor"))
    return b


def test_snap_attack_that_kills_the_attacker_prevents_its_damage() -> None:
    b = chief_and_friend()
    set_hp(b, "gor", 1)
    push(b, 20)  # the chief hits
    react(b, MeleeAttack("gor", "ada", "sword"))
    assert "snap_attack" in reaction_kinds(b)
    push(b, 17, 4, 1, 1, 1, 1)  # 17 + 3 - 4 = 16 vs AC 16: hit; d8 4 + 1 = 5; Hal's
    # two morale checks hold (first casualty, half the side down)
    react(b, SnapAttack("ada", "gor", "sword"))
    assert any(isinstance(e, Died) and e.unit == "gor" for e in b.events)
    assert not [d for d in damage(b) if d.unit == "ada"]
    assert any(isinstance(e, Note) and "before the blow lands" in e.text() for e in b.events)
    assert spent(b, "ada").main_used


def test_snap_attack_is_at_minus_four() -> None:
    b = chief_and_friend()
    set_hp(b, "gor", 30)
    push(b, 20)
    react(b, MeleeAttack("gor", "ada", "sword"))
    push(b, 16, 2)  # 16 + 3 - 4 = 15 < 16: miss; then the chief's damage d8 2
    react(b, SnapAttack("ada", "gor", "sword"))
    snap_roll = [r for r in rolls(b) if r.purpose == "attack roll"][-1]
    assert snap_roll.total == 15 and snap_roll.outcome == "miss"


def test_declined_snap_attack_lets_the_damage_land() -> None:
    b = duel(a="warrior", b="bandit_chief", faces=(1, 8))
    set_hp(b, "ada", 20)
    push(b, 20)
    react(b, MeleeAttack("gor", "ada", "sword"))
    push(b, 6)
    react(b, Decline("ada"))
    assert hp(b, "ada") == 14 and not spent(b, "ada").main_used


def test_untrained_npcs_cannot_snap_attack() -> None:
    b = duel(a="warrior", b="bandit")  # a plain bandit is not trained
    set_hp(b, "gor", 30)
    push(b, 20, 3)
    react(b, MeleeAttack("ada", "gor", "sword"))
    assert b.pending is not None and b.pending.kind == "turn"
    assert hp(b, "gor") == 26


def test_no_snap_attack_once_the_main_action_is_spent() -> None:
    b = duel(a="warrior", b="bandit_chief", faces=(1, 8))
    set_hp(b, "ada", 20)
    spent(b, "ada").main_used = True
    push(b, 20, 6)
    react(b, MeleeAttack("gor", "ada", "sword"))
    assert hp(b, "ada") == 14


def test_snap_attack_on_the_own_turn_is_on_the_menu_with_its_reason() -> None:
    b = duel(a="warrior", b="skeleton")
    allowed, reason, cost = option(b, "snap_attack")
    assert allowed and cost == "Instant"
    set_hp(b, "gor", 30)
    push(b, 20, 2)
    act(b, SnapAttack("ada", "gor", "sword"))
    assert spent(b, "ada").main_used and hp(b, "gor") == 27
    allowed, reason, _ = option(b, "snap_attack")
    assert not allowed and "Main action already spent" in reason


def test_snap_attack_is_greyed_out_for_untrained_units() -> None:
    b = duel(a="warrior", b="bandit", faces=(1, 8))
    allowed, reason, _ = option(b, "snap_attack")
    assert not allowed and "trained" in reason

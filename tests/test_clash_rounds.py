"""Source 000 · Initiative & Actions, Melee Clashes, Range Bands, Retreat and the decided
morale, with fixed dice (issue 7)."""

from __future__ import annotations

from clash_support import (
    clash_battle,
    declare,
    decline_all,
    duel_field,
    hp,
    log,
    set_state,
    state,
)

from game.engine.answers import EndTurn
from game.rules.clash.bands import band_of
from game.rules.clash.declare import (
    ClashAttack,
    ClashGambit,
    ClashMove,
    ClashRetreat,
    ClashShoot,
)
from game.rules.clash.events import Declared, IntentionRevealed, OrderSet

# Ada: warrior (party) STR 15 DEX 11 HP 5 Armor 3, sword (d8) and javelin.
# Gor, Hal: bandits STR 11 DEX 11 HP 3 Armor 2, spear (d6, Reach) and dagger.
FACE_TO_FACE = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]


def orders(b: object) -> list[OrderSet]:
    return [e for e in b.events if isinstance(e, OrderSet)]  # type: ignore[attr-defined]


def test_declarations_are_hidden_until_every_unit_has_declared_then_revealed() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [])
    assert b.pending is not None and b.pending.kind == "turn" and b.pending.unit == "ada"
    assert b.answer(ClashAttack("ada", "gor", "sword")).ok
    declared = [e for e in b.events if isinstance(e, Declared)]
    assert [e.unit for e in declared] == ["ada"]
    assert "sword" not in " ".join(log(b)).lower()  # nothing of what Ada chose shows
    assert not any(isinstance(e, IntentionRevealed) for e in b.events)
    assert b.pending is not None and b.pending.unit == "gor" and b.pending.side == "bandits"


def test_every_intention_is_revealed_with_its_turn_size_before_anything_resolves() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [5, 4])  # Ada's DEX save 5, then damage
    declare(b, ClashAttack("ada", "gor", "sword"), EndTurn("gor"))
    revealed = [e for e in b.events if isinstance(e, IntentionRevealed)]
    assert [(e.unit, e.turn, e.target) for e in revealed] == [("ada", "quick", "gor")]
    assert revealed[0].text() == "Ada intends to attack Gor with the Sword (quick turn)"


def test_quick_turns_resolve_before_full_turns() -> None:
    # Hal must walk to Ada (full turn); Gor strikes from Close (quick turn): Gor first.
    bf = duel_field(FACE_TO_FACE + [("Hal", "bandits", "bandit", (6, 1))])
    b = clash_battle(bf, [6, 2])  # Gor's spear 6, Hal's spear 2
    declare(
        b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"), ClashAttack("hal", "ada", "spear")
    )
    decline_all(b)
    order = orders(b)
    assert [(o.group, o.order) for o in order] == [("quick", ("gor",)), ("full", ("hal",))]
    text = log(b)
    assert text.index("Gor damage vs Ada with Spear: d6 6 = 6") < text.index(
        "Hal moves 20 ft to 2,0"
    )


def test_a_made_dex_save_acts_before_the_enemies_a_failed_one_after() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [11, 4, 3])  # save 11 vs DEX 11: made
    declare(b, ClashAttack("ada", "gor", "sword"), ClashAttack("gor", "ada", "spear"))
    assert orders(b)[0].order == ("ada", "gor")
    b2 = clash_battle(duel_field(FACE_TO_FACE), [12, 4, 3])  # 12: failed
    declare(b2, ClashAttack("ada", "gor", "sword"), ClashAttack("gor", "ada", "spear"))
    assert orders(b2)[0].order == ("gor", "ada")


def test_no_dex_save_when_only_one_side_takes_turns_of_that_kind() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [4])  # only the damage die
    declare(b, ClashAttack("ada", "gor", "sword"), EndTurn("gor"))
    decline_all(b)
    assert not any("DEX save" in line for line in log(b))


def test_melee_clashes_closing_in_the_longer_weapon_strikes_first() -> None:
    # Both close in (full turns); Gor's spear has Reach, Ada's sword is balanced: with
    # clashes on, Gor strikes first even though Ada made her DEX save.
    bf = duel_field([("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (4, 1))])
    b = clash_battle(bf, [1], options={"melee_clashes": "on"})
    declare(b, ClashAttack("ada", "gor", "sword"), ClashAttack("gor", "ada", "spear"))
    assert orders(b)[0].order == ("gor", "ada")
    off = clash_battle(bf, [1])
    declare(off, ClashAttack("ada", "gor", "sword"), ClashAttack("gor", "ada", "spear"))
    assert orders(off)[0].order == ("ada", "gor")


def test_melee_clashes_already_close_the_faster_weapon_strikes_first() -> None:
    # Already Close (quick turns): the reverse: Gor's spear (Reach) goes last, Ada's
    # balanced sword first although Ada failed her DEX save.
    b = clash_battle(duel_field(FACE_TO_FACE), [20], options={"melee_clashes": "on"})
    declare(b, ClashAttack("ada", "gor", "sword"), ClashAttack("gor", "ada", "spear"))
    assert orders(b)[0].order == ("ada", "gor")


def test_melee_clashes_enhanced_attacks_go_before_normal_and_impaired_last() -> None:
    # Ada made her DEX save (1) but her attack is impaired: it goes after Gor's.
    b = clash_battle(duel_field(FACE_TO_FACE), [1], options={"melee_clashes": "on"})
    set_state(b, "ada", crit_failed=True)
    declare(b, ClashAttack("ada", "gor", "sword"), ClashAttack("gor", "ada", "dagger"))
    assert orders(b)[0].order == ("gor", "ada")
    # Ada failed her save (20) but strikes a prone Gor, enhanced: she goes first.
    b2 = clash_battle(duel_field(FACE_TO_FACE), [20], options={"melee_clashes": "on"})
    set_state(b2, "gor", prone=True)  # attacks on Gor are enhanced
    declare(b2, ClashAttack("ada", "gor", "sword"), ClashAttack("gor", "ada", "dagger"))
    assert orders(b2)[0].order == ("ada", "gor")


def test_range_bands_in_squares() -> None:
    assert [band_of(n) for n in (1, 2, 6, 7, 24, 25)] == [
        "Close",
        "Near",
        "Near",
        "Far",
        "Far",
        "Distant",
    ]


def test_shots_reach_near_and_far_but_not_close_or_distant_targets() -> None:
    bf = duel_field(
        [
            ("Cy", "party", "archer", (0, 0)),
            ("Gor", "bandits", "bandit", (1, 0)),
            ("Hal", "bandits", "bandit", (9, 4)),
        ]
    )
    b = clash_battle(bf, [])
    assert "Close" in (b.validate(ClashShoot("cy", "gor", "longbow")) or "")
    assert b.validate(ClashShoot("cy", "hal", "longbow")) is None


def test_a_move_within_one_move_is_a_quick_turn_two_moves_or_leaving_close_a_full_one() -> None:
    bf = duel_field([("Ada", "party", "warrior", (0, 0)), ("Gor", "bandits", "bandit", (9, 4))])
    b = clash_battle(bf, [10])  # Ada's DEX save: both sides take quick turns
    declare(b, ClashMove("ada", (5, 0)), ClashMove("gor", (9, 1)))
    turns = {e.unit: e.turn for e in b.events if isinstance(e, IntentionRevealed)}
    assert turns == {"ada": "quick", "gor": "quick"}
    b2 = clash_battle(bf, [])
    declare(b2, ClashMove("ada", (8, 0)), EndTurn("gor"))
    assert [e.turn for e in b2.events if isinstance(e, IntentionRevealed)] == ["full"]
    b3 = clash_battle(duel_field(FACE_TO_FACE), [])
    declare(b3, ClashMove("ada", (0, 0)), EndTurn("gor"))
    assert [e.turn for e in b3.events if isinstance(e, IntentionRevealed)] == ["full"]


def test_retreat_is_a_quick_turn_away_from_close_foes_and_a_dex_save_to_leave() -> None:
    bf = duel_field(
        [
            ("Ada", "party", "warrior", (0, 0)),
            ("Gor", "bandits", "bandit", (9, 4)),
            ("Hal", "bandits", "bandit", (9, 0)),
        ]
    )
    b = clash_battle(bf, [3])  # DEX save 3 vs 11: made
    declare(b, ClashRetreat("ada"))
    assert [e.turn for e in b.events if isinstance(e, IntentionRevealed)] == ["quick"]
    assert b.unit("ada").status == "fled"
    assert b.over and b.winner == "bandits"


def test_retreat_from_a_close_foe_takes_a_full_turn_and_can_fail() -> None:
    bf = duel_field(FACE_TO_FACE + [("Hal", "bandits", "bandit", (9, 4))])
    b = clash_battle(bf, [15])  # 15 vs DEX 11: failed
    declare(b, ClashRetreat("ada"))
    assert [e.turn for e in b.events if isinstance(e, IntentionRevealed)] == ["full"]
    assert b.unit("ada").in_fight and "Ada fails to get away" in log(b)


def test_morale_first_casualty_calls_a_wil_save_and_a_failure_flees() -> None:
    # Ada kills Gor; at the end of the round the bandits save WIL (Hal: 9) and fail.
    bf = duel_field(FACE_TO_FACE + [("Hal", "bandits", "bandit", (9, 4))])
    b = clash_battle(bf, [8, 15])  # damage 8-2=6: 3 HP, then 3 STR: STR 0, dead
    set_state(b, "gor", STR=3)
    declare(b, ClashAttack("ada", "gor", "sword"))
    decline_all(b)
    assert b.unit("gor").status == "dead"
    assert "Hal WIL save for morale: d20 15 = 15 vs WIL 9: failed (needs 9 or less)" in log(b)
    assert b.unit("hal").status == "fled" and b.winner == "party"


def test_dex_save_mode_each_unit_acts_in_full_when_its_turn_comes() -> None:
    bf = duel_field([("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (4, 1))])
    b = clash_battle(bf, [2, 5], options={"initiative": "dex_save"})
    assert b.pending is not None and b.pending.unit == "ada"  # made the save: first
    assert b.answer(ClashAttack("ada", "gor", "sword")).ok  # moves Close and strikes
    decline_all(b)
    assert "Ada moves 10 ft to 3,1" in log(b)
    assert "Gor is struck for 5 - Armor 2 = 3" in log(b)
    assert hp(b, "gor") == 0
    assert state(b, "gor").STR == 11


def test_full_turn_attack_then_move_away_strikes_from_close_then_moves() -> None:
    # 000 · full turn: "Making a melee attack or trying a gambit, and then moving away".
    b = clash_battle(duel_field(FACE_TO_FACE), [4])  # Ada's sword 4 (no DEX save: only
    declare(b, ClashAttack("ada", "gor", "sword", None, (0, 1)), EndTurn("gor"))  # she acts)
    revealed = [e for e in b.events if isinstance(e, IntentionRevealed)]
    assert [(e.unit, e.turn) for e in revealed] == [("ada", "full")]
    assert revealed[0].text() == (
        "Ada intends to attack Gor with the Sword, then move to 0,1 (full turn)"
    )
    decline_all(b)
    text = log(b)
    assert text.index("Gor is struck for 4 - Armor 2 = 2") < text.index("Ada moves 5 ft to 0,1")
    assert b.unit("ada").cell == (0, 1) and hp(b, "gor") == 1


def test_full_turn_gambit_then_move_away() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [2, 20])  # gambit roll 2, Gor's DEX save 20
    declare(b, ClashGambit("ada", "gor", "sword", "trip", None, (1, 3)), EndTurn("gor"))
    decline_all(b)
    text = log(b)  # (prone until the round ends: the log tells)
    trip = next(i for i, line in enumerate(text) if "trips Gor" in line)
    assert trip < text.index("Ada moves 10 ft to 1,3")


def test_attack_then_move_away_needs_the_foe_close_and_a_square_within_one_move() -> None:
    far = clash_battle(
        duel_field([("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (4, 1))]), []
    )
    assert "not Close" in (far.validate(ClashAttack("ada", "gor", "sword", None, (0, 1))) or "")
    b = clash_battle(duel_field(FACE_TO_FACE), [])
    assert "within one move" in (b.validate(ClashAttack("ada", "gor", "sword", None, (9, 1))) or "")
    assert "within one move" in (
        b.validate(ClashAttack("ada", "gor", "sword", None, (2, 1))) or ""
    )  # Gor's own square
    assert b.validate(ClashAttack("ada", "gor", "sword", None, (6, 1))) is None
    offered = [a for a in b.legal_answers() if isinstance(a, ClashAttack) and a.then_to]
    assert offered and all(a.target == "gor" for a in offered)


def test_attack_then_move_away_fizzles_on_a_foe_no_longer_close_but_still_moves() -> None:
    # Gor (quick turn) shoves Ada away first; her blow finds him no longer Close.
    b = clash_battle(duel_field(FACE_TO_FACE), [1, 20])  # shove roll 1, Ada's STR save 20
    declare(
        b,
        ClashAttack("ada", "gor", "sword", None, (0, 3)),
        ClashGambit("gor", "ada", "spear", "shove"),
    )
    decline_all(b)
    text = log(b)
    assert "Gor is no longer Close: Ada's attack fizzles" in text
    assert b.unit("ada").cell == (0, 3)


def test_full_turn_shoot_then_move() -> None:
    # 000 · full turn: "Moving before or after making a ranged attack".
    bf = duel_field([("Cy", "party", "archer", (0, 0)), ("Hal", "bandits", "bandit", (9, 4))])
    b = clash_battle(bf, [3])
    assert "not both" in (b.validate(ClashShoot("cy", "hal", "longbow", (0, 1), (0, 2))) or "")
    declare(b, ClashShoot("cy", "hal", "longbow", None, (0, 3)), EndTurn("hal"))
    decline_all(b)
    assert [e.turn for e in b.events if isinstance(e, IntentionRevealed)] == ["full"]
    text = log(b)
    shot = next(i for i, line in enumerate(text) if "Hal is struck" in line)
    assert shot < text.index("Cy moves 15 ft to 0,3")


def test_melee_clashes_striking_then_moving_away_counts_as_already_close() -> None:
    # Both strike from Close and then move away (full turns): the faster weapon first, as
    # when already Close, although Ada failed her DEX save (20).
    b = clash_battle(duel_field(FACE_TO_FACE), [20], options={"melee_clashes": "on"})
    declare(
        b,
        ClashAttack("ada", "gor", "sword", None, (0, 1)),
        ClashAttack("gor", "ada", "spear", None, (3, 1)),
    )
    assert [(o.group, o.order) for o in orders(b)] == [("full", ("ada", "gor"))]


def test_a_revealed_intention_names_the_squares_it_goes_to() -> None:
    """The reveal names the squares of a move (before or after the shot) as a field
    (``IntentionRevealed.to``), so a screen under fog can leave them out (play-test 8)."""
    bf = duel_field([("Cy", "party", "archer", (0, 0)), ("Hal", "bandits", "bandit", (9, 4))])
    b = clash_battle(bf, [3])
    declare(b, ClashShoot("cy", "hal", "longbow", None, (0, 3)), ClashMove("hal", (9, 2)))
    revealed = {e.unit: e for e in b.events if isinstance(e, IntentionRevealed)}
    assert revealed["cy"].to == ((0, 3),) and revealed["hal"].to == ((9, 2),)
    # and the unit it aims at by name, which a reader who cannot see it does not read
    assert revealed["cy"].target_name == "Hal" and revealed["hal"].target_name == ""

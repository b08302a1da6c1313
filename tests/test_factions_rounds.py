"""Source 003 · Combat procedure, Initiative, Taking a turn (factions ruleset), with
fixed dice: alternating activations, passes, the initiative's choice, the turn's budget
and the move by a zone."""

from __future__ import annotations

from factions_support import (
    activate,
    begin,
    decline_all,
    end,
    fbattle,
    ffield,
    log,
    ok,
    pass_,
    start,
    turn,
)

from game.engine.answers import ChooseUnit
from game.rules.factions.answers import Attack, BeginWith, Move, Pass, Speak

DUEL = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (8, 1))]
FOUR = DUEL + [("Bea", "party", "skirmisher", (1, 3)), ("Dun", "bandits", "bandit", (8, 3))]


def test_initiative_is_rolled_when_no_one_started_the_fight_and_its_holder_picks_who_begins() -> (
    None
):
    b = fbattle(ffield(DUEL), [2])
    assert "Which side holds the initiative: d2 2 = 2" in log(b)
    d = b.pending
    assert d is not None and d.kind == "choose_side" and d.side == "bandits"
    assert set(d.answers) == {BeginWith("party"), BeginWith("bandits")}
    begin(b, "party")
    assert b.pending is not None and b.pending.side == "party"


def test_factions_alternate_one_unit_at_a_time_and_each_unit_acts_once_a_round() -> None:
    b = fbattle(ffield(FOUR), [1])
    start(b, "party", "ada")
    end(b, "ada")
    d = b.pending
    assert d is not None and d.kind == "choose_unit" and d.side == "bandits"
    activate(b, "gor")
    end(b, "gor")
    d = b.pending
    assert d is not None and d.side == "party"
    assert ChooseUnit("ada") not in d.answers and ChooseUnit("bea") in d.answers


def test_a_pass_is_an_answer_with_its_option_and_the_round_ends_when_all_pass_in_a_row() -> None:
    b = fbattle(ffield(FOUR), [1])
    begin(b, "party")
    d = b.pending
    assert d is not None
    passing = [o for o in d.options if o.kind == Pass.kind]
    assert passing and passing[0].answer == Pass("party") and passing[0].label == "Pass"
    pass_(b, "party")
    activate(b, "gor")  # bandits act: the passes in a row start again
    end(b, "gor")
    pass_(b, "party")
    pass_(b, "bandits")
    assert "End of round 1" in log(b)
    assert b.round == 2
    assert turn(b, "ada").acted is False  # a new round: everyone may act again


def test_a_faction_with_no_one_left_to_act_passes_by_itself() -> None:
    b = fbattle(ffield(DUEL), [1])
    start(b, "party", "ada")
    end(b, "ada")
    activate(b, "gor")
    end(b, "gor")
    assert "End of round 1" in log(b)


def test_a_turn_is_a_bonus_action_and_a_main_action_or_a_second_bonus_action() -> None:
    b = fbattle(ffield(DUEL), [1])
    start(b, "party", "ada")
    ok(b, Speak("ada"))
    ok(b, Speak("ada"))
    assert b.validate(Speak("ada")) is not None
    assert b.validate(Attack("ada", "gor", "javelin", "ranged")) is not None  # main is gone


def test_a_main_action_leaves_one_bonus_action() -> None:
    b = fbattle(ffield(DUEL), [1, 5])
    start(b, "party", "ada")
    ok(b, Attack("ada", "gor", "javelin", "ranged"))
    decline_all(b)
    assert b.validate(Speak("ada")) is None
    ok(b, Speak("ada"))
    assert b.validate(Speak("ada")) is not None


def test_a_move_goes_one_zone_and_may_come_before_between_or_after_actions() -> None:
    b = fbattle(ffield(DUEL), [1])
    start(b, "party", "ada")
    assert b.validate(Move("ada", (8, 4))) is not None  # east: two zones away
    ok(b, Speak("ada"))
    ok(b, Move("ada", (5, 1)))  # the middle zone, between two bonus actions
    ok(b, Speak("ada"))
    assert "Ada moves 20 ft to 5,1" in log(b)
    assert b.validate(Move("ada", (6, 1))) is not None  # one move a turn

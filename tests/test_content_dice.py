"""Dice expressions and Shock ratings (004 · Damage, 004 · Shock)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content import Dice, Shock


@pytest.mark.parametrize(
    ("text", "dice"),
    [
        ("1d8", Dice(1, 8, 0)),
        ("2d4+1", Dice(2, 4, 1)),
        ("1d6-1", Dice(1, 6, -1)),
        (" 3D6 + 2 ", Dice(3, 6, 2)),
        ("1d2", Dice(1, 2, 0)),
    ],
)
def test_dice_parse_reads_count_sides_and_bonus(text: str, dice: Dice) -> None:
    assert Dice.parse(text) == dice


@pytest.mark.parametrize("text", ["", "d8", "1d", "1d8+", "1x8", "0d6", "21d6", "1d7", "1d8+30"])
def test_dice_parse_refuses_malformed_or_absurd_dice(text: str) -> None:
    with pytest.raises(ValueError):
        Dice.parse(text)


def test_dice_bounds_and_text_round_trip() -> None:
    dice = Dice.parse("2d4+1")
    assert (dice.min, dice.max, dice.mean) == (3, 9, 6.0)
    assert str(dice) == "2d4+1"
    assert str(Dice(1, 6, -1)) == "1d6-1"
    assert Dice.parse(str(Dice(3, 10))) == Dice(3, 10)


def test_dice_roll_uses_only_the_given_generator_one_randint_per_die() -> None:
    rng = random.Random(7)
    expected_rng = random.Random(7)
    expected = expected_rng.randint(1, 6) + expected_rng.randint(1, 6) + 2
    assert Dice(2, 6, 2).roll(rng) == expected
    # Same seed, same rolls: what replays depend on.
    assert [Dice(1, 20).roll(random.Random(3)) for _ in range(3)] == [
        Dice(1, 20).roll(random.Random(3))
    ] * 3


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(1, 6),
    sides=st.sampled_from([2, 4, 6, 8, 10, 12, 20]),
    bonus=st.integers(-3, 5),
    seed=st.integers(0, 2**32),
)
def test_dice_roll_stays_within_min_and_max(count: int, sides: int, bonus: int, seed: int) -> None:
    dice = Dice(count, sides, bonus)
    roll = dice.roll(random.Random(seed))
    assert dice.min <= roll <= dice.max


@pytest.mark.parametrize(
    ("text", "shock"),
    [
        ("2/13", Shock(2, 13)),
        ("1/AC15", Shock(1, 15)),
        ("3/-", Shock(3, None)),
        ("5 / ac 18", Shock(5, 18)),
    ],
)
def test_shock_parse_reads_points_and_ac_including_dash_form(text: str, shock: Shock) -> None:
    assert Shock.parse(text) == shock


@pytest.mark.parametrize("text", ["2", "2/", "/13", "two/13", "2/thirteen", "0/13", "2/40"])
def test_shock_parse_refuses_malformed_ratings(text: str) -> None:
    with pytest.raises(ValueError):
        Shock.parse(text)


def test_shock_applies_on_miss_when_target_ac_at_or_below_threshold() -> None:
    shock = Shock(2, 13)
    assert shock.applies_to(12)
    assert shock.applies_to(13)
    assert not shock.applies_to(14)


def test_shock_dash_form_applies_whatever_the_target_ac() -> None:
    assert Shock(3, None).applies_to(25)
    assert str(Shock(3, None)) == "3/-"
    assert str(Shock(2, 13)) == "2/AC13"

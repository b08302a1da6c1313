"""The factions screen in plain words (second play-test): the card's "This round" row,
the reaction prompt's labels and costs, the legend's rows."""

from __future__ import annotations

from factions_support import end, fbattle, ffield, ok, react, start

from game.engine import Battle
from game.rules.factions.answers import Attack, Dodge

PAIR = [
    ("Ada", "party", "warrior", (1, 1)),
    ("Bea", "party", "skirmisher", (1, 2)),
    ("Gor", "bandits", "bandit", (2, 1)),
    ("Dun", "bandits", "bandit", (9, 4)),
]


def this_round(b: Battle, unit: str) -> str:
    rows = dict(b.sheet_rows(unit, full=False) or [])
    return rows["This round"]


def test_the_card_says_waiting_acting_acted_and_spent_on_a_reaction() -> None:
    b = fbattle(ffield(PAIR), [2, 5])
    assert this_round(b, "gor") == "waiting"
    start(b, "bandits", "gor")
    assert this_round(b, "gor") == "acting" and this_round(b, "ada") == "waiting"
    ok(b, Attack("gor", "ada", "spear"))
    react(b, Dodge("ada"))
    assert this_round(b, "ada") == "spent on a reaction"
    end(b, "gor")
    assert this_round(b, "gor") == "acted"

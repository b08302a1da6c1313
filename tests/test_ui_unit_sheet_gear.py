"""The unit card and sheet list what the unit holds now, not its template (issue 4 · unit
sheet; 004 · Ready or Stow an Item, Pick up an Item, Make a Ranged Attack): weapons in
hand and stowed say so, and a weapon thrown or dropped is no longer listed."""

from __future__ import annotations

from engine_support import act, battle, field, push
from grid_more_support import set_hp

from game.engine import Battle
from game.rules.grid.attack import MeleeAttack, RangedAttack
from game.rules.grid.items import PickUpItem
from game.rules.grid.sheet import carried_lines
from game.ui.engine_model import EngineModel

OPEN = "........\n........\n........\n........"


def _warrior_and_bandit() -> Battle:
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (1, 1)),
            ("Gor", "bandits", "bandit", (2, 1)),
            ("Hal", "bandits", "bandit_archer", (7, 3)),
        ],
    )
    b = battle(bf, faces=(8, 1))
    set_hp(b, "gor", 1)
    return b


def test_the_sheet_says_which_weapons_are_in_hand_and_which_are_stowed() -> None:
    model = EngineModel(_warrior_and_bandit())
    sheet = dict(model.sheet_lines("ada"))  # the warrior's shield leaves one hand: the sword
    assert sheet["Sword"] == "in hand · 1d8 · Shock 2/13 · +3 to hit · melee, reach 5 ft · blade"
    assert sheet["Javelin"].startswith("stowed · 1d6 · Shock 1/13")
    card = dict(model.card_lines("ada"))
    assert card["Sword"] == "in hand · 1d8, Shock 2/13"
    assert card["Javelin"] == "stowed · 1d6, Shock 1/13"


def test_a_dropped_weapon_leaves_the_sheet_and_a_picked_up_one_joins_it() -> None:
    b = _warrior_and_bandit()
    model = EngineModel(b)
    assert "Spear" in dict(model.sheet_lines("gor"))
    push(b, 20, 5, 1, 1, 1, 1)  # the hit kills Gor, who drops his spear; Hal's morale holds
    act(b, MeleeAttack("ada", "gor", "sword"))
    gor = dict(model.sheet_lines("gor"))
    assert "Spear" not in gor and gor["Dagger"].startswith("stowed · ")  # not in his hands
    act(b, PickUpItem("ada", "spear", (2, 1)))
    ada = dict(model.sheet_lines("ada"))
    assert ada["Spear"].startswith("in hand · ") and ada["Sword"].startswith("stowed · ")


def test_a_thrown_weapon_is_no_longer_listed() -> None:
    bf = field(
        OPEN,
        [
            ("Ada", "party", "skirmisher", (1, 1)),
            ("Gor", "bandits", "skeleton", (2, 1)),
            ("Hal", "bandits", "skeleton", (4, 1)),
        ],
    )
    b = battle(bf, faces=(8, 1))
    model = EngineModel(b)
    assert dict(model.sheet_lines("ada"))["Dagger"].startswith("in hand · ")
    push(b, 1)  # the dagger misses Hal and lies at his feet
    act(b, RangedAttack("ada", "hal", "dagger"))
    rows = dict(model.sheet_lines("ada"))
    assert "Dagger" not in rows and rows["Sword"].startswith("in hand · ")


def test_a_unit_holding_no_weapon_says_so() -> None:
    b = _warrior_and_bandit()
    model = EngineModel(b)
    template = b.content.templates["bandit"]
    rows = carried_lines(template, b.content, ((), ()), full=True)
    assert rows == [("Weapons", "none (bare hands)")]
    assert model.carried("gor") == (("spear",), ("dagger",))


def test_two_of_a_kind_in_the_same_place_share_a_row() -> None:
    """Play-test: Ceolmund's card listed 'Spear / Spear' after he picked up a second
    spear (004 · Pick up an Item). Two in hand read 'Spear ×2'; one in hand and one stowed
    keep a row each, saying where."""
    b = _warrior_and_bandit()
    template = b.content.templates["bandit"]
    both = dict(carried_lines(template, b.content, (("spear", "spear"), ("dagger",)), full=False))
    assert both["Spear ×2"].startswith("in hand · 1d") and "Spear" not in both
    split = carried_lines(template, b.content, (("spear",), ("spear", "dagger")), full=False)
    assert [name for name, _ in split] == ["Spear", "Spear", "Dagger"]
    assert [text.split(" · ")[0] for _, text in split] == ["in hand", "stowed", "stowed"]

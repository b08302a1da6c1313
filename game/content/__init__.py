"""Game content: weapons, armour, shields and unit templates, loaded from TOML files in
``game/content/data`` and validated (source 004 · Attack Rolls, Damage, Shock)."""

from __future__ import annotations

from game.content.armour import Armour, Shield, armour_class
from game.content.dice import Dice
from game.content.loader import DATA_DIR, Content, ContentError, load_content
from game.content.templates import UnitTemplate, attribute_modifier
from game.content.weapons import Shock, Weapon

__all__ = [
    "DATA_DIR",
    "Armour",
    "Content",
    "ContentError",
    "Dice",
    "Shield",
    "Shock",
    "UnitTemplate",
    "Weapon",
    "armour_class",
    "attribute_modifier",
    "load_content",
]

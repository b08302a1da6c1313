"""The factions log speaks in names, not ids (second play-test): a whole simulated
battle on a few maps holds no ``_`` id-like word, no unit id and no weapon id."""

from __future__ import annotations

import re

import pytest

from game.ai import make_controller, play
from game.engine import Battle
from game.maps import shipped_maps_dir
from game.rules.factions.events import Attacked

ID_LIKE = re.compile(r"\b\w+_\w+\b")
WORD = re.compile(r"[\w-]+")


@pytest.mark.parametrize(
    ("stem", "seed", "options"),
    [
        ("duel", 1, {}),
        ("village", 2, {"fast_slow": "on", "morale": "on"}),
        ("ambush", 3, {}),
        ("fort", 4, {"morale": "on"}),
    ],
)
def test_a_simulated_battle_log_holds_no_ids(stem: str, seed: int, options: dict[str, str]) -> None:
    b = Battle(shipped_maps_dir() / f"{stem}.tmx", "factions", seed=seed, options=options)
    play(b, {s: make_controller("hard", seed, "factions") for s in b.controllers})
    assert b.over
    ids = {u for u in b.unit_ids() if not u.istitle()} | {
        w for w, spec in b.ctx.content.weapons.items() if spec.name.lower() != w
    }
    texts = [e.text() for e in b.events]
    b.close()
    assert any(" attacks " in t for t in texts)
    for t in texts:
        assert not ID_LIKE.search(t), t
        assert not ids & set(WORD.findall(t)), t


def test_an_attack_names_the_weapon_not_its_id() -> None:
    shot = Attacked("wulf", "osric", "hand_axe", "ranged", "Wulf Half-Hand", "Osric", "Hand Axe")
    assert shot.text() == "Wulf Half-Hand attacks Osric with the hand axe (ranged)"

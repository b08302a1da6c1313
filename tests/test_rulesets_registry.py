"""The ruleset registry (game.rulesets): the one list of ruleset ids, read by the engine,
the map contract and the menu alike; a ruleset added at run time is known to all of them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.engine.battle import Battle
from game.maps.loader import load_battlefield
from game.rules.grid import GridRuleset
from game.rulesets import (
    UnknownRuleset,
    get_ruleset,
    register_ruleset,
    ruleset_ids,
    unregister_ruleset,
)

ROOT = Path(__file__).resolve().parents[1]


def test_the_shipped_rulesets_are_the_packages_in_game_rules_default_first() -> None:
    folders = sorted(
        p.name for p in (ROOT / "game" / "rules").iterdir() if (p / "__init__.py").is_file()
    )
    assert ruleset_ids()[0] == "grid"
    assert sorted(ruleset_ids()) == folders


def test_an_unknown_ruleset_is_refused_with_the_known_ones_named() -> None:
    with pytest.raises(UnknownRuleset, match="unknown ruleset 'chess' \\(known: grid, clash"):
        get_ruleset("chess")


class _Renamed(GridRuleset):
    id = "renamed"


@pytest.fixture
def renamed() -> Iterator[str]:
    register_ruleset("renamed", _Renamed)
    yield "renamed"
    unregister_ruleset("renamed")


def test_a_ruleset_registered_at_run_time_is_known_to_the_engine_and_the_map_contract(
    renamed: str, tmp_path: Path
) -> None:
    assert renamed in ruleset_ids()
    text = (ROOT / "maps" / "duel.tmx").read_text()
    text = text.replace('name="ruleset" value="grid"', f'name="ruleset" value="{renamed}"')
    (tmp_path / "assets").symlink_to(ROOT / "assets")  # the map names ../assets/tiles
    (tmp_path / "maps").mkdir()
    copy = tmp_path / "maps" / "duel.tmx"
    copy.write_text(text)
    assert load_battlefield(copy).scenario.ruleset == renamed
    b = Battle(ROOT / "maps" / "duel.tmx", ruleset=renamed, seed=1)
    assert b.ctx.ruleset.id == renamed
    b.close()


def test_a_ruleset_id_must_be_a_plain_name() -> None:
    with pytest.raises(ValueError, match="plain name"):
        register_ruleset("../x", _Renamed)

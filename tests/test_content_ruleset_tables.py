"""A ruleset brings its own content tables (``[units.<id>.<ruleset>]``) through a schema it
registers; the loader names no ruleset (issue 28). A toy ruleset, defined here, shows it:
its numbers come from its own sub-table, what it leaves out is derived, and a mistake is
one line naming the file, the entry and the field."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import esper
import pytest
from test_world_build import tiny_battlefield

from game.content import DATA_DIR, ContentError, load_content
from game.content.loader import Content
from game.content.schema import (
    ContentSchema,
    register_schema,
    registered,
    unregister_schema,
)
from game.content.tables import Table
from game.content.templates import UnitTemplate
from game.engine.seam import Ruleset
from game.rules.grid import GridRuleset
from game.rulesets import register_ruleset, unregister_ruleset
from game.world import build_world


@dataclass(frozen=True, slots=True)
class ToyUnit:
    """``[units.<id>.toy]``: ``might`` 1..10 (default: the template's speed in squares)."""

    might: int | None


@dataclass(frozen=True, slots=True)
class ToyWeapon:
    """``[weapons.<id>.toy]``: ``bite`` true or false."""

    bite: bool


class ToySchema(ContentSchema):
    id = "toy"

    def unit(self, table: Table) -> ToyUnit | None:
        count = len(table.problems)
        might = table.integer("might", 1, 10, default=None)
        table.finish()
        return ToyUnit(might) if len(table.problems) == count else None

    def weapon(self, table: Table) -> ToyWeapon | None:
        count = len(table.problems)
        bite = table.boolean("bite", False)
        table.finish()
        return ToyWeapon(bite) if len(table.problems) == count else None


@dataclass(slots=True)
class Might:
    """The toy ruleset's only component."""

    value: int


class ToyRuleset(Ruleset):
    id = "toy"
    schema = ToySchema()

    def build_unit(
        self, content: Content, template: UnitTemplate, rng: random.Random
    ) -> tuple[object, ...]:
        content.claim(self.schema)
        entry = template.tables.get(self.id)
        written = entry.might if isinstance(entry, ToyUnit) else None
        return (Might(written if written is not None else template.speed_squares),)


@pytest.fixture
def toy() -> Iterator[ToySchema]:
    schema = ToySchema()
    register_schema(schema)
    try:
        yield schema
    finally:
        unregister_schema(schema.id)


def _folder(tmp_path: Path, units: str = "", weapons: str = "") -> Path:
    folder = tmp_path / "content"
    shutil.copytree(DATA_DIR, folder)
    if units:
        with (folder / "units" / "party.toml").open("a", encoding="utf-8") as f:
            f.write("\n" + units)
    if weapons:
        with (folder / "weapons.toml").open("a", encoding="utf-8") as f:
            f.write("\n" + weapons)
    return folder


def _problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_content(folder)
    return info.value.problems


def test_a_registered_schema_reads_its_own_sub_tables(tmp_path: Path, toy: ToySchema) -> None:
    folder = _folder(
        tmp_path, "[units.warrior.toy]\nmight = 7\n", "[weapons.sword.toy]\nbite = true\n"
    )
    content = load_content(folder)
    assert content.templates["warrior"].tables["toy"] == ToyUnit(7)
    assert content.weapons["sword"].tables["toy"] == ToyWeapon(True)
    assert "toy" not in content.templates["archer"].tables  # none written
    assert "toy" in registered()


def test_the_toy_ruleset_builds_its_units_from_its_table_and_derives_the_rest(
    tmp_path: Path, toy: ToySchema, fresh_world: str
) -> None:
    content = load_content(_folder(tmp_path, "[units.warrior.toy]\nmight = 7\n"))
    handle = build_world(
        tiny_battlefield(), content, fresh_world, random.Random(1), ToyRuleset().build_unit
    )
    assert esper.component_for_entity(handle.entity("warrior"), Might) == Might(7)
    archer = content.templates["archer"]
    assert esper.component_for_entity(handle.entity("archer"), Might) == Might(archer.speed_squares)


@pytest.mark.parametrize(
    ("units", "expected"),
    [
        (
            "[units.warrior.toy]\nmight = 70\n",
            "units/party.toml: units.warrior.toy.might: expected an integer 1..10, got 70",
        ),
        (
            "[units.warrior.toy]\nmite = 7\n",
            "units/party.toml: units.warrior.toy.mite: unknown key",
        ),
        (
            "[units.warrior.toyy]\nmight = 7\n",
            "units/party.toml: units.warrior.toyy: unknown key",
        ),
    ],
)
def test_a_bad_toy_field_is_one_line_naming_file_entry_and_field(
    tmp_path: Path, toy: ToySchema, units: str, expected: str
) -> None:
    assert _problems(_folder(tmp_path, units)) == [expected]


def test_a_sub_table_that_is_not_a_table_is_one_line(tmp_path: Path, toy: ToySchema) -> None:
    folder = _folder(tmp_path)
    path = folder / "weapons.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("[weapons.sword]\n", "[weapons.sword]\ntoy = 3\n", 1))
    assert _problems(folder) == ["weapons.toml: weapons.sword.toy: expected a table, got 3 (int)"]


def test_a_ruleset_registered_after_loading_claims_its_tables_then(tmp_path: Path) -> None:
    # known by id before its schema is imported, as the shipped rulesets are
    register_ruleset("toy", GridRuleset)
    try:
        good = load_content(_folder(tmp_path / "good", "[units.warrior.toy]\nmight = 3\n"))
        bad = load_content(_folder(tmp_path / "bad", "[units.warrior.toy]\nmight = 0\n"))
        assert "toy" not in good.templates["warrior"].tables  # nobody read it yet
        schema = ToySchema()
        good.claim(schema)
        assert good.templates["warrior"].tables["toy"] == ToyUnit(3)
        with pytest.raises(ContentError) as info:
            bad.claim(schema)
        assert info.value.problems == [
            "units/party.toml: units.warrior.toy.might: expected an integer 1..10, got 0"
        ]
    finally:
        unregister_schema("toy")
        unregister_ruleset("toy")

"""How a ruleset speaks through the content files: its own sub-table under each unit
template and weapon (``[units.<id>.<ruleset>]``, ``[weapons.<id>.<ruleset>]``).

A ruleset writes a ``ContentSchema`` (in its own package) that reads one such sub-table
into the numbers it wants, recording each problem on the ``Table`` it is handed (one
line naming the file, the entry and the field), and registers it with
``register_schema``. The loader names no ruleset: it reads every entry's shared keys
and keeps each table-valued key it does not know as that ruleset's table; a registered
schema reads it (at load when the schema is registered first, else when the ruleset
asks: ``Content.claim``). Parsed tables land in the entry's ``tables`` under the
ruleset's id; what a table leaves out is for the ruleset to derive.

A sub-table named after no known ruleset (``game.rulesets``: the shipped ones, found
without importing them, and any registered at run time) and no registered schema is
reported as an unknown key.
"""

from __future__ import annotations

from typing import ClassVar

from game.content.tables import Table


class ContentSchema:
    """One ruleset's content tables. ``id`` is the ruleset's id and the sub-table's name.

    ``unit`` and ``weapon`` read one sub-table each and return what the ruleset keeps of
    it, or None after recording at least one problem on ``table``; the loader then
    reports every key the schema did not read as unknown (``Table.finish``). A ruleset
    without tables of a kind keeps the default, which refuses one.
    """

    id: ClassVar[str] = ""

    def unit(self, table: Table) -> object | None:
        table.fail(None, f"the {self.id} ruleset has no unit table")
        return None

    def weapon(self, table: Table) -> object | None:
        table.fail(None, f"the {self.id} ruleset has no weapon table")
        return None

    def read(self, section: str, table: Table) -> object | None:
        """The sub-table of an entry of ``section`` ("units" or "weapons"), parsed."""
        return self.unit(table) if section == "units" else self.weapon(table)


_SCHEMAS: dict[str, ContentSchema] = {}


def register_schema(schema: ContentSchema) -> None:
    """Make ``schema`` read the ``<schema.id>`` sub-tables of content loaded from now on
    (and of content already loaded, when the ruleset claims them)."""
    if not schema.id:
        raise ValueError("a content schema needs the id of its ruleset")
    _SCHEMAS[schema.id] = schema


def unregister_schema(ruleset_id: str) -> None:
    """Forget the schema of ``ruleset_id`` (tests that register a toy one)."""
    _SCHEMAS.pop(ruleset_id, None)


def registered() -> dict[str, ContentSchema]:
    """The registered schemas by ruleset id."""
    return dict(_SCHEMAS)


def table_names() -> frozenset[str]:
    """Every name a ruleset sub-table may have: registered and expected rulesets."""
    from game.rulesets import ruleset_ids

    return frozenset(_SCHEMAS) | frozenset(ruleset_ids())

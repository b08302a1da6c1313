"""House-rule options of a ruleset (issue 7 · toggles for every optional rule): resolved
with defaults, refused with one line, carried by the battle, listed for menus."""

from __future__ import annotations

import pytest

from game.engine.options import (
    ON_OFF,
    RuleOption,
    RuleOptionError,
    describe_options,
    parse_assignments,
    resolve_options,
)

SPECS = (
    RuleOption("clashes", "Melee clashes", "off", ON_OFF, "Order melee by weapon."),
    RuleOption("critical", "Critical damage", "d6", ("d6", "locations")),
)


def test_options_resolve_with_defaults_and_accept_true_false_for_toggles() -> None:
    assert resolve_options(SPECS, None) == {"clashes": "off", "critical": "d6"}
    assert resolve_options(SPECS, {"clashes": True})["clashes"] == "on"
    assert resolve_options(SPECS, {"clashes": "YES", "critical": "locations"}) == {
        "clashes": "on",
        "critical": "locations",
    }


def test_unknown_options_and_values_are_refused_with_one_line() -> None:
    with pytest.raises(RuleOptionError, match=r"unknown rule 'fog' of the x ruleset \(known: "):
        resolve_options(SPECS, {"fog": "on"}, "x")
    with pytest.raises(RuleOptionError, match="expected one of d6, locations, got 'd20'"):
        resolve_options(SPECS, {"critical": "d20"})
    with pytest.raises(RuleOptionError, match="NAME=VALUE"):
        parse_assignments(["clashes"])
    assert parse_assignments(["clashes = on"]) == {"clashes": "on"}


def test_options_are_listed_for_help_and_menus() -> None:
    lines = describe_options(SPECS)
    assert lines[0].startswith("clashes=off|on (default off): Melee clashes.")
    with pytest.raises(ValueError):
        RuleOption("x", "X", "maybe", ON_OFF)

"""House-rule options of a ruleset: what a menu lists and what the command line sets.

A ruleset declares its options as ``RuleOption`` rows (``Ruleset.rule_options``): a name
for files and flags (``melee_clashes``), a label and a help line for menus, the default
and the closed list of choices (strings; on/off toggles are ``("off", "on")``). A battle
carries the resolved options (every option with its value, defaults filled in) as
``Battle.ruleset_options`` and ``ctx.options``; saves store them and a replay passes them
back, so a battle with house rules replays to the same ``state_hash``.

``resolve_options(specs, given)`` checks what a caller gives (a CLI flag, a save, a menu)
and raises ``RuleOptionError`` with one clear line for an unknown name or value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


class RuleOptionError(ValueError):
    """An unknown house rule, or a value it does not take (one line)."""


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One house rule: ``name`` (for flags and saves), ``label`` and ``help`` (for menus,
    in plain words: no names, no section numbers), ``default`` and the allowed ``choices``
    (the default is one of them); ``words``: what a menu shows for each choice, in the
    same order (the choice itself when left out)."""

    name: str
    label: str
    default: str
    choices: tuple[str, ...]
    help: str = ""
    words: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} not in choices")
        if self.words and len(self.words) != len(self.choices):
            raise ValueError(f"option {self.name}: one word per choice, or none")

    def word(self, choice: str) -> str:
        """What a menu shows for ``choice``."""
        if self.words and choice in self.choices:
            return self.words[self.choices.index(choice)]
        return choice


ON_OFF = ("off", "on")
_BOOL_WORDS = {True: "on", False: "off", "true": "on", "false": "off", "yes": "on", "no": "off"}


def resolve_options(
    specs: Iterable[RuleOption], given: Mapping[str, object] | None, ruleset: str = ""
) -> dict[str, str]:
    """Every option of ``specs`` with its value: ``given`` ones checked, the rest default.

    true/false/yes/no are accepted for on/off options. ``RuleOptionError`` names the
    unknown option (with the known ones) or the bad value (with the choices)."""
    table = {s.name: s for s in specs}
    out = {name: spec.default for name, spec in table.items()}
    whose = f" of the {ruleset} ruleset" if ruleset else ""
    for name, raw in (given or {}).items():
        spec = table.get(name)
        if spec is None:
            known = ", ".join(sorted(table)) or "none"
            raise RuleOptionError(f"unknown rule {name!r}{whose} (known: {known})")
        value: object = raw
        if spec.choices == ON_OFF:
            key = raw.lower() if isinstance(raw, str) else raw
            if isinstance(key, str | bool):
                value = _BOOL_WORDS.get(key, key)
        if not isinstance(value, str) or value not in spec.choices:
            choices = ", ".join(spec.choices)
            raise RuleOptionError(f"rule {name!r}{whose}: expected one of {choices}, got {raw!r}")
        out[name] = value
    return out


def parse_assignments(texts: Iterable[str]) -> dict[str, str]:
    """``["melee_clashes=on", "critical=locations"]`` → a dict (``RuleOptionError`` for a
    text without ``=``)."""
    out: dict[str, str] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise RuleOptionError(f"--rule: expected NAME=VALUE, got {text!r}")
        out[name.strip()] = value.strip()
    return out


def describe_options(specs: Iterable[RuleOption]) -> list[str]:
    """One line per option for ``--help``-style listings."""
    return [
        f"{s.name}={'|'.join(s.choices)} (default {s.default}): {s.label}. {s.help}".rstrip()
        for s in specs
    ]

"""The house-rules dialog of the menu (issue 7 · house-rule toggles in the menu).

A ruleset lists its optional rules as ``RuleOption`` rows (``Ruleset.rule_options``):
the dialog shows one ``Choice`` per row with its label, and the help line of the row
under the mouse (or the one last changed) below them. Done hands back the values that
differ from the defaults; the menu carries them into ``BattleSetup.options`` and so
into the ``Battle`` (which checks them like ``--rule NAME=VALUE``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache

import pygame

from game.engine.options import RuleOption
from game.ui import theme
from game.ui.overlays import _Dialog
from game.ui.theme import colour
from game.ui.widgets import Button, Choice, draw_paragraphs, draw_text, wrap

HELP_H = 120  # the help paragraph under the choices


@cache
def rule_options(ruleset: str) -> tuple[RuleOption, ...]:
    """The house rules of ``ruleset`` (none for an unknown one); asked every frame the
    menu draws, so kept (they are the ruleset's class data)."""
    from game.rules import UnknownRuleset, get_ruleset

    try:
        return tuple(get_ruleset(ruleset).rule_options)
    except UnknownRuleset:
        return ()


@cache
def description(ruleset: str) -> str:
    """What ``ruleset`` says of itself for the menu (``Ruleset.description``): how a turn
    goes, what is special, how long a battle takes; "" for an unknown one."""
    from game.rules import UnknownRuleset, get_ruleset

    try:
        return get_ruleset(ruleset).description
    except UnknownRuleset:
        return ""


def loaded(ruleset: str) -> bool:
    """Whether ``ruleset``'s code is imported already (asking for its house rules is then
    free; before that it costs the import, which the menu's first frame must not pay)."""
    import sys

    from game.rulesets import UnknownRuleset, ruleset_module

    try:
        module = ruleset_module(ruleset)
    except UnknownRuleset:
        return True
    return module in sys.modules


def changed_only(specs: Sequence[RuleOption], values: Mapping[str, str]) -> dict[str, str]:
    """``values`` without the ones that are the option's default (or not an option)."""
    table = {s.name: s for s in specs}
    return {k: v for k, v in values.items() if k in table and v != table[k].default}


def summary(specs: Sequence[RuleOption] | None, values: Mapping[str, str]) -> str:
    """The menu button's text: "House rules: as written", "House rules: 2 changed"; just
    "House rules" while the ruleset is not loaded (``specs`` None)."""
    if specs is None:
        return "House rules"
    if not specs:
        return "House rules: none"
    n = len(changed_only(specs, values))
    return "House rules: as written" if n == 0 else f"House rules: {n} changed"


class HouseRulesScene(_Dialog):
    """One choice per house rule of a ruleset; Done calls ``on_done`` with the changes."""

    width = 640

    def __init__(
        self,
        ruleset: str,
        specs: Sequence[RuleOption],
        values: Mapping[str, str],
        on_done: Callable[[dict[str, str]], None],
    ) -> None:
        super().__init__()
        self.title = f"House rules · {ruleset.capitalize()}"
        self.specs = list(specs)
        self.on_done = on_done
        self.choices: list[Choice] = []
        for spec in self.specs:
            value = values.get(spec.name, spec.default)
            index = spec.choices.index(value) if value in spec.choices else 0
            words = {c: spec.word(c) for c in spec.choices}
            choice = Choice(spec.label, list(spec.choices), index, label_width=260, words=words)
            choice.on_change = lambda _v, s=spec: self._changed(s)
            self.choices.append(choice)
        self.focus: RuleOption | None = self.specs[0] if self.specs else None
        self.help_size = theme.SIZE_SMALL  # the help's type (``fit_rules``)
        self.done_button = Button("Done", self._done, style="primary", hint="Use these rules.")
        self.reset_button = Button(
            "As written", self._reset, style="flat", hint="Every rule back to its default."
        )
        self.cancel_button = Button("Cancel", self.close, style="flat")
        self.items = [*self.choices, self.done_button, self.reset_button, self.cancel_button]

    def values(self) -> dict[str, str]:
        return {s.name: c.value for s, c in zip(self.specs, self.choices, strict=True)}

    def _changed(self, spec: RuleOption) -> None:
        self.focus = spec

    def _reset(self) -> None:
        for spec, choice in zip(self.specs, self.choices, strict=True):
            choice.set_value(spec.default)

    def _done(self) -> None:
        self.on_done(changed_only(self.specs, self.values()))
        self.close()

    # -- layout and drawing ----------------------------------------------------------------

    def _layout(self, size: tuple[int, int]) -> None:
        """The choices in a column (two when the window is short), the help paragraph,
        the buttons in a row; rows and help close up before the panel outgrows the window
        (play-test: clash's seven rules at 960×540 clipped the buttons)."""
        self._size = size
        helps = [spec.help or "" for spec in self.specs]
        cols, step, help_h, height, self.help_size = fit_rules(
            len(self.choices), size[1] - 20, lambda w, t: help_height(helps, w, t), size[0]
        )
        width = panel_width(cols, size[0])
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        col_w = (width - 64 - 24 * (cols - 1)) // cols
        per_col = -(-len(self.choices) // cols)
        y = self.panel.y + 84
        for i, choice in enumerate(self.choices):
            col, row = divmod(i, per_col)
            x = self.panel.x + 32 + col * (col_w + 24)
            choice.rect = pygame.Rect(x, y + row * step, col_w, min(34, step - 6))
        y += per_col * step
        self.help_rect = pygame.Rect(self.panel.x + 32, y + 4, width - 64, help_h)
        x = self.panel.x + 32
        for button, w in zip(
            (self.done_button, self.reset_button, self.cancel_button), (200, 150, 130), strict=True
        ):
            button.rect = pygame.Rect(x, self.panel.bottom - 24 - 44, w, 44)
            x += w + 12

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            for spec, choice in zip(self.specs, self.choices, strict=True):
                if choice.rect.collidepoint(event.pos):
                    self.focus = spec
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for spec, choice in zip(self.specs, self.choices, strict=True):
            if choice.value != spec.default:  # a mark in the margin: not as written
                pygame.draw.circle(
                    surface, colour("gold_bright"), (choice.rect.x - 14, choice.rect.centery), 5
                )
        if self.focus is not None:
            spec = self.focus
            draw_text(
                surface,
                f"{spec.label} (as written: {spec.word(spec.default)})",
                self.help_rect.topleft,
                role="bold",
                size=theme.SIZE_SMALL,
                fg="ink",
            )
            draw_paragraphs(
                surface,
                spec.help or "",
                pygame.Rect(
                    self.help_rect.x, self.help_rect.y + 24, self.help_rect.w, self.help_rect.h - 24
                ),
                size=self.help_size,
                fg="ink_soft",
            )


def panel_width(cols: int, window_w: int) -> int:
    """The dialog's width with ``cols`` columns of choices in a ``window_w`` window."""
    return (
        HouseRulesScene.width if cols == 1 else min(window_w - 40, 2 * HouseRulesScene.width - 64)
    )


def help_height(helps: Sequence[str], width: int, size: int) -> int:
    """The height the help paragraph needs (its heading and the longest help, whole, in
    type ``size``) at ``width`` pixels (``draw_paragraphs``' line spacing)."""
    line = theme.font("body", size).get_height() + 3
    most = max((len(wrap(h, width, "body", size)) for h in helps if h), default=0)
    return 24 + most * line


def fit_rules(
    n: int,
    room: int,
    needs: Callable[[int, int], int] | None = None,
    window_w: int = 960,
) -> tuple[int, int, int, int, int]:
    """(columns, row step, help height, panel height, help type size) of the house-rules
    dialog for ``n`` rules: the roomiest that is at most ``room`` tall and shows every
    rule's help whole (``needs(width, size)``: its height; play-test 2: the help ended in
    "…" at 960×540), one column before two, the small type before the tiny; else the
    most compact, the help cut with an ellipsis."""
    options = []
    for size in (theme.SIZE_SMALL, theme.SIZE_TINY):
        for cols in (1, 2):
            for step, help_h in ((46, HELP_H), (40, 96), (36, 76)):
                if needs is not None:
                    help_h = max(76, needs(panel_width(cols, window_w) - 64, size))
                tall = 84 + -(-n // cols) * step + help_h + 8 + 44 + 24
                options.append((cols, step, help_h, tall, size))
    fits = next((o for o in options if o[3] <= room), None)
    if fits is not None:
        return fits
    cols, step, _, _, size = options[-1]  # the help gets what room is left
    help_h = max(48, room - (84 + -(-n // cols) * step + 8 + 44 + 24))
    return cols, step, help_h, 84 + -(-n // cols) * step + help_h + 8 + 44 + 24, size

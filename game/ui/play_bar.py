"""The action bar (issue 4): the acting unit's name and budget, a button for every action
of the catalog with its cost (greyed with the engine's reason when not possible), Undo,
End turn and End side turn; what the AI or the other decisions show there instead.

Issue 30: actions that can never apply to the unit as it is now (the presenter's
``action_folded``: Break Free when not grappled) are folded out of sight behind a "More"
button that shows them all; their shortcut keys keep working (and say why not)."""

from __future__ import annotations

from functools import partial

import pygame

from game.engine import Answer, ChooseUnit, Option
from game.ui import theme
from game.ui.action_bar import (
    ACTION_KEYS,
    bar_grid,
    draw_actions,
    fit_caption,
    icon_size,
)
from game.ui.answer_bar import PAD, answer_rects, question_lines
from game.ui.fitting import FittedButton, key_name
from game.ui.play_ai import AiDriverScene
from game.ui.theme import colour
from game.ui.tokens import icon_image
from game.ui.undo_rule import undo_refusal
from game.ui.widgets import Button, draw_text, fit_text


class ActionBarScene(AiDriverScene):
    """The battle screen's action bar."""

    def _init_bar(self) -> None:
        self.action_buttons: list[tuple[Button, Option]] = []
        self.answering = False  # the buttons are a closed decision's answers, not actions
        self.answer_focus: int | None = None  # the answer Tab or the arrows are on
        self.question: tuple[tuple[str, ...], int] = ((), theme.SIZE_BODY)  # lines, size
        self.question_room = 0  # px wide
        self._bar_for: tuple[int, int] = (-1, -1)
        self._bar_grid = bar_grid(1, 52, 84)
        self.folded: set[str] = set()  # the kinds of the actions folded out of sight
        self.show_all = False
        self.more_button = Button(
            "More",
            self._toggle_more,
            size=theme.SIZE_TINY,
            hint="Show every action, also those that cannot apply to this unit now.",
        )
        self.end_button = Button(
            "End turn",
            self._end_turn,
            shortcut=pygame.K_e,
            style="primary",
            hint="This unit is done for the round.",
        )
        self.end_side_button = Button(
            "End side turn",
            self._end_side_turn,
            shortcut=pygame.K_END,
            size=theme.SIZE_SMALL,
            hint="Every unit of your side that has not finished is done for the round [End].",
        )
        self.undo_button = Button(
            "Undo",
            self._undo,
            size=theme.SIZE_SMALL,
            shortcut=pygame.K_z,
            hint="Take back your last step in this unit's turn (only while no die was rolled).",
            on_refused=lambda _reason: self._undo(),  # Z on a greyed Undo says why
        )

    def _forget_answers(self) -> None:
        super()._forget_answers()
        self._bar_for = (-1, -1)

    def _build_bar(self) -> None:
        d = self.decision
        key = (len(self.battle.answers), d.id if d else -1)
        if key == self._bar_for:
            return
        self._bar_for = key
        self.action_buttons = []
        self.answering = False
        self.answer_focus = None
        self.folded = set()
        self.more_button.visible = False
        if d is not None and not d.open and d.kind != "reaction" and self.human_turn():
            self._build_answer_buttons()
            return
        if d is None or d.kind != "turn" or not self.human_turn():
            return
        keys = iter(ACTION_KEYS)
        for option in d.options:
            if option.kind == "end_turn":  # the big button, named as the ruleset names it
                self.end_button.label = option.label[:1].upper() + option.label[1:].lower()
                continue
            shortcut = next(keys, None)
            icon = icon_image(self.engine.presenter.action_icon(option), 26, colour("bone"))
            hint = option.label
            if option.cost:
                hint += f" ({option.cost})"
            hint += self.engine.presenter.action_hint(option)
            button = Button(
                "",
                partial(self.pick_action, option),
                shortcut=shortcut,
                hint=hint,
                icon=icon,
                on_refused=partial(self._refused, option),
            )
            button.set_enabled(option.allowed, option.reason)
            self.action_buttons.append((button, option))
            if self.engine.presenter.action_folded(option):
                self.folded.add(option.kind)
        self._layout_bar()

    def _build_answer_buttons(self) -> None:
        """A closed decision that is not a reaction (which unit acts, which side begins):
        a button for each listed answer that is not a unit's choice (those are clicked on
        the board), labelled as its option is (a side's Pass, "Wardens begin"), each with
        a number key (play-test 6: README promises every decision answers from the keys)."""
        d = self.decision
        assert d is not None
        shown = [
            o
            for o in d.options
            if o.answer is not None and o.allowed and not isinstance(o.answer, ChooseUnit)
        ]
        keys = iter(ACTION_KEYS)
        for option in shown:
            answer = option.answer
            assert answer is not None
            button = FittedButton(
                option.label,
                partial(self._give_answer, answer),
                size=theme.SIZE_SMALL,
                hint=option.label,
                style="primary",
                shortcut=next(keys, None),
            )
            self.action_buttons.append((button, option))
        self.answering = True
        self._layout_answers()

    def _layout_answers(self) -> None:
        """The answer buttons against the bar's right edge (at its top beside a side's End
        side turn), the question wrapped into the room left of them (play-test 6: they
        sat over it at 960×540)."""
        d = self.decision
        bar = self.bar_rect
        choosing = d is not None and d.kind == "choose_unit"
        labels = [b.label for b, _ in self.action_buttons]
        rects = answer_rects(bar, labels, top=choosing)
        for (button, _option), rect in zip(self.action_buttons, rects, strict=True):
            button.rect = rect
        left = min((r.x for r in rects), default=bar.right - PAD)
        if choosing:
            left = min(left, self.end_side_button.rect.x)
        self.question_room = room = left - bar.x - 2 * PAD
        under = theme.font("body", theme.SIZE_SMALL).get_linesize() if choosing else 0
        self.question = question_lines(self._question(), room, bar.h - 16 - under)

    def _question(self) -> str:
        """What the bar asks beside the answer buttons."""
        d = self.decision
        if d is None:
            return ""
        if d.kind == "choose_unit":
            return f"{self.battle.battlefield.side(d.side).name}: pick a unit to act"
        return d.prompt

    def move_answer_focus(self, step: int) -> None:
        """Tab or an arrow: the next (``step`` 1) or previous (-1) answer button is the one
        Enter gives."""
        n = len(self.action_buttons)
        if not n:
            return
        at = self.answer_focus
        self.answer_focus = (0 if step > 0 else n - 1) if at is None else (at + step) % n
        for i, (button, _option) in enumerate(self.action_buttons):
            button.selected = i == self.answer_focus

    def give_focused_answer(self) -> None:
        """Enter: the answer Tab or the arrows are on; with none yet, say how to pick."""
        at = self.answer_focus
        if at is None or at >= len(self.action_buttons):
            self.app.notify("Press an answer's number, or Tab / the arrows then Enter")
            return
        self.action_buttons[at][0].on_click()

    def action_key_names(self) -> dict[str, str]:
        """Each action on the bar by its label, with its key's name ("Disengage": "I")."""
        if self.answering:
            return {}
        return {o.label: key_name(b.shortcut) for b, o in self.action_buttons if b.shortcut}

    def _give_answer(self, answer: Answer) -> None:
        self.give(answer)

    def _toggle_more(self) -> None:
        self.show_all = not self.show_all
        self._layout_bar()

    def shown_buttons(self) -> list[tuple[Button, Option]]:
        """The action buttons on the bar now: all of them, or those not folded."""
        if self.show_all:
            return self.action_buttons
        return [(b, o) for b, o in self.action_buttons if o.kind not in self.folded]

    def _layout_bar(self) -> None:
        """Place the shown action buttons (and More, when some are folded) in the grid
        action_bar.bar_grid picks for the room left between the unit's name and Undo / End
        turn on the right; a folded button gets no area (its key still works)."""
        bar = self.bar_rect
        self.end_button.rect = pygame.Rect(bar.right - 176, bar.y + 8, 164, 40)
        self.undo_button.rect = pygame.Rect(bar.right - 176, bar.y + 54, 58, 32)
        self.end_side_button.rect = pygame.Rect(bar.right - 114, bar.y + 54, 102, 32)
        if self.answering:  # a closed decision's answers, never laid out as actions
            self._layout_answers()
            return
        left, right = bar.x + theme.px(206), bar.right - 188
        shown = self.shown_buttons()
        n = len(shown) + (1 if self.folded else 0)
        self.more_button.visible = bool(self.folded)
        if n == 0:
            return
        self._bar_grid = grid = bar_grid(n, max(60, right - left), bar.h - 12)
        icon_px = icon_size(grid)
        more = grid.rect(len(shown), left, bar.y + 6)
        self.more_button.rect = more
        self.more_button.label = "Less" if self.show_all else f"+{len(self.folded)}"
        for button, _option in self.action_buttons:
            button.rect = pygame.Rect(more.x, more.y, 0, 0)
        for i, (button, option) in enumerate(shown):
            button.rect = grid.rect(i, left, bar.y + 6)
            if button.icon is not None and button.icon.get_width() != icon_px:
                button.icon = icon_image(
                    self.engine.presenter.action_icon(option), icon_px, colour("bone")
                )

    def bar_key(self) -> object:
        d = self.decision
        mouse = self._mouse()
        buttons = [b for b, _ in self.action_buttons] + self._side_buttons()
        more = (self.show_all, tuple(sorted(self.folded)))
        return (
            d.id if d else None,
            len(self.battle.answers),
            self.mode,
            self.human_turn(),
            undo_refusal(self.battle),
            tuple((b.rect.collidepoint(mouse), b._pressed) for b in buttons),
            self.bar_rect.size,
            more,
            self.answer_focus,
            self.anim.owing,
        )

    def ai_turn_lines(self, who: str) -> tuple[str, str, str]:
        """The bar during an AI side's turn: who acts, the key that skips the rest of its
        moves (play-test 3: AI turns on big maps last 10-17 s and nothing said Space skips
        them), and where the AI's speed is set."""
        if not self.ai_answer:
            return f"{who}: no AI can answer ({self.ai_problem or 'none was given'}).", "", ""
        if self._rush:
            return f"{who} (AI) is thinking…", "Skipping the enemy's moves…", ""
        whose = "the enemy's" if self.human_sides() else "the AI's"
        return f"{who} (AI) is thinking…", f"Space: skip {whose} moves", "· AI speed in Settings"

    def draw_bar(self, surface: pygame.Surface) -> None:
        bar = self.bar_rect
        pygame.draw.rect(surface, colour("wood_dark"), bar)
        pygame.draw.line(surface, colour("wood_light"), bar.topleft, bar.topright, 2)
        d = self.decision
        self._build_bar()
        x = bar.x + 12
        if d is None:
            draw_text(
                surface,
                "The battle is over.",
                (x, bar.centery),
                role="italic",
                fg="parchment_dark",
                anchor="midleft",
            )
            return
        who = self.engine.name(d.unit) if d.unit else self.battle.battlefield.side(d.side).name
        if self.fogged_unit(d.unit):
            who = self.battle.battlefield.side(d.side).name  # which unit acts is fogged too
        played = self.played_side
        if self.anim.owing and self.human_turn() and played is not None:
            # the board still plays the other side's answer: the player's turn is shown
            # (and taken) once it has played out (play-test 11)
            who = self.battle.battlefield.side(played).name
        if not self.human_turn() or self.anim.owing:
            text, skip, more = self.ai_turn_lines(who)
            draw_text(
                surface, text, (x, bar.centery - 10), role="bold", fg="bone", anchor="midleft"
            )
            if skip:
                line = draw_text(
                    surface,
                    skip,
                    (x, bar.centery + 14),
                    role="bold",
                    size=theme.SIZE_SMALL,
                    fg="gold_bright",
                    anchor="midleft",
                )
                draw_text(
                    surface,
                    more,
                    (line.right + 8, bar.centery + 14),
                    size=theme.SIZE_SMALL,
                    fg="muted",
                    anchor="midleft",
                )
            return
        if d.kind == "choose_unit":
            self._draw_question(surface, "Click one of your outlined units.")
            self._draw_answers(surface)
            self.end_side_button.draw(surface)
            return
        if d.kind != "turn" and not d.open and d.kind != "reaction":
            self._draw_question(surface, "")
            self._draw_answers(surface)
            return
        if d.kind == "reaction":
            draw_text(
                surface,
                "Reaction: answer the prompt on the board.",
                (x, bar.centery),
                role="bold",
                fg="bone",
                anchor="midleft",
            )
            return
        # turn: name, budget, actions, undo, end turn
        draw_text(surface, who, (x, bar.y + 10), role="title", size=theme.SIZE_SMALL + 2, fg="gold")
        budget = self._budget_text()
        draw_text(surface, budget, (x, bar.y + 36), size=theme.SIZE_SMALL, fg="parchment_dark")
        mode = self.mode_label()
        draw_text(
            surface,
            mode,
            (x, bar.y + 60),
            role="italic",
            size=theme.SIZE_SMALL,
            fg="gold_bright" if self.mode else "muted",
        )
        draw_actions(surface, self.shown_buttons(), self._bar_grid, self.mode)
        self._draw_more(surface)
        refusal = undo_refusal(self.battle)
        self.undo_button.set_enabled(not refusal, refusal)
        self.undo_button.draw(surface)
        self.end_button.draw(surface)
        self.end_side_button.draw(surface)

    def _draw_question(self, surface: pygame.Surface, under: str) -> None:
        """The question in the room left of the answers, and a muted line ``under`` it."""
        bar = self.bar_rect
        lines, size = self.question
        step = theme.font("bold", size).get_linesize()
        under_h = theme.font("body", theme.SIZE_SMALL).get_linesize() if under else 0
        y = bar.centery - (step * len(lines) + under_h) // 2
        for line in lines:
            draw_text(surface, line, (bar.x + PAD, y), role="bold", size=size, fg="bone")
            y += step
        if under:
            under = fit_text(under, self.question_room, "body", theme.SIZE_SMALL)
            draw_text(surface, under, (bar.x + PAD, y), size=theme.SIZE_SMALL, fg="muted")

    def _draw_answers(self, surface: pygame.Surface) -> None:
        """The answer buttons, the one Enter gives ringed."""
        for i, (button, _option) in enumerate(self.action_buttons):
            if i == self.answer_focus:  # under the button's key badge
                ring = button.rect.inflate(8, 8)
                pygame.draw.rect(surface, colour("bone"), ring, width=2, border_radius=8)
            button.draw(surface)

    def _draw_more(self, surface: pygame.Surface) -> None:
        """The More button, its caption saying what it does when the grid has captions."""
        if not self.folded:
            return
        self.more_button.draw(surface)
        grid = self._bar_grid
        if grid.captions:
            rect = self.more_button.rect
            words = "Fewer" if self.show_all else "More…"
            lines, size = fit_caption(words, rect.w, grid.captions)
            for line in lines:
                draw_text(
                    surface,
                    line,
                    (rect.centerx, rect.bottom + 1),
                    size=size,
                    anchor="midtop",
                    fg="parchment_dark",
                )

    def _side_buttons(self) -> list[Button]:
        return [self.end_button, self.undo_button, self.end_side_button, self.more_button]

    def mode_label(self) -> str:
        if self.mode is None:
            return "Click a square or an enemy"
        label = next(
            (
                o.label
                for o in (self.decision.options if self.decision else ())
                if o.kind == self.mode
            ),
            self.mode,
        )
        return f"{label}: pick a target (Esc)"

    def _budget_text(self) -> str:
        d = self.decision
        if d is None or d.unit is None:
            return ""
        return self.engine.budget_text(d.unit)

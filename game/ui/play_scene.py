"""Playing a battle: the battle screen driven by the engine's pending Decision.

Issue 4 · Battle screen, Solo and hotseat. What the player can do comes only
from the pending Decision and ``Battle.legal_answers()``:

- ``choose_unit``: click one of your units (or its portrait) to activate it.
- ``turn``: the action bar lists every action of the catalog with its cost,
  greyed with the engine's reason when not possible; picking one shows where
  it can go (cells and targets come from the legal answers); with no action
  picked, a click moves to a cell or attacks the enemy standing there.
- ``reaction``: a prompt names the trigger (the attack and its roll) and the
  Instants on offer; a setting decides whether to ask always, only when it
  may matter, or never.

AI sides answer through ``game.ai`` at the speed the settings ask for, each
answer animated; between two human sides a hand-off screen hides the board, also
before a reaction prompt for the side that is not acting (the acting player must not
see or answer it).

Saves (issue 6): after every accepted answer (and every undo) the battle is autosaved;
F5 quicksaves, F9 quickloads, the Esc menu saves and opens the load list
(``game.ui.battle_saves``).

``PlayScene`` coordinates the parts, each in its own module (see ``game.ui.play_base``):
hand-off, fog, answering and animation, input mapped to answers, overlays and the target
preview, the action bar, the AI driver and the victory screen, the keyboard's cursor; the
reaction prompt and the intentions panel are widgets it owns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.engine import Answer, Battle, Decision
from game.engine.lesson import Lesson
from game.ui.action_bar import ACTION_KEYS
from game.ui.heap import settle_battle
from game.ui.lesson_guide import LessonGuide, lesson_for, looks_now
from game.ui.map_view import MapView
from game.ui.paced import Paced, PacedPlan, TopFacts
from game.ui.play_ai import ai_controller
from game.ui.play_animation import draw_animations
from game.ui.play_base import BattleFlow
from game.ui.play_keys import KeyboardScene
from game.ui.reaction_prompt import ReactionPrompt
from game.ui.top_bar import draw_top_bar
from game.ui.turn_clock import draw_clock
from game.ui.unit_card import FOOT, FOOT_BARE, least_height, least_log
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.battle_saves import BattleSaves
    from game.ui.battle_setup import BattleSetup

__all__ = ["ACTION_KEYS", "PlayScene", "ai_controller", "make_battle_scene", "play_scene_for"]


class PlayScene(KeyboardScene):
    """The battle screen wired to a Battle: coordinates input, drawing and the flow of
    turns over its parts."""

    def __init__(
        self,
        battle: Battle,
        view: MapView,
        back_to_menu: Callable[[], None],
        ai_answer: Callable[[Battle], Answer] | None = None,
        *,
        fog: bool = False,
        saves: BattleSaves | None = None,
        flow: BattleFlow | None = None,
        lesson: Lesson | None = None,
    ) -> None:
        super().__init__(battle, view, back_to_menu, fog=fog, saves=saves, flow=flow)
        self._init_hotseat()
        self._init_fog()
        self._init_answering()
        self._init_input()
        self._init_preview()
        self._init_bar()
        self._init_ai(ai_answer)
        self.prompt = ReactionPrompt(self._give_quietly, self._weapon_name, ACTION_KEYS)
        self._prompt_size = (0, 0)  # the window's size when the prompt was last aimed
        # the declared intentions and the order of resolution, as the board has shown them
        self.intentions = PacedPlan()
        self._top: Paced[TopFacts] = Paced()  # the top bar, as the board has shown it
        # a guided battle's hints (issue 30), in the side panel between the card and the log
        self.guide = LessonGuide(lesson, battle) if lesson is not None else None

        self._prepare_fog(self.human_sides())

    def give(self, answer: Answer) -> bool:
        """Answer the pending decision; a player's accepted answer may finish a lesson's
        step."""
        d = self.decision
        human = self.human_turn()
        ok = super().give(answer)
        if ok and human and d is not None and self.guide is not None:
            self.guide.answered(d.kind, answer)
        if ok and self.anim.shown_upto() is not None:
            # the top bar keeps the battle as it stands after this answer, to show it when
            # the board has played it out (several answers may come within one frame)
            self.top_facts()
        return ok

    def _layout(self, size: tuple[int, int]) -> None:
        super()._layout(size)
        self._layout_bar()

    def _pause(self) -> None:
        from game.ui.overlays import PauseScene

        saves = self.saves
        if saves is None:
            self.app.push(PauseScene(self.back_to_menu))
            return
        self.app.push(
            PauseScene(
                self.back_to_menu,
                on_save=lambda: saves.save(self.battle, self.fog),
                on_load=saves.show_saves,
            )
        )

    def _ask(self, title: str, message: str, confirm: str, then: Callable[[], None]) -> None:
        """Ask before something the player may not want (F9 loading another battle)."""
        from game.ui.overlays import ConfirmScene

        self.app.push(ConfirmScene(title, message, confirm, then))

    def handle_hud(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_F5, pygame.K_F9):
            if self.saves is None:
                self.app.notify("Saving is not available on this screen")
            elif event.key == pygame.K_F5:
                self.saves.quicksave(self.battle, self.fog)
            else:
                self.saves.quickload(self.battle, self._ask)
            return True
        if self.guide is not None and self.guide.handle(event):
            return True
        d = self.decision
        if self.handoff_due(d) and event.type in (
            pygame.KEYDOWN,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
        ):
            return getattr(event, "key", None) != pygame.K_ESCAPE  # not the acting player's
        if event.type == pygame.KEYDOWN and event.key == pygame.K_q:
            self.toggle_threat()  # the enemy's threat overlay
            return True
        if self.sheet_unit is not None and _is_key(event, pygame.K_ESCAPE):
            self.sheet_unit = None  # Esc closes the sheet first, never a prompt under it
            return True
        covered = hasattr(event, "pos") and self._sheet_covers(event.pos)
        if not covered and self.intentions.handle(event, self):  # not under the open sheet
            return True
        if d is not None and d.kind == "reaction" and self.human_turn():
            self._build_prompt(d)
            for button in self.prompt_buttons:
                if button.handle(event):
                    return True
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and (
                self.prompt_rect().collidepoint(event.pos)
            )
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and self.anim.busy:
            self.anim.skip()
            self.hurry()  # an AI side's turn: the rest of it at once (issue 30)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and not self.human_turn():
            self.hurry()
            return True
        if self.human_turn() and not self.anim.owing:  # the bar shows the player's turn
            self._build_bar()
            if self.handle_keys(event):  # the keyboard's cursor (issue 30)
                return True
            if event.type == pygame.MOUSEMOTION:
                self.bar_hover = next(
                    (o.kind for b, o in self.action_buttons if b.rect.collidepoint(event.pos)),
                    None,
                )
            for button, _option in self.action_buttons:
                if button.handle(event):
                    return True
            if any(button.handle(event) for button in self._side_buttons()):
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The screen, the unit sheet, then a pending reaction prompt over the sheet (play-test
        3: the sheet hid the prompt its keys answered)."""
        if self.closed:  # the battle's world is gone; the menu replaces this scene
            return
        super().draw(surface)
        d = self.decision
        if self.sheet_unit is not None and d is not None and self._prompting(d):
            self._draw_prompt(surface, d)

    def _prompting(self, d: Decision | None) -> bool:
        """Whether the reaction prompt for ``d`` shows now."""
        prompting = d is not None and d.kind == "reaction" and self.human_turn()
        return prompting and not self.anim.busy and not self.handoff_due(d)

    def draw_screen(self, surface: pygame.Surface) -> None:
        self._make_room_for_note(surface)
        d = self.decision
        prompting = self._prompting(d)
        if prompting and d is not None:
            self._build_prompt(d)  # before the board: a new prompt may move the camera
        super().draw_screen(surface)
        if self.anim.showing:
            self._draw_animations(surface)
        # the round plan gives way to the prompt and the units it is about (play-test)
        avoid = [self.prompt.rect, *self._prompt_avoids()] if prompting else []
        self.intentions.draw(surface, self, avoid)
        self._draw_target_preview(surface)
        left = self.clock_left()
        if left is not None:
            draw_clock(surface, self.viewport, left)
        if prompting and d is not None and self.sheet_unit is None:
            self._draw_prompt(surface, d)  # with the sheet open: over it (``draw``)
        guide = self.guide
        if guide is not None and guide.visible and not self.handoff_due(d):
            for look in looks_now(self, guide):
                guide.looked(look)
            guide.observe()
            guide.draw(surface, self.note_rect)

    def top_facts(self) -> TopFacts:
        """The top bar's round, sides and objectives as the board has shown the battle
        (play-test 11: "Round 3" while round 2's blows still landed)."""
        live = TopFacts.read(self.model, self.side_count)
        return self._top.shown(len(self.battle.events), live, self.anim.shown_upto())

    def top_key(self) -> object:
        menu = self.menu_button
        return (self.top_facts(), menu.rect.collidepoint(self._mouse()), menu._pressed)

    def _draw_top(self, surface: pygame.Surface) -> None:
        facts = self.top_facts()
        self.chip_rects = draw_top_bar(surface, facts, self.menu_button, facts.count)

    def _make_room_for_note(self, surface: pygame.Surface) -> None:
        """Keep the lesson's box as tall as its hint needs between the card and the log."""
        guide = self.guide
        if surface.get_size() != self._size:
            self._layout(surface.get_size())
        self.pointed = guide.points() if guide is not None else frozenset()
        if guide is not None and self.human_turn():
            self._build_bar()
            guide.bar_keys.update(self.action_key_names())
        self.intentions.pointed = "plans" in self.pointed
        want = guide.height(self.card_rect.w, self._note_room()) if guide is not None else 0
        if want != self.note_h:
            self.note_h = want
            self._place_card(self.card_rect.h)

    def _note_room(self) -> int:
        """The most the lesson's box takes of the side panel: what the card's stat lines
        and the log's few lines leave (play-test 4: the card lost its HP to the hint)."""
        token = self.card_token()
        rows = len(self.model.card_lines(token.key)) if token is not None else 0
        foot = FOOT if token is None or self.card_conds(token) else FOOT_BARE
        log = least_log(self.pointed, True)
        return self.side_rect.h - 40 - least_height(rows, self.pointed, foot) - log

    def _draw_animations(self, surface: pygame.Surface) -> None:
        draw_animations(
            surface,
            self.anim,
            self.camera,
            self.viewport,
            self.engine.token,
            self.hidden_cells(),
            self.viewer(),
        )

    # -- reaction prompt ----------------------------------------------------------------------

    @property
    def prompt_buttons(self) -> list[Button]:
        return self.prompt.buttons

    def _build_prompt(self, d: Decision) -> None:
        # a new prompt, or the same one in a resized window (play-test 6: after 960 → 1920
        # → 960 it covered the attacker and its target, or spread over the unit card):
        # the units it is about come into view again and it is placed anew
        new = self.prompt.decision_id != d.id or self._prompt_size != self._size
        self._prompt_size = self._size
        self.prompt.build(self.battle, d, self.engine.name)
        if new:  # the units a new prompt is about come into view (the attacked one)
            self.show_cells([t.cell for u in self.prompt.about if (t := self.engine.token(u))])
        room = self.app.screen.get_rect().inflate(-8, -8)
        self.prompt.layout(self.viewport, room, self._prompt_avoids(), spread=False)
        squares = self._prompt_avoids()
        if new and squares and self.prompt.rect.collidelist(squares) >= 0:
            # still under the prompt (a small board): the camera moves them to the larger
            # band of the board the prompt leaves free
            view, box = self.viewport, squares[0].unionall(squares)
            above, below = self.prompt.rect.top - view.top, view.bottom - self.prompt.rect.bottom
            goal = view.top + above // 2 if above >= below else view.bottom - below // 2
            w, h = self.model.width, self.model.height
            self.camera = self.camera.pan(0, goal - box.centery).clamped(w, h)
            self.prompt.layout(self.viewport, room, self._prompt_avoids(), spread=False)
        squares = self._prompt_avoids()
        if squares and self.prompt.rect.collidelist(squares) >= 0:
            # the camera could not free them (the whole board in view): across the window
            self.prompt.layout(self.viewport, room, squares)

    def _prompt_avoids(self) -> list[pygame.Rect]:
        """The on-screen squares of the units the prompt is about (issue 30: it covered
        the defender)."""
        out = []
        for unit in self.prompt.about:
            token = self.engine.token(unit)
            if token is not None and token.cell is not None:
                x, y, w, h = self.camera.cell_to_screen(token.cell)
                out.append(pygame.Rect(x + self.viewport.x, y + self.viewport.y, w, h))
        return out

    def prompt_rect(self) -> pygame.Rect:
        """Where the reaction prompt for the pending decision is (or will be) drawn."""
        d = self.decision
        if d is not None and d.kind == "reaction":
            self._build_prompt(d)
        return self.prompt.rect

    def _draw_prompt(self, surface: pygame.Surface, d: Decision) -> None:
        self._build_prompt(d)
        self.prompt.draw(surface, self.engine.name(d.unit))

    def hud_tooltip(self, mouse: tuple[int, int]) -> str:
        if self.guide is not None and self.guide.tooltip(mouse):
            return self.guide.tooltip(mouse)
        for button in [b for b, _ in self.action_buttons] + self._side_buttons():
            text = button.tooltip(mouse)
            if text:
                return text
        d = self.decision
        prompting = d is not None and d.kind == "reaction" and d.id == self.prompt.decision_id
        for button in self.prompt_buttons if prompting else ():  # none once it is answered
            text = button.tooltip(mouse)
            if text:
                return text
        if prompting and self.prompt.rect.collidepoint(mouse):
            return ""  # issue 30: the square's tooltip drew over the prompt
        below = super().hud_tooltip(mouse)
        danger = self.provocation_text() if self._cell_at(mouse) is not None else ""
        return "\n".join(t for t in (danger, below) if t)


def new_seed() -> int:
    """A fresh seed when the player left the field empty (OS entropy, not module random)."""
    import os

    return int.from_bytes(os.urandom(4), "big") % 1_000_000_000


def make_battle_scene(setup: BattleSetup, view: MapView, flow: BattleFlow) -> PlayScene | str:
    """Build the battle the menu asked for, or return a one-line problem."""
    from game.maps.errors import MapError

    seed = setup.seed if setup.seed is not None else new_seed()
    try:
        battle = Battle(
            setup.map.path,
            setup.ruleset,
            seed,
            dict(setup.controllers),
            options=dict(setup.options),
        )
    except MapError as exc:
        return exc.lines()[0] if exc.problems else str(exc)
    except (ValueError, KeyError) as exc:
        return f"{setup.map.path}: cannot start this battle ({exc})"
    lesson = lesson_for(battle)
    if lesson is not None and setup.seed is None and battle.seed != lesson.seed:
        # the lesson's dice (issue 30): the same battle with the seed it was written for
        battle.close()
        return make_battle_scene(replace(setup, seed=lesson.seed), view, flow)
    return play_scene_for(battle, view, flow, fog=setup.fog, lesson=lesson)


def play_scene_for(
    battle: Battle, view: MapView, flow: BattleFlow, *, fog: bool, lesson: Lesson | None = None
) -> PlayScene | str:
    """The battle screen for a battle just started or loaded from a save (its AI sides
    answered by ``game.ai``), or a one-line problem (the battle is then closed)."""
    from game.ai import UnknownController

    try:
        ai = ai_controller(battle.controllers, battle.seed, battle.ruleset_id)
    except UnknownController as exc:
        battle.close()
        return str(exc)
    scene = PlayScene(
        battle,
        view,
        flow.back_to_menu,
        ai_answer=ai,
        fog=fog,
        saves=flow.saves,
        flow=flow,
        lesson=lesson,
    )
    settle_battle()  # the collector's full scans skip what lives as long as the battle
    return scene


def _is_key(event: pygame.event.Event, key: int) -> bool:
    """Whether ``event`` is ``key`` pressed."""
    return event.type == pygame.KEYDOWN and getattr(event, "key", None) == key

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
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.engine import Answer, Battle, Decision, Option
from game.engine.events import Damaged, Event, Moved, Rolled
from game.geometry.grid import Cell
from game.geometry.sight import Sight
from game.rules.base import AttackPreview
from game.ui import theme
from game.ui.action_bar import bar_grid, draw_actions, icon_size
from game.ui.battle_model import SideView
from game.ui.battle_scene import BattleScene
from game.ui.board import Overlays
from game.ui.camera import Camera
from game.ui.camera_follow import (
    FOLLOW_RATE,
    HANDS_OFF_S,
    aim_at,
    out_of_view,
    readable_start,
    step_toward,
)
from game.ui.cover_view import CoverViews
from game.ui.engine_model import EngineModel, Placed
from game.ui.intentions_panel import IntentionsPanel
from game.ui.map_view import MapView
from game.ui.overlays import NUMBER_KEYS, ChooserScene, ConfirmScene, HandOffScene
from game.ui.reaction_prompt import ReactionPrompt
from game.ui.screen_view import LINK, SCREEN_KIND
from game.ui.swarm_view import SWARM_KIND, join_or_strike, strikes, swarm_rows
from game.ui.target_preview import Row, draw_rows, panel_rect, preview_rows
from game.ui.theme import colour
from game.ui.tokens import TokenInfo, draw_token, icon_image
from game.ui.victory_summary import victory_scene
from game.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from game.ui.battle_saves import BattleSaves
    from game.ui.flow import GameFlow
    from game.ui.menu import BattleSetup

# seconds between two AI answers, per speed setting
AI_DELAY = {"slow": 0.9, "normal": 0.45, "fast": 0.15, "instant": 0.0}
INSTANT_AI_SECONDS_PER_FRAME = 0.05  # "instant" AI answers at most this long per frame
MOVE_CELLS_PER_S = {"slow": 5.0, "normal": 9.0, "fast": 18.0, "instant": 1e9}

ACTION_ICONS: tuple[tuple[str, str], ...] = (
    ("break_free", "manacles"),
    ("drag", "boot-prints"),
    ("throw", "mailed-fist"),
    ("release", "hand"),
    ("execute", "daggers"),
    ("swarm", "sword-array"),
    ("charge", "charging-bull"),
    ("snap", "sword-brandish"),
    ("melee", "crossed-swords"),
    ("gambit", "shield-bash"),
    ("retreat", "run"),
    ("ranged", "bow-arrow"),
    ("shoot", "bow-arrow"),
    ("reload", "reload-gun-barrel"),
    ("ready", "sword-altar"),
    ("stow", "backup"),
    ("disengage", "back-forth"),
    ("screen", "shield-reflect"),
    ("run", "run"),
    ("pick", "card-pickup"),
    ("stand", "kneeling"),
    ("hold", "hourglass"),
    ("prone", "falling"),
    ("total_defense", "checked-shield"),
    ("defense", "checked-shield"),
    ("first_aid", "first-aid-kit"),
    ("aid", "first-aid-kit"),
    ("skill", "first-aid-kit"),
    ("parley", "conversation"),
    ("shove", "shield-bash"),
    ("grapple", "grab"),
    ("end_turn", "player-next"),
    ("move", "footsteps"),
    ("attack", "crossed-swords"),  # last: "ranged_attack" and the like match above
)
ACTION_KEYS = (
    *NUMBER_KEYS,
    pygame.K_0,
    pygame.K_r,
    pygame.K_t,
    pygame.K_y,
    pygame.K_u,
    pygame.K_i,
    pygame.K_o,
    pygame.K_p,
    pygame.K_f,
    pygame.K_h,
    pygame.K_j,
    pygame.K_k,
    pygame.K_l,
    pygame.K_c,
    pygame.K_v,
    pygame.K_b,
    pygame.K_n,
    pygame.K_m,
    pygame.K_x,
)  # enough for every action of a ruleset's bar (grid has 24 besides End Turn); not WASD,
# E (end turn), Z (undo) nor G (grid), which the screen keeps for itself
# what a click on an enemy does, in this order of preference
TARGETED_DEFAULTS = ("melee", "attack", "ranged", "shoot", "charge")


# what an action's tooltip adds to its name and cost, where the name alone would mislead
ACTION_NOTES = {
    "parley": (
        ". Heeded only by a side the fight is going against (outnumbered by yours, or half"
        " down): those who fail a morale check surrender"
    ),
}


def provokes_hint(kind: str) -> str:
    """What an action that provokes says in its tooltip (source 004 · Combat Actions): a
    move provokes when it leaves an armed foe's melee reach, the others when made next to
    one."""
    if kind.split("_")[-1] == "move":
        return (
            ". Leaving an armed foe's melee reach provokes its attack of opportunity"
            " (Disengage first to avoid it)"
        )
    return (
        ". Provokes attacks of opportunity from adjacent armed foes"
        " (Disengage first to avoid them)"
    )


def action_icon(kind: str) -> str:
    for part, icon in ACTION_ICONS:
        if part in kind:
            return icon
    return "hand"


@dataclass(frozen=True)
class Ranges:
    """The acting unit's ranges as the board draws them (see ``PlayScene.ranges``)."""

    move: frozenset[Cell]
    costs: dict[Cell, str]
    run: frozenset[Cell]
    charge: frozenset[Cell]
    attackable: frozenset[Cell]


@dataclass
class Walk:
    """A token moving along a path (animation only)."""

    unit: str
    cells: list[Cell]
    speed: float  # cells per second
    t: float = 0.0

    def position(self) -> tuple[float, float]:
        if len(self.cells) == 1:
            return float(self.cells[0][0]), float(self.cells[0][1])
        i = min(int(self.t), len(self.cells) - 2)
        f = min(1.0, self.t - i)
        (ax, ay), (bx, by) = self.cells[i], self.cells[i + 1]
        return ax + (bx - ax) * f, ay + (by - ay) * f

    @property
    def done(self) -> bool:
        return self.t >= len(self.cells) - 1


@dataclass
class Floater:
    """A number or word rising from a cell and fading."""

    text: str
    cell: Cell
    tone: str
    age: float = 0.0
    life: float = 1.3


@dataclass
class Flash:
    """A strike line from attacker to target."""

    a: Cell
    b: Cell
    tone: str
    age: float = 0.0
    life: float = 0.45


@dataclass
class Animations:
    walks: list[Walk] = field(default_factory=list)
    floaters: list[Floater] = field(default_factory=list)
    flashes: list[Flash] = field(default_factory=list)

    @property
    def busy(self) -> bool:
        return bool(self.walks or self.flashes)

    def update(self, dt: float) -> None:
        for w in self.walks:
            w.t += w.speed * dt
        self.walks = [w for w in self.walks if not w.done]
        for f in self.floaters:
            f.age += dt
        self.floaters = [f for f in self.floaters if f.age < f.life]
        for fl in self.flashes:
            fl.age += dt
        self.flashes = [fl for fl in self.flashes if fl.age < fl.life]

    def skip(self) -> None:
        self.walks.clear()
        self.flashes.clear()


class PlayScene(BattleScene):
    """The battle screen wired to a Battle."""

    def __init__(
        self,
        battle: Battle,
        view: MapView,
        back_to_menu: Callable[[], None],
        ai_answer: Callable[[Battle], Answer] | None = None,
        *,
        fog: bool = False,
        saves: BattleSaves | None = None,
        flow: GameFlow | None = None,
    ) -> None:
        self.battle = battle
        self.flow = flow  # for the victory screen's Play again and Watch replay
        self.fog = fog
        self.saves = saves
        self._fog_key: object = None
        self._fog_hidden: frozenset[Cell] = frozenset()
        self._sight: Sight | None = None
        self.engine = EngineModel(battle)
        self._leave_to_menu = back_to_menu
        self.closed = False
        super().__init__(self.engine, view, self.leave)
        self.ai_answer = ai_answer
        self.ai_problem = ""
        self._previews: dict[object, list[Row]] = {}
        self.cover = CoverViews(lambda: self.sight, self._terrain_name)
        self.mode: str | None = None  # action kind picked in the bar, None = click does default
        self.bar_hover: str | None = None  # action kind of the bar button under the mouse
        self.anim = Animations()
        self.camera_goal: Camera | None = None  # where the camera is easing to (AI follow)
        self._ai_wait = 0.0
        self._placed: list[Placed] = []
        self._placed_for: tuple[int, int] = (-1, -1)
        self._by_kind: dict[str, list[Placed]] = {}
        self._moves: list[Placed] = []
        self._ranges: Ranges | None = None
        self._at_cell: dict[str, dict[Cell, Placed]] = {}
        # The hovered path's provoking squares and who strikes there: asked every frame,
        # changes only with the decision or the hovered answer (one path is hovered at a time).
        self._provoking: tuple[object, list[tuple[Cell, tuple[str, ...]]]] = (None, [])
        self._last_human_side: str | None = None  # whose player has the controls now
        self._finished = False
        self.action_buttons: list[tuple[Button, Option]] = []
        self._bar_for: tuple[int, int] = (-1, -1)
        self._bar_grid = bar_grid(1, 52, 84)
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
            hint="Take back the last answer (only while no die was rolled).",
        )
        self.prompt = ReactionPrompt(self._give_quietly, self._weapon_name, ACTION_KEYS)
        self.intentions = IntentionsPanel()  # declared intentions and the order (clash)
        self.message = ""

    def _layout(self, size: tuple[int, int]) -> None:
        super()._layout(size)
        self._layout_bar()

    def first_camera(self, camera: Camera) -> Camera:
        """Readable squares, centred on the units of the side in turn (or the viewer's)."""
        d = self.decision
        side = d.side if d is not None else self.viewer()
        if self.viewer() is not None and side not in self.human_sides():
            side = self.viewer()  # the AI goes first: show the player's own units
        focus = [t.cell for t in self.engine.tokens() if t.side == side and not t.down]
        return readable_start(camera, self.model.width, self.model.height, focus)

    def follow(self, cells: list[Cell]) -> None:
        """An AI unit acts at ``cells``: bring them into view unless the player moved the
        camera lately, they are in view already, fog hides them, or the AI is instant."""
        speed = self.app.settings.ai_speed
        fogged = self.hidden_cells()
        cells = [c for c in cells if c not in fogged]
        if not cells or speed == "instant":
            return
        if time.monotonic() - self.user_camera_at < HANDS_OFF_S:
            return
        w, h = self.model.width, self.model.height
        if not out_of_view(self.camera, w, h, cells):
            return
        goal = aim_at(self.camera, w, h, cells)
        if speed in FOLLOW_RATE:
            self.camera_goal = goal
        else:
            self.camera = goal

    def _ease_camera(self, dt: float) -> None:
        goal = self.camera_goal
        if goal is None:
            return
        if self._dragging or time.monotonic() - self.user_camera_at < HANDS_OFF_S:
            self.camera_goal = None  # the player took the camera: let it be
            return
        if (goal.level, goal.view_w, goal.view_h) != (
            self.camera.level,
            self.camera.view_w,
            self.camera.view_h,
        ):
            self.camera_goal = None  # zoomed or resized since: the goal no longer fits
            return
        rate = FOLLOW_RATE.get(self.app.settings.ai_speed, 0.0)
        self.camera = step_toward(self.camera, goal, dt, rate) if rate else goal
        if (self.camera.x, self.camera.y) == (goal.x, goal.y):
            self.camera_goal = None

    def leave(self) -> None:
        """Back to the menu; the battle's esper world is deleted."""
        self.discard()
        self._leave_to_menu()

    def discard(self) -> None:
        """Let the battle go (another one is loaded in its place): its world is deleted."""
        if not self.closed:
            self.closed = True
            self.battle.close()

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

    def _autosave(self) -> None:
        if self.saves is not None and not self.closed:
            self.saves.autosave(self.battle, self.fog)

    # -- reading the decision -----------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        return self.battle.pending

    def human_turn(self) -> bool:
        d = self.decision
        return d is not None and self.battle.controllers.get(d.side) == "human"

    def placed(self) -> list[Placed]:
        """Legal answers placed on the board, cached per decision (and sorted by kind)."""
        key = (len(self.battle.answers), self.decision.id if self.decision else -1)
        if key != self._placed_for:
            self._placed = self.engine.placed_answers() if self.human_turn() else []
            self._placed_for = key
            self._by_kind = {}
            for p in self._placed:
                self._by_kind.setdefault(p.answer.kind, []).append(p)
            self._moves = [p for p in self._placed if p.answer.kind.split("_")[-1] == "move"]
            self._ranges = None
            self._at_cell = {}
            self._by_target: dict[str, list[Placed]] = {}
            for p in self._placed:
                if p.target is not None:
                    self._by_target.setdefault(p.target, []).append(p)
        return self._placed

    def of_kind(self, kind: str) -> list[Placed]:
        self.placed()
        return self._by_kind.get(kind, [])

    def moves(self) -> list[Placed]:
        """The plain moves of the ruleset (kind ``move``, or ``<ruleset>_move`` such as
        clash's): what a click on an empty square does with no action picked."""
        self.placed()
        return self._moves

    def ranges(self, unit: str | None) -> Ranges:
        """What the board shows of the acting unit's plain options: the squares one Move
        reaches with their cost in feet, the run and charge ends, the attackable enemies
        (worked out once per decision, not every frame)."""
        self.placed()
        if self._ranges is None:
            moves = self._moves
            me = self.engine.token(unit) if unit else None
            foes = {t.key for t in self.engine.tokens() if me is None or t.side != me.side}
            self._ranges = Ranges(
                frozenset(p.dest for p in moves if p.dest),
                {p.dest: f"{5 * len(p.path)}" for p in moves if p.dest and p.path},
                frozenset(p.dest for p in self.of_kind("run") if p.dest),
                frozenset(p.dest for p in self.of_kind("charge") if p.dest),
                frozenset(
                    p.target_cell
                    for p in self._placed
                    if p.target_cell is not None and p.target in foes
                ),
            )
        return self._ranges

    # -- answering ----------------------------------------------------------------------------

    def give(self, answer: Answer) -> bool:
        """Answer the pending decision; animate what happened; False if refused."""
        start = len(self.battle.events)
        ai = not self.human_turn()
        result = self.battle.answer(answer)
        if not result.ok:
            self.message = result.reason
            self.app.notify(f"Not allowed: {result.reason}")
            return False
        self.message = ""
        self.mode = None
        self._autosave()
        self.animate(self.battle.events[start:], acting_ai=ai)
        return True

    def animate(self, events: list[Event], *, acting_ai: bool = False) -> None:
        speed = MOVE_CELLS_PER_S[self.app.settings.ai_speed if not self.human_turn() else "fast"]
        cells = self.engine.unit_cells()
        aimed_at: dict[str, str] = {}  # attacker → the unit its last declared attack targets
        for event in events:
            attacker, target = getattr(event, "attacker", None), getattr(event, "target", None)
            if isinstance(attacker, str) and isinstance(target, str) and target in cells:
                aimed_at[attacker] = target
            if isinstance(event, Moved) and event.path:
                self.anim.walks.append(Walk(event.unit, [event.start, *event.path], speed))
            elif isinstance(event, Damaged) and event.unit in cells:
                self.anim.floaters.append(Floater(f"-{event.amount}", cells[event.unit], "damage"))
                if event.by in cells:
                    self.anim.flashes.append(Flash(cells[event.by], cells[event.unit], "hit"))
            elif isinstance(event, Rolled) and event.outcome == "miss" and event.unit in cells:
                # over the unit missed (when the ruleset names it), not the one who missed
                missed = aimed_at.get(event.unit, event.unit)
                self.anim.floaters.append(Floater("miss", cells[missed], "miss"))
        if self.app.settings.ai_speed == "instant" and not self.human_turn():
            self.anim.skip()
        if acting_ai:
            seen = [c for e in events if isinstance(e, Moved) for c in (e.start, *e.path[-1:])]
            seen += [cells[u] for pair in aimed_at.items() for u in pair if u in cells]
            if seen:
                self.follow(seen)

    def _give_quietly(self, answer: Answer) -> None:
        self.give(answer)

    def _end_turn(self) -> None:
        d = self.decision
        if d is None or not self.human_turn():
            return
        for option in d.options:
            if option.kind == "end_turn" and option.answer is not None:
                self.give(option.answer)
                return
        for p in self.placed():
            if p.answer.kind == "end_turn":
                self.give(p.answer)
                return

    def still_to_act(self) -> tuple[list[str], bool]:
        """Units of the side in turn that could still do something this round: the acting
        one when an action is left to it, then those that have not had their turn yet (the
        ruleset's reader). The flag is False when the ruleset keeps no such account, so
        units not chosen yet may be missing from the list."""
        d = self.decision
        if d is None or not self.human_turn():
            return [], True
        waiting = self.battle.yet_to_act(d.side)
        if d.kind == "choose_unit":
            choices = [u for a in d.answers if isinstance(u := getattr(a, "unit", None), str)]
            return (choices if waiting is None else waiting), True
        if d.kind == "turn" and d.unit is not None:
            busy = any(o.allowed and o.kind != "end_turn" for o in d.options)
            left = [d.unit] if busy else []
            return left + [u for u in waiting or () if u != d.unit], waiting is not None
        return [], True

    def _end_side_turn(self) -> None:
        """End Turn for every unit of the side still to act, after asking when one of them
        still has something to do."""
        d = self.decision
        if d is None or not self.human_turn() or d.kind not in ("turn", "choose_unit"):
            return
        left, complete = self.still_to_act()
        others = [t for t in self.engine.tokens() if t.side == d.side and t.key != d.unit]
        unknown = not complete and any(not t.down for t in others)
        if not left and not unknown:
            self._end_side_now()
            return
        names = [self.engine.name(u) for u in left]
        listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
        who = f"{listed} can still act this round" if names else "Some units may still act"
        if unknown:
            who += ", and so can any unit you have not chosen yet"
        self.app.push(
            ConfirmScene(
                "End your side's turn?",
                f"{who}. They will do nothing more until next round.",
                "End side turn",
                self._end_side_now,
            )
        )

    def _end_side_now(self) -> None:
        """Answer End Turn (choosing each waiting unit first) until the side's turn is over
        or something else must be decided (a reaction, another side)."""
        d = self.decision
        side = d.side if d is not None else None
        for _ in range(4 * len(self.battle.units()) + 4):
            d = self.decision
            if d is None or d.side != side or not self.human_turn():
                return
            if d.kind == "choose_unit" and d.answers:
                answer = d.answers[0]
            elif d.kind == "turn":
                ends = [o.answer for o in d.options if o.kind == "end_turn" and o.answer]
                if not ends:
                    return
                answer = ends[0]
            else:
                return
            if not self.give(answer):
                return

    def _undo(self) -> None:
        if self.battle.can_undo():
            last = self.battle.answers[-1]
            self.battle.undo()
            self.engine.sync_log(
                note="Choice of unit taken back."
                if last.kind == "choose_unit"
                else "Move taken back."
            )
            self.anim.skip()
            self.mode = None
            self._placed_for = (-1, -1)
            self._bar_for = (-1, -1)
            self._autosave()

    def _refused(self, option: Option, reason: str = "") -> None:
        """A greyed action was clicked or its key pressed: say why; the mode stays as it
        was, so the next click does not quietly become something else."""
        self.app.notify(f"{option.label}: not now, {reason or option.reason or 'not possible'}")

    def pick_action(self, option: Option) -> None:
        if not option.allowed:
            self._refused(option)
            return
        if option.answer is not None:
            self.give(option.answer)
            return
        answers = self.of_kind(option.kind)
        if answers and all(p.cell is None for p in answers):
            self._choose_among(option, [p.answer for p in answers])  # nothing to click
            return
        self.mode = None if self.mode == option.kind else option.kind

    def _choose_among(self, option: Option, answers: list[Answer]) -> None:
        """An action whose answers have no square (Ready Item: which weapon): the only
        one is given at once, several are offered in a chooser."""
        if len(answers) == 1:
            self.give(answers[0])
            return
        self.app.push(
            ChooserScene(
                f"{option.label}: which?",
                [(self._answer_words(a), partial(self.give, a)) for a in answers],
            )
        )

    def _answer_words(self, answer: Answer) -> str:
        """How a chooser names an answer: its weapon, else its other fields."""
        weapon = getattr(answer, "weapon", None)
        if isinstance(weapon, str):
            return self._weapon_name(weapon)
        fields = asdict(answer)
        fields.pop("unit", None)
        return ", ".join(str(v) for v in fields.values()) or answer.label

    def click_cell(self, cell: Cell) -> None:
        d = self.decision
        if d is None or not self.human_turn() or self.anim.busy:
            super().click_cell(cell)
            return
        token = self.token_at(cell)
        if d.kind == "choose_unit":
            for p in self.placed():
                if p.target is not None and token is not None and p.target == token.key:
                    self.selected = token.key
                    self.give(p.answer)
                    return
            for option in d.options:  # choose_unit options carry the unit as their answer
                a = option.answer
                if a is not None and token is not None and getattr(a, "unit", None) == token.key:
                    self.selected = token.key
                    self.give(a)
                    return
            super().click_cell(cell)
            return
        if d.kind == "turn":
            if token is not None and self._offer_join_or_strike(token.key):
                return
            choice = self.answer_for_cell(cell)
            if choice is not None:
                self.give(choice)
                return
            if token is not None and token.key != d.unit and self._switch_to(token.key):
                return
            super().click_cell(cell)

    def _offer_join_or_strike(self, target: str) -> bool:
        """In Swarm mode, a click on an enemy the unit may join the swarm on or strike:
        ask which (True when asked)."""
        if self.mode != SWARM_KIND:
            return False
        at = [p.answer for p in self.of_kind(SWARM_KIND) if p.target == target]
        entries = join_or_strike(at, self._weapon_name)
        if not entries:
            return False
        self.app.push(
            ChooserScene(
                f"Swarm {self.engine.name(target)}",
                [(label, partial(self.give, answer)) for label, answer in entries],
            )
        )
        return True

    def _switch_to(self, unit: str) -> bool:
        """Activate another own unit instead of the one just chosen, while the chosen one
        has spent nothing: the choice is taken back through the engine's undo (nothing was
        rolled since, so nothing is rerolled) and the other unit chosen. False when ``unit``
        is not one the player could have chosen; a note says why when it is the player's."""
        d = self.decision
        answers = self.battle.answers
        if d is None or d.unit is None:
            return False
        mine = self.engine.token(d.unit)
        other = self.engine.token(unit)
        if mine is None or other is None or other.side != mine.side or other.down:
            return False
        last = answers[-1] if answers else None
        chosen_now = last is not None and last.kind == "choose_unit"
        chosen_now = chosen_now and getattr(last, "unit", None) == d.unit
        if not chosen_now or not self.battle.can_undo():
            self.app.notify(f"{mine.name} is acting: end their turn first (E).")
            return True
        assert last is not None
        self.battle.undo()
        self.engine.sync_log(note=None)
        again = self.decision
        pick = None
        if again is not None and again.kind == "choose_unit":
            pick = next(
                (o.answer for o in again.options if getattr(o.answer, "unit", None) == unit),
                None,
            )
        self._placed_for = (-1, -1)
        self._bar_for = (-1, -1)
        if pick is None:  # that unit cannot act now: choose the first one again
            self.battle.answer(last)
            self.app.notify(f"{other.name} cannot act now.")
            return True
        self.selected = unit
        self.give(pick)
        return True

    def answer_for_cell(self, cell: Cell) -> Answer | None:
        """What a click on ``cell`` does: in a picked action's mode, that action on the unit
        standing there or to that square; otherwise attack the enemy there (melee first) or
        move to the square."""
        d = self.decision
        token = self.token_at(cell)
        on_unit = token is not None and d is not None and token.key != d.unit
        if self.mode is not None:
            chosen = self.of_kind(self.mode)
            if on_unit and token is not None:
                at = [p for p in chosen if p.target == token.key]
                if at:
                    return min(at, key=lambda p: len(p.path)).answer
            to = [p for p in chosen if p.dest == cell]
            return to[0].answer if to else None
        if on_unit and token is not None:
            found = self._attack_for(token.key)
            return found.answer if found is not None else None
        moves = [p for p in self.moves() if p.dest == cell]
        return moves[0].answer if moves else None

    def cancel(self) -> bool:
        """Esc: drop the picked action, else the selection; False (the Esc menu opens)
        when dropping would change nothing the player sees: the selected unit is the one
        acting, which the card and the board show anyway."""
        if self.mode is not None:
            self.mode = None
            return True
        d = self.decision
        if self.selected is not None and d is not None and self.selected == d.unit:
            self.selected = None
            return False
        return super().cancel()

    # -- input --------------------------------------------------------------------------------

    def handle_hud(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_F5, pygame.K_F9):
            if self.saves is None:
                self.app.notify("Saving is not available on this screen")
            elif event.key == pygame.K_F5:
                self.saves.quicksave(self.battle, self.fog)
            else:
                self.saves.quickload()
            return True
        d = self.decision
        if self.handoff_due(d) and event.type in (
            pygame.KEYDOWN,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
        ):
            return getattr(event, "key", None) != pygame.K_ESCAPE  # not the acting player's
        if self.intentions.handle(event, self):
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
            return True
        if self.human_turn():
            self._build_bar()
            if event.type == pygame.MOUSEMOTION:
                self.bar_hover = next(
                    (o.kind for b, o in self.action_buttons if b.rect.collidepoint(event.pos)),
                    None,
                )
            for button, _option in self.action_buttons:
                if button.handle(event):
                    return True
            if self.end_button.handle(event) or self.undo_button.handle(event):
                return True
            if self.end_side_button.handle(event):
                return True
        return False

    # -- the AI and the flow of turns ---------------------------------------------------------

    def moving(self) -> bool:
        """Animations to play, the AI to answer, a hand-off or the victory screen to show:
        anything ``advance`` would do without the player."""
        if self.closed:
            return False
        if self.anim.busy or self.anim.floaters:
            return True
        if self.battle.over:
            return not self._finished
        d = self.decision
        if d is None:
            return False
        if self.human_turn():
            never = d.kind == "reaction" and self.app.settings.reaction_prompts == "never"
            return never or d.side != self._last_human_side
        return self.ai_answer is not None

    def advance(self, dt: float) -> None:
        if self.closed:
            return
        self.anim.update(dt)
        self._ease_camera(dt)
        if self.battle.over:
            if not self._finished and not self.anim.busy:
                self._finished = True
                self._show_victory()
            return
        if self.anim.busy:
            return
        d = self.decision
        if d is None:
            return
        if self.human_turn():
            if d.kind == "reaction" and self.app.settings.reaction_prompts == "never":
                self._auto_reaction(d)  # declined unseen: no hand-off for it either
                return
            self._maybe_hand_off(d)
            return
        if self.ai_answer is None:
            return
        self._ai_wait -= dt
        if self._ai_wait > 0:
            return
        # instant speed answers until a human must decide, within a frame's time (each
        # answer is autosaved, which costs a few ms on a big map)
        instant = self.app.settings.ai_speed == "instant"
        until = time.perf_counter() + INSTANT_AI_SECONDS_PER_FRAME
        for _ in range(200 if instant else 1):
            if instant and time.perf_counter() > until:
                return
            try:
                answer = self.ai_answer(self.battle)
            except Exception as exc:  # a broken AI must not take the window down with it
                self._ai_stopped(f"the AI failed: {type(exc).__name__}: {exc}")
                return
            if not self.give(answer):
                self._ai_stopped(f"the AI's answer was refused: {self.message}")
                return
            if self.battle.over or self.human_turn():
                break
        self._ai_wait = AI_DELAY[self.app.settings.ai_speed]

    def _ai_stopped(self, why: str) -> None:
        """Stop answering for the AI sides and say so; the battle stays as it was."""
        self.ai_answer = None
        self.ai_problem = why
        self.app.notify(why)

    def human_sides(self) -> list[str]:
        return [s for s, c in self.battle.controllers.items() if c == "human"]

    def handoff_due(self, d: Decision | None = None) -> bool:
        """Hotseat (issue 4): the human side that must decide now is not the one whose
        player has the controls. True before a side's turn and before a reaction prompt
        offered to the side that is not acting; until the hand-off screen has been shown
        the board takes no input and shows no prompt, so the acting player can neither
        see nor answer the other side's choice."""
        d = d if d is not None else self.decision
        if d is None or self._last_human_side is None or d.side == self._last_human_side:
            return False
        humans = self.human_sides()
        return len(humans) >= 2 and d.side in humans

    def hand_off_first(self) -> None:
        """Show the hand-off screen before the first human decision too (a hotseat battle
        resumed from a save: whoever loaded it may not be the player whose turn it is)."""
        self._last_human_side = ""  # nobody's: the next human side is handed the controls

    def _maybe_hand_off(self, d: Decision) -> None:
        if self.handoff_due(d):
            side = self.battle.battlefield.side(d.side)
            self.selected = None
            self.mode = None
            reacting = self.engine.name(d.unit) if d.kind == "reaction" else None
            self.app.push(
                HandOffScene(side.name, side.colour, max(1, self.battle.round), reacting=reacting)
            )
        self._last_human_side = d.side

    def _auto_reaction(self, d: Decision) -> None:
        """Apply the reaction-prompt setting. "never" declines at once. "when it matters"
        and "always" both ask here: the engine offers an Instant only when the ruleset
        allows it, and the grid ruleset already offers Total Defense only when it would
        change the outcome (game.rules.grid.total_defense)."""
        if self.app.settings.reaction_prompts != "never":
            return
        decline = next((o.answer for o in d.options if o.kind == "decline" and o.answer), None)
        if decline is not None:
            self.give(decline)

    def _show_victory(self) -> None:
        flow = self.flow
        again: Callable[[bool], None] | None = None
        watch: Callable[[], None] | None = None
        if flow is not None:
            view = self.board.view

            def again(same_seed: bool) -> None:
                flow.play_again(self.battle, view, self.fog, same_seed)

            def watch() -> None:
                flow.watch_battle(self.battle, view, self.fog)

        dealt = self.engine.damage_by_side()
        self.app.push(
            victory_scene(
                self.battle, dealt, self.human_sides(), self.back_to_menu,
                play_again=again, watch=watch,
            )
        )

    # -- sight: fog of war and cover lines ----------------------------------------------------

    @property
    def sight(self) -> Sight:
        """The battle's own line-of-sight cache when the ruleset keeps one, else ours."""
        shared = getattr(self.battle.ctx, "sight", None)
        if isinstance(shared, Sight):
            return shared
        if self._sight is None:
            self._sight = Sight(self.battle.battlefield.grid)
        return self._sight

    def viewer(self) -> str | None:
        """The side whose eyes the fog follows: the human side in turn (or the only one)."""
        humans = self.human_sides()
        if not humans:
            return None
        d = self.decision
        if d is not None and d.side in humans and not self.handoff_due(d):
            return d.side
        if self._last_human_side in humans:
            return self._last_human_side
        return humans[0]

    def hidden_cells(self) -> frozenset[Cell]:
        """Fog of war (issue 4): squares no unit of the viewing side can see.

        A wall is shown when an open square next to it is seen, so rooms keep
        their outline (the geometry's advice for fog).
        """
        side = self.viewer()
        if not self.fog or side is None:
            return frozenset()
        eyes = tuple(sorted(t.cell for t in self.engine.tokens() if t.side == side and not t.down))
        key = (side, eyes)
        if key == self._fog_key:
            return self._fog_hidden
        grid = self.battle.battlefield.grid
        seen = np.zeros((grid.height, grid.width), dtype=bool)
        for cell in eyes:
            seen |= self.sight.visibility(cell) >= 0
        walls = np.array(
            [[grid.blocks_sight((x, y)) for x in range(grid.width)] for y in range(grid.height)]
        )
        grown = seen.copy()
        grown[1:, :] |= seen[:-1, :]
        grown[:-1, :] |= seen[1:, :]
        grown[:, 1:] |= seen[:, :-1]
        grown[:, :-1] |= seen[:, 1:]
        seen |= grown & walls
        ys, xs = np.nonzero(~seen)
        self._fog_hidden = frozenset(zip(xs.tolist(), ys.tolist(), strict=True))
        self._fog_key = key
        return self._fog_hidden

    def hidden_tokens(self) -> frozenset[str]:
        # a walking token is drawn by the animation, not at its new cell; enemies in fog hide
        hidden = set(super().hidden_tokens()) | {w.unit for w in self.anim.walks}
        fogged = self.hidden_cells()
        if fogged:
            side = self.viewer()
            hidden |= {t.key for t in self.engine.tokens() if t.side != side and t.cell in fogged}
        return frozenset(hidden)

    def side_count(self, side: SideView) -> str:
        """With fog, an enemy side's chip counts only the units the viewer sees ("2 seen"),
        not how many it has: its strength is part of what fog hides."""
        viewer = self.viewer()
        if not self.fog or viewer is None or side.id == viewer:
            return super().side_count(side)
        fogged = self.hidden_cells()
        seen = [t for t in self.engine.tokens() if t.side == side.id and t.cell not in fogged]
        return f"{sum(1 for t in seen if not t.down)} seen"

    def fogged_unit(self, key: str | None) -> bool:
        """Whether fog hides ``key`` from the viewing side (an enemy on an unseen square)."""
        token = self.engine.token(key) if key else None
        if token is None or not self.fog or token.side == self.viewer():
            return False
        return token.cell in self.hidden_cells()

    def card_token(self) -> TokenInfo | None:
        """The card shows the reacting unit beside its reaction prompt, and never an enemy
        the fog hides (acting unseen on its turn)."""
        d = self.decision
        reacting = d is not None and d.kind == "reaction" and d.unit is not None
        if reacting and d is not None and self.human_turn() and not self.handoff_due(d):
            token = self.engine.token(d.unit or "")
        else:
            token = super().card_token()
        return None if token is not None and self.fogged_unit(token.key) else token

    def log_line_visible(self, index: int) -> bool:
        """With fog, what an enemy does where none of your units can see stays unlogged."""
        unit = self.engine.log_unit(index)
        if unit is None or not self.fog:
            return True
        token = self.engine.token(unit)
        return token is None or token.side == self.viewer() or token.cell not in self.hidden_cells()

    @staticmethod
    def _strike_from(attack: Placed | None, here: Cell) -> Cell:
        """Where an attack is struck from: a charge from its end square, else ``here``."""
        if attack is not None and "charge" in attack.answer.kind and attack.dest is not None:
            return attack.dest
        return here

    def _terrain_name(self, cell: Cell) -> str:
        grid = self.battle.battlefield.grid
        return grid.terrain(cell).name if grid.in_bounds(cell) else "map edge"

    # -- drawing ------------------------------------------------------------------------------

    def overlays(self) -> Overlays:
        ov = Overlays(hover=self.hover)
        ov.hidden = self.hidden_cells() or None
        d = self.decision
        if d is None or not self.human_turn() or self.anim.busy or self.handoff_due(d):
            return ov
        if d.kind == "choose_unit":
            mine = {p.target or getattr(p.answer, "unit", None) for p in self.placed()}
            cells = [t.cell for t in self.engine.tokens() if t.key in mine]
            ov.outlines.append((cells, "selection"))
            return ov
        if d.kind != "turn":
            return ov
        if self.mode is None or self.mode.split("_")[-1] == "move":
            r = self.ranges(d.unit)
            ov.fills.append((r.move, "move_range", 70))
            ov.labels = r.costs
            ov.outlines += [(r.run, "run_range"), (r.charge, "charge_range")]
            ov.outlines.append((r.attackable, "target"))
            if self.mode is None and self.bar_hover == SCREEN_KIND:
                ov.outlines.append((self._wards(), LINK))
        elif self.mode is not None:
            chosen = self.of_kind(self.mode)
            mover = d.unit
            ov.fills.append(({p.dest for p in chosen if p.dest}, "move_range", 70))
            tone = LINK if self.mode == SCREEN_KIND else "target"
            ov.outlines.append(
                ({p.target_cell for p in chosen if p.target_cell and p.target != mover}, tone)
            )
        target = self.token_at(self.hover) if self.hover is not None else None
        if target is not None and d.unit is not None and target.key != d.unit:
            attack = self._attack_for(target.key)
            me = self.engine.token(d.unit)
            if attack is not None and me is not None:
                strike_from = self._strike_from(attack, me.cell)
                cover = self.cover.of(strike_from, target.cell)
                ov.lines = list(cover.lines)
                ov.outlines.append((cover.sources, "cover_source"))
                if strike_from != me.cell:
                    ov.path = [me.cell, strike_from]
        hovered = self._hovered_placed()
        if hovered is not None and hovered.path:
            active = self.engine.token(d.unit) if d.unit else None
            start = [active.cell] if active else []
            ov.path = [*start, *hovered.path]
            ov.danger = frozenset(self.provoking_cells(hovered))
        return ov

    def _wards(self) -> set[Cell]:
        """Squares of the allies the acting unit can screen now (Screen an Ally's answers)."""
        d = self.decision
        return {
            p.target_cell
            for p in self.of_kind(SCREEN_KIND)
            if p.target_cell is not None and d is not None and p.target != d.unit
        }

    def provocations(self, placed: Placed) -> list[tuple[Cell, tuple[str, ...]]]:
        """Squares along a path where leaving provokes attacks of opportunity, with who
        makes them (the engine's judgement)."""
        if not placed.path:
            return []
        key = (self._placed_for, placed.answer)
        if self._provoking[0] != key:
            self._provoking = (key, self.battle.provocations(placed.answer))
        return self._provoking[1]

    def provoking_cells(self, placed: Placed) -> list[Cell]:
        """Squares along a path where leaving provokes an attack of opportunity."""
        return [cell for cell, _ in self.provocations(placed)]

    def provocation_text(self) -> str:
        """The tooltip line for the hovered path: "2 attacks of opportunity: Bandit 1,
        Bandit 2" (empty when it provokes nothing)."""
        d = self.decision
        if d is None or d.kind != "turn" or not self.human_turn() or self.anim.busy:
            return ""
        hovered = self._hovered_placed()
        if hovered is None:
            return ""
        who = [self.engine.name(u) for _, units in self.provocations(hovered) for u in units]
        if not who:
            return ""
        many = "attack" if len(who) == 1 else "attacks"
        return f"{len(who)} {many} of opportunity: {', '.join(who)}"

    def _hovered_placed(self) -> Placed | None:
        if self.hover is None:
            return None
        kind = self.mode or ""
        self.placed()
        at = self._at_cell.get(kind)
        if at is None:  # the first answer of that kind (the plain moves for "") per square
            at = {}
            for p in reversed(self.of_kind(kind) if kind else self._moves):
                for cell in (p.target_cell, p.dest):
                    if cell is not None:
                        at[cell] = p
            self._at_cell[kind] = at
        return at.get(self.hover)

    def draw(self, surface: pygame.Surface) -> None:
        if self.closed:  # the battle's world is gone; the menu replaces this scene
            return
        walking = frozenset(w.unit for w in self.anim.walks)
        super().draw(surface)
        if walking or self.anim.floaters or self.anim.flashes:
            self._draw_animations(surface, walking)
        self.intentions.draw(surface, self)
        self._draw_target_preview(surface)
        d = self.decision
        if d is not None and d.kind == "reaction" and self.human_turn() and not self.anim.busy:
            if not self.handoff_due(d):
                self._draw_prompt(surface, d)

    def _draw_animations(self, surface: pygame.Surface, walking: frozenset[str]) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.viewport)
        ox, oy = self.viewport.topleft
        cam = self.camera
        for fl in self.anim.flashes:
            a = cam.cell_centre(fl.a)
            b = cam.cell_centre(fl.b)
            width = max(2, int(6 * (1 - fl.age / fl.life)))
            pygame.draw.line(
                surface, colour(fl.tone), (a[0] + ox, a[1] + oy), (b[0] + ox, b[1] + oy), width
            )
        fogged = self.hidden_cells()
        viewer = self.viewer()
        for w in self.anim.walks:
            token = self.engine.token(w.unit)
            if token is None:
                continue
            x, y = w.position()
            if token.side != viewer and (round(x), round(y)) in fogged:
                continue  # an enemy moving where your units cannot see
            px = cam.cell_px
            sx, sy = cam.world_to_screen(x * cam.tile, y * cam.tile)
            rect = pygame.Rect(round(sx) + ox, round(sy) + oy, round(px), round(px))
            draw_token(surface, token, rect)
        for f in self.anim.floaters:
            if f.cell in fogged:
                continue
            cx, cy = cam.cell_centre(f.cell)
            rise = 36 * f.age / f.life
            alpha = max(0, min(255, int(255 * (1 - f.age / f.life) * 1.6)))
            img = theme.font("bold", 24).render(f.text, True, colour(f.tone))
            shadow = theme.font("bold", 24).render(f.text, True, (0, 0, 0))
            img.set_alpha(alpha)
            shadow.set_alpha(alpha)
            pos = img.get_rect(center=(cx + ox, cy + oy - 14 - rise))
            surface.blit(shadow, pos.move(1, 2))
            surface.blit(img, pos)
        surface.set_clip(clip)

    def _build_bar(self) -> None:
        d = self.decision
        key = (len(self.battle.answers), d.id if d else -1)
        if key == self._bar_for:
            return
        self._bar_for = key
        self.action_buttons = []
        if d is None or d.kind != "turn" or not self.human_turn():
            return
        keys = iter(ACTION_KEYS)
        for option in d.options:
            if option.kind == "end_turn":  # the big button, named as the ruleset names it
                self.end_button.label = option.label[:1].upper() + option.label[1:].lower()
                continue
            shortcut = next(keys, None)
            icon = icon_image(action_icon(option.kind), 26, colour("bone"))
            hint = option.label
            if option.cost:
                hint += f" ({option.cost})"
            hint += ACTION_NOTES.get(option.kind, "")
            if option.provokes:
                hint += provokes_hint(option.kind)
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
        self._layout_bar()

    def _layout_bar(self) -> None:
        """Place the action buttons in the grid action_bar.bar_grid picks for the room left
        between the unit's name and Undo / End turn on the right."""
        bar = self.bar_rect
        self.end_button.rect = pygame.Rect(bar.right - 176, bar.y + 8, 164, 40)
        self.undo_button.rect = pygame.Rect(bar.right - 176, bar.y + 54, 58, 32)
        self.end_side_button.rect = pygame.Rect(bar.right - 114, bar.y + 54, 102, 32)
        left, right = bar.x + theme.px(206), bar.right - 188
        n = len(self.action_buttons)
        if n == 0:
            return
        self._bar_grid = grid = bar_grid(n, max(60, right - left), bar.h - 12)
        icon_px = icon_size(grid)
        for i, (button, option) in enumerate(self.action_buttons):
            button.rect = grid.rect(i, left, bar.y + 6)
            if button.icon is not None and button.icon.get_width() != icon_px:
                button.icon = icon_image(action_icon(option.kind), icon_px, colour("bone"))

    def bar_key(self) -> object:
        d = self.decision
        mouse = self._mouse()
        buttons = [b for b, _ in self.action_buttons] + self._side_buttons()
        return (
            d.id if d else None,
            len(self.battle.answers),
            self.mode,
            self.human_turn(),
            self.battle.can_undo(),
            tuple((b.rect.collidepoint(mouse), b._pressed) for b in buttons),
            self.bar_rect.size,
        )

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
        if not self.human_turn():
            if self.ai_answer:
                text = f"{who} (AI) is thinking…"
            else:
                text = f"{who}: no AI can answer ({self.ai_problem or 'none was given'})."
            draw_text(
                surface, text, (x, bar.centery - 10), role="bold", fg="bone", anchor="midleft"
            )
            draw_text(
                surface,
                "Space skips the animation · AI speed in Settings",
                (x, bar.centery + 14),
                size=theme.SIZE_SMALL,
                fg="muted",
                anchor="midleft",
            )
            return
        if d.kind == "choose_unit":
            draw_text(
                surface,
                f"{self.battle.battlefield.side(d.side).name}: pick a unit to act",
                (x, bar.centery - 10),
                role="bold",
                fg="bone",
                anchor="midleft",
            )
            draw_text(
                surface,
                "Click one of your outlined units.",
                (x, bar.centery + 14),
                size=theme.SIZE_SMALL,
                fg="muted",
                anchor="midleft",
            )
            self.end_side_button.draw(surface)
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
        draw_actions(surface, self.action_buttons, self._bar_grid, self.mode)
        self.undo_button.set_enabled(
            self.battle.can_undo(), "a die was rolled since, or there is nothing to undo"
        )
        self.undo_button.draw(surface)
        self.end_button.draw(surface)
        self.end_side_button.draw(surface)

    def _side_buttons(self) -> list[Button]:
        return [self.end_button, self.undo_button, self.end_side_button]

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

    # -- target preview -------------------------------------------------------------------------

    def _attack_for(self, target: str, *, strict: bool = False) -> Placed | None:
        """The answer a click on ``target`` gives, which the hover previews: the picked
        action's on that unit, else (unless ``strict``) the first kind of
        ``TARGETED_DEFAULTS`` on offer — melee, attack, ranged, shoot (clash), then the
        shortest charge."""
        self.placed()
        mine = self._by_target.get(target, [])
        if self.mode is not None:
            chosen = [p for p in mine if p.answer.kind == self.mode]
            if chosen or strict:  # a Swarm Attack's strike before its join (its numbers)
                return min(
                    chosen, key=lambda p: (self._reach(p), not strikes(p.answer)), default=None
                )
        for wanted in TARGETED_DEFAULTS:
            found = [p for p in mine if wanted in p.answer.kind]
            if found:
                return min(found, key=self._reach)
        return None

    def _reach(self, placed: Placed) -> int:
        """How far an answer takes the acting unit (path length, or squares to its end)."""
        if placed.path:
            return len(placed.path)
        me = self.engine.token(self.decision.unit or "") if self.decision else None
        if placed.dest is None or me is None:
            return 0
        return max(abs(placed.dest[0] - me.cell[0]), abs(placed.dest[1] - me.cell[1]))

    def target_preview(self) -> tuple[list[Row], Placed | None] | None:
        """The hovered enemy's preview rows and the answer they preview (None: no preview)."""
        d = self.decision
        if self.hover is None or d is None or d.kind != "turn" or not self.human_turn():
            return None
        if d.unit is None or self.anim.busy:
            return None
        token = self.token_at(self.hover)
        me = self.engine.token(d.unit)
        if token is None or me is None or token.key == d.unit or token.side == me.side:
            return None
        placed = self._attack_for(token.key)
        found = getattr(placed.answer, "weapon", None) if placed is not None else None
        weapon = found if isinstance(found, str) else ""
        title = placed.answer.label if placed is not None else ""
        if not weapon and placed is not None:  # a Grapple: the ruleset names its weapon
            own = self._answer_preview(placed.answer)
            weapon = own.weapon if own is not None else ""
        if not weapon:
            # no attack possible now: preview the unit's first weapon to say why
            template = self.battle.content.templates.get(me.template)
            if template is None or not template.weapons:
                return None
            weapon, title = template.weapons[0], "No attack now"
        # every event may change the numbers (an attack, a reaction, an undo): key on them
        answer = placed.answer if placed is not None else None
        key = (len(self.battle.events), len(self.battle.answers), d.id, token.key, weapon, answer)
        rows = self._previews.get(key)
        if rows is None and answer is not None and answer.kind == SWARM_KIND:
            if not strikes(answer):  # joining makes no blow: say what it does instead
                rows = [Row(f"{title} · {self._weapon_name(weapon)}"), *swarm_rows(answer)]
                self._previews = {key: rows}
        if rows is None:
            try:
                preview = self.battle.answer_preview(answer) if answer is not None else None
                charge = answer is not None and "charge" in answer.kind
                if preview is None:
                    preview = self.battle.attack_preview(d.unit, token.key, weapon)
            except (KeyError, ValueError, NotImplementedError):
                return None
            rows = preview_rows(
                preview,
                title,
                self._weapon_name(weapon),
                charge=charge,
                not_now="" if placed is not None else self._why_no_attack(d),
                cover_why=self.cover.of(self._strike_from(placed, me.cell), token.cell).reason,
            )
            if answer is not None:
                rows += swarm_rows(answer)
            self._previews = {key: rows}  # one hover at a time; pure, so safe to keep
        return rows, placed

    def _answer_preview(self, answer: Answer) -> AttackPreview | None:
        try:
            found = self.battle.answer_preview(answer)
        except (KeyError, ValueError, NotImplementedError):
            return None
        return found if isinstance(found, AttackPreview) else None

    def _why_no_attack(self, d: Decision) -> str:
        """Why a hovered enemy cannot be attacked now: the greyed attack actions' reason
        (the Main action is spent …), else it is out of reach."""
        targeted = [o for o in d.options if any(w in o.kind for w in TARGETED_DEFAULTS)]
        if targeted and not any(o.allowed for o in targeted):
            return f"no attack now: {targeted[0].reason}"
        return "out of reach this turn"

    def _draw_target_preview(self, surface: pygame.Surface) -> None:
        shown = self.target_preview()
        d = self.decision
        if shown is None or d is None or self.hover is None:
            return
        rows, placed = shown
        me = self.engine.token(d.unit or "")
        cells = [self.hover] + ([me.cell] if me is not None else [])
        if placed is not None and placed.dest is not None:
            cells.append(placed.dest)
        ox, oy = self.viewport.topleft
        avoid = [(x + ox, y + oy) for x, y in map(self.camera.cell_centre, cells)]
        draw_rows(surface, panel_rect(rows, self.viewport, avoid), rows)

    def _weapon_name(self, weapon: str) -> str:
        w = self.battle.content.weapons.get(weapon)
        return w.name if w else weapon

    # -- reaction prompt ----------------------------------------------------------------------

    @property
    def prompt_buttons(self) -> list[Button]:
        return self.prompt.buttons

    def _build_prompt(self, d: Decision) -> None:
        self.prompt.build(self.battle, d, self.engine.name)
        self.prompt.layout(self.viewport, self.app.screen.get_rect().inflate(-8, -8))

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
        below = super().hud_tooltip(mouse)
        danger = self.provocation_text() if self._cell_at(mouse) is not None else ""
        return "\n".join(t for t in (danger, below) if t)


def new_seed() -> int:
    """A fresh seed when the player left the field empty (OS entropy, not module random)."""
    import os

    return int.from_bytes(os.urandom(4), "big") % 1_000_000_000


def make_battle_scene(setup: BattleSetup, view: MapView, flow: GameFlow) -> PlayScene | str:
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
    return play_scene_for(battle, view, flow, fog=setup.fog)


def play_scene_for(battle: Battle, view: MapView, flow: GameFlow, *, fog: bool) -> PlayScene | str:
    """The battle screen for a battle just started or loaded from a save (its AI sides
    answered by ``game.ai``), or a one-line problem (the battle is then closed)."""
    from game.ai import UnknownController

    try:
        ai = ai_controller(battle.controllers, battle.seed, battle.ruleset_id)
    except UnknownController as exc:
        battle.close()
        return str(exc)
    return PlayScene(
        battle, view, flow.back_to_menu, ai_answer=ai, fog=fog, saves=flow.saves, flow=flow
    )


def ai_controller(
    sides: Mapping[str, str], seed: int, ruleset: str | None = None
) -> Callable[[Battle], Answer] | None:
    """Answers for every side given to an AI (side id → ``game.ai`` controller name; the
    sides marked "human" are left to the players); ``ruleset`` picks that ruleset's AI."""
    from game.ai import Controller, make_controller

    controllers: dict[str, Controller] = {
        side: make_controller(name, seed, ruleset)
        for side, name in sides.items()
        if name != "human"
    }
    if not controllers:
        return None

    def answer(battle: Battle) -> Answer:
        decision = battle.pending
        assert decision is not None
        return controllers[decision.side].choose(battle, decision)

    return answer

"""A whole battle without the mouse (issue 30): the arrows move a cursor over the squares
(the same square the mouse's hover sets, so the path, the cover lines and the target
preview follow it), Enter does what a click on the cursor's square does, Tab and
Shift+Tab put the cursor on the next or previous unit of yours that can act, "." and ","
on the next or previous target in reach (the picked action's, else the enemies you can
attack), Backspace drops the picked action or the selection. The camera follows the
cursor when it nears the view's edge. Hand-off screens, reaction prompts and the victory
screen have keys of their own (Enter, the prompt's numbers, Esc). A decision the bar's
buttons alone answer (which side begins the round) takes their numbers, or Tab / the
arrows to go from one to the next and Enter to give it (play-test 6)."""

from __future__ import annotations

import pygame

from game.geometry.grid import Cell
from game.ui.key_cursor import by_distance, cycled, keep_in_view, step
from game.ui.play_bar import ActionBarScene

ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
NEXT_TARGET, PREVIOUS_TARGET = pygame.K_PERIOD, pygame.K_COMMA


class KeyboardScene(ActionBarScene):
    """The battle screen's keyboard cursor."""

    pan_with_arrows = False  # the arrows move the cursor; WASD pans

    def handle_keys(self, event: pygame.event.Event) -> bool:
        """The cursor keys on the player's own turn; True if the event was used."""
        if event.type != pygame.KEYDOWN or not self.human_turn() or self.anim.busy:
            return False
        key = event.key
        d = self.decision
        if self.answering and d is not None and d.kind != "choose_unit":
            return self.handle_answer_keys(event)
        if key in ARROWS:
            self.move_cursor(*ARROWS[key])
        elif key in CONFIRM_KEYS:
            self.confirm_cursor()
        elif key == pygame.K_TAB:
            self.cycle_units(backwards=bool(event.mod & pygame.KMOD_SHIFT))
        elif key in (NEXT_TARGET, PREVIOUS_TARGET):
            self.cycle_targets(backwards=key == PREVIOUS_TARGET)
        elif key == pygame.K_BACKSPACE:
            if self.sheet_unit is not None:
                self.sheet_unit = None
            else:
                self.cancel()
        else:
            return False
        return True

    def handle_answer_keys(self, event: pygame.event.Event) -> bool:
        """A decision answered only by the bar's buttons (which side begins the round):
        Tab and the arrows go from answer to answer, Enter gives the one they are on (the
        number keys are the buttons' own); the board's cursor has nothing to do."""
        key = event.key
        if key in ARROWS:
            dx, dy = ARROWS[key]
            self.move_answer_focus(1 if dx + dy > 0 else -1)
        elif key == pygame.K_TAB:
            self.move_answer_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in CONFIRM_KEYS:
            self.give_focused_answer()
        else:
            return False
        return True

    def _cursor_home(self) -> Cell:
        """Where the cursor starts: on the unit acting (or selected), else mid-map."""
        d = self.decision
        for key in (d.unit if d else None, self.selected):
            token = self.engine.token(key) if key else None
            if token is not None:
                return token.cell
        return (self.model.width // 2, self.model.height // 2)

    def put_cursor(self, cell: Cell) -> None:
        """The cursor (the hovered square) on ``cell``; the camera follows it."""
        self.hover = cell
        mw, mh = self.model.width, self.model.height
        moved = keep_in_view(self.camera, mw, mh, cell)
        if moved != self.camera:
            self.camera = moved
            self._user_moved_camera()

    def move_cursor(self, dx: int, dy: int) -> None:
        """An arrow: the cursor one square that way (it first appears on the acting unit)."""
        if self.hover is None:
            self.put_cursor(self._cursor_home())
            return
        self.put_cursor(step(self.hover, dx, dy, self.model.width, self.model.height))

    def confirm_cursor(self) -> None:
        """Enter: what a click on the cursor's square does."""
        if self.hover is None:
            self.put_cursor(self._cursor_home())
            self.app.notify("Move the cursor with the arrows, then Enter")
            return
        self.click_cell(self.hover)

    def _units_to_cycle(self) -> list[str]:
        """Units of the side in turn that can act, in the board's order: the ones to choose
        from, else the one acting and those still waiting for their turn."""
        d = self.decision
        if d is None:
            return []
        left, _ = self.still_to_act()
        if d.kind == "turn" and d.unit is not None and d.unit not in left:
            left = [d.unit, *left]
        order = [t.key for t in self.engine.tokens() if not t.down]
        return [u for u in order if u in left]

    def cycle_units(self, backwards: bool = False) -> None:
        """Tab (Shift+Tab backwards): the cursor on the next unit of yours that can act,
        selected so the card shows it; Enter activates it."""
        cells: list[Cell] = []
        keys: dict[Cell, str] = {}
        for unit in self._units_to_cycle():
            token = self.engine.token(unit)
            if token is not None:
                cells.append(token.cell)
                keys[token.cell] = unit
        cell = cycled(cells, self.hover, backwards)
        if cell is None:
            self.app.notify("No unit of yours can act now")
            return
        self.selected = keys[cell]
        self.play_sound("select")
        self.put_cursor(cell)

    def target_cells(self) -> list[Cell]:
        """The squares "." and "," cycle through, nearest the acting unit first: the picked
        action's targets (else its squares, or a square of each zone it moves into), or
        with none picked the enemies in reach (none: the zones a move goes into)."""
        d = self.decision
        if d is None or d.kind != "turn":
            return []
        me = self.engine.token(d.unit) if d.unit else None
        origin = me.cell if me is not None else None
        zones = self.board.zones  # the zones a click moves into: a square of each
        into = [zones.anchors[z] for z in self.zone_answers()] if zones is not None else []
        if self.mode is not None and self.option_of(self.mode).target_kind == "zone":
            cells = into
        elif self.mode is not None and self.option_of(self.mode).board_range != "reach":
            chosen = self.of_kind(self.mode)
            cells = [p.target_cell for p in chosen if p.target_cell and p.target != d.unit]
            cells = cells or [p.dest for p in chosen if p.dest]
        else:
            cells = list(self.ranges(d.unit).attackable) or into
        hidden = self.hidden_cells()
        return by_distance([c for c in cells if c not in hidden], origin)

    def cycle_targets(self, backwards: bool = False) -> None:
        """Full stop (comma backwards): the cursor on the next target in reach; the
        preview shows what Enter would do to it."""
        cell = cycled(self.target_cells(), self.hover, backwards)
        if cell is None:
            self.app.notify("No target in reach")
            return
        self.put_cursor(cell)

"""The load list: saved battles to resume or to watch again (issue 6 · Save/Load in the Esc
menu, a load list with map, ruleset, round, date; the replay viewer opens from here).

Reached from the main menu ("Saves & replays") and from the Esc menu ("Load"). Every
file in the saves folder is listed, newest first; one that cannot be read is listed
with its problem in red, so the player sees why instead of it missing. A finished
battle cannot be resumed (there is nothing left to play) but can be watched.

Each row also says who commanded each side and whether fog of war was on; Rename gives
the selected save a new name (written atomically) and Delete removes it, after asking
(issue 30).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from game.saves import SaveEntry, SaveError, delete_save, list_saves, rename_save
from game.ui import theme
from game.ui.app import Scene
from game.ui.battle_setup import controller_label
from game.ui.overlays import ConfirmScene
from game.ui.row_list import RowList
from game.ui.save_dialogs import RenameScene
from game.ui.theme import colour
from game.ui.widgets import Button, draw_panel, draw_text, fit_text, wrap
from game.words import counted

ROW_H = 80
KIND_LABELS = {"autosave": "autosave", "quicksave": "quicksave", "save": "saved"}


def describe(entry: SaveEntry) -> tuple[str, str]:
    """The two lines of a row: the battle's title, and map · ruleset · round · date · kind
    (or the problem, for a file that does not read as a save)."""
    save = entry.save
    if save is None:  # the row names the file: the reason alone (play-test 3)
        return entry.path.name, entry.problem.removeprefix(f"{entry.path}: ")
    state = f"round {max(1, save.round)}"
    if save.over:
        winner = save.winner_name or save.winner
        state = f"over after {counted(save.round, 'round')}" + (f", {winner} won" if winner else "")
    moves = counted(len(save.answers), "answer")
    parts = [save.map_name, save.ruleset, state, moves, entry.when, KIND_LABELS[entry.kind]]
    return save.title or save.map_name, " · ".join(parts)


def detail_lines(entry: SaveEntry, detail: str, width: int) -> list[str]:
    """A row's detail within ``width`` pixels: one line, or two for an unreadable file's
    reason (play-test 3: long reasons were cut), the last cut with "…"."""
    if entry.save is not None:
        return [fit_text(detail, width, "body", theme.SIZE_SMALL)]
    lines = wrap(detail, width, "body", theme.SIZE_SMALL)
    if len(lines) > 2:
        lines = [lines[0], fit_text(" ".join(lines[1:]), width, "body", theme.SIZE_SMALL)]
    return lines


def count_text(entries: Sequence[SaveEntry]) -> str:
    """ "3 saved battles, 5 unreadable": broken files are not counted as battles."""
    bad = sum(1 for e in entries if e.save is None)
    good = counted(len(entries) - bad, "saved battle")
    return f"{good}, {bad} unreadable" if bad else good


def commanders(entry: SaveEntry) -> str:
    """The third line of a row: who commanded each side (by the side's name when the save
    has it), and whether fog of war was on ("" for a file that is no save)."""
    save = entry.save
    if save is None:
        return ""
    names = dict(save.side_names)
    parts = [f"{names.get(side, side)}: {controller_label(who)}"
             for side, who in save.controllers.items()]  # fmt: skip
    if save.fog is not None:
        parts.append("fog of war" if save.fog else "no fog")
    return " · ".join(parts)


class SaveListScene(Scene):
    """A list of saves with Load, Watch replay, Rename, Delete and Back."""

    opaque = False

    def __init__(
        self,
        folder: Path | None,
        *,
        load: Callable[[Path], bool],
        watch: Callable[[Path], bool],
    ) -> None:
        self.folder = folder
        self.entries: list[SaveEntry] = []
        self.selected = -1
        self.rows = RowList(ROW_H, 4, self.select)
        self._load = load
        self._watch = watch
        self._size: tuple[int, int] = (0, 0)
        self.panel = pygame.Rect(0, 0, 600, 400)
        self.list_rect = pygame.Rect(0, 0, 500, 300)
        self.load_button = Button(
            "Load",
            self.load_selected,
            style="primary",
            shortcut=pygame.K_RETURN,
            hint="Resume the selected battle where it was saved.",
        )
        self.watch_button = Button(
            "Watch replay",
            self.watch_selected,
            shortcut=pygame.K_r,
            hint="Step through the selected battle from its first move.",
        )
        self.rename_button = Button(
            "Rename",
            self.rename_selected,
            shortcut=pygame.K_F2,
            hint="Give the selected save a name of your own [F2].",
        )
        self.delete_button = Button(
            "Delete",
            self.delete_selected,
            shortcut=pygame.K_DELETE,
            hint="Delete the selected save; asks first [Delete].",
        )
        self.back_button = Button("Back", self.close, style="flat", hint="[Esc]")
        self.refresh()

    # -- state --------------------------------------------------------------------------------

    def refresh(self, keep: Path | None = None) -> None:
        """Read the folder again; select ``keep`` when it is still listed, else the first."""
        self.entries = list_saves(self.folder) if self.folder else list_saves()
        self.rows.count = len(self.entries)
        at = next((i for i, e in enumerate(self.entries) if e.path == keep), 0)
        self.select(at if self.entries else -1)

    @property
    def entry(self) -> SaveEntry | None:
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    def select(self, index: int) -> None:
        if not self.entries:
            self.selected = -1
        else:
            self.selected = max(0, min(len(self.entries) - 1, index))
        self._update_buttons()
        self.rows.ensure_visible(self.selected)

    def _update_buttons(self) -> None:
        entry = self.entry
        self.delete_button.set_enabled(entry is not None, "there are no saves yet")
        if entry is None:
            self.rename_button.set_enabled(False, "there are no saves yet")
        elif entry.save is None:
            self.rename_button.set_enabled(False, entry.problem)
        else:
            self.rename_button.set_enabled(True)
        if entry is None:
            self.load_button.set_enabled(False, "there are no saves yet")
            self.watch_button.set_enabled(False, "there are no saves yet")
        elif entry.save is None:
            self.load_button.set_enabled(False, entry.problem)
            self.watch_button.set_enabled(False, entry.problem)
        else:
            self.watch_button.set_enabled(True)
            if entry.save.over:
                self.load_button.set_enabled(False, "this battle is over: watch its replay")
            else:
                self.load_button.set_enabled(True)

    def load_selected(self) -> None:
        entry = self.entry
        if entry is not None and entry.save is not None and not entry.save.over:
            self._load(entry.path)  # on success every screen is replaced by the battle

    def watch_selected(self) -> None:
        entry = self.entry
        if entry is not None and entry.save is not None:
            self._watch(entry.path)

    def delete_selected(self) -> None:
        """Ask, then delete the selected file (a broken one too)."""
        entry = self.entry
        if entry is None:
            return
        title = describe(entry)[0]
        self.app.push(ConfirmScene(
            "Delete this save?", f"{title} ({entry.path.name}) is deleted for good.",
            "Delete", lambda: self._delete(entry),
        ))  # fmt: skip

    def _delete(self, entry: SaveEntry) -> None:
        try:
            delete_save(entry.path)
        except SaveError as exc:
            self.app.notify(exc.line)
        at = self.selected
        self.refresh()
        self.select(min(at, len(self.entries) - 1))  # the row that took its place

    def rename_selected(self) -> None:
        """Ask for a new name for the selected save."""
        entry = self.entry
        if entry is None or entry.save is None:
            return
        self.app.push(RenameScene(entry.save.title, lambda title: self._rename(entry, title)))

    def _rename(self, entry: SaveEntry, title: str) -> bool:
        try:
            written = rename_save(entry.path, title)
        except SaveError as exc:
            self.app.notify(exc.line)
            return False
        self.refresh(keep=written)
        return True

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    # -- layout -------------------------------------------------------------------------------

    def _layout(self, size: tuple[int, int]) -> None:
        self._size = size
        w, h = size
        self.panel = pygame.Rect(0, 0, min(940, w - 60), max(260, h - 80))
        self.panel.center = (w // 2, h // 2)
        p = self.panel
        self.list_rect = pygame.Rect(p.x + 24, p.y + 78, p.w - 48, p.h - 78 - 84)
        y = p.bottom - 64
        self.back_button.rect = pygame.Rect(p.right - 24 - 120, y, 120, 44)
        self.watch_button.rect = pygame.Rect(self.back_button.rect.x - 14 - 190, y, 190, 44)
        self.load_button.rect = pygame.Rect(self.watch_button.rect.x - 14 - 150, y, 150, 44)
        self.delete_button.rect = pygame.Rect(p.x + 24, y, 110, 44)
        self.rename_button.rect = pygame.Rect(self.delete_button.rect.right + 14, y, 120, 44)
        self.rows.rect = self.list_rect.inflate(-12, -12)
        self.rows.ensure_visible(self.selected)

    # -- events -------------------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        return [
            self.load_button, self.watch_button, self.rename_button, self.delete_button,
            self.back_button,
        ]  # fmt: skip

    def handle(self, event: pygame.event.Event) -> None:
        if self._size != self.app.screen.get_size():
            self._layout(self.app.screen.get_size())
        for button in self.buttons():
            if button.handle(event):
                return
        if self.rows.handle(event, self.selected):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def tooltip(self, mouse: tuple[int, int]) -> str:
        for button in self.buttons():
            text = button.tooltip(mouse)
            if text:
                return text
        i = self.rows.row_at(mouse) if self._size != (0, 0) else None
        return (self.entries[i].problem or str(self.entries[i].path)) if i is not None else ""

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self._size:
            self._layout(surface.get_size())
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        p = self.panel
        draw_panel(surface, p, fill="parchment", border="wood_dark")
        draw_text(
            surface,
            "Saves & replays",
            (p.x + 28, p.y + 22),
            role="title",
            size=theme.SIZE_HEADING,
            fg="ink",
        )
        count = count_text(self.entries)
        draw_text(
            surface,
            count,
            (p.right - 28, p.y + 32),
            size=theme.SIZE_SMALL,
            fg="ink_soft",
            anchor="topright",
        )
        draw_panel(surface, self.list_rect, fill="wood_dark", border="wood", radius=6, shadow=False)
        inner = self.list_rect.inflate(-12, -12)
        clip = surface.get_clip()
        surface.set_clip(inner)
        if not self.entries:
            draw_text(
                surface,
                "No saves yet: battles are autosaved after every move, F5 "
                "quicksaves, and the Esc menu saves.",
                (inner.x + 12, inner.y + 12),
                role="italic",
                size=theme.SIZE_SMALL + 1,
                fg="parchment_dark",
            )
        mouse = pygame.mouse.get_pos()
        for i in self.rows.visible():
            entry = self.entries[i]
            row = self.rows.row_rect(i)
            chosen = i == self.selected
            fill = "parchment" if chosen else ("wood_light" if row.collidepoint(mouse) else "wood")
            draw_panel(
                surface,
                row,
                fill=fill,
                border="gold" if chosen else "wood_dark",
                radius=5,
                shadow=False,
            )
            title, detail = describe(entry)
            draw_text(
                surface,
                fit_text(title, row.w - 24, "bold", theme.SIZE_BODY - 1),
                (row.x + 12, row.y + 6),
                role="bold",
                size=theme.SIZE_BODY - 1,
                fg="ink" if chosen else "bone",
            )
            if entry.save is None:
                tone = "health_low"
            else:
                tone = "ink_soft" if chosen else "muted"
            for n, line in enumerate(detail_lines(entry, detail, row.w - 24)):
                draw_text(surface, line, (row.x + 12, row.y + 32 + 22 * n),
                          size=theme.SIZE_SMALL, fg=tone)  # fmt: skip
            who = commanders(entry)
            if who:
                draw_text(surface, fit_text(who, row.w - 24, "italic", theme.SIZE_SMALL),
                          (row.x + 12, row.y + 54), role="italic", size=theme.SIZE_SMALL,
                          fg=tone)  # fmt: skip
        surface.set_clip(clip)
        most = self.rows.max_scroll()
        if most:
            track = pygame.Rect(self.list_rect.right - 8, inner.y, 4, inner.h)
            pygame.draw.rect(surface, colour("wood"), track, border_radius=2)
            share = inner.h / (inner.h + most)
            knob = pygame.Rect(track.x, 0, 4, max(16, int(track.h * share)))
            knob.y = track.y + int((track.h - knob.h) * self.rows.scroll / most)
            pygame.draw.rect(surface, colour("gold"), knob, border_radius=2)
        for button in self.buttons():
            button.draw(surface)

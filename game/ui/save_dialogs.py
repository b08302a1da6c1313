"""The load list's Rename dialog (issue 30): a one-line name for the selected save; Enter
renames, Esc cancels."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.overlays import _Dialog
from game.ui.widgets import Button, TextField

MAX_NAME = 80  # what fits the field; a save's title may hold up to 200 characters


class RenameScene(_Dialog):
    """Asks for a save's new name; ``on_rename(name)`` says whether it took (the dialog
    closes only then, so a refused name can be corrected)."""

    title = "Rename save"
    width = 560

    def __init__(self, current: str, on_rename: Callable[[str], bool]) -> None:
        super().__init__()
        self.on_rename = on_rename
        self.field = TextField("Name", current[:MAX_NAME], max_len=MAX_NAME,
                               placeholder="a name for this battle")  # fmt: skip
        self.field.focused = True
        self.items = [
            self.field,
            Button("Rename", self.confirm, style="primary", hint="[Enter]"),
            Button("Cancel", self.close, hint="Keep the old name [Esc]."),
        ]

    def confirm(self) -> None:
        name = self.field.text.strip()
        if name and self.on_rename(name):
            self.close()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        super().handle(event)

"""Saving from the battle screen: the autosave after every answer, the quicksave (F5/F9),
Save in the Esc menu, and what "Continue" in the main menu would resume (issue 6).

Everything that can go wrong on disk becomes one line for ``App.notify`` (DESIGN.md ·
Errors and data: the UI shows the message and keeps running); a battle is never stopped
because it could not be saved.

Loading is the flow's job (``GameFlow.resume``): it replays a save into a new battle
screen. This module only hands it the file to load.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.saves import (
    Autosaver,
    SaveData,
    SaveError,
    new_save_path,
    quicksave_path,
    read_save,
    read_save_header,
    save_battle,
)
from game.ui.autosave_writer import AutosaveWriter

if TYPE_CHECKING:
    from game.engine import Battle

NO_AUTOSAVE = "No battle to continue yet: every battle is saved after each move."
LAST_BATTLE_OVER = "Your last battle is over: watch it under Saves & replays."
NO_QUICKSAVE = "No quicksave yet: F5 during a battle makes one."
QUICKLOADED = "Quickloaded: back to the quicksave (F5 saves again)"
OTHER_QUICKSAVE = "No quicksave of this battle yet: F5 makes one."

# asks the player before going on: (title, message, what Confirm says, what it does)
Ask = Callable[[str, str, str, Callable[[], None]], None]


def same_battle(save: SaveData, battle: Battle) -> bool:
    """Whether ``save`` is of ``battle``: the same map, ruleset, house rules, seed and
    players, and one's answers begin the other's (the quicksave was made on the way to
    where the battle is, or the battle was taken back to before it)."""
    field = battle.battlefield
    setup = (field.path.name, field.content_hash, battle.ruleset_id, battle.seed)
    if (save.map_name, save.map_hash, save.ruleset, save.seed) != setup:
        return False
    if dict(save.options) != dict(getattr(battle, "ruleset_options", None) or {}):
        return False
    if dict(save.controllers) != dict(battle.controllers):
        return False
    mine, saved = tuple(battle.answers), tuple(save.answers)
    shorter = min(len(mine), len(saved))
    return mine[:shorter] == saved[:shorter]


class BattleSaves:
    """The saves the battle screens make, and the way back into a saved battle.

    ``notify`` shows one line about a problem, ``inform`` one about a success ("Saved
    as …"; ``notify`` too when not given); ``resume(path)`` opens a saved battle (True
    when it opened); ``show_saves()`` opens the load list.
    """

    def __init__(
        self,
        notify: Callable[[str], None],
        resume: Callable[[Path], bool],
        show_saves: Callable[[], None],
        folder: Path | None = None,
        inform: Callable[[str], None] | None = None,
    ) -> None:
        self.notify = notify
        self.inform = inform or notify
        self.resume = resume
        self.show_saves = show_saves
        self.folder = folder  # None: the saves folder (game.saves.saves_dir)
        self._autosaver: Autosaver | None = None
        self._writer: AutosaveWriter | None = None
        self._failing = ""  # the last autosave problem shown, so it is shown once

    @property
    def autosaver(self) -> Autosaver:
        if self._autosaver is None:
            self._autosaver = Autosaver(self.folder)
        return self._autosaver

    @property
    def writer(self) -> AutosaveWriter:
        """The thread that writes autosaves off the frame (issue 30)."""
        if self._writer is None:
            self._writer = AutosaveWriter(self.autosaver)
        return self._writer

    def autosave(self, battle: Battle, fog: bool | None, later: bool = False) -> Path | None:
        """After every answer: save the battle as it stands; a failure is said once (until
        autosaving works again) and the battle goes on. ``later``: hand it to the writer
        thread (a frame of ``App``'s loop; returns None), else write it now (after what
        the writer still has)."""
        if later:
            self.writer.request(battle, fog)
            self._report(self.writer.take_outcome())
            return None
        if self._writer is not None:
            self._report(self._writer.take_outcome())
            self._writer.settle()  # this write is newer than the one not begun
        try:
            path = self.autosaver.after_answer(battle, fog)
        except SaveError as exc:
            self._report(exc)
            return None
        return self._report(path)

    def flush(self) -> None:
        """The autosave the writer still has is on disk (or its failure said) now: before
        the battle is let go, and for whoever must know it is written."""
        if self._writer is not None:
            self._writer.flush()
            self._report(self._writer.take_outcome())

    def _report(self, outcome: Path | SaveError | None) -> Path | None:
        """Say a failure once (until autosaving works again)."""
        if isinstance(outcome, SaveError):
            if outcome.problem != self._failing:
                self._failing = outcome.problem
                self.notify(f"Autosave failed: {outcome.line}")
            return None
        if outcome is not None:
            self._failing = ""
        return outcome

    def quicksave_path(self) -> Path:
        return self.folder / quicksave_path().name if self.folder else quicksave_path()

    def quicksave(self, battle: Battle, fog: bool | None) -> Path | None:
        """F5: the one quicksave slot."""
        return self._save(battle, fog, self.quicksave_path(), "Quicksaved (F9 loads it)")

    def save(self, battle: Battle, fog: bool | None) -> Path | None:
        """Save in the Esc menu: a new file named after the map and the time."""
        path = new_save_path(battle.battlefield.path.stem, self.folder)
        return self._save(battle, fog, path, f"Saved as {path.name}")

    def _save(self, battle: Battle, fog: bool | None, path: Path, done: str) -> Path | None:
        try:
            written = save_battle(battle, path, fog=fog)
        except SaveError as exc:
            self.notify(f"Not saved: {exc.line}")
            return None
        self.inform(done)
        return written

    def quickload(self, battle: Battle | None = None, ask: Ask | None = None) -> bool:
        """F9: back to the quicksave (a battle replayed from it) and say so, or say there is
        none. With the ``battle`` on screen, only its own quicksave loads at once: the
        quicksave of another battle replaces it only when the player says so (``ask``;
        without it, the player is told there is no quicksave of this battle)."""
        path = self.quicksave_path()
        if not path.is_file():
            self.notify(NO_QUICKSAVE)
            return False
        if battle is not None:
            try:
                save = read_save(path)
            except SaveError:
                save = None  # the loader says what is wrong with it
            if save is not None and not same_battle(save, battle):
                if ask is None:
                    self.notify(OTHER_QUICKSAVE)
                    return False
                about = f"{save.title or save.map_name}, round {max(1, save.round)}"

                def load() -> None:
                    self._quickload(path)

                ask(
                    "Load another battle?",
                    f"The quicksave is of another battle ({about}). Loading it leaves "
                    "this battle; it stays under Saves & replays (autosaved).",
                    "Load it",
                    load,
                )
                return False
        return self._quickload(path)

    def _quickload(self, path: Path) -> bool:
        if not self.resume(path):
            return False
        self.inform(QUICKLOADED)
        return True

    def continue_target(self) -> tuple[Path | None, str]:
        """The autosave "Continue" resumes, and a line about it; or None and why there is
        nothing to continue. A damaged newest autosave falls back to the one before it
        (and says so); when none can be read, the newest one's problem is the reason.
        Only the headers are read here (the menu's first frame, issue 32): answers that
        do not read are the one line pressing Continue shows."""
        saver = self.autosaver
        files = saver.autosaves()
        if not files:
            return None, NO_AUTOSAVE
        found = _newest_header(files)
        if found is None:
            try:
                read_save_header(files[-1])
            except SaveError as exc:
                return None, exc.line
            return None, NO_AUTOSAVE  # it became readable in between: try again later
        path, save = found
        if save.over:
            return None, LAST_BATTLE_OVER
        about = f"{save.title or save.map_name}, round {max(1, save.round)} ({save.ruleset})"
        if path != files[-1]:
            about += "; the newest autosave is damaged, so from the one before it"
        return path, about


def _newest_header(files: list[Path]) -> tuple[Path, SaveData] | None:
    """The newest of ``files`` (oldest first) whose header reads (``read_save_header``: the
    answers are read in full when the player resumes it), with that header; or None."""
    for path in reversed(files):
        with contextlib.suppress(SaveError):
            return path, read_save_header(path)
    return None

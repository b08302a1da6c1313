"""The autosave after every answer, written off the frame (issues 6 and 30).

Taking a battle's snapshot (its state hash) and writing it (checked, then atomic, with
two fsyncs) costs tens of milliseconds: done on the frame, every AI answer made a frame
late. Inside ``App``'s own loop the battle screen hands the autosave to this writer
instead: a thread that always holds the newest battle asked for and writes it in order.
It takes the snapshot holding ``WORLD_LOCK`` (between frames, like the AI's worker, so
the battle is exactly as the last frame left it; a snapshot always shows a whole answer),
then writes the file without the lock. Answers given meanwhile only make the next
snapshot newer, so at most the answers of the last frame or two are not yet on disk, and
``flush`` writes those at once (leaving a battle, a crash, a test that kills the game).

    writer = AutosaveWriter(Autosaver(folder))
    writer.request(battle, fog)        # in a frame: returns at once
    writer.flush()                     # the newest request is on disk (or failed)
    outcome = writer.take_outcome()    # the last write's file, or its SaveError

The thread ends when nothing is left to write and is not a daemon, so a game that quits
normally still writes its last autosave.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from game.saves import Autosaver, SaveError
from game.ui.ai_worker import WORLD_LOCK, main_holds_lock

if TYPE_CHECKING:
    from game.engine import Battle

THREAD_NAME = "shieldwall-autosave"
T = TypeVar("T")


def _guarded(work: Callable[[], T]) -> T | SaveError:
    try:
        return work()
    except SaveError as exc:
        return exc


class AutosaveWriter:
    """Writes ``saver``'s autosaves, the newest requested, on a thread of its own."""

    def __init__(self, saver: Autosaver) -> None:
        self.saver = saver
        self._cond = threading.Condition()
        self._job: tuple[Battle, bool | None] | None = None  # the newest not begun
        self._busy = False  # a snapshot is being taken or written
        self._thread: threading.Thread | None = None
        self._outcome: Path | SaveError | None = None

    @property
    def pending(self) -> bool:
        """An autosave asked for is not on disk yet."""
        with self._cond:
            return self._job is not None or self._busy

    def request(self, battle: Battle, fog: bool | None) -> None:
        """Autosave ``battle`` as it will stand when the writer gets the lock: an older
        request not begun yet is replaced (the newer state includes its answers)."""
        with self._cond:
            self._job = (battle, fog)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=THREAD_NAME)
                self._thread.start()
            self._cond.notify_all()

    def settle(self) -> tuple[Battle, bool | None] | None:
        """Wait for the autosave being written, if any; the request not begun yet is
        taken back and returned (the caller writes it, or drops it). It never waits on
        a snapshot while the caller holds ``WORLD_LOCK``: the writer takes snapshots
        only with the lock."""
        with self._cond:
            job, self._job = self._job, None
            while self._busy:
                self._cond.wait()
            return job

    def flush(self) -> None:
        """Everything asked for is on disk (or its failure is the outcome) when this
        returns: the request not begun yet is written on the caller's thread."""
        job = self.settle()
        if job is None:
            return
        battle, fog = job
        if main_holds_lock():  # in a frame: the battle is ours
            outcome = _guarded(lambda: self.saver.after_answer(battle, fog))
        else:
            with WORLD_LOCK:  # outside a frame: not while the AI's worker thinks
                outcome = _guarded(lambda: self.saver.after_answer(battle, fog))
        with self._cond:
            self._outcome = outcome

    def take_outcome(self) -> Path | SaveError | None:
        """The last finished write's file or ``SaveError`` (None: none since the last
        call)."""
        with self._cond:
            outcome, self._outcome = self._outcome, None
            return outcome

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._job is None:
                    self._thread = None
                    return
            outcome = self._write_newest()
            with self._cond:
                if outcome is not None:
                    self._outcome = outcome
                self._busy = False
                self._cond.notify_all()

    def _write_newest(self) -> Path | SaveError | None:
        """Snapshot the newest request holding ``WORLD_LOCK`` (between frames: the battle
        as the last frame left it), then write it without; None when ``settle`` took it
        back first."""
        with WORLD_LOCK:
            with self._cond:
                job, self._job = self._job, None
                if job is None:
                    return None
                self._busy = True
            battle, fog = job
            try:
                save = self.saver.capture(battle, fog)
            except SaveError as exc:
                return exc
        return _guarded(lambda: self.saver.write(battle, save))

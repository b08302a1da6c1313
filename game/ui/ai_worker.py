"""The AI thinks on a worker thread, off the frame (issue 30).

esper 3 keeps its worlds in module globals and a battle switches the current world
whenever one of its methods runs, so two threads may never use esper at the same time.
``WORLD_LOCK`` says who may: the worker holds it for the whole of one decision, and the
main thread holds it for the whole of a frame (``App.step``). A frame that finds the
worker thinking draws nothing new and returns at once (the window keeps the last
picture), so no frame waits on a decision; between frames, and while the AI driver
waits a few milliseconds for an answer it expects soon (``AiWorker.wait``), the worker
has the battle to itself.

The controller is called on the live battle at the same decision as it would be without
the worker, so a seed gives the same AI answers whatever the timing; the answer is then
given on the main thread through the screen's normal path. An answer that comes back for
a battle that has changed meanwhile (undone, loaded, closed) is thrown away.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the menu's first frame loads no engine (bench: first_frame_cpu_s)
    from game.engine import Answer, Battle

WORLD_LOCK = threading.Lock()  # held by whoever uses esper: a frame, or the worker
M_ARENA_MAX = -8  # glibc's mallopt parameter
_arenas_shared: list[bool] = []


def share_malloc_arena() -> None:
    """Let the worker threads allocate from the main thread's malloc arena (glibc, once
    per process; elsewhere nothing). Issue 32: glibc gives a new thread an arena of its
    own, and the memory each arena frees stays with it: the worker's arena beside the
    main one kept a 256x256 battle ~50 MiB higher at its peak (451 -> 399 MiB, its
    first hard decision). The lock the arena is shared under is the one malloc always
    takes; the frames and the worker seldom allocate at once (``WORLD_LOCK``)."""
    if _arenas_shared or not sys.platform.startswith("linux"):
        return
    _arenas_shared.append(True)
    import ctypes  # here: the menu's first frame imports this module, not ctypes

    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return  # not glibc (or no mallopt): its own allocator, its own ways
    mallopt(M_ARENA_MAX, 1)


class WorldBusy(Exception):
    """The worker kept the battle past a frame's wait: that frame ends at once, drawing
    nothing new (``App.step`` catches it)."""


@dataclass(frozen=True, slots=True)
class Thought:
    """What the worker came back with for the decision ``key`` names: an answer, or the
    exception the AI raised."""

    key: tuple[int, str, int]
    answer: Answer | None
    error: BaseException | None = None


def battle_key(battle: Battle) -> tuple[int, str, int]:
    """Which battle, in which world, after how many answers: a thought for another key
    answers a decision that is no longer pending."""
    return (id(battle), battle.world_name, len(battle.answers))


class AiWorker:
    """Runs ``ai_answer(battle)`` on a thread, one decision at a time."""

    def __init__(self, ai_answer: Callable[[Battle], Answer]) -> None:
        share_malloc_arena()
        self.ai_answer = ai_answer
        self._thread: threading.Thread | None = None
        self._done = threading.Event()
        self._thought: Thought | None = None
        self._cancelled = threading.Event()

    @property
    def thinking(self) -> bool:
        """A decision is being worked on and its answer is not back yet."""
        return self._thread is not None and not self._done.is_set()

    def start(self, battle: Battle) -> bool:
        """Begin on the battle's pending decision; False (nothing begun) while a thought
        is under way or after ``cancel``."""
        if self._thread is not None or self._cancelled.is_set():
            return False
        key = battle_key(battle)
        self._done.clear()
        self._thought = None
        self._thread = threading.Thread(
            target=self._think, args=(battle, key), name="shieldwall-ai", daemon=True
        )
        self._thread.start()
        return True

    def _think(self, battle: Battle, key: tuple[int, str, int]) -> None:
        with WORLD_LOCK:
            try:
                if self._cancelled.is_set() or battle_key(battle) != key:
                    thought = Thought(key, None, RuntimeError("the battle changed"))
                else:
                    thought = Thought(key, self.ai_answer(battle))
            except Exception as exc:  # reported to the main thread, which stops the AI
                thought = Thought(key, None, exc)
            if not self._cancelled.is_set():
                self._thought = thought
            self._done.set()

    def wait(self, seconds: float) -> None:
        """Let the worker have the battle for up to ``seconds``: a frame gives up
        ``WORLD_LOCK`` meanwhile and takes it back, or, when the worker still has it,
        raises ``WorldBusy`` (the frame ends there and waits for nothing)."""
        if not self.thinking or seconds <= 0:
            return
        if not _main_holds_lock():
            self._done.wait(seconds)
            return
        _holder.holds = False
        WORLD_LOCK.release()
        self._done.wait(seconds)
        if not WORLD_LOCK.acquire(blocking=False):
            raise WorldBusy
        _holder.holds = True

    def peek(self, battle: Battle) -> Thought | None:
        """The finished thought for the battle as it is, left for ``take``; None while
        it thinks, when idle, or when it is for another state of the battle."""
        if self._thread is None or not self._done.is_set():
            return None
        thought = self._thought
        return thought if thought is not None and thought.key == battle_key(battle) else None

    def take(self, battle: Battle) -> Thought | None:
        """The finished thought, if any (then the worker is free again); None while it
        thinks or when idle. A thought for another state of the battle is dropped."""
        if self._thread is None or not self._done.is_set():
            return None
        self._thread.join()
        self._thread = None
        thought, self._thought = self._thought, None
        if thought is None or thought.key != battle_key(battle):
            return None
        return thought

    def cancel(self) -> None:
        """The battle is going away: a thought not yet begun never starts, one under way
        is dropped when it ends (the thread is a daemon and holds nothing else)."""
        self._cancelled.set()
        self._thread = None
        self._thought = None


_holder = threading.local()


def _main_holds_lock() -> bool:
    return bool(getattr(_holder, "holds", False))


def frame_lock_acquire(wait: float = 0.0) -> bool:
    """Take ``WORLD_LOCK`` for a frame, waiting at most ``wait`` seconds for the worker
    to finish with it; False when it still has it."""
    if _main_holds_lock():
        return False  # a frame inside a frame (a test hook): the outer one holds it
    if not WORLD_LOCK.acquire(timeout=wait) if wait > 0 else not WORLD_LOCK.acquire(False):
        return False
    _holder.holds = True
    return True


def frame_lock_release() -> None:
    _holder.holds = False
    WORLD_LOCK.release()


def main_holds_lock() -> bool:
    """Whether this thread holds ``WORLD_LOCK`` for its frame."""
    return _main_holds_lock()

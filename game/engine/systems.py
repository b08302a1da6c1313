"""Systems: esper processors that react to events (DESIGN.md · Systems).

A ``System`` is an ``esper.Processor`` registered in the battle's own esper world. The
engine calls ``esper.process(ctx, event)`` once for every event it emits, in order (a
queue, so an event emitted by a system is handled after the current one, never nested).
A system maps event types to methods with ``handles``::

    class MortalWounds(System):
        def __init__(self) -> None:
            super().__init__(priority=10)
            self.handles = {RoundEnded: self.on_round_ended}
        def on_round_ended(self, ctx: Context, event: RoundEnded) -> None: ...

Systems may change components, roll dice (``ctx.roll``) and emit events, but they cannot
ask anyone anything: whatever may need a Decision (an attack of opportunity that the
target could answer with Total Defense, say) belongs in a flow (a generator), not here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import esper

from game.engine.events import Event

if TYPE_CHECKING:
    from game.engine.context import Context


class System(esper.Processor):
    """Base class: dispatches each event to the handler registered for its type."""

    def __init__(self, priority: int = 0) -> None:
        self.priority = priority
        self.handles: dict[type[Event], Callable[[Context, Any], None]] = {}

    def process(self, ctx: Context, event: Event) -> None:
        handler = self.handles.get(type(event))
        if handler is not None:
            handler(ctx, event)

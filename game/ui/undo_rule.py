"""What the Undo button may take back (issue 30 · the board tells the truth).

Undo takes back only the answers of the side now deciding, given since its turn began: an
answer of another side (the AI's last move, the other player's in hotseat) is never taken
back from the player, and neither is one after which a die was rolled (undo never rerolls).

Play-test 6: Z at the start of Bran's turn took back Ada's End turn. Undo takes back the
player's own last step in the turn of the unit now acting (its move, the choice of it):
never a turn that has ended (another unit's, or this unit's in an earlier round), nor
an answer given where no unit was acting (which side begins, a Pass). The screen says
what it took back (``taken_back``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.engine import Answer, Battle, Decision

NOTHING_OF_YOURS = "nothing of yours to take back since your turn began"
ROLLED = "a die was rolled since your last move"
TURN_ENDED = "nothing to take back: an ended turn stays ended"
ENDING_KINDS = ("end_turn",)  # the answer that ends a unit's turn


def undo_refusal(battle: Battle) -> str:
    """Why the player deciding now may not take back the last answer ("" when they may):
    it must be theirs (their side answered it, and a human commands that side) and no die
    may have been rolled since."""
    d = battle.pending
    if d is None or battle.controllers.get(d.side) != "human" or not battle.answers:
        return NOTHING_OF_YOURS
    if battle.answered_by(len(battle.answers) - 1) != d.side:
        return NOTHING_OF_YOURS
    last = battle.answers[-1]
    if d.unit is None or last.kind in ENDING_KINDS or getattr(last, "unit", None) != d.unit:
        return TURN_ENDED
    return "" if battle.can_undo() else ROLLED


def taken_back(answer: Answer, name: Callable[[str], str], asked: Decision | None) -> str:
    """What the log says an undo of ``answer`` took back: "Ada's Move taken back.",
    "Choice of Bran taken back." (``name``: a unit's name from its key; ``asked``: the
    decision it answered, pending again, whose option names the step as the bar does)."""
    unit = getattr(answer, "unit", None)
    who = name(unit) if isinstance(unit, str) else ""
    if answer.kind == "choose_unit":
        return f"Choice of {who or 'the unit'} taken back."
    options = asked.options if asked is not None else ()
    label = next((o.label for o in options if o.kind == answer.kind), answer.label)
    return f"{who}'s {label} taken back." if who else f"{label} taken back."

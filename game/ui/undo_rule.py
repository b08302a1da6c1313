"""What the Undo button may take back (issue 30 · the board tells the truth).

Undo takes back only the answers of the side now deciding, given since its turn began: an
answer of another side (the AI's last move, the other player's in hotseat) is never taken
back from the player, and neither is one after which a die was rolled (undo never rerolls).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine import Battle

NOTHING_OF_YOURS = "nothing of yours to take back since your turn began"
ROLLED = "a die was rolled since your last move"


def undo_refusal(battle: Battle) -> str:
    """Why the player deciding now may not take back the last answer ("" when they may):
    it must be theirs (their side answered it, and a human commands that side) and no die
    may have been rolled since."""
    d = battle.pending
    if d is None or battle.controllers.get(d.side) != "human" or not battle.answers:
        return NOTHING_OF_YOURS
    if battle.answered_by(len(battle.answers) - 1) != d.side:
        return NOTHING_OF_YOURS
    return "" if battle.can_undo() else ROLLED

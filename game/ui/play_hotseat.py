"""Hotseat (issue 4): between two human sides a hand-off screen hides the board, also
before a reaction prompt for the side that is not acting (the acting player must not see
or answer it); whose eyes the fog follows."""

from __future__ import annotations

from game.engine import Decision
from game.ui.camera import Camera
from game.ui.camera_follow import aim_at, out_of_view
from game.ui.overlays import HandOffScene
from game.ui.play_base import PlayBase


class HotseatScene(PlayBase):
    """The battle screen's hand-off between human players."""

    camera_goal: Camera | None  # where the camera eases to (set by the answering part)

    def _init_hotseat(self) -> None:
        self._last_human_side: str | None = None  # whose player has the controls now

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
            self._clear_stage()
            self._look_at_side(d.side)
            reacting = self.engine.name(d.unit) if d.kind == "reaction" else None
            self.app.push(
                HandOffScene(
                    side.name,
                    side.colour,
                    max(1, self.battle.round),
                    reacting=reacting,
                    round_words=self.model.before_rounds(),
                )
            )
        self._last_human_side = d.side

    def _clear_stage(self) -> None:
        """Nothing of the last player's turn goes on on the next player's screen: no word
        still rising, no effect still playing, no camera still easing to where the last
        player's unit acted (it may stand where the next player's units cannot see)."""
        self.anim.skip()
        self.anim.floaters.clear()
        self.camera_goal = None

    def _look_at_side(self, side: str) -> None:
        """The camera goes to ``side``'s units (behind the hand-off screen), so the next
        player starts looking at their own (play-test: it stayed on the other side's)."""
        cells = [t.cell for t in self.engine.tokens() if t.side == side and not t.down]
        mw, mh = self.model.width, self.model.height
        if cells and out_of_view(self.camera, mw, mh, cells):
            self.camera = aim_at(self.camera, mw, mh, cells)

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

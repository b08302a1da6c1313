"""The AI driver (issue 4): AI sides answer through ``game.ai`` at the speed the settings
ask for, each answer animated; the flow of turns the screen runs by itself (hand-offs,
reactions declined unseen, the victory screen)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from game.engine import Answer, Battle, Decision
from game.ui.play_preview import PreviewScene
from game.ui.victory_summary import victory_for

# seconds between two AI answers, per speed setting
AI_DELAY = {"slow": 0.9, "normal": 0.45, "fast": 0.15, "instant": 0.0}
INSTANT_AI_SECONDS_PER_FRAME = 0.05  # "instant" AI answers at most this long per frame


class AiDriverScene(PreviewScene):
    """The battle screen driving its AI sides and the flow of turns."""

    def _init_ai(self, ai_answer: Callable[[Battle], Answer] | None) -> None:
        self.ai_answer = ai_answer
        self.ai_problem = ""
        self._ai_wait = 0.0
        self._finished = False

    def moving(self) -> bool:
        """Animations to play, the AI to answer, a hand-off or the victory screen to show:
        anything ``advance`` would do without the player."""
        if self.closed:
            return False
        if self.anim.busy or self.anim.showing:
            return True
        if self.battle.over:
            return not self._finished
        d = self.decision
        if d is None:
            return False
        if self.human_turn():
            never = d.kind == "reaction" and self.app.settings.reaction_prompts == "never"
            return never or d.side != self._last_human_side
        return self.ai_answer is not None

    def advance(self, dt: float) -> None:
        if self.closed:
            return
        self.anim.update(dt)
        self._ease_camera(dt)
        if self.battle.over:
            if not self._finished and not self.anim.busy:
                self._finished = True
                self._show_victory()
            return
        if self.anim.busy:
            return
        d = self.decision
        if d is None:
            return
        if self.human_turn():
            if d.kind == "reaction" and self.app.settings.reaction_prompts == "never":
                self._auto_reaction(d)  # declined unseen: no hand-off for it either
                return
            self._maybe_hand_off(d)
            return
        if self.ai_answer is None:
            return
        self._ai_wait -= dt
        if self._ai_wait > 0:
            return
        # instant speed answers until a human must decide, within a frame's time (each
        # answer is autosaved, which costs a few ms on a big map)
        instant = self.app.settings.ai_speed == "instant"
        until = time.perf_counter() + INSTANT_AI_SECONDS_PER_FRAME
        for _ in range(200 if instant else 1):
            if instant and time.perf_counter() > until:
                return
            try:
                answer = self.ai_answer(self.battle)
            except Exception as exc:  # a broken AI must not take the window down with it
                self._ai_stopped(f"the AI failed: {type(exc).__name__}: {exc}")
                return
            if not self.give(answer):
                self._ai_stopped(f"the AI's answer was refused: {self.message}")
                return
            if self.battle.over or self.human_turn():
                break
        self._ai_wait = AI_DELAY[self.app.settings.ai_speed]

    def _ai_stopped(self, why: str) -> None:
        """Stop answering for the AI sides and say so; the battle stays as it was."""
        self.ai_answer = None
        self.ai_problem = why
        self.app.notify(why)

    def _auto_reaction(self, d: Decision) -> None:
        """Apply the reaction-prompt setting. "never" declines at once. "when it matters"
        and "always" both ask here: the engine offers an Instant only when the ruleset
        allows it, and a ruleset offers a defensive Instant only when it would change the
        outcome."""
        if self.app.settings.reaction_prompts != "never":
            return
        decline = next((o.answer for o in d.options if o.kind == "decline" and o.answer), None)
        if decline is not None:
            self.give(decline)

    def _show_victory(self) -> None:
        self.app.push(
            victory_for(
                self.battle,
                self.engine.damage_by_side(),
                self.human_sides(),
                self.back_to_menu,
                self.flow,
                self.board.view,
                self.fog,
            )
        )


def ai_controller(
    sides: Mapping[str, str], seed: int, ruleset: str | None = None
) -> Callable[[Battle], Answer] | None:
    """Answers for every side given to an AI (side id → ``game.ai`` controller name; the
    sides marked "human" are left to the players); ``ruleset`` picks that ruleset's AI."""
    from game.ai import Controller, make_controller

    controllers: dict[str, Controller] = {
        side: make_controller(name, seed, ruleset)
        for side, name in sides.items()
        if name != "human"
    }
    if not controllers:
        return None

    def answer(battle: Battle) -> Answer:
        decision = battle.pending
        assert decision is not None
        return controllers[decision.side].choose(battle, decision)

    return answer

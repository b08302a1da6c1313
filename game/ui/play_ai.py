"""The AI driver (issue 4): AI sides answer through ``game.ai`` at the speed the settings
ask for, each answer animated; the flow of turns the screen runs by itself (hand-offs,
reactions declined unseen, the victory screen).

Issue 30: the AI thinks on a worker thread (``game.ui.ai_worker``) while the pause after
the last answer runs, so no frame waits on a decision. The pause comes only after an
answer that changed what the player sees, and never after choosing a unit, ending a
turn or declining a reaction; those answers, and the same unit moving on (its walk goes
on as one), do not wait for a pause either, and follow one another within the frame's
budget. Walks play on meanwhile (the next unit may set off while the last one still
walks), and walks or strikes wholly in the fog are not shown at all. Space (pressed or
held) plays the rest of the AI side's turn out at once."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

import pygame

from game.engine import Answer, Battle, ChooseUnit, Decision, Decline, EndTurn
from game.geometry.grid import Cell
from game.ui.ai_worker import AiWorker, Thought
from game.ui.play_animation import Animations, Walk
from game.ui.play_preview import PreviewScene
from game.ui.turn_clock import TurnClock
from game.ui.victory_summary import victory_for

# seconds between two AI answers the player can see, per speed setting
# (walks play on meanwhile, so the next unit may set off while the last one still walks)
AI_DELAY = {"slow": 0.9, "normal": 0.3, "fast": 0.15, "instant": 0.0}
# answers never paused after (issue 30): choosing who acts, ending a turn, declining a
# reaction; what they bring about (a move going on after a decline) plays on meanwhile
QUIET_ANSWERS = (ChooseUnit, EndTurn, Decline)
# what a frame may spend on the AI: waiting for the worker's answer, giving answers
AI_SECONDS_PER_FRAME = 0.006


def chain_walks(anim: Animations) -> None:
    """A unit that walks on before its last walk was shown to the end (its move went on
    after a reaction was declined, or it moved again): the new path is added to the walk
    under way, so the token goes on without a jump (walks of different units play
    together)."""
    first: dict[str, Walk] = {}
    kept: list[Walk] = []
    for w in anim.walks:
        earlier = first.get(w.unit)
        if earlier is None:
            first[w.unit] = w
            kept.append(w)
            continue
        cells = w.cells[1:] if w.cells[:1] == earlier.cells[-1:] else w.cells
        earlier.cells = [*earlier.cells, *cells]
    anim.walks = kept


def _space_held() -> bool:
    """Space held down: the AI's turn plays out at once for as long as it is."""
    try:
        return bool(pygame.key.get_pressed()[pygame.K_SPACE])
    except pygame.error:
        return False


def walks(d: Decision | None, answer: Answer) -> bool:
    """Whether ``answer`` only walks its unit to another square (its option in ``d``
    moves and strikes nothing)."""
    return d is not None and any(
        o.kind == answer.kind and o.moves and not o.attacks for o in d.options
    )


def hide_unseen_animations(
    anim: Animations, hidden: frozenset[Cell], unseen: frozenset[str] = frozenset()
) -> None:
    """Drop the animations the viewer could not see anyway (issue 30): a walk entirely
    through fog, or of a unit still hidden from the viewer (``unseen``), a strike line
    between two fogged squares (the viewer's own units stand where they see, so theirs
    always stay)."""
    anim.walks = [w for w in anim.walks if w.unit not in unseen]
    if not hidden:
        return
    anim.walks = [w for w in anim.walks if not all(c in hidden for c in w.cells)]
    anim.flashes = [f for f in anim.flashes if not (f.a in hidden and f.b in hidden)]


class AiDriverScene(PreviewScene):
    """The battle screen driving its AI sides and the flow of turns."""

    def _init_ai(self, ai_answer: Callable[[Battle], Answer] | None) -> None:
        self.ai_answer = ai_answer
        self.ai_problem = ""
        self._ai_wait = 0.0
        self._finished = False
        self._rush = False  # Space: the AI side's turn plays out at once
        self._worker: AiWorker | None = None  # made when the AI first has to answer
        self._walker: str | None = None  # the unit whose seen move the pause follows
        self.clock = TurnClock()  # a house rule's clock on a player's turn
        self._frame_seen = -1  # the frame the AI's time budget below belongs to
        self._frame_until = 0.0
        self._first_thought = True  # the screen's first frame does not wait for the AI

    def moving(self) -> bool:
        """Animations to play, the AI to answer, a hand-off or the victory screen to show:
        anything ``advance`` would do without the player."""
        if self.closed:
            return False
        if self.anim.busy or self.anim.showing or self.camera_goal is not None:
            return True
        if self.anim.told() is not None or self.anim.shown_upto() is not None:
            return True  # a log line or a panel still waits for its moment
        if self.battle.over:
            return not self._finished
        d = self.decision
        if d is None:
            return False
        if self.human_turn():
            never = d.kind == "reaction" and self.app.settings.reaction_prompts == "never"
            return never or d.side != self._last_human_side
        return self.ai_answer is not None

    def hurry(self) -> None:
        """Space during an AI side's turn: the rest of it plays out at once, without
        animations or pauses, until a human must decide (issue 30)."""
        if self.ai_answer is not None and not self.battle.over and not self.human_turn():
            self._rush = True
            self.anim.skip()
            self._ai_wait = 0.0

    def stop_thinking(self) -> None:
        """The AI's thought under way is no longer wanted: its answer is dropped when it
        ends, and a thought not yet begun never starts (the battle is going away)."""
        if self._worker is not None:
            self._worker.cancel()

    def discard(self) -> None:
        self.stop_thinking()  # a thought under way must not outlive the battle
        super().discard()

    def advance(self, dt: float) -> None:
        if self.closed:
            return
        self.anim.update(dt)
        self._ease_camera(dt)
        d = self.decision
        ai_turn = d is not None and not self.human_turn()
        if not ai_turn and not self._declined_unseen():
            self._rush = False  # a reaction declined unseen is still the AI's turn going on
        if self.battle.over:
            if not self._finished and not self.anim.busy:
                self._finished = True
                self._show_victory()
            return
        if d is None or (self.anim.busy and not ai_turn and not self._rushing()):
            return
        if not ai_turn:
            if d.kind == "reaction" and self.app.settings.reaction_prompts == "never":
                self._auto_reaction(d)  # declined unseen: no hand-off for it either
                return
            self._maybe_hand_off(d)
            if not self.handoff_due(d):
                self.look_at_decision(d)
            self._run_clock(d, dt)
            return
        if self.ai_answer is None:
            return
        self._ai_wait -= dt
        self._drive_ai(self._worker_for(self.ai_answer))

    def clock_key(self, d: Decision) -> object:
        """The turn a clock counts: the deciding unit in this round."""
        return (self.battle.round, d.side, d.unit)

    def clock_left(self) -> float | None:
        """The seconds left of the player's turn to show; None: no clock runs now."""
        d = self.decision
        if d is None or self.battle.over or not self.human_turn() or self.handoff_due(d):
            return None
        if self.engine.presenter.turn_clock(self.battle) is None:
            return None
        return self.clock.shows(self.clock_key(d))

    def _run_clock(self, d: Decision, dt: float) -> None:
        """A player's turn under a clock (``Presenter.turn_clock``) counts down while it is
        on the screen; at zero the presenter's answer is given, through the engine."""
        if self.handoff_due(d):
            return
        clock = self.engine.presenter.turn_clock(self.battle)
        if clock is None:
            return
        limit, answer = clock
        if self.clock.tick(self.clock_key(d), limit, dt):
            who = self.engine.name(d.unit) if d.unit else "the side"
            if self.give(answer):
                self.app.inform(f"Time is up: {who} does nothing more this turn")

    def _worker_for(self, ai_answer: Callable[[Battle], Answer]) -> AiWorker:
        """The worker thinking with ``ai_answer`` (a new one when the AI was replaced)."""
        worker = self._worker
        if worker is None or worker.ai_answer is not ai_answer:
            if worker is not None:
                worker.cancel()
            worker = self._worker = AiWorker(ai_answer)
        return worker

    def _rushing(self) -> bool:
        return self._rush or self.app.settings.ai_speed == "instant" or _space_held()

    def _budget_left(self) -> float:
        """Seconds this frame may still spend on the AI (waiting for it, giving its
        answers): ``AI_SECONDS_PER_FRAME`` per frame, whatever the updates in it."""
        now = time.perf_counter()
        if self.app.steps != self._frame_seen:
            self._frame_seen = self.app.steps
            self._frame_until = now + AI_SECONDS_PER_FRAME
        return self._frame_until - now

    def _drive_ai(self, worker: AiWorker) -> None:
        """Think on the worker while the pause after the
        last answer runs; give the answer once both are done. Walks play on meanwhile:
        only the unit that is to act next waits for its own walk to end. Rushed answers
        (Space, or instant speed) follow one another within the frame's budget."""
        while True:
            worker.start(self.battle)  # thinks during the pause
            rushing = self._rushing()
            if self._first_thought:
                # the frame that sets the AI thinking for the first time is drawn
                # before it has the battle (issue 32: the first picture of a big battle
                # waited for the AI's first decision, seconds on 256x256)
                self._first_thought = False
            else:
                worker.wait(self._budget_left())
            pausing = not rushing and self._ai_wait > 0
            if pausing and not self._goes_before_the_pause(worker.peek(self.battle)):
                return
            thought = worker.take(self.battle)
            if thought is None:
                return  # still thinking: the next frame looks again
            if thought.error is not None:
                err = thought.error
                self._ai_stopped(f"the AI failed: {type(err).__name__}: {err}")
                return
            assert thought.answer is not None
            if not self._give_ai(thought.answer, rushing):
                return
            while self._declined_unseen() and self._auto_reaction(self.decision):
                pass  # a player's reaction declined unseen, as the next frame would
            if self.battle.over or self.human_turn():
                self._rush = False  # the AI's turn is over: Space hurries it no more
                return
            if self._ai_wait > 0 or self._budget_left() <= 0:
                return  # quiet answers (no pause after them) follow within the budget

    def _goes_before_the_pause(self, thought: Thought | None) -> bool:
        """An answer the pause after the last one need not hold back (issue 30): one
        that is never paused after (choosing a unit, ending a turn, declining), or the
        same unit moving on, whose walk is added to the one under way."""
        if thought is None or thought.answer is None:
            return False
        answer = thought.answer
        if isinstance(answer, QUIET_ANSWERS):
            return True
        d = self.decision
        walking = d is not None and d.unit is not None and d.unit == self._walker
        return walking and walks(d, answer)

    def _give_ai(self, answer: Answer, rushing: bool) -> bool:
        """Give the AI's answer; pause after it only when the player saw something change
        (issue 30: no pause for choosing a unit, ending a turn, declining, or what the fog
        hides)."""
        quiet = rushing or isinstance(answer, QUIET_ANSWERS)
        before = None if quiet else self._board_seen()  # a quiet answer is never paused after
        d = self.decision
        if not self.give(answer):
            self._ai_stopped(f"the AI's answer was refused: {self.message}")
            return False
        if rushing:
            self.anim.skip()
        else:
            hide_unseen_animations(self.anim, self.hidden_cells(), self.concealed_units())
            chain_walks(self.anim)
        seen = not quiet and (self.anim.busy or self._board_seen() != before)
        if seen:
            self._ai_wait = AI_DELAY[self.app.settings.ai_speed]
            self._walker = d.unit if d is not None and walks(d, answer) else None
        elif not quiet:
            self._ai_wait, self._walker = 0.0, None
        return True

    def _board_seen(self) -> frozenset[object]:
        """What the viewer sees of the board: the units not in fog nor hidden from it, the
        items on the ground not in fog."""
        hidden, unseen = self.hidden_cells(), self.concealed_units()
        viewer = self.viewer()
        units = (
            t
            for t in self.engine.tokens()
            if t.key not in unseen and (t.side == viewer or t.cell not in hidden)
        )
        items = (g for g in self.engine.ground_items() if g[0] not in hidden)
        return frozenset((*units, *items))

    def _ai_stopped(self, why: str) -> None:
        """Stop answering for the AI sides and say so; the battle stays as it was."""
        self.ai_answer = None
        self.ai_problem = why
        self.app.notify(why)

    def _declined_unseen(self) -> bool:
        """The pending decision is a human side's reaction that the settings decline
        without asking ("never"), and the AI's turn goes on after it."""
        d = self.decision
        return (
            d is not None
            and d.kind == "reaction"
            and self.human_turn()
            and self.app.settings.reaction_prompts == "never"
        )

    def _auto_reaction(self, d: Decision | None) -> bool:
        """Apply the reaction-prompt setting. "never" declines at once. "when it matters"
        and "always" both ask here: the engine offers an Instant only when the ruleset
        allows it, and a ruleset offers a defensive Instant only when it would change the
        outcome. True when a decline was given."""
        if d is None or self.app.settings.reaction_prompts != "never":
            return False
        decline = next((o.answer for o in d.options if o.kind == "decline" and o.answer), None)
        if decline is None:
            return False
        self.on_own = True  # what follows is the other side's doing: the screen waits for it
        try:
            given = self.give(decline)
        finally:
            self.on_own = False
        if given and self._rushing():  # Space: what follows plays out at once too
            self.anim.skip()
        return given

    def _show_victory(self) -> None:
        victory = victory_for(
            self.battle,
            self.engine.damage_by_side(),
            self.human_sides(),
            self.back_to_menu,
            self.flow,
            self.board.view,
            self.fog,
        )
        self.anim.wind_down()  # no strike line under the end screen; the last words fade
        victory.underneath = self._play_out_under
        self.app.push(victory)

    def _play_out_under(self, dt: float) -> bool:
        """Under the end screen: what the board still shows plays out (``wind_down``);
        whether anything is left."""
        if self.closed:
            return False
        self.anim.update(dt)
        return self.anim.showing


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

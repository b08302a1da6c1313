"""Input mapped to answers (issue 4): a click on a square or a unit, a picked action, End
Turn, End side turn, Undo, switching to another unit. What the player can do comes only
from the pending Decision and the legal answers the engine places on the board."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import partial

from game.engine import Answer, Option
from game.geometry.grid import Cell
from game.ui.engine_model import Placed
from game.ui.overlays import ChooserScene, ConfirmScene
from game.ui.play_answering import AnsweringScene
from game.ui.undo_rule import taken_back, undo_refusal


@dataclass(frozen=True)
class Ranges:
    """The acting unit's ranges as the board draws them (see ``PlayScene.ranges``)."""

    move: frozenset[Cell]
    costs: dict[Cell, str]
    attack_reach: frozenset[Cell]  # where a moving attack (a charge) can end
    attackable: frozenset[Cell]


class InputScene(AnsweringScene):
    """The battle screen turning clicks and keys into answers."""

    def _init_input(self) -> None:
        self._placed: list[Placed] = []
        self._placed_for: tuple[int, int] = (-1, -1)
        self._by_kind: dict[str, list[Placed]] = {}
        self._by_target: dict[str, list[Placed]] = {}
        self._moves: list[Placed] = []
        self._ranges: Ranges | None = None
        self._at_cell: dict[str, dict[Cell, Placed]] = {}
        self._best_attack: dict[str, Placed | None] = {}
        self._by_zone: tuple[object, dict[int, Placed]] = (None, {})

    def _forget_answers(self) -> None:
        """The decision changed behind the cache's back (an undo): read it again."""
        self._placed_for = (-1, -1)

    def placed(self) -> list[Placed]:
        """Legal answers placed on the board, cached per decision (and sorted by kind)."""
        key = (len(self.battle.answers), self.decision.id if self.decision else -1)
        if key != self._placed_for:
            self._placed = self.engine.placed_answers() if self.human_turn() else []
            self._placed_for = key
            self._by_kind = {}
            for p in self._placed:
                self._by_kind.setdefault(p.answer.kind, []).append(p)
            self._moves = [
                p for p in self._placed if self.option_of(p.answer.kind).board_range == "reach"
            ]
            self._ranges = None
            self._at_cell = {}
            self._by_target = {}
            self._best_attack = {}
            for p in self._placed:
                if p.target is not None:
                    self._by_target.setdefault(p.target, []).append(p)
        return self._placed

    def option_of(self, kind: str) -> Option:
        """The pending decision's catalog entry for ``kind`` (what the action targets,
        whether it moves, attacks or helps; ``game.engine.Option``), or a blank one."""
        d = self.decision
        if d is not None:
            for option in d.options:
                if option.kind == kind:
                    return option
        return Option(kind=kind, label=kind)

    def of_kind(self, kind: str) -> list[Placed]:
        self.placed()
        return self._by_kind.get(kind, [])

    def moves(self) -> list[Placed]:
        """The ruleset's plain movement (the action whose ``board_range`` is "reach"): what
        a click on an empty square does with no action picked."""
        self.placed()
        return self._moves

    def ranges(self, unit: str | None) -> Ranges:
        """What the board shows of the acting unit's plain options: the squares its plain
        movement reaches with their cost in feet, where a moving attack can end, the
        attackable enemies (worked out once per decision, not every frame)."""
        self.placed()
        if self._ranges is None:
            moves = self._moves
            me = self.engine.token(unit) if unit else None
            foes = {t.key for t in self.engine.tokens() if me is None or t.side != me.side}
            self._ranges = Ranges(
                frozenset(p.dest for p in moves if p.dest),
                {p.dest: f"{5 * len(p.path)}" for p in moves if p.dest and p.path},
                frozenset(
                    p.dest
                    for p in self._placed
                    if p.dest and self.option_of(p.answer.kind).board_range == "attack_reach"
                ),
                frozenset(
                    p.target_cell
                    for p in self._placed
                    if p.target_cell is not None and p.target in foes
                ),
            )
        return self._ranges

    def zone_answers(self) -> dict[int, Placed]:
        """What a click on a zone's square gives, by zone (an action aimed at zones,
        ``Option.target_kind`` "zone"): the picked action's answers, or with none picked
        those of the first allowed action that moves the unit into a zone."""
        self.placed()
        d = self.decision
        key = (self._placed_for, self.mode)
        if self._by_zone[0] == key:
            return self._by_zone[1]
        kind: str | None = None
        if self.mode is not None:
            kind = self.mode if self.option_of(self.mode).target_kind == "zone" else None
        elif d is not None:
            movers = [o for o in d.options if o.target_kind == "zone" and o.moves and o.allowed]
            kind = movers[0].kind if movers else None
        found: dict[int, Placed] = {}
        for p in self._by_kind.get(kind or "", []):
            if p.zone is not None:
                found.setdefault(p.zone, p)
        self._by_zone = (key, found)
        return found

    def zone_targets(self) -> frozenset[int]:
        if not self.human_turn() or self.anim.busy or self.board.zones is None:
            return frozenset()
        return frozenset(self.zone_answers())

    def _zone_answer(self, cell: Cell) -> Answer | None:
        """The answer moving the acting unit into the zone of ``cell``, if one does."""
        zones = self.board.zones
        zone = zones.graph.zone_at(cell) if zones is not None else None
        found = self.zone_answers().get(zone) if zone is not None else None
        return found.answer if found is not None else None

    def _attack_for(self, target: str, *, strict: bool = False) -> Placed | None:
        """The answer a click on ``target`` gives, which the hover previews: the picked
        action's on that unit (the presenter's first choice among equals: a Swarm
        Attack's strike before its join), else (unless ``strict``) the best attack on it
        (``_best_attack_on``)."""
        self.placed()
        mine = self._by_target.get(target, [])
        rank = self.engine.presenter.answer_rank
        if self.mode is not None:
            chosen = [p for p in mine if p.answer.kind == self.mode]
            if chosen or strict:
                return min(chosen, key=lambda p: (self._reach(p), rank(p.answer)), default=None)
        if target not in self._best_attack:
            self._best_attack[target] = self._best_attack_on(mine)
        return self._best_attack[target]

    def _best_attack_on(self, mine: list[Placed]) -> Placed | None:
        """The attack a plain click on an enemy makes: among the attacks that do not move
        the unit (else the moving ones, a charge), the one the presenter's preview rates
        best: most likely to drop the target, then the most damage to expect (chance
        times the middle of its range), so an archer shoots the longbow rather than punch
        (first-hour play-test); ties go to the catalog's order, the shortest reach and
        the presenter's rank."""
        d = self.decision
        options = [o for o in (d.options if d else ()) if o.attacks and o.target_kind == "unit"]
        order = {o.kind: i for i, o in enumerate(options)}
        rank = self.engine.presenter.answer_rank
        for moving in (False, True):
            kinds = {o.kind for o in options if o.moves == moving}
            found = [p for p in mine if p.answer.kind in kinds]
            if found:
                return min(
                    found,
                    key=lambda p: (
                        *self._worth(p),
                        order[p.answer.kind],
                        self._reach(p),
                        rank(p.answer),
                    ),
                )
        return None

    def _worth(self, placed: Placed) -> tuple[float, float]:
        """How good an attack looks from its preview, lower better: minus the chance to
        drop the target, minus the damage to expect; (0, 0) when it has no preview."""
        d = self.decision
        presenter = self.engine.presenter
        answer = placed.answer
        weapon = getattr(answer, "weapon", None)
        try:
            preview = presenter.answer_preview(self.battle, answer)
            if preview is None and d is not None and d.unit and isinstance(weapon, str):
                target = placed.target or ""
                preview = presenter.attack_preview(self.battle, d.unit, target, weapon)
        except (KeyError, ValueError, NotImplementedError):
            preview = None
        if preview is None or not preview.allowed:
            return (0.0, 0.0)
        low, high = preview.outcome
        chance = 1.0 if preview.odds is None else preview.odds
        return (-preview.drops, -chance * (low + high) / 2)

    def _reach(self, placed: Placed) -> int:
        """How far an answer takes the acting unit (path length, or squares to its end)."""
        if placed.path:
            return len(placed.path)
        me = self.engine.token(self.decision.unit or "") if self.decision else None
        if placed.dest is None or me is None:
            return 0
        return max(abs(placed.dest[0] - me.cell[0]), abs(placed.dest[1] - me.cell[1]))

    def _strike_from(self, attack: Placed | None, here: Cell) -> Cell:
        """Where an attack is struck from: a moving attack (a charge) from its end square,
        else ``here``."""
        if attack is not None and attack.dest is not None:
            if self.option_of(attack.answer.kind).moves:
                return attack.dest
        return here

    def _end_turn(self) -> None:
        d = self.decision
        if d is None or not self.human_turn():
            return
        for option in d.options:
            if option.kind == "end_turn" and option.answer is not None:
                self.give(option.answer)
                return
        for p in self.placed():
            if p.answer.kind == "end_turn":
                self.give(p.answer)
                return

    def still_to_act(self) -> tuple[list[str], bool]:
        """Units of the side in turn that could still do something this round: the acting
        one when an action is left to it, then those that have not had their turn yet (the
        ruleset's reader). The flag is False when the ruleset keeps no such account, so
        units not chosen yet may be missing from the list."""
        d = self.decision
        if d is None or not self.human_turn():
            return [], True
        waiting = self.battle.yet_to_act(d.side)
        if d.kind == "choose_unit":
            choices = [u for a in d.answers if isinstance(u := getattr(a, "unit", None), str)]
            return (choices if waiting is None else waiting), True
        if d.kind == "turn" and d.unit is not None:
            busy = any(o.allowed and o.kind != "end_turn" for o in d.options)
            left = [d.unit] if busy else []
            return left + [u for u in waiting or () if u != d.unit], waiting is not None
        return [], True

    def _end_side_turn(self) -> None:
        """End Turn for every unit of the side still to act, after asking when one of them
        still has something to do."""
        d = self.decision
        if d is None or not self.human_turn() or d.kind not in ("turn", "choose_unit"):
            return
        left, complete = self.still_to_act()
        others = [t for t in self.engine.tokens() if t.side == d.side and t.key != d.unit]
        unknown = not complete and any(not t.down for t in others)
        if not left and not unknown:
            self._end_side_now()
            return
        names = [self.engine.name(u) for u in left]
        listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
        who = f"{listed} can still act this round" if names else "Some units may still act"
        if unknown:
            who += ", and so can any unit you have not chosen yet"
        self.app.push(
            ConfirmScene(
                "End your side's turn?",
                f"{who}. They will do nothing more until next round.",
                "End side turn",
                self._end_side_now,
            )
        )

    def _end_side_now(self) -> None:
        """Answer End Turn (choosing each waiting unit first) until the side's turn is over
        or something else must be decided (a reaction, another side)."""
        d = self.decision
        side = d.side if d is not None else None
        for _ in range(4 * len(self.battle.units()) + 4):
            d = self.decision
            if d is None or d.side != side or not self.human_turn():
                return
            if d.kind == "choose_unit" and d.answers:
                answer = d.answers[0]
            elif d.kind == "turn":
                ends = [o.answer for o in d.options if o.kind == "end_turn" and o.answer]
                if not ends:
                    return
                answer = ends[0]
            else:
                return
            if not self.give(answer):
                return

    def _undo(self) -> None:
        refusal = undo_refusal(self.battle)
        if refusal:
            self.app.notify(f"Undo: {refusal}.")
        else:
            last = self.battle.answers[-1]
            self.battle.undo()
            self.engine.sync_log(note=taken_back(last, self.engine.name, self.battle.pending))
            self.anim.skip()
            self.mode = None
            self._forget_answers()
            self._autosave()

    def _refused(self, option: Option, reason: str = "") -> None:
        """A greyed action was clicked or its key pressed: say why; the mode stays as it
        was, so the next click does not quietly become something else."""
        self.app.notify(f"{option.label}: not now, {reason or option.reason or 'not possible'}")

    def pick_action(self, option: Option) -> None:
        if not option.allowed:
            self._refused(option)
            return
        if option.answer is not None:
            self.give(option.answer)
            return
        answers = self.of_kind(option.kind)
        if answers and all(p.cell is None and p.zone is None for p in answers):
            self._choose_among(option, [p.answer for p in answers])  # nothing to click
            return
        self.mode = None if self.mode == option.kind else option.kind

    def _choose_among(self, option: Option, answers: list[Answer]) -> None:
        """An action whose answers have no square (Ready Item: which weapon): the only
        one is given at once, several are offered in a chooser."""
        if len(answers) == 1:
            self.give(answers[0])
            return
        self.app.push(
            ChooserScene(
                f"{option.label}: which?",
                [(self._answer_words(a), partial(self.give, a)) for a in answers],
            )
        )

    def _answer_words(self, answer: Answer) -> str:
        """How a chooser names an answer: its weapon, else its other fields."""
        weapon = getattr(answer, "weapon", None)
        if isinstance(weapon, str):
            return self._weapon_name(weapon)
        fields = asdict(answer)
        fields.pop("unit", None)
        return ", ".join(str(v) for v in fields.values()) or answer.label

    def click_cell(self, cell: Cell) -> None:
        d = self.decision
        if d is None or not self.human_turn() or self.anim.busy:
            super().click_cell(cell)
            return
        token = self.token_at(cell)
        if d.kind == "choose_unit":
            for p in self.placed():
                if p.target is not None and token is not None and p.target == token.key:
                    self.selected = token.key
                    self.play_sound("select")
                    self.give(p.answer)
                    return
            for option in d.options:  # choose_unit options carry the unit as their answer
                a = option.answer
                if a is not None and token is not None and getattr(a, "unit", None) == token.key:
                    self.selected = token.key
                    self.play_sound("select")
                    self.give(a)
                    return
            super().click_cell(cell)
            return
        if d.kind == "turn":
            if token is not None and self._offer_choice(token.key):
                return
            choice = self.answer_for_cell(cell)
            if choice is not None:
                self.give(choice)
                return
            if token is not None and token.key != d.unit and self._switch_to(token.key):
                return
            super().click_cell(cell)

    def _offer_choice(self, target: str) -> bool:
        """With an action picked, a click on a unit that the ruleset says needs a further
        choice (a Swarm Attack: join the swarm, or strike): ask which (True when asked)."""
        if self.mode is None:
            return False
        at = [p.answer for p in self.of_kind(self.mode) if p.target == target]
        presenter = self.engine.presenter
        entries = presenter.choices(self.battle, at)
        if not entries:
            return False
        title = f"{self.option_of(self.mode).label}: {self.engine.name(target)}"
        self.app.push(
            ChooserScene(title, [(label, partial(self.give, answer)) for label, answer in entries])
        )
        return True

    def _switch_to(self, unit: str) -> bool:
        """Activate another own unit instead of the one just chosen, while the chosen one
        has spent nothing: the choice is taken back through the engine's undo (nothing was
        rolled since, so nothing is rerolled) and the other unit chosen. False when ``unit``
        is not one the player could have chosen; a note says why when it is the player's."""
        d = self.decision
        answers = self.battle.answers
        if d is None or d.unit is None:
            return False
        mine = self.engine.token(d.unit)
        other = self.engine.token(unit)
        if mine is None or other is None or other.side != mine.side or other.down:
            return False
        last = answers[-1] if answers else None
        chosen_now = last is not None and last.kind == "choose_unit"
        chosen_now = chosen_now and getattr(last, "unit", None) == d.unit
        if not chosen_now or not self.battle.can_undo():
            self.app.notify(f"{mine.name} is acting: end their turn first (E).")
            return True
        assert last is not None
        self.battle.undo()
        self.engine.sync_log(note=None)
        again = self.decision
        pick = None
        if again is not None and again.kind == "choose_unit":
            pick = next(
                (o.answer for o in again.options if getattr(o.answer, "unit", None) == unit),
                None,
            )
        self._forget_answers()
        if pick is None:  # that unit cannot act now: choose the first one again
            self.battle.answer(last)
            self.app.notify(f"{other.name} cannot act now.")
            return True
        self.selected = unit
        self.play_sound("select")
        self.give(pick)
        return True

    def answer_for_cell(self, cell: Cell) -> Answer | None:
        """What a click on ``cell`` does: in a picked action's mode, that action on the unit
        standing there, to that square or into that square's zone; otherwise attack the
        enemy there (melee first), or move to the square or into its zone (an enemy's
        square too, when there is no attacking it from here, and a square where a dead or
        fled ally lies: play-test 8, a move onto a fallen ally was offered but a click only
        showed the fallen's card; right-click or hover shows it)."""
        d = self.decision
        token = self.token_at(cell)
        on_unit = token is not None and d is not None and token.key != d.unit
        if self.mode is not None:
            chosen = self.of_kind(self.mode)
            if on_unit and token is not None:
                at = [p for p in chosen if p.target == token.key]
                if at:
                    return min(at, key=lambda p: len(p.path)).answer
            to = [p for p in chosen if p.dest == cell]
            return to[0].answer if to else self._zone_answer(cell)
        if on_unit and token is not None:
            found = self._attack_for(token.key)
            me = self.engine.token(d.unit) if d is not None and d.unit else None
            if found is not None or me is None or (token.side == me.side and not token.down):
                return found.answer if found is not None else None
        moves = [p for p in self.moves() if p.dest == cell]
        return moves[0].answer if moves else self._zone_answer(cell)

    def cancel(self) -> bool:
        """Esc: drop the picked action, else the selection; False (the Esc menu opens)
        when dropping would change nothing the player sees: the selected unit is the one
        acting, which the card and the board show anyway."""
        if self.mode is not None:
            self.mode = None
            return True
        d = self.decision
        if self.selected is not None and d is not None and self.selected == d.unit:
            self.selected = None
            return False
        return super().cancel()

"""The round plan's lines while a round resolves, compact (play-test 9: at 1280×720 on the
village under 002, one line per unit and one more for its count made the panel 502 of
the board's 560 pixels; in whatever corner it took it hid the player's own units).

Per group of the ruleset's presenter (``Presenter.plan_groups``): its title; the units
whose turn has come and gone folded on one line ("4 done: Ada, Gor"); the step acting now
in gold (units acting together — those placed by one and the same count of a group whose
badges are counts, ``badge_number="roll"`` — under one heading, each with what it
declared); then the next steps, one line each, as many as ``budget`` leaves room for,
and a "+N more" line for the rest. The rows come already cut to what the viewer may read
(``IntentionsPanel.shown_rows``). No pygame here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.engine.presentation import PlanGroup
from game.ui.intentions import DECLARED, PlanRow, RoundPlan

# (text, right-hand note, colour, acting?, side colour)
Line = tuple[str, str, str, bool, str]

MAX_LINES = 8  # a resolving round's lines at most, below the title
TOGETHER = 3  # units acting together listed one by one, at most (else one fewer and a count)


@dataclass(frozen=True, slots=True)
class Step:
    """Units that act at one point of the order: one, or several acting together."""

    label: str  # "Initiative 7", "3."
    rows: tuple[PlanRow, ...]
    counted: bool = False  # the label is the count that placed its rows

    @property
    def head(self) -> str:
        """What a line of one unit starts with: "Initiative 7 · ", "3. "."""
        return f"{self.label} · " if self.counted else f"{self.label} "

    @property
    def now(self) -> bool:
        return any(r.acting for r in self.rows)

    @property
    def done(self) -> bool:
        return all(r.done for r in self.rows)


@dataclass(slots=True)
class _Block:
    """One group's lines: those always shown, then the next steps', cut to the budget."""

    fixed: list[Line] = field(default_factory=list)
    later: list[Step] = field(default_factory=list)  # the steps to come


def steps_of(kind: PlanGroup, rows: Sequence[PlanRow]) -> list[Step]:
    """The group's rows (in their order) as steps: rows placed by one count of a group
    whose badges are counts act together; any other row is a step of its own."""
    out: list[Step] = []
    for r in rows:
        if kind.badge_number == "roll" and r.roll:
            label = r.roll[:1].upper() + r.roll[1:]
            if out and out[-1].counted and out[-1].label == label:
                out[-1] = Step(label, (*out[-1].rows, r), counted=True)
            else:
                out.append(Step(label, (r,), counted=True))
            continue
        out.append(Step(f"{r.place}." if r.place else "–", (r,)))
    return out


def resolving_lines(
    plan: RoundPlan, rows: Sequence[PlanRow], side_colour: Callable[[PlanRow], str], budget: int
) -> list[Line]:
    """The plan's lines while the round resolves: the groups' titles, the folded done
    units, the step acting now and the next step always (the next on one line when its
    own lines do not fit); the later steps and the holding units as ``budget`` leaves
    room for, the rest counted on a "+N more to act" line."""
    blocks = [
        _block(kind, plan, members, side_colour)
        for kind in plan.kinds
        if (members := [r for r in rows if r.turn == kind.key])
    ]
    holders = [r.label for r in rows if r.turn == "" and r.state == DECLARED]
    left = budget - sum(len(b.fixed) for b in blocks)
    out: list[Line] = []
    first = True  # the next step is still to be shown
    for b in blocks:
        out += b.fixed
        shown = 0
        for i, step in enumerate(b.later):
            last = i == len(b.later) - 1
            lines = _step_lines(step, side_colour, first=first, room=left - (0 if last else 1))
            if len(lines) + (0 if last else 1) > left and not first:
                break
            first = False
            out += lines
            left -= len(lines)
            shown += 1
        rest = sum(len(step.rows) for step in b.later[shown:])
        if rest:
            out.append((f"+{rest} more to act", "Ctrl+Tab hides this list", "muted", False, ""))
            left -= 1
    if holders and left > 0:
        out.append(("Hold: " + ", ".join(holders), "", "muted", False, ""))
    elif holders:
        out.append((f"{len(holders)} hold: " + ", ".join(holders), "", "muted", False, ""))
        if out[-2][0].startswith("+"):  # on the line that counts the rest
            more, hold = out[-2], out.pop()
            out[-1] = (f"{more[0]} · {hold[0]}", "", "muted", False, "")
    return out


def _block(
    kind: PlanGroup, plan: RoundPlan, members: list[PlanRow], side_colour: Callable[[PlanRow], str]
) -> _Block:
    steps = steps_of(kind, members)
    block = _Block()
    done = [s for s in steps if s.done and not s.now]
    if len(done) == len(steps):
        units = sum(len(s.rows) for s in done)
        block.fixed.append((f"{kind.title}: {units} done", "", "muted", False, ""))
        return block
    note = "" if kind.key in plan.groups else kind.note
    block.fixed.append((kind.title, note, "gold", False, ""))
    if done:
        names = [r.name for s in done for r in s.rows]
        block.fixed.append((f"{len(names)} done: " + ", ".join(names), "", "muted", False, ""))
    ahead = [s for s in steps if not (s.done and not s.now)]
    now = next((s for s in ahead if s.now), None)
    if now is not None:
        block.fixed += _now_lines(now, side_colour)
        ahead.remove(now)
    block.later = ahead
    return block


def _now_lines(step: Step, side_colour: Callable[[PlanRow], str]) -> list[Line]:
    """The step acting now, in gold: its unit and what it declared (and the roll that
    placed it there, when that is not the step's label), or the units acting together."""
    if len(step.rows) > 1:
        return _together(step, side_colour, "now")
    r = step.rows[0]
    out: list[Line] = [
        (f"{step.head}{r.label}: {r.text}", "now", "gold_bright", True, side_colour(r))
    ]
    if r.roll and not step.counted:
        out.append((f"     {r.roll}", "", "muted", False, ""))
    return out


def _together(step: Step, side_colour: Callable[[PlanRow], str], note: str) -> list[Line]:
    """A heading and each unit of a step acting together with what it declared (at most
    ``TOGETHER`` of them, the acting one among them); in gold while it acts."""
    rows = list(step.rows)
    at = next((i for i, r in enumerate(rows) if r.acting), 0)
    n = len(rows) if len(rows) <= TOGETHER else TOGETHER - 1
    start = max(0, min(at - n // 2, len(rows) - n))
    shown = rows[start : start + n]
    now = step.now
    out: list[Line] = [
        (f"{step.label}: {len(rows)} together", note, "gold_bright" if now else "bone", now, "")
    ]
    for r in shown:
        tone = "gold_bright" if r.acting else ("muted" if r.done else "bone")
        out.append((f"   {r.label}: {r.text}", "", tone, now, side_colour(r)))
    if len(rows) > len(shown):
        out.append((f"   +{len(rows) - len(shown)} more together", "", "muted", now, ""))
    return out


def _step_lines(
    step: Step, side_colour: Callable[[PlanRow], str], *, first: bool, room: int
) -> list[Line]:
    """A step still to come: the next one as the step acting now is shown (not in gold)
    when ``room`` lines allow, else (and a later one) on one line, its unit and what it
    declared or the units acting together."""
    if first and len(step.rows) > 1:
        lines = _together(step, side_colour, "next")
        if len(lines) <= room:
            return lines
    note = "next" if first else ""
    if len(step.rows) == 1:
        r = step.rows[0]
        return [(f"{step.head}{r.label}: {r.text}", note, "bone", False, side_colour(r))]
    sides = {side_colour(r) for r in step.rows}
    names = ", ".join(r.label for r in step.rows)
    colour = sides.pop() if len(sides) == 1 else ""
    return [(f"{step.label}: {names} (together)", note, "bone", False, colour)]

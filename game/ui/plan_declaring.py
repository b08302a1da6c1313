"""The round plan's lines while the units declare, compact (play-test 9: on the fort under
002 in hotseat one line per declared unit of the horde made the panel up to 382 of the
board's 559 pixels at 1280×720, over the board).

Per side that declares: its count ("Horde: 9/15 declared"); every other side stays a
count (its tokens carry a "?" once declared; in hotseat the viewer never reads another
side's declarations before the reveal). Under the viewer's own count: its units declared
earlier folded on one line ("7 declared: Gorbag, Bolg, …"), the last one or two declared
with what each declared (the first of these lines noting "hidden from foes"), the unit
deciding now in gold (always shown), and the units still to declare on one line. When
``budget`` lines leave no room for the folded lines, they share one "+N more" line. The
rows come already cut to what the viewer may read (``IntentionsPanel.shown_rows``). No
pygame here."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.ui.intentions import DECLARED, DECLARING, WAITING, PlanRow, RoundPlan
from game.ui.plan_resolving import Line

LAST = 2  # the viewer's declared units listed one by one, at most (the latest ones)
HIDDEN = "hidden from foes"


def declaring_lines(
    plan: RoundPlan,
    rows: Sequence[PlanRow],
    viewer: str | None,
    side: Callable[[str], tuple[str, str]],
    budget: int,
) -> list[Line]:
    """The plan's lines while the round's units declare: each side's count (``side``
    gives a side's name and colour), and under the viewer's own the folded declared
    units, the latest declared, the unit deciding and the waiting ones, within
    ``budget`` lines as far as the counts and the deciding unit leave room."""
    heads: list[tuple[str, list[PlanRow]]] = [
        (s, mine) for s in plan.sides if (mine := [r for r in rows if r.side == s])
    ]
    left = budget - len(heads)
    out: list[Line] = []
    for s, mine in heads:
        done = sum(1 for r in mine if r.state == DECLARED)
        name, colour = side(s)
        out.append((f"{name}: {done}/{len(mine)} declared", "", "gold", False, colour))
        if s == viewer:
            own = _own_lines(mine, left)
            out += own
            left -= len(own)
    return out


def _own_lines(mine: Sequence[PlanRow], left: int) -> list[Line]:
    """The viewer's own units under its count: folded, latest declared, deciding, waiting
    (the deciding unit always; the rest as ``left`` lines allow)."""
    declared = [r for r in mine if r.state == DECLARED]
    deciding = [r for r in mine if r.state == DECLARING]
    waiting = [r.label for r in mine if r.state == WAITING]
    now: list[Line] = [(f"{r.label}: deciding…", "", "gold_bright", True, "") for r in deciding]
    room = left - len(now) - (1 if waiting else 0)
    shown = 0
    for n in range(min(LAST, len(declared)), -1, -1):
        if n + (1 if len(declared) > n else 0) <= room:
            shown = n
            break
    else:  # not even the folded line beside the waiting one: both on one line
        if declared and waiting:
            more = f"+{len(declared) + len(waiting)} more: {len(declared)} declared, "
            return [*now, (more + f"{len(waiting)} to declare", "", "muted", False, "")]
    folded = declared[: len(declared) - shown]
    out: list[Line] = []
    if folded:
        names = ", ".join(r.label for r in folded)
        out.append((f"{len(folded)} declared: {names}", HIDDEN, "muted", False, ""))
    for r in declared[len(folded) :]:  # the note once, on the first (a narrow panel)
        note = "" if out else HIDDEN
        out.append((f"{r.label}: {r.text or 'declared'}", note, "bone", False, ""))
    out += now
    if waiting:
        out.append((waiting_line(waiting), "", "muted", False, ""))
    return out


def waiting_line(names: Sequence[str]) -> str:
    """The viewer's units still to declare, on one line (play-test 8: fifteen lines of
    "waits to declare" covered the War Band on the fort): "Ogg: waits to declare", or
    "14 wait to declare: Gorbag, Bolg, ..." (cut to the panel's width when drawn)."""
    if len(names) == 1:
        return f"{names[0]}: waits to declare"
    return f"{len(names)} wait to declare: " + ", ".join(names)

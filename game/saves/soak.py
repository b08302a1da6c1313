"""Soak: many AI-against-AI battles on every shipped map, each saved and replayed from its
file (issue 6 · Reliability suite, outside CI).

    python -m game simulate --soak 20             # 20 battles on every shipped map
    python -m game simulate duel --soak 200       # 200 on one map

Every battle must end without an exception, within its round limit (a battle still going
after ``max_rounds`` rounds or ``max_answers`` answers counts as a hang), and its save
must replay to the same state hash. The report gives the figures per map and in total;
the command exits 1 when anything failed.
"""

from __future__ import annotations

import tempfile
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.rulesets import DEFAULT as DEFAULT_RULESET
from game.saves.errors import SaveError


@dataclass(slots=True)
class MapSoak:
    """The figures of one map's battles."""

    map: str
    battles: int = 0
    answers: int = 0
    rounds: int = 0
    replayed: int = 0
    exceptions: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    divergences: list[str] = field(default_factory=list)
    slowest_s: float = 0.0

    @property
    def failures(self) -> list[str]:
        return self.exceptions + self.hangs + self.divergences

    def line(self) -> str:
        mean = self.rounds / self.battles if self.battles else 0.0
        return (
            f"{self.map}: {self.battles} battles, {self.answers} answers, mean rounds "
            f"{mean:.1f}, {self.replayed} saves replayed to the same hash, "
            f"{len(self.exceptions)} exceptions, {len(self.hangs)} hangs, "
            f"{len(self.divergences)} divergences, slowest {self.slowest_s:.2f} s"
        )


def soak_map(
    path: Path,
    games: int,
    first_seed: int = 0,
    ai: Sequence[str] = ("baseline",),
    *,
    max_rounds: int = 100,
    max_answers: int = 50_000,
    folder: Path | None = None,
    progress: Callable[[str], None] | None = None,
    ruleset: str = DEFAULT_RULESET,
    options: Mapping[str, str] | None = None,
) -> MapSoak:
    """Play ``games`` battles on the map at ``path`` (seeds ``first_seed`` …), save each to
    ``folder`` (a temporary one by default), replay it from the file and compare."""
    from game.ai import make_controller
    from game.engine import Battle
    from game.maps import load_battlefield
    from game.saves.replay import load_battle
    from game.saves.store import save_battle

    report = MapSoak(path.name)
    battlefield = load_battlefield(path)
    sides = [s.id for s in battlefield.scenario.sides]
    names = list(ai) * len(sides) if len(ai) == 1 else list(ai)
    with tempfile.TemporaryDirectory(prefix="shieldwall-soak-") as temp:
        out = folder if folder is not None else Path(temp)
        for i in range(games):
            seed = first_seed + i
            tag = f"{path.name} seed {seed}"
            started = time.perf_counter()
            battle = None
            try:
                controllers = {
                    s: make_controller(n, seed, ruleset) for s, n in zip(sides, names, strict=True)
                }
                battle = Battle(
                    battlefield,
                    ruleset,
                    seed=seed,
                    options=options,
                    controllers=dict(zip(sides, names, strict=True)),
                )
                given = 0
                while not battle.over:
                    if battle.round > max_rounds or given >= max_answers:
                        report.hangs.append(
                            f"{tag}: still going after {battle.round} rounds, {given} answers"
                        )
                        break
                    decision = battle.pending
                    assert decision is not None
                    choice = controllers[decision.side].choose(battle, decision)
                    result = battle.answer(choice)
                    if not result.ok:
                        raise RuntimeError(f"AI answer refused: {result.reason}")
                    given += 1
                report.battles += 1
                report.answers += given
                report.rounds += battle.round
                saved = save_battle(battle, out / f"{path.stem}-{seed}.json")
                again = load_battle(saved, map_dirs=(path.parent,))
                again.close()
                report.replayed += 1
            except SaveError as exc:
                report.divergences.append(f"{tag}: {exc}")
            except Exception as exc:  # the point of a soak: count them all, keep going
                last = traceback.extract_tb(exc.__traceback__)[-1]
                report.exceptions.append(
                    f"{tag}: {type(exc).__name__}: {exc} ({Path(last.filename).name}:{last.lineno})"
                )
            finally:
                if battle is not None:
                    battle.close()
            report.slowest_s = max(report.slowest_s, time.perf_counter() - started)
            if progress is not None:
                progress(f"{tag}: done")
    return report


def run_soak(
    maps: Sequence[Path],
    games: int,
    first_seed: int = 0,
    ai: Sequence[str] = ("baseline",),
    print_line: Callable[[str], None] = print,
    ruleset: str = DEFAULT_RULESET,
    options: Mapping[str, str] | None = None,
) -> int:
    """Soak every map in ``maps``, print one line per map, the failures and the totals;
    returns the exit code (0 when nothing failed)."""
    started = time.perf_counter()
    reports = []
    for path in maps:
        try:
            report = soak_map(path, games, first_seed, ai, ruleset=ruleset, options=options)
        except Exception as exc:  # a map that does not load is a failure, not a crash
            first = str(exc).splitlines()[0] if str(exc) else ""
            report = MapSoak(path.name, exceptions=[f"{path.name}: {type(exc).__name__}: {first}"])
        reports.append(report)
        print_line(report.line())
        for failure in report.failures:
            print_line(f"  FAILED {failure}")
    battles = sum(r.battles for r in reports)
    answers = sum(r.answers for r in reports)
    failures = sum(len(r.failures) for r in reports)
    replayed = sum(r.replayed for r in reports)
    print_line(
        f"soak: {len(reports)} maps, {battles} battles, {answers} answers, {replayed} "
        f"saves replayed to the same hash, {failures} failures, "
        f"{time.perf_counter() - started:.1f} s"
    )
    return 0 if failures == 0 else 1

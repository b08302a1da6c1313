"""Loading a save = replaying it (DESIGN.md · One path for every choice: the seed, the map's
content hash, the ruleset, the controllers and the answers replay the battle, and the
replayed ``state_hash()`` must equal the saved one; issue 6 · Saves and replays).

``load_battle(path)`` gives the live battle, ready to continue, or a ``SaveError`` line:
the map cannot be found or has changed, an answer is refused (illegal), or the replay
diverges (the final state hash differs). ``resume_save(path)`` is the same but keeps the
``Replayed`` record, whose ``warning`` says when the unit and weapon content changed
since the save yet the battle replayed the same (the UI shows that line). ``replay_save``
is the same without the last check, for ``replay`` without ``--verify`` and for tools
that report the divergence themselves.

The content (unit templates and gear) is not refused up front when its fingerprint
differs from the save's: a change that does not touch this battle (a typo in a
description, a weapon nobody carries) replays to the same state, and refusing it would
lose a battle for nothing. A replay that breaks or diverges names the changed content
as the likely cause instead.

The map is found by its file name and content hash, first match wins: the player's maps
folder, the shipped maps, then the save's own folder. Saves do not record where the map
was on the machine that wrote them (a save is portable); an older save that does is
loaded the same way, and the recorded path is never opened.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.battle import Battle
from game.maps.battlefield import Battlefield
from game.saves.errors import SaveError
from game.saves.format import SaveData, fielded_content_digest, read


@dataclass(frozen=True, slots=True)
class Replayed:
    """A save replayed: the battle after its last answer and whether it matches the save."""

    battle: Battle
    save: SaveData
    state_hash: str
    content_changed: bool = False  # the save's content fingerprint differs from today's

    @property
    def matches(self) -> bool:
        return self.state_hash == self.save.state_hash

    @property
    def warning(self) -> str:
        """One line for the player when the battle loaded but its content changed."""
        if not (self.content_changed and self.matches):
            return ""
        return (
            f"{self.save.map_name}: {CONTENT_CHANGED}; it replayed to the saved state and "
            "goes on with the new numbers"
        )


CONTENT_CHANGED = "the unit and weapon content changed since this battle was saved"


def map_folders(save_path: Path, extra: Sequence[Path] = ()) -> tuple[Path, ...]:
    """Where a save's map is looked for: the player's maps, the shipped maps, the save's
    own folder (a save sent with its map beside it), then ``extra`` — folders the caller
    trusts (``replay --maps``, a soak's map folder), never ones the save names."""
    from game.maps.library import map_dirs

    return (*map_dirs(), save_path.parent, *extra)


def _map_candidates(save: SaveData, save_path: Path, extra: Sequence[Path]) -> Iterator[Path]:
    """The regular files named ``save.map_name`` (or its lower-case form) in the map
    folders. The path a save may record (old saves) is never opened: a save must not make
    the game read whatever file it names (``/etc/passwd``, ``../../x``); symbolic links
    are skipped for the same reason."""
    seen: set[Path] = set()
    names = dict.fromkeys((save.map_name, save.map_name.lower()))
    for folder in map_folders(save_path, extra):
        for name in names:
            if Path(name).name != name:  # the reader allows no folder part; be sure
                continue
            candidate = folder / name
            try:
                if candidate.is_symlink() or not candidate.is_file():
                    continue
                key = candidate.resolve()
            except OSError:
                continue
            if key not in seen:
                seen.add(key)
                yield candidate


def locate_map(
    save: SaveData, save_path: Path | str, content: Any = None, map_dirs: Sequence[Path] = ()
) -> Battlefield:
    """The saved map, found by its file name and content hash in the map folders
    (``map_folders``); ``SaveError`` when it is missing, broken or different (a changed
    map would replay into a different battle)."""
    from game.maps import MapError, load_battlefield

    save_path = Path(save_path)
    found_changed: Path | None = None
    broken: str | None = None
    templates = frozenset(content.templates) if content is not None else None
    for candidate in _map_candidates(save, save_path, map_dirs):
        try:
            field = load_battlefield(candidate, templates)
        except MapError as exc:
            broken = broken or (exc.lines()[0] if exc.problems else str(exc))
            continue
        except OSError as exc:
            broken = broken or f"{candidate}: {exc.strerror or exc}"
            continue
        if field.content_hash == save.map_hash:
            return field
        found_changed = found_changed or candidate
    if found_changed is not None:
        raise SaveError(
            save_path,
            f"map {save.map_name} has changed since this battle was "
            f"saved ({found_changed} has different content); it cannot be replayed",
        )
    if broken is not None:
        raise SaveError(save_path, f"map {save.map_name} cannot be loaded: {broken}")
    where = ", ".join(str(folder) for folder in map_folders(save_path, map_dirs))
    raise SaveError(
        save_path,
        f"map {save.map_name} cannot be found with the content it had "
        f"when saved (looked in {where})",
    )


def replay_save(
    save: SaveData,
    save_path: Path | str = "<save>",
    *,
    content: Any = None,
    map_dirs: Sequence[Path] = (),
) -> Replayed:
    """Rebuild the battle from ``save`` by replaying every answer; ``SaveError`` when the map
    is missing or changed, the side names do not fit the map, or an answer is refused."""
    save_path = Path(save_path)
    field = locate_map(save, save_path, content, map_dirs)
    sides = {s.id for s in field.scenario.sides}
    unknown = sorted(set(save.controllers) - sides)
    if unknown:
        raise SaveError(
            save_path,
            f"'controllers' names side {unknown[0]!r}, which {save.map_name} does not have",
        )
    from game.engine.options import RuleOptionError

    try:
        battle = Battle(
            field, save.ruleset, save.seed, save.controllers, content=content, options=save.options
        )
    except RuleOptionError as exc:
        raise SaveError(save_path, f"'ruleset.options': {exc}") from None
    except Exception as exc:  # the rules refusing this map: still one line, no traceback
        raise SaveError(
            save_path, f"the battle cannot start: {type(exc).__name__}: {exc}"
        ) from None
    total = len(save.answers)
    changed = bool(save.content_hash) and (
        save.content_hash != fielded_content_digest(battle.content, field)
    )
    why = f" ({CONTENT_CHANGED})" if changed else ""
    try:
        for i, answer in enumerate(save.answers, start=1):
            try:
                result = battle.answer(answer)
            except Exception as exc:  # a rules bug met by a replayed answer: report, no trace
                raise SaveError(
                    save_path,
                    f"answer {i} of {total} ({_brief(answer)}) broke "
                    f"the replay: {type(exc).__name__}: {exc}{why}",
                ) from None
            if not result.ok:
                raise SaveError(
                    save_path,
                    f"answer {i} of {total} ({_brief(answer)}) is "
                    f"illegal at that point: {result.reason}{why}",
                )
        digest = battle.state_hash()
    except BaseException:
        battle.close()
        raise
    return Replayed(battle, save, digest, changed)


def resume_save(
    path: Path | str, *, content: Any = None, map_dirs: Sequence[Path] = ()
) -> Replayed:
    """Read, replay and verify the save at ``path``: the replayed battle, ready to continue
    (``.battle``), with a ``.warning`` line when its content changed harmlessly."""
    path = Path(path)
    replayed = replay_save(read(path), path, content=content, map_dirs=map_dirs)
    if not replayed.matches:
        replayed.battle.close()
        raise SaveError(path, divergence(replayed))
    return replayed


def load_battle(path: Path | str, *, content: Any = None, map_dirs: Sequence[Path] = ()) -> Battle:
    """Read, replay and verify the save at ``path``: the battle, ready to continue
    (``map_dirs``: more folders to look for its map in, see ``map_folders``)."""
    return resume_save(path, content=content, map_dirs=map_dirs).battle


def divergence(replayed: Replayed) -> str:
    """The one-line account of a replay that did not reach the saved state."""
    cause = (
        CONTENT_CHANGED
        if replayed.content_changed
        else ("the rules or the content changed since it was saved")
    )
    return (
        f"replay diverged: after {len(replayed.save.answers)} answers the state hash is "
        f"{replayed.state_hash[:12]}…, the save says {replayed.save.state_hash[:12]}… "
        f"({cause})"
    )


def _brief(answer: Any) -> str:
    text = str(answer.describe()) if hasattr(answer, "describe") else repr(answer)
    return text if len(text) <= 80 else text[:77] + "..."

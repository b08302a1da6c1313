"""``python -m game replay FILE``: re-run a save headless (issue 6 · Saves and replays).

    python -m game replay my-battle.json            # replay it, print how it stands
    python -m game replay my-battle.json --verify   # exit 2 unless it reaches the saved hash
    python -m game replay my-battle.json --log      # the round-by-round account too
    python -m game replay my-battle.json --maps ~/maps   # look for its map there too

A save names its map by file name and content hash; the map is looked for in the
player's maps, the shipped maps, the save's folder and any ``--maps`` folder. A save
file that is not a regular file (a FIFO, a device, a folder) is refused with one line.

A save that cannot be replayed at all (unreadable, a newer schema, a missing or changed
map, an illegal answer) is one line on stderr and exit 2. A replay that ends in another
state than the save recorded is a divergence: with ``--verify`` that is exit 2 too;
without it, a warning line on stderr and the replayed result are printed (exit 0).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.words import counted, one_line

NAME = "replay"
HELP = "re-run a saved battle headless and check it reaches the saved state"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a save file (.json), e.g. an autosave")
    parser.add_argument(
        "--verify", action="store_true", help="exit 2 if the replay does not match the save"
    )
    parser.add_argument("--log", action="store_true", help="print a round-by-round account")
    parser.add_argument(
        "--maps",
        action="append",
        default=[],
        metavar="FOLDER",
        help="another folder to look for the save's map in (repeatable); the map is found by "
        "its name and content hash in your maps, the shipped maps and the save's folder",
    )


def run(args: argparse.Namespace) -> int:
    from game.cli.simulate import account
    from game.saves import SaveError, divergence, read_save, replay_save

    for folder in args.maps:
        if not Path(folder).is_dir():
            print(one_line(f"replay: --maps {folder!r}: no such folder"), file=sys.stderr)
            return 2
    try:
        save = read_save(args.file)
        replayed = replay_save(save, args.file, map_dirs=[Path(m) for m in args.maps])
    except SaveError as exc:
        print(one_line(f"replay: {exc}"), file=sys.stderr)
        return 2
    battle = replayed.battle
    try:
        if args.log:
            for line in account(battle.events):
                print(line)
        if replayed.warning:
            print(one_line(f"replay: note: {replayed.warning}"), file=sys.stderr)
        if not replayed.matches:
            print(one_line(f"replay: {args.file}: {divergence(replayed)}"), file=sys.stderr)
            if args.verify:
                return 2
        names = {s.id: s.name for s in battle.battlefield.scenario.sides}
        if battle.over:
            outcome = f"{names.get(battle.winner, battle.winner)} win" if battle.winner else "draw"
            where = f"{outcome} after {counted(battle.round, 'round')}"
        else:
            where = f"in progress, round {battle.round}"
        verdict = "matches the save" if replayed.matches else "DIFFERS from the save"
        print(  # the title comes from the file: one printable line whatever it holds
            one_line(
                f"{args.file}: {save.title or save.map_name} on {save.map_name} "
                f"({save.ruleset}), seed {save.seed}, {counted(len(save.answers), 'answer')}: "
                f"{where}; state hash {replayed.state_hash[:12]} {verdict}"
            )
        )
        return 0
    finally:
        battle.close()

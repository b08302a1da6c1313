"""Starting the graphical game: check for a display, open the window, show the menu."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from game.ui.app import NO_DISPLAY_MESSAGE, App, NoDisplayError


def display_problem() -> str | None:
    """Why no window can be opened here, or None if one probably can.

    On Linux without ``DISPLAY`` or ``WAYLAND_DISPLAY``, SDL would quietly fall
    back to an invisible off-screen window; refuse early instead, unless the
    caller picked a video driver on purpose (tests use ``dummy``).
    """
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return "neither DISPLAY nor WAYLAND_DISPLAY is set"
    return None


def run_game(
    map_path: Path | None = None,
    seed: int | None = None,
    size: tuple[int, int] | None = None,
    ruleset: str | None = None,
) -> int:
    problem = display_problem()
    if problem is not None:
        print(NO_DISPLAY_MESSAGE.format(why=problem))
        return 2
    try:
        app = App(size=size)
    except NoDisplayError as exc:
        print(NO_DISPLAY_MESSAGE.format(why=exc))
        return 2
    from game.ui.flow import GameFlow

    flow = GameFlow(app)
    from game.ui.crash import handle_crash

    app.on_crash = handle_crash  # a bug of the game's own shows the crash screen (issue 30)
    app.crash_menu = flow.back_to_menu  # the crash screen's way back
    return app.run(flow.menu(preselect=map_path, seed=seed, ruleset=ruleset))

"""A plain (non-editable) install carries the maps, fonts and icons (issue: the first hour ·
Install): the wheel is built from this checkout, installed into a folder of its own, and run
from another directory, where nothing of the checkout can be found by accident.

The wheel is built without build isolation (``setuptools`` and ``wheel`` come with the test
extras), so the test needs no network.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

MENU = """
import os, sys, tempfile
from pathlib import Path
import game
assert not str(Path(game.__file__).resolve()).startswith(sys.argv[1]), game.__file__
from game.ui import theme
from game.ui.app import App
from game.ui.flow import GameFlow
from game.ui.settings import Settings
app = App(Settings(), settings_file=Path(tempfile.mkdtemp()) / "s.json")
app.push(GameFlow(app).menu())
app.step(1)
theme.font("body", 20).render("Ambush → Fort ← Duel", True, (0, 0, 0))
print("fonts", theme.FONT_DIR)
app.close()
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game's wheel, built from this checkout and installed into a bare folder."""
    dist = tmp_path_factory.mktemp("dist")
    target = tmp_path_factory.mktemp("site")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run(
        [*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    wheels = list(dist.glob("shieldwall-*.whl"))
    assert len(wheels) == 1, wheels
    names = zipfile.ZipFile(wheels[0]).namelist()
    assert "game/_data/maps/duel.tmx" in names
    assert "game/_data/maps/shieldwall.tiled-project" in names
    assert "game/_data/maps/templates/starter.tmx" in names
    assert "game/_data/maps/templates/bandit.tx" in names
    assert "game/_data/assets/tiles/terrain.tsx" in names
    assert "game/_data/assets/fonts/alegreya-sans-400.woff" in names
    assert "game/_data/assets/sounds/hit_1.wav" in names
    subprocess.run(
        [*pip, "install", "--no-deps", "--target", str(target), str(wheels[0])],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return target


def _run(installed: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ,
        PYTHONPATH=str(installed),
        SHIELDWALL_DATA_DIR=str(cwd / "data"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def test_an_installed_wheel_finds_its_maps_for_simulate_and_check_map(
    installed: Path, tmp_path: Path
) -> None:
    sim = _run(installed, tmp_path, "-m", "game", "simulate", "duel", "--seed", "1")
    assert sim.returncode == 0, sim.stderr
    assert "won" in sim.stdout.lower() or "draw" in sim.stdout.lower(), sim.stdout
    check = _run(installed, tmp_path, "-m", "game", "check-map", "duel")
    assert check.returncode == 0, check.stdout + check.stderr
    assert str(installed) in check.stdout + check.stderr or "ok" in check.stdout
    starter = installed / "game" / "_data" / "maps" / "templates" / "starter.tmx"
    check = _run(installed, tmp_path, "-m", "game", "check-map", str(starter))
    assert check.returncode == 0, check.stdout + check.stderr
    assert "not found" not in check.stdout  # its tileset and .tx files came too


def test_an_installed_wheel_opens_the_menu_with_its_bundled_fonts(
    installed: Path, tmp_path: Path
) -> None:
    menu = _run(installed, tmp_path, "-c", MENU, str(ROOT))
    assert menu.returncode == 0, menu.stderr
    assert f"fonts {installed / 'game' / '_data' / 'assets' / 'fonts'}" in menu.stdout

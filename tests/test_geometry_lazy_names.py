"""The geometry package hands out its names on first use (issue 32 · first frame): every
exported name is the one of its module, and loading a map imports no numpy."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import game.geometry as geometry

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", geometry.__all__)
def test_each_exported_name_is_its_modules(name: str) -> None:
    homes = [importlib.import_module(f"game.geometry.{m}") for m in ("grid", "movement", "sight")]
    owners = [home for home in homes if name in vars(home)]
    assert owners and getattr(geometry, name) is getattr(owners[0], name)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nowhere'"):
        _ = geometry.nowhere


def test_loading_a_map_imports_no_numpy() -> None:
    code = (
        "import sys\nfrom game.maps import find_map, load_battlefield\n"
        "bf = load_battlefield(find_map('duel'))\nprint('numpy' in sys.modules)\n"
        "bf.grid.arrays()\nprint('numpy' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "True"]

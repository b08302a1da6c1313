"""Play-test 3, the command line and the stored seed: ``play`` refuses a seed no save
could keep and an unknown ruleset in one line, takes ``--ruleset`` as the README says,
names itself when it refuses a flag, and says the smallest window it opens; a bad seed
in the settings file is dropped, not the whole file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ui_support import quick_window, write_map

from game.__main__ import main
from game.ui.settings import LastSetup, load_settings


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["play", "--seed", "-1"], "--seed must be between 0 and 2**63 − 1, got -1"),
        (["play", "--seed", str(2**63)], f"got {2**63}"),
        (["play", "--ruleset", "nope"], "--ruleset: no ruleset 'nope' (known: grid"),
        (["play", "--size", "320x240"], "320x240 is outside 960x540 .. 7680x4320"),
    ],
)
def test_play_refuses_in_one_line(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    out = capsys.readouterr().out.strip().splitlines()
    assert out == [f"shieldwall play: {needle}"] or (len(out) == 1 and needle in out[0]), out


def test_an_unknown_flag_is_named_with_its_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", "maps/duel.tmx", "--rulez", "clash"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["shieldwall play: unrecognized arguments: --rulez clash (see --help)"]


def test_play_ruleset_presets_the_menu(tmp_path: Path) -> None:
    from game.ui.flow import GameFlow
    from game.ui.menu import MenuScene

    app = quick_window(tmp_path)
    try:
        path = write_map(tmp_path / "m", 8, 6)
        menu = GameFlow(app).menu(preselect=path, seed=3, ruleset="clash")
        assert isinstance(menu, MenuScene)
        assert menu.ruleset.value == "clash"
        setup = menu.setup()
        assert setup is not None and setup.ruleset == "clash" and setup.seed == 3
    finally:
        app.close()


@pytest.mark.parametrize("seed", ["-1", str(2**63), "12a", "٣"])
def test_a_bad_stored_seed_is_dropped_and_the_rest_kept(tmp_path: Path, seed: str) -> None:
    last = {"map": "/x/duel.tmx", "ruleset": "clash", "seed": seed, "fog": True}
    file = tmp_path / "settings.json"
    file.write_text(json.dumps({"ai_speed": "fast", "last_setup": last}), encoding="utf-8")
    settings, problem = load_settings(file)
    assert problem is None and settings.ai_speed == "fast"
    assert settings.last_setup == LastSetup("/x/duel.tmx", "clash", (), "", True)


def test_a_good_stored_seed_is_kept() -> None:
    raw = {"map": "/x/duel.tmx", "ruleset": "grid", "seed": str(2**63 - 1)}
    assert LastSetup.from_json(raw).seed == str(2**63 - 1)

"""How the screens lead to one another: menu → battle (→ hand-off, victory) → menu."""

from __future__ import annotations

from pathlib import Path

from game.ui.app import App, Scene
from game.ui.catalogue import MapEntry, load_catalogue, rulesets
from game.ui.map_view import MapLoadError, MapView
from game.ui.menu import BattleSetup, MenuScene
from game.ui.overlays import SettingsScene


def ai_levels() -> list[str]:
    """Named AI levels the menu offers besides the default "AI"."""
    from game.ai import CONTROLLERS

    return [name for name in CONTROLLERS if name != "ai"]


class GameFlow:
    """Builds scenes and moves between them."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.entries: list[MapEntry] = []

    def menu(self, preselect: Path | None = None, seed: int | None = None) -> Scene:
        self.entries = load_catalogue(extra=[preselect] if preselect else [])
        scene = MenuScene(
            self.entries,
            rulesets(),
            start=self.start_battle,
            open_settings=self.open_settings,
            ai_levels=ai_levels(),
        )
        if preselect is not None:
            for i, entry in enumerate(self.entries):
                if entry.path.resolve() == preselect.resolve():
                    scene.select(i)
        if seed is not None:
            scene.seed.text = str(seed)
        return scene

    def open_settings(self) -> None:
        self.app.push(SettingsScene())

    def back_to_menu(self) -> None:
        self.app.reset(self.menu())

    def start_battle(self, setup: BattleSetup) -> None:
        try:
            view = MapView.from_file(setup.map.path)
        except MapLoadError as exc:
            self.app.notify(str(exc))
            return
        from game.ui.play_scene import make_battle_scene

        scene = make_battle_scene(setup, view, self)
        if isinstance(scene, str):
            self.app.notify(scene)
            return
        self.app.replace(scene)

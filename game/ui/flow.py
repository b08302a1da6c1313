"""How the screens lead to one another: menu → battle (→ hand-off, victory) → menu, and
into a saved battle: Continue, the load list, F9, the replay viewer (issue 6)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from game.ui.app import App, Scene
from game.ui.battle_saves import BattleSaves
from game.ui.catalogue import MapEntry, load_catalogue, rulesets
from game.ui.map_view import MapLoadError, MapView
from game.ui.menu import BattleSetup, MenuScene
from game.ui.overlays import SettingsScene

if TYPE_CHECKING:
    from game.engine import Battle


def ai_levels() -> list[str]:
    """Named AI levels the menu offers besides the default "AI"."""
    from game.ai import CONTROLLERS

    return [name for name in CONTROLLERS if name != "ai"]


class GameFlow:
    """Builds scenes and moves between them."""

    def __init__(self, app: App, saves_folder: Path | None = None) -> None:
        self.app = app
        self.entries: list[MapEntry] = []
        self.saves = BattleSaves(
            app.notify, self.resume, self.show_saves, saves_folder, inform=app.inform
        )

    def menu(
        self, preselect: Path | None = None, seed: int | None = None, ruleset: str | None = None
    ) -> Scene:
        self.entries = load_catalogue(extra=[preselect] if preselect else [])
        target, about = self.saves.continue_target()
        scene = MenuScene(
            self.entries,
            rulesets(),
            start=self.start_battle,
            open_settings=self.open_settings,
            ai_levels=ai_levels(),
            continue_game=self.continue_latest,
            continue_about=about if target is not None else None,
            continue_reason=about if target is None else "",
            open_saves=self.show_saves,
        )
        if preselect is not None:
            for i, entry in enumerate(self.entries):
                if entry.path.resolve() == preselect.resolve():
                    scene.select(i)
        elif self.app.settings.last_setup is not None:
            scene.restore(self.app.settings.last_setup)
        else:  # a first start (issue 30): the lesson of the default rules
            scene.open_lesson()
        if seed is not None:
            scene.seed.text = str(seed)
        if ruleset is not None:
            scene.ruleset.set_value(ruleset)
        return scene

    def open_settings(self) -> None:
        self.app.push(SettingsScene())

    def back_to_menu(self) -> None:
        self._discard_battles()
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
        self._discard_battles()
        self.app.replace(scene)
        self.app.save_settings(replace(self.app.settings, last_setup=setup.remembered()))

    # -- saved battles ------------------------------------------------------------------------

    def continue_latest(self) -> None:
        """Continue: resume the newest autosave (the menu greys the button when none)."""
        path, why = self.saves.continue_target()
        if path is None:
            self.app.notify(why)
            return
        self.resume(path)

    def resume(self, path: Path) -> bool:
        """Replay the save at ``path`` into a battle screen that replaces every screen; a
        save that cannot be resumed (damaged, diverging, its map changed or gone) is one
        line on screen and nothing changes."""
        from game.saves import SaveError, resume_save
        from game.ui.lesson_guide import lesson_for
        from game.ui.play_scene import play_scene_for

        try:
            replayed = resume_save(path)
        except SaveError as exc:
            self.app.notify(exc.line)
            return False
        battle = replayed.battle
        try:
            view = MapView.from_file(battle.battlefield.path)
        except MapLoadError as exc:
            battle.close()
            self.app.notify(str(exc))
            return False
        fog = replayed.save.fog
        lesson = lesson_for(battle)
        if lesson is not None and lesson.seed != battle.seed:
            lesson = None  # the lesson's hints follow its own dice
        scene = play_scene_for(
            battle,
            view,
            self,
            fog=fog if fog is not None else battle.battlefield.scenario.fog,
            lesson=lesson,
        )
        if isinstance(scene, str):
            self.app.notify(f"{path}: {scene}")
            return False
        scene.hand_off_first()  # hotseat: the board waits for the player whose turn it is
        self.saves.flush()  # the battle on screen's last autosave, before the files change hands
        self.saves.autosaver.continues(battle, path)  # its autosaves go on with its own
        self._mark_resumed(battle, path, scene.fog)
        self._discard_battles()
        self.app.reset(scene)
        if replayed.warning:
            self.app.notify(replayed.warning)
        return True

    def _mark_resumed(self, battle: Battle, path: Path, fog: bool | None) -> None:
        """The battle just loaded is the one Continue resumes from now on (play-test 3: F9
        back to a quicksave, then Continue, resumed the state loaded away from): unless
        ``path`` is already the newest autosave, the loaded battle is autosaved at once."""
        files = self.saves.autosaver.autosaves()
        if files and files[-1].resolve() == path.resolve():
            return
        self.saves.autosave(battle, fog)

    def watch(self, path: Path) -> bool:
        """Open the replay viewer on the save at ``path`` (over the current screens)."""
        from game.saves import ReplayCursor, SaveError
        from game.ui.replay_scene import ReplayScene

        try:
            cursor = ReplayCursor.open(path)
        except SaveError as exc:
            self.app.notify(exc.line)
            return False
        try:
            view = MapView.from_file(cursor.battle.battlefield.path)
        except MapLoadError as exc:
            cursor.close()
            self.app.notify(str(exc))
            return False
        self.app.push(ReplayScene(cursor, view, self.app.pop))
        return True

    def play_again(self, battle: Battle, view: MapView, fog: bool, same_seed: bool) -> None:
        """From the victory screen (#36): the same battle (map, ruleset and its house rules,
        who commands each side, fog) from the start, with new dice or the same seed."""
        from game.engine import Battle
        from game.ui.play_scene import new_seed, play_scene_for

        seed = battle.seed if same_seed else new_seed()
        again = Battle(
            battle.battlefield,
            battle.ruleset_id,
            seed,
            dict(battle.controllers),
            content=battle.content,
            options=battle.ruleset_options,
        )
        scene = play_scene_for(again, view, self, fog=fog)
        if isinstance(scene, str):
            self.app.notify(scene)
            return
        self._discard_battles()
        self.app.reset(scene)

    def watch_battle(self, battle: Battle, view: MapView, fog: bool) -> None:
        """The replay viewer on a battle of this window (the one just won or lost, #36),
        from its answers in memory; closing it comes back to where it was opened."""
        from game.saves import ReplayCursor, snapshot
        from game.ui.replay_scene import ReplayScene

        try:
            save = snapshot(battle, fog=fog)
        except ValueError as exc:
            self.app.notify(f"cannot replay this battle: {exc}")
            return
        cursor = ReplayCursor(save, battle.battlefield, "this battle", content=battle.content)
        self.app.push(ReplayScene(cursor, view, self.app.pop))

    def show_saves(self) -> None:
        """The load list: saved battles to resume or to watch."""
        from game.ui.save_list import SaveListScene

        self.app.push(SaveListScene(self.saves.folder, load=self.resume, watch=self.watch))

    def _discard_battles(self) -> None:
        """Free the worlds of battles on the screen stack that are about to go away."""
        from game.ui.play_scene import PlayScene
        from game.ui.replay_scene import ReplayScene

        for scene in self.app.stack:
            if isinstance(scene, PlayScene | ReplayScene):
                scene.discard()

"""Packaging beyond what ``pyproject.toml`` can say: the top-level ``assets/`` and ``maps/``
folders go into the wheel as ``game/_data/assets`` and ``game/_data/maps`` (``game.shipped``
finds them there; a checkout finds them at the top)."""

from setuptools import find_packages, setup

DATA = {"game._data.assets": "assets", "game._data.maps": "maps"}

setup(
    packages=find_packages(include=["game", "game.*"]) + list(DATA),
    package_dir=DATA,
    package_data={
        "": ["*.toml", "*.md"],
        "game.content": ["data/*.toml", "data/units/*.toml"],
        "game._data.assets": [
            "CREDITS.md",
            "fonts/*",
            "icons/*.svg",
            "sounds/*.wav",
            "tiles/*",
        ],
        "game._data.maps": ["*.tmx", "*.tsx", "*.tx", "*.tiled-project", "README.md"],
    },
)

"""tmp"""

from game.ai.core.generic import GenericAI


def make_controller(name: str, seed: int = 0) -> GenericAI:
    return GenericAI(name, seed)

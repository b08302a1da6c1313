"""placeholder replaced below"""

from game.ai.core.generic import GenericAI as StressAI  # noqa: F401

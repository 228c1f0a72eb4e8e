"""The game window: scenes, sprites, input, sound and assets on top of the ``golf`` engine."""

import os

# Before any scene module imports pygame: no start-up banner on the player's console.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

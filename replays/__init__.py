"""The sample replays, installed as the package ``golf_samples``.

They live in ``replays/`` in the checkout (CI verifies every one); ``pyproject.toml`` installs
this folder as ``golf_samples`` so that an installed copy finds them through
``importlib.resources`` (``scenes/core/paths.py``). Nothing here is code.
"""

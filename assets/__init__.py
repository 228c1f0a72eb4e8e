"""The game's shipped files (fonts, the tutorial), installed as the package ``golf_assets``.

They live in ``assets/`` in the checkout; ``pyproject.toml`` installs this folder as
``golf_assets`` so that an installed copy reads them through ``importlib.resources``
(``scenes/core/paths.py``). Nothing here is code.
"""

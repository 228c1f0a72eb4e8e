"""``python -m golfcli``: the same program as ``main.py``."""

from golfcli.main import start

start()

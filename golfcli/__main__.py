"""``python -m golfcli``: the same program as ``main.py``."""

from golfcli.main import start

if __name__ == "__main__":
    start()

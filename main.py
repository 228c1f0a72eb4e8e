"""Golf: the game window, or a headless command (``main.py --help``); see ``golfcli.main``."""

from golfcli.main import start

if __name__ == "__main__":
    start()

"""The entry layer: the command line, its headless commands and the start of the window.

It imports the engine (``golf``) and the screens (``scenes``); neither imports it. The commands
are listed in ``golfcli.commands``; the program starts in ``golfcli.main``.
"""

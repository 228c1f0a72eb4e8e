"""Golf solitaire: the rules engine.

Pure Python and deterministic: no pygame, no clock, no global random. Everything a
screen, a replay file, the solver or the command line needs about the game lives here.
"""

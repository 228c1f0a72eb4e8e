"""The screens of six-card Golf: the setup window, the table for 2–7 grids, the scoreboard,
the final standings and the curtain that passes the screen between people at one screen.

The engine is ``golf.sixcard``; these scenes only show what a seat may know
(``golf.sixcard.view.seat_view``) and turn player intents into its actions.
"""

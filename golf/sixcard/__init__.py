"""Six-card Golf: the 2–7 player card game (as the grid allows) scored like golf, and its
computer opponents.

Pure Python and deterministic like the solitaire engine: ``rules`` (switches and scoring),
``codes`` (``G6-…`` game codes), ``actions`` (the one action vocabulary), ``game`` (states and
``apply``), ``view`` (what one seat may know), ``ai`` (three levels), ``replay`` (YAML files),
``simulate`` (AI against AI), ``seating`` (who sits at a table, at what pace) and ``pace`` (the
course of a game at a table in seconds of play: what happens next, and after how long).
``docs/six-card-golf.md`` describes the rules as built, the codes and the replay format.
"""

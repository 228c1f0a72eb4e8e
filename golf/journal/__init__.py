"""The journal of play: the player's games of both games, in one SQLite database.

``journal`` (:class:`Journal`: games as they are played, finished games, rounds, the history),
``database`` (the file opened safely, transactions, play going on in memory when the file
cannot be used), ``schema`` (the tables and their migrations), ``figures`` (statistics and high
scores, read from the finished games), ``owner`` (which copy of the game keeps the games in
progress), ``kept_solitaire`` and ``kept_sixcard`` (a game in progress as a recording, to put
back on its table), ``legacy`` (version 0.1.0's files, imported once). It knows nothing of the
screens or the command line, and never reads the clock: the caller gives every time.
``docs/rounds-and-stats.md`` describes it.
"""

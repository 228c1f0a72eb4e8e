"""Six-card Golf over the network: the protocol (small versioned JSON messages, each read into
a typed value or refused), the rooms (the server's side of a game: seats, tokens, the one match, the
turn timer, the computers), the guards (rates, sizes, guesses), the WebSocket server and client.

A layer of its own above the engine (``golf/``) and below the window (``scenes/``) and the
command line (``golfcli/``): it imports the engine, never pygame nor the screens.
"""

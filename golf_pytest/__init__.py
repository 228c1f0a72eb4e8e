"""pytest's plugin for Golf's replay files: ``pytest --golf-replays DIR`` checks every replay and
script file of either game under DIR, one test each (``docs/ci.md``).

``golf_pytest.plugin`` is the ``pytest11`` entry point; it only adds the option and the ini key,
so a pytest run that asks for neither is the same with the game installed as without it. The
collection and the failure report are ``golf_pytest.replays``, loaded only when asked. Like the
command line, it sits above the engine (``golf``) and is imported by nothing of the game.
"""

"""The arena's referee (``golfcli.arena._referee``) against a stand-in for the player's
process: no process is started; the answers come back as the process would send them, or as a
lying one could."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from golf.solitaire.arena import PlayerView, play_deal
from golf.solitaire.rules import CLASSIC, EASY
from golfcli.arena import _referee, _Run
from golfcli.arena_process import Broken, Tables, answer_line

Answer = Callable[[PlayerView], str]


class StandIn:
    """What :class:`golfcli.arena_process.PlayerProcess` does, in this process: each view as the
    player's process builds it, answered by ``answer`` (a line as the process sends it)."""

    def __init__(self, answer: Answer, rules: Any, breaks_at: int | None = None) -> None:
        self.answer = answer
        self.tables = Tables(rules)
        self.waiting: deque[list[str]] = deque()
        self.received = 0
        self.breaks_at = breaks_at

    def send(self, wires: list[tuple[Any, ...]]) -> None:
        import marshal

        views = self.tables.views(marshal.dumps(wires))
        lines = ["!over" if not v.legal else self.answer(v) for v in views]
        self.tables.remember(views, lines)
        self.waiting.append(lines)

    def receive(self) -> list[str]:
        self.received += 1
        if self.received == self.breaks_at:
            self.waiting.clear()
            self.tables = Tables(self.tables.rules)  # a new process knows no table
            raise Broken(0, 1, "died", "signal SIGKILL")
        return self.waiting.popleft()


def first(view: PlayerView) -> str:
    return answer_line(view.legal[0], view, "solitaire")


def referee(answer: Answer, numbers: range, rules: Any = EASY, **kw: Any) -> list[Any]:
    player = StandIn(answer, rules, **kw)
    run = _Run(numbers, rules, 4, False)
    return [r.player for r in _referee(player, run)]  # type: ignore[arg-type]


def test_the_referees_games_are_the_loops_own() -> None:
    numbers = range(0, 9)
    assert referee(first, numbers) == [play_deal(n, EASY, lambda v: v.legal[0]) for n in numbers]
    assert referee(first, numbers, CLASSIC) == [
        play_deal(n, CLASSIC, lambda v: v.legal[0]) for n in numbers
    ]


def test_an_action_the_rules_refuse_is_illegal_as_in_one_process() -> None:
    def seven(view: PlayerView) -> str:
        return "play 7" if view.moves == 2 else first(view)

    def seven_here(view: PlayerView) -> object:
        return "play 7" if view.moves == 2 else view.legal[0]

    numbers = range(0, 6)
    mine = referee(seven, numbers)
    assert mine == [play_deal(n, EASY, seven_here) for n in numbers]
    assert any(p.fault is not None and p.fault.kind == "illegal" for p in mine)


def test_a_process_that_says_a_game_is_over_when_it_is_not_is_at_fault() -> None:
    def liar(view: PlayerView) -> str:
        return "!over" if view.moves == 3 else first(view)

    for played in referee(liar, range(0, 3)):
        assert played.fault is not None
        assert (played.fault.move, played.fault.kind, played.fault.detail) == (
            4,
            "illegal",
            "'!over'",
        )


def test_anything_but_a_token_or_a_fault_is_illegal() -> None:
    for line, detail in (("PLAY 1", "'PLAY 1'"), ("!boom now", "'!boom now'"), ("", "''")):
        played = referee(lambda view, line=line: line, range(0, 1))[0]
        assert played.fault is not None and played.fault.move == 1
        assert (played.fault.kind, played.fault.detail) == ("illegal", detail)


def test_a_broken_process_faults_one_game_and_the_others_go_on() -> None:
    numbers = range(0, 8)
    mine = referee(first, numbers, breaks_at=3)
    honest = [play_deal(n, EASY, lambda v: v.legal[0]) for n in numbers]
    faulted = [p for p in mine if p.fault is not None]
    assert len(faulted) == 1 and faulted[0].fault.kind == "died"
    assert [p for p in mine if p.fault is None] == [
        h for h, p in zip(honest, mine, strict=True) if p.fault is None
    ]


def test_the_arena_cannot_be_traced_while_it_plays_and_can_after() -> None:
    import ctypes
    import sys

    from golfcli.arena_process import untraceable

    if not sys.platform.startswith("linux"):
        with untraceable() as done:
            assert not done
        return
    prctl = ctypes.CDLL(None).prctl
    before = prctl(3, 0, 0, 0, 0)  # PR_GET_DUMPABLE
    with untraceable() as done:
        assert done and prctl(3, 0, 0, 0, 0) == 0
    assert prctl(3, 0, 0, 0, 0) == before

"""Six-card Golf replay files: one game as YAML, every player's actions, read safely, verified.

The format follows the solitaire's (SPEC §5, ``docs/replay-format.md``) and is described in
``docs/six-card-golf.md``: a format version, ``game: six-card``, the code, the number of
players and the full rule set, optional seat labels, the ordered actions of every player
(each optionally with the seconds since the previous one), and the result the recorder saw.
Playback folds the actions over the code's first state, so it never runs a computer opponent.

Writing and reading are the record of play both games share (``golf.core.record``): a size cap
before parsing, the C safe loader, aliases and duplicate keys refused, every value checked by
hand, every error naming the file, the place in it and what was expected, and atomic writes.
This module brings the six-card game's head (code, players, rules, seats) and result.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from yaml.nodes import Node, ScalarNode

from golf.core import record
from golf.core.codes import ascii_only
from golf.core.record import FORMAT as FORMAT
from golf.core.record import Difference
from golf.core.translations import Words
from golf.core.yamlfile import FlowList
from golf.sixcard.actions import Action
from golf.sixcard.codes import parse_code
from golf.sixcard.game import Refusal, Refused, State, apply, new_game, totals, winners
from golf.sixcard.rules import MAX_PLAYERS, MIN_PLAYERS, PLAYOFF_LIMIT, SWITCHES, SixRules

GAME: Final = "six-card"
MAX_BYTES: Final = 1_000_000
MAX_ACTIONS: Final = 40_000
MAX_HOLE_POINTS: Final = 200
MAX_LABEL: Final = 40
OUTCOMES: Final = ("over", "playing")

_NULL: Final = "tag:yaml.org,2002:null"
_TOP_KEYS: Final = (
    "format",
    "game",
    "code",
    "players",
    "rules",
    "seats",
    "title",
    "recorded",
    "actions",
    "result",
)
_REQUIRED: Final = ("format", "game", "code", "players", "rules", "actions", "result")
_WHAT: Final = Words.of("replay.expected.six_card", keys="format, game, code, players, rules, ...")
_EMPTY: Final = Words.of("replay.error.empty", keys="format, game, code, players, ...")
_ACTIONS: Final = record.ActionForm(
    ascii_only(Action.parse), Words.of("replay.form.six_card"), MAX_ACTIONS
)
_RULE_KEYS: Final = tuple(SixRules().to_dict())
_LATER_KEYS: Final = ("pairs", "cut")
"""Rule keys added after the format's first files: a file without them means false (the game
as it was then)."""
_RESULT_KEYS: Final = ("outcome", "holes", "totals", "winners")


@dataclass(frozen=True)
class Result:
    """What the recorder saw: the game over or still playing, each hole's points per seat,
    the totals of the regular holes and the winners (empty while playing)."""

    outcome: str
    holes: tuple[tuple[int | None, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    @classmethod
    def of_state(cls, state: State) -> Result:
        return cls(
            "over" if state.over else "playing",
            state.scores,
            totals(state),
            winners(state),
        )


@dataclass(frozen=True)
class SixReplay:
    """One game: its code (which holds the players and rules), the actions and the result.

    ``times[i]`` is the pause in seconds before ``actions[i]`` (None when not recorded).
    """

    code: str
    actions: tuple[Action, ...]
    result: Result
    times: tuple[float | None, ...] = ()
    seats: tuple[str, ...] = ()
    title: str | None = None
    recorded: str | None = None
    format: int = FORMAT

    def __post_init__(self) -> None:
        parse_code(self.code)
        if not self.times:
            object.__setattr__(self, "times", (None,) * len(self.actions))
        if len(self.times) != len(self.actions):
            raise ValueError(f"{len(self.times)} times for {len(self.actions)} actions")

    @property
    def players(self) -> int:
        return parse_code(self.code).players

    @property
    def rules(self) -> SixRules:
        return parse_code(self.code).rules

    def start(self) -> State:
        c = parse_code(self.code)
        return new_game(c.number, c.players, c.rules)

    @classmethod
    def record(
        cls,
        start: State,
        actions: Sequence[Action],
        *,
        times: Sequence[float | None] | None = None,
        seats: Sequence[str] = (),
        title: str | None = None,
        recorded: str | None = None,
    ) -> SixReplay:
        """The replay of a game from its first state and the actions taken (all accepted);
        the result is what playing them gives. ``recorded`` is an ISO date-time from the
        caller (the engine has no clock)."""
        state = start
        for action in actions:
            state = apply(state, action)
        kept = record.millis(times, len(actions))
        return cls(
            code=start.code,
            actions=tuple(actions),
            result=Result.of_state(state),
            times=kept,
            seats=tuple(seats),
            title=title,
            recorded=recorded,
        )


# --- playback ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame(record.Frame[Action, Refusal]):
    """One action played back (index 1 for the first) and the state after it."""

    state: State


def frames(replay: SixReplay) -> Iterator[Frame]:
    """Play the actions one by one; a refused action changes nothing and is reported."""
    state = replay.start()
    for index, (action, t) in enumerate(zip(replay.actions, replay.times, strict=True), start=1):
        refused: Refusal | None = None
        try:
            state = apply(state, action)
        except Refused as e:
            refused = Refusal(action, e.reason)
        yield Frame(index, action, t, refused, state)


def play(replay: SixReplay) -> list[State]:
    """Every state of the replay (``[0]`` the first, ``[i]`` after action ``i``); raises
    :class:`~golf.sixcard.game.Refused` at an action the rules refuse."""
    states = [replay.start()]
    for action in replay.actions:
        states.append(apply(states[-1], action))
    return states


def _seat_list(seats: Sequence[int]) -> str:
    return "[" + ", ".join(str(s) for s in seats) + "]"


def verify(replay: SixReplay) -> list[str]:
    """Play ``replay`` back and list what differs from its result (empty: all is well).

    The first item is the first difference; a refused action ends the check.
    """
    return check(replay)[0]


def check(replay: SixReplay) -> tuple[list[str], Result]:
    """What :func:`verify` lists, and the result the actions produce (all of them, a refused
    one changing nothing), in one playing: what a list of replays shows, whatever the file
    claims."""
    found, got = differences(replay)
    return [d.text for d in found], got


def differences(replay: SixReplay) -> tuple[list[Difference], Result]:
    """:func:`check`'s differences in parts (where, what, both values), and the result the
    actions produce."""
    state = replay.start()
    refused: list[Difference] = []
    for frame in frames(replay):
        if frame.refusal is not None and not refused:
            i, token, said = frame.index, str(frame.action), frame.refusal.text("en")
            place = Words.of("replay.where.action", action=i, token=token)
            words = Words.of("replay.difference.refused", where=place, said=frame.refusal)
            refused.append(
                Difference(
                    "action",
                    place.text(),
                    i,
                    token,
                    "refusal",
                    said,
                    "accepted",
                    words.text(),
                    words,
                )
            )
        state = frame.state
    got = Result.of_state(state)
    n = len(replay.actions)
    last = str(replay.actions[-1]) if replay.actions else None
    return refused or _differences(got, replay.result, n, last), got


def _differences(got: Result, want: Result, n: int, last: str | None) -> list[Difference]:
    """What differs between the result played (after ``n`` actions, the last one ``last``)
    and the result the file claims."""
    where = Words.of("replay.where.end", action=n).text()
    found: list[Difference] = []

    def differ(part: str, a: object, b: object, key: str, **fields: object) -> None:
        words = Words.of(f"replay.difference.{key}", **fields)
        found.append(
            Difference("result", where, n, last, part, str(a), str(b), words.text(), words)
        )

    if got.outcome != want.outcome:
        differ(
            "outcome",
            got.outcome,
            want.outcome,
            "result",
            what="outcome",
            got=got.outcome,
            expected=want.outcome,
        )
    for i in range(max(len(got.holes), len(want.holes))):
        hole = f"hole {i + 1}"
        if i >= len(got.holes):
            wanted = list(want.holes[i])
            differ(
                hole,
                "not played to its end",
                wanted,
                "unfinished_hole",
                hole=i + 1,
                expected=want.holes[i],
            )
            break
        if i >= len(want.holes):
            played = list(got.holes[i])
            differ(hole, played, "not played", "unexpected_hole", hole=i + 1, got=played)
            break
        for seat, (a, b) in enumerate(zip(got.holes[i], want.holes[i], strict=True)):
            if a != b:
                differ(
                    f"{hole}, seat {seat + 1}",
                    a,
                    b,
                    "hole_points",
                    hole=i + 1,
                    seat=seat + 1,
                    got=a,
                    expected=b,
                )
    if got.totals != want.totals:
        a_list, b_list = list(got.totals), list(want.totals)
        differ("totals", a_list, b_list, "result", what="totals", got=a_list, expected=b_list)
    if got.winners != want.winners:
        a_seats, b_seats = _seat_list(got.winners), _seat_list(want.winners)
        differ("winners", a_seats, b_seats, "winners", got=a_seats, expected=b_seats)
    return found


# --- writing -----------------------------------------------------------------------------------


def to_data(replay: SixReplay) -> dict[str, object]:
    """The replay as plain data, in the order the file shows it."""
    head: dict[str, object] = {
        "game": GAME,
        "code": replay.code,
        "players": replay.players,
        "rules": replay.rules.to_dict(),
    }
    if replay.seats:
        head["seats"] = FlowList(replay.seats)
    r = replay.result
    result = {
        "outcome": r.outcome,
        "holes": [FlowList(row) for row in r.holes],
        "totals": FlowList(r.totals),
        "winners": FlowList(r.winners),
    }
    return record.replay_data(head, replay, {"result": result})


class _SixReader(record.RecordReader[Action, SixReplay]):
    """Validation of the node tree into a :class:`SixReplay`."""

    def replay(self, root: Node) -> SixReplay:
        top = self.top(root, _TOP_KEYS, _REQUIRED, _WHAT)
        self.choice(top["game"], "game", (GAME,))
        players = self.integer(top["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
        rules = self.six_rules(top["rules"])
        code = self.six_code(top["code"], players, rules, top["players"])
        seats: tuple[str, ...] = ()
        if "seats" in top:
            what = Words.of("replay.expected.seats")
            items = self.sequence(top["seats"], "seats", what, players)
            if len(items) != players:
                words = Words.of("replay.error.seat_names", count=len(items), players=players)
                self.fail(top["seats"], "seats", words)
            seats = tuple(
                self.text(n, f"seats[{i}]", Words.of("replay.expected.seat"), MAX_LABEL)
                for i, n in enumerate(items)
            )
        played = self.played(top)
        result = self.six_result(top["result"], players, rules)
        return SixReplay(code=code, result=result, seats=seats, **played)

    def six_rules(self, node: Node) -> SixRules:
        required = tuple(k for k in _RULE_KEYS if k not in _LATER_KEYS)
        what = Words.of("replay.expected.rule_set")
        m = self.mapping(node, "rules", _RULE_KEYS, required=required, what=what)
        grid = self.integer(m["grid"], "rules.grid", 2, 9)
        if grid not in (2, 4, 6, 9):
            words = Words.of("replay.error.grid", value=grid)
            self.fail(m["grid"], "rules.grid", words)
        holes = self.integer(m["holes"], "rules.holes", 9, 18)
        if holes not in (9, 18):
            words = Words.of("replay.error.holes", value=holes)
            self.fail(m["holes"], "rules.holes", words)
        flags = {key: self.boolean(m[key], f"rules.{key}") for key in SWITCHES if key in m}
        if not flags["jokers"] and not flags["jokers_cancel"]:
            words = Words.of("replay.error.jokers_cancel")
            self.fail(m["jokers_cancel"], "rules.jokers_cancel", words)
        ties = self.choice(m["ties"], "rules.ties", ("playoff", "shared"))
        return SixRules(
            grid=6 if grid == 6 else 4 if grid == 4 else 2 if grid == 2 else 9,
            holes=18 if holes == 18 else 9,
            ties="shared" if ties == "shared" else "playoff",
            **flags,
        )

    def six_code(self, node: Node, players: int, rules: SixRules, players_node: Node) -> str:
        code = self.game_code(node, parse_code, Words.of("replay.expected.six_code"))
        if code.players != players:
            self.fail(
                players_node,
                "players",
                Words.of("replay.error.players", players=players, code=code, expected=code.players),
            )
        self.same_rules(node, rules, code, code.rules)
        return str(code)

    def points(self, node: Node, path: str) -> int | None:
        if isinstance(node, ScalarNode) and node.tag == _NULL and node.value in ("", "~", "null"):
            return None
        return self.integer(node, path, -MAX_HOLE_POINTS, MAX_HOLE_POINTS)

    def six_result(self, node: Node, players: int, rules: SixRules) -> Result:
        m = self.mapping(node, "result", _RESULT_KEYS, required=_RESULT_KEYS)
        outcome = self.choice(m["outcome"], "result.outcome", OUTCOMES)
        rows = self.sequence(
            m["holes"],
            "result.holes",
            Words.of("replay.expected.holes"),
            rules.holes + PLAYOFF_LIMIT,
        )
        holes: list[tuple[int | None, ...]] = []
        for i, row in enumerate(rows):
            where = f"result.holes[{i}]"
            cells = self.sequence(row, where, Words.of("replay.expected.points"), players)
            if len(cells) != players:
                words = Words.of("replay.error.scores", count=len(cells), players=players)
                self.fail(row, where, words)
            holes.append(tuple(self.points(c, f"{where}[{k}]") for k, c in enumerate(cells)))
        what = Words.of("replay.expected.totals")
        tot_items = self.sequence(m["totals"], "result.totals", what, players)
        if len(tot_items) != players:
            self.fail(
                m["totals"], "result.totals", f"{len(tot_items)} totals for {players} players"
            )
        limit = MAX_HOLE_POINTS * rules.holes
        tot = tuple(
            self.integer(n, f"result.totals[{i}]", -limit, limit) for i, n in enumerate(tot_items)
        )
        what = Words.of("replay.expected.winners")
        win_items = self.sequence(m["winners"], "result.winners", what, players)
        wins = tuple(
            self.integer(n, f"result.winners[{i}]", 0, players - 1) for i, n in enumerate(win_items)
        )
        if outcome == "over" and not wins:
            self.fail(m["winners"], "result.winners", Words.of("replay.error.no_winner"))
        if outcome == "playing" and wins:
            self.fail(m["winners"], "result.winners", Words.of("replay.error.early_winner"))
        return Result(outcome, tuple(holes), tot, wins)


# --- files -------------------------------------------------------------------------------------

FILES: Final = record.ReplayFiles(to_data, _SixReader, _ACTIONS, _EMPTY, MAX_BYTES)
"""The game's replays to and from text and files (``golf.core.record``)."""
dump, save, loads, load = FILES.dump, FILES.save, FILES.loads, FILES.load

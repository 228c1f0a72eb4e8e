"""Replay files (SPEC §5): one game as YAML — read safely, written atomically, played back, verified.

A replay is a code (or an explicit layout), the rules, the actions with their times, the result
the recorder saw and, for scripts, checkpoints. ``docs/replay-format.md`` describes the format.

Reading is defensive: the size is capped before parsing, aliases and duplicate keys are refused,
and every value is checked by hand (types, bounds, YAML 1.1 surprises such as ``no`` or ``1:30``),
so any error names the file, the place in it and what was expected. What both games' files share
is ``golf.core.record``; this module brings the solitaire's rules, layouts, results and checkpoints.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from yaml.nodes import Node

from golf.core import record
from golf.core.cards import card_token, parse_card
from golf.core.codes import ascii_only
from golf.core.deal import COLUMNS, ROWS, TABLEAU_SIZE
from golf.core.record import FORMAT as FORMAT
from golf.core.record import Difference
from golf.core.translations import LANGUAGES, Words
from golf.core.yamlfile import MAX_TIME as MAX_TIME
from golf.core.yamlfile import MAX_TITLE, FlowList, FlowMap
from golf.core.yamlfile import ReplayError as ReplayError
from golf.solitaire import engine
from golf.solitaire.codes import parse_code
from golf.solitaire.describe import describe
from golf.solitaire.engine import Action, LayoutError, Position
from golf.solitaire.rules import Rules
from golf.solitaire.session import Game, Refusal
from golf.solitaire.texts import MESSAGES

MAX_BYTES: Final = 1_000_000
MAX_ACTIONS: Final = 10_000
MAX_POSITION_TEXT: Final = 5_000
MAX_SCORE: Final = 1_000
OUTCOMES: Final = ("won", "blocked", "playing")

_REFUSALS: Final = frozenset(text for texts in MESSAGES.values() for text in texts.values())
_RULE_KEYS: Final = ("king_ace", "queen_on_king", "draw", "jokers", "empty_waste", "scoring")
_RESULT_KEYS: Final = ("outcome", "score", "moves", "removed", "stock")
_TOP_KEYS: Final = (
    "format",
    "code",
    "rules",
    "layout",
    "title",
    "recorded",
    "actions",
    "result",
    "checkpoints",
)
_CHECK_KEYS: Final = (
    "after",
    "position_en",
    "position_fr",
    "score",
    "moves",
    "removed",
    "stock",
    "outcome",
    "refusal",
)
_ACTIONS: Final = record.ActionForm(
    ascii_only(Action.parse),
    Words.of("replay.form.solitaire", example="{do: action, t: seconds}"),
    MAX_ACTIONS,
)
_WHAT: Final = Words.of("replay.expected.solitaire", keys="format, rules, actions, ...")
_EMPTY: Final = Words.of("replay.error.empty", keys="format, rules, actions, ...")

# --- the replay itself -------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """What the recorder saw at the end: outcome, score, moves, cards removed, stock left."""

    outcome: str
    score: int
    moves: int
    removed: int
    stock: int

    @classmethod
    def of_game(cls, game: Game) -> Result:
        return cls(
            game.status, game.score, game.moves, game.position.removed, len(game.position.stock)
        )


@dataclass(frozen=True)
class Checkpoint:
    """What must hold after action ``after`` (0 = the first position).

    ``refusal`` says that action ``after`` itself is refused with this text (English or
    French); a refused action changes nothing, so the other checks still apply.
    """

    after: int
    position_en: str | None = None
    position_fr: str | None = None
    score: int | None = None
    moves: int | None = None
    removed: int | None = None
    stock: int | None = None
    outcome: str | None = None
    refusal: str | None = None


@dataclass(frozen=True)
class Replay:
    """One game (or one script): where it starts, the rules, the actions and what to expect.

    Exactly one of ``code`` and ``layout`` is given. ``times[i]`` is the pause in seconds
    before ``actions[i]`` (None when not recorded); it defaults to no times at all.
    """

    rules: Rules
    actions: tuple[Action, ...]
    times: tuple[float | None, ...] = ()
    code: str | None = None
    layout: Position | None = None
    title: str | None = None
    recorded: str | None = None
    result: Result | None = None
    checkpoints: tuple[Checkpoint, ...] = field(default=())
    format: int = FORMAT

    def __post_init__(self) -> None:
        if (self.code is None) == (self.layout is None):
            raise ValueError("a replay starts from either a code or a layout")
        if not self.times:
            object.__setattr__(self, "times", (None,) * len(self.actions))
        if len(self.times) != len(self.actions):
            raise ValueError(f"{len(self.times)} times for {len(self.actions)} actions")

    @classmethod
    def from_game(
        cls,
        game: Game,
        times: Sequence[float | None] | None = None,
        *,
        title: str | None = None,
        recorded: str | None = None,
        checkpoints: Sequence[Checkpoint] = (),
    ) -> Replay:
        """The replay of ``game`` so far: its accepted actions and the result it shows now.

        ``times`` (one per logged action, seconds since the previous one) are kept to the
        millisecond. ``recorded`` is an ISO date-time given by the caller (the engine has no
        clock).
        """
        actions = tuple(game.log)
        kept = record.millis(times, len(actions))
        return cls(
            rules=game.rules,
            actions=actions,
            times=kept,
            code=game.code,
            layout=None if game.code is not None else game.start,
            title=title,
            recorded=recorded,
            result=Result.of_game(game),
            checkpoints=tuple(checkpoints),
        )

    def start(self) -> Game:
        """A fresh game at the replay's first position."""
        if self.layout is not None:
            return Game(self.layout, self.rules)
        assert self.code is not None
        number = parse_code(self.code).number
        return Game(engine.deal(number, self.rules), self.rules, self.code)


# --- playback ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame(record.Frame[Action, Refusal]):
    """One action played back: what it was, whether it was refused, and the game after it."""

    position: Position
    moves: int
    score: int
    status: str


@dataclass(frozen=True)
class Playback:
    """Every position of a replay (``positions[i]`` after action ``i``), its refusals, the game."""

    positions: tuple[Position, ...]
    refusals: dict[int, Refusal]
    game: Game


def frames(replay: Replay, game: Game | None = None) -> Iterator[Frame]:
    """Play the actions one by one; a refused action changes nothing and is reported."""
    game = replay.start() if game is None else game
    for index, (action, t) in enumerate(zip(replay.actions, replay.times, strict=True), start=1):
        refused = game.apply(action)
        yield Frame(index, action, t, refused, game.position, game.moves, game.score, game.status)


def play(replay: Replay) -> Playback:
    """Play the whole replay headless; the same replay always gives the same positions."""
    game = replay.start()
    positions = [game.position]
    refusals: dict[int, Refusal] = {}
    for frame in frames(replay, game):
        positions.append(frame.position)
        if frame.refusal is not None:
            refusals[frame.index] = frame.refusal
    return Playback(tuple(positions), refusals, game)


def _differs(where: Words, label: str, got: str, expected: str) -> Words:
    """Where two texts part: the character and each side around it."""
    i = next(
        (k for k, (a, b) in enumerate(zip(got, expected, strict=False)) if a != b),
        min(len(got), len(expected)),
    )
    lo = max(0, i - 20)
    return Words.of(
        "replay.difference.text",
        where=where,
        what=label,
        index=i + 1,
        got=repr(got[lo : i + 30]),
        expected=repr(expected[lo : i + 30]),
    )


def _check(
    place: Words, after: int, action: str | None, game: Game, expect: Checkpoint | Result
) -> list[Difference]:
    where = place.text()
    kind: Literal["checkpoint", "result"] = "checkpoint"
    if isinstance(expect, Result):
        kind = "result"
    pos = game.position
    got: dict[str, object] = {
        "outcome": game.status,
        "score": game.score,
        "moves": game.moves,
        "removed": pos.removed,
        "stock": len(pos.stock),
    }
    found = []
    for key, value in got.items():
        wanted = getattr(expect, key)
        if wanted is not None and wanted != value:
            words = Words.of(
                "replay.difference.value", where=place, what=key, got=value, expected=wanted
            )
            found.append(
                Difference(
                    kind, where, after, action, key, str(value), str(wanted), words.text(), words
                )
            )
    if isinstance(expect, Checkpoint):
        for lang, wanted_text in (("en", expect.position_en), ("fr", expect.position_fr)):
            if wanted_text is not None:
                board = describe(pos, lang)
                if board != wanted_text:
                    key = f"position_{lang}"
                    words = _differs(place, key, board, wanted_text)
                    found.append(
                        Difference(
                            kind, where, after, action, key, board, wanted_text, words.text(), words
                        )
                    )
    return found


def _where(after: int) -> Words:
    if after == 0:
        return Words.of("replay.where.start")
    return Words.of("replay.where.after", action=after)


def verify(replay: Replay) -> list[str]:
    """Play ``replay`` back and list what differs from what it expects (empty: all is well).

    The first item is the first difference. An action refused without a checkpoint that
    expects it ends the check: what follows would be a different game.
    """
    return check(replay)[0]


def check(replay: Replay) -> tuple[list[str], Result]:
    """What :func:`verify` lists, and the result the actions produce (all of them, a refused
    one changing nothing), in one playing: what a list of replays shows, whatever the file
    claims."""
    found, played = differences(replay)
    return [d.text for d in found], played


def differences(replay: Replay) -> tuple[list[Difference], Result]:
    """:func:`check`'s differences in parts (where, what, both values whole: a report can show
    a whole position text against the expected one), and the result the actions produce."""
    game = replay.start()
    steps = frames(replay, game)
    found = _differences(replay, game, steps)
    for _ in steps:  # the actions after the first difference still make the result
        pass
    return found, Result.of_game(game)


def _differences(replay: Replay, game: Game, steps: Iterator[Frame]) -> list[Difference]:
    """:func:`verify`'s list, playing ``steps`` (the replay's frames on ``game``) until the
    first refusal that nothing expects."""
    expected = {cp.after: cp for cp in replay.checkpoints}
    found: list[Difference] = []
    if 0 in expected:
        found.extend(_check(_where(0), 0, None, game, expected[0]))
    for frame in steps:
        i, token = frame.index, str(frame.action)
        cp = expected.get(i)
        wanted = cp.refusal if cp is not None else None
        place = Words.of("replay.where.action", action=i, token=token)
        where = place.text()
        if frame.refusal is not None:
            said = frame.refusal.text("en")
            if wanted is None:
                words = Words.of("replay.difference.refused", where=place, said=frame.refusal)
                found.append(
                    Difference(
                        "action", where, i, token, "refusal", said, "accepted", words.text(), words
                    )
                )
                return found
            if wanted not in (frame.refusal.text(lang) for lang in LANGUAGES):
                words = Words.of(
                    "replay.difference.refused_otherwise",
                    where=place,
                    said=frame.refusal,
                    expected=wanted,
                )
                found.append(
                    Difference(
                        "action", where, i, token, "refusal", said, wanted, words.text(), words
                    )
                )
        elif wanted is not None:
            words = Words.of("replay.difference.accepted", where=place, expected=wanted)
            found.append(
                Difference(
                    "action", where, i, token, "refusal", "accepted", wanted, words.text(), words
                )
            )
            return found
        if cp is not None:
            found.extend(_check(_where(i), i, token, game, cp))
    if replay.result is not None:
        n = len(replay.actions)
        last = str(replay.actions[-1]) if replay.actions else None
        found.extend(_check(Words.of("replay.where.end", action=n), n, last, game, replay.result))
    return found


# --- writing -----------------------------------------------------------------------------------


def to_data(replay: Replay) -> dict[str, object]:
    """The replay as plain data, in the order the file shows it."""
    head: dict[str, object] = {}
    if replay.code is not None:
        head["code"] = replay.code
    head["rules"] = replay.rules.to_dict()
    if replay.layout is not None:
        lay = replay.layout
        head["layout"] = {
            "columns": [FlowList(card_token(c) for c in col) for col in lay.columns],
            "waste": FlowList(card_token(c) for c in lay.waste),
            "stock": FlowList(card_token(c) for c in lay.stock),
        }
    tail: dict[str, object] = {}
    if replay.result is not None:
        r = replay.result
        tail["result"] = {key: getattr(r, key) for key in _RESULT_KEYS}
    if replay.checkpoints:
        checks: list[object] = []
        for cp in replay.checkpoints:
            d = {key: getattr(cp, key) for key in _CHECK_KEYS if getattr(cp, key) is not None}
            long_text = cp.position_en is not None or cp.position_fr is not None
            checks.append(d if long_text else FlowMap(d))
        tail["checkpoints"] = checks
    return record.replay_data(head, replay, tail)


class _Reader(record.RecordReader[Action, Replay]):
    """Validation of the node tree into a :class:`Replay`, one place name at a time."""

    # the parts of a replay

    def replay(self, root: Node) -> Replay:
        top = self.top(root, _TOP_KEYS, ("format", "rules", "actions"), _WHAT)
        rules = self.rules(top["rules"])
        code: str | None = None
        layout: Position | None = None
        if ("code" in top) == ("layout" in top):
            where = top.get("layout", root)
            self.fail(where, "", Words.of("replay.error.code_or_layout"))
        if "code" in top:
            code = self.code(top["code"], rules)
        else:
            layout = self.layout(top["layout"], rules)
        played = self.played(top)
        n_actions = len(played["actions"])
        result: Result | None = None
        if "result" in top:
            result = self.result(top["result"], n_actions)
        elif code is not None:
            self.fail(root, "result", Words.of("replay.error.no_result"))
        checkpoints: tuple[Checkpoint, ...] = ()
        if "checkpoints" in top:
            checkpoints = self.checkpoints(top["checkpoints"], n_actions)
        return Replay(
            rules=rules, code=code, layout=layout, result=result, checkpoints=checkpoints, **played
        )

    def rules(self, node: Node) -> Rules:
        m = self.rule_set(node, _RULE_KEYS)
        return Rules(
            king_ace=self.boolean(m["king_ace"], "rules.king_ace"),
            queen_on_king=self.boolean(m["queen_on_king"], "rules.queen_on_king"),
            draw_any_time=self.choice(m["draw"], "rules.draw", ("any", "stuck")) == "any",
            jokers=self.integer(m["jokers"], "rules.jokers", 0, 2),
            empty_waste=self.boolean(m["empty_waste"], "rules.empty_waste"),
            scoring="points"
            if self.choice(m["scoring"], "rules.scoring", ("points", "strokes")) == "points"
            else "strokes",
        )

    def code(self, node: Node, rules: Rules) -> str:
        code = self.game_code(node, parse_code, Words.of("replay.expected.solitaire_code"))
        self.same_rules(node, rules, code, code.rules)
        return str(code)

    def card(self, node: Node, path: str) -> int:
        text = self.text(node, path, Words.of("replay.expected.card"), limit=10)
        try:
            return parse_card(text)
        except ValueError as e:
            self.fail(node, path, str(e))

    def cards(self, node: Node, path: str, limit: int) -> list[int]:
        items = self.sequence(node, path, Words.of("replay.expected.cards"), limit)
        return [self.card(c, f"{path}[{i}]") for i, c in enumerate(items)]

    def layout(self, node: Node, rules: Rules) -> Position:
        keys = ("columns", "waste", "stock")
        m = self.mapping(
            node, "layout", keys, required=keys, what=Words.of("replay.expected.layout")
        )
        cols_node = m["columns"]
        expected = Words.of("replay.expected.columns", count=COLUMNS)
        cols = self.sequence(cols_node, "layout.columns", expected, COLUMNS)
        if len(cols) != COLUMNS:
            words = Words.of("replay.error.columns", count=len(cols), expected=COLUMNS)
            self.fail(cols_node, "layout.columns", words)
        columns: list[list[int]] = []
        for i, col in enumerate(cols):
            where = f"layout.columns[{i}]"
            cards = self.cards(col, where, ROWS)
            if len(cards) != ROWS:
                words = Words.of("replay.error.column_cards", count=len(cards), expected=ROWS)
                self.fail(col, where, words)
            columns.append(cards)
        waste = self.cards(m["waste"], "layout.waste", 1)
        stock = self.cards(m["stock"], "layout.stock", 54)
        try:
            return engine.layout(columns, waste, stock, rules)
        except LayoutError as e:
            self.fail(node, "layout", str(e))

    def result(self, node: Node, n_actions: int) -> Result:
        m = self.mapping(node, "result", _RESULT_KEYS, required=_RESULT_KEYS)
        return Result(
            outcome=self.choice(m["outcome"], "result.outcome", OUTCOMES),
            score=self.integer(m["score"], "result.score", -MAX_SCORE, MAX_SCORE),
            moves=self.integer(m["moves"], "result.moves", 0, max(n_actions, 0)),
            removed=self.integer(m["removed"], "result.removed", 0, TABLEAU_SIZE),
            stock=self.integer(m["stock"], "result.stock", 0, 54),
        )

    def checkpoints(self, node: Node, n_actions: int) -> tuple[Checkpoint, ...]:
        what = Words.of("replay.expected.checkpoints")
        items = self.sequence(node, "checkpoints", what, n_actions + 1)
        out: list[Checkpoint] = []
        for i, item in enumerate(items):
            where = f"checkpoints[{i}]"
            m = self.mapping(item, where, _CHECK_KEYS, required=("after",))
            if len(m) == 1:
                words = Words.of(
                    "replay.error.nothing_to_check", expected=", ".join(_CHECK_KEYS[1:])
                )
                self.fail(item, where, words)
            after = self.integer(m["after"], f"{where}.after", 0, n_actions)
            if out and after <= out[-1].after:
                self.fail(
                    m["after"],
                    f"{where}.after",
                    Words.of("replay.error.checkpoint_order", after=after, previous=out[-1].after),
                )
            cp = Checkpoint(
                after=after,
                position_en=self._opt_text(m, "position_en", where),
                position_fr=self._opt_text(m, "position_fr", where),
                score=self._opt_int(m, "score", where, -MAX_SCORE, MAX_SCORE),
                moves=self._opt_int(m, "moves", where, 0, n_actions),
                removed=self._opt_int(m, "removed", where, 0, TABLEAU_SIZE),
                stock=self._opt_int(m, "stock", where, 0, 54),
                outcome=self.choice(m["outcome"], f"{where}.outcome", OUTCOMES)
                if "outcome" in m
                else None,
                refusal=self._refusal(m, where, after),
            )
            out.append(cp)
        return tuple(out)

    def _opt_text(self, m: dict[str, Node], key: str, where: str) -> str | None:
        if key not in m:
            return None
        what = Words.of("replay.expected.position")
        return self.text(m[key], f"{where}.{key}", what, MAX_POSITION_TEXT)

    def _opt_int(self, m: dict[str, Node], key: str, where: str, low: int, high: int) -> int | None:
        return self.integer(m[key], f"{where}.{key}", low, high) if key in m else None

    def _refusal(self, m: dict[str, Node], where: str, after: int) -> str | None:
        if "refusal" not in m:
            return None
        node = m["refusal"]
        text = self.text(node, f"{where}.refusal", Words.of("replay.expected.refusal"), MAX_TITLE)
        if after == 0:
            self.fail(node, f"{where}.refusal", Words.of("replay.error.first_refusal"))
        if text not in _REFUSALS:
            known = "; ".join(sorted(MESSAGES[r]["en"] for r in MESSAGES))
            words = Words.of("replay.error.unknown_refusal", value=repr(text), known=known)
            self.fail(node, f"{where}.refusal", words)
        return text


# --- files -------------------------------------------------------------------------------------

FILES: Final = record.ReplayFiles(to_data, _Reader, _ACTIONS, _EMPTY, MAX_BYTES)
"""The game's replays to and from text and files (``golf.core.record``)."""
dump, save, loads, load = FILES.dump, FILES.save, FILES.loads, FILES.load

"""A round of golf: 9 (or 18) deals in a row, each a hole scored in strokes against par 5.

A hole's strokes are those of SPEC §3 whatever the rules' own scoring: the cards left on the
tableau when the deal blocks, minus one per card left in the stock when it is cleared. The
deals of a round come from its seed (:func:`round_numbers`). A round is saved as a dict —
finished holes and the hole in play as their code and action list — and resumed by replaying
the actions through :class:`golf.solitaire.session.Game`. ``docs/rounds-and-stats.md`` has the labels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from golf.core.deal import MAX_DEAL, SplitMix64
from golf.core.store import (
    Data,
    Document,
    expect_int,
    expect_list,
    expect_mapping,
    expect_str,
    fail,
)
from golf.core.translations import text
from golf.solitaire.codes import format_code
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import STRICT, Rules
from golf.solitaire.session import Game, Refusal
from golf.solitaire.stats import rules_from_key, rules_key
from golf.solitaire.texts import Reason

PAR_PER_HOLE: Final = 5
HOLE_COUNTS: Final = (9, 18)
MAX_SEED: Final = (1 << 64) - 1
MAX_HOLE_ACTIONS: Final = 10_000

HoleOutcome = Literal["won", "blocked"]

HOLE_LABELS: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8)
"""The strokes (par is 5) that have a label, ``hole_label.<strokes>`` in the catalogues: a hole
in one (the tableau cleared), condor, albatross, eagle, birdie, par, then the bogeys up to a
triple; above the last the label is ``+N`` (N over par)."""


class RoundError(Exception):
    """A round used out of turn (a hole finished before its game is over, a round that is over)."""


def round_numbers(seed: int, holes: int = 9) -> tuple[int, ...]:
    """The deal numbers of a round: SplitMix64 seeded with ``seed``, each output mod 26⁷.

    An output that repeats an earlier hole's deal is skipped, so the holes are all different.
    The first 9 holes of an 18-hole round are the 9 holes of the same seed.
    """
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a round seed is 0 to 2**64 - 1, not {seed}")
    rng = SplitMix64(seed)
    out: list[int] = []
    while len(out) < holes:
        n = rng.next() % MAX_DEAL
        if n not in out:
            out.append(n)
    return tuple(out)


def hole_strokes(position: Position) -> int:
    """Cards left on the tableau; when it is cleared, minus the cards left in the stock."""
    left = position.left
    return -len(position.stock) if left == 0 else left


def to_par_text(diff: int, lang: str = "en") -> str:
    """``E`` (``Par`` in French) for even, else ``+3`` or ``-2``."""
    if diff == 0:
        return text(lang, "to_par.even")
    return f"{diff:+d}"


def hole_label(strokes: int, lang: str = "en") -> str:
    """``Birdie``, ``Bogey``, … for a hole of par 5; ``+N`` beyond a triple bogey."""
    for highest in HOLE_LABELS:
        if strokes <= highest:
            return text(lang, f"hole_label.{highest}")
    return f"+{strokes - PAR_PER_HOLE}"


@dataclass(frozen=True)
class HoleResult:
    """A finished hole: its deal, how it ended, its strokes and the actions that played it."""

    hole: int
    """1 for the first hole."""
    code: str
    outcome: HoleOutcome
    strokes: int
    moves: int
    actions: tuple[Action, ...]

    @property
    def to_par(self) -> int:
        return self.strokes - PAR_PER_HOLE

    def label(self, lang: str = "en") -> str:
        return hole_label(self.strokes, lang)


@dataclass(frozen=True)
class ScorecardRow:
    """One hole of the scorecard; the figures are None for a hole not yet played."""

    hole: int
    code: str
    par: int
    strokes: int | None
    label: str | None
    total: int | None
    """Strokes so far, this hole included."""
    to_par: int | None
    """``total`` against the par of the holes played so far."""


@dataclass(frozen=True)
class Scorecard:
    """What the scorecard screen shows."""

    rows: tuple[ScorecardRow, ...]
    holes_played: int
    total: int
    par: int
    """The par of the whole round (45 or 90)."""
    to_par: int
    """The total against the par of the holes played."""
    best_round: int | None
    lang: str

    @property
    def to_par_text(self) -> str:
        return to_par_text(self.to_par, self.lang)


class Round:
    """A round being played: finished holes, and the game of the hole in play.

    Drive the hole in play with :meth:`apply` (or through :attr:`game`); once its game is
    won or blocked, :meth:`finish_hole` scores it and deals the next hole.
    """

    def __init__(self, seed: int, rules: Rules = STRICT, holes: int = 9) -> None:
        if holes not in HOLE_COUNTS:
            raise ValueError(f"a round has 9 or 18 holes, not {holes}")
        self.seed = seed
        self.rules = rules
        self.holes = holes
        self.numbers = round_numbers(seed, holes)
        self.results: list[HoleResult] = []
        self.game: Game | None = Game.new(self.numbers[0], rules)
        """The game of the hole in play; None once the round is over."""

    @property
    def rules_key(self) -> str:
        return rules_key(self.rules)

    @property
    def par(self) -> int:
        return PAR_PER_HOLE * self.holes

    @property
    def hole(self) -> int:
        """The hole in play, 1-based (``holes + 1`` once the round is over)."""
        return len(self.results) + 1

    @property
    def over(self) -> bool:
        return self.game is None

    @property
    def hole_over(self) -> bool:
        """The game of the hole in play is won or blocked (call :meth:`finish_hole`)."""
        return self.game is not None and self.game.over

    @property
    def total(self) -> int:
        """Strokes of the finished holes."""
        return sum(r.strokes for r in self.results)

    @property
    def to_par(self) -> int:
        """The total against the par of the finished holes."""
        return self.total - PAR_PER_HOLE * len(self.results)

    def code(self, hole: int) -> str:
        """The game code of hole ``hole`` (1-based)."""
        return format_code(self.numbers[hole - 1], self.rules)

    def apply(self, action: Action) -> Refusal | None:
        """An action in the hole in play; once that game is over nothing more is taken."""
        game = self._game()
        if game.over:
            return Refusal(action, Reason.GAME_WON if game.status == "won" else Reason.BLOCKED_GAME)
        return game.apply(action)

    def finish_hole(self) -> HoleResult:
        """Score the hole in play (its game must be over) and deal the next one."""
        game = self._game()
        status = game.status
        if status == "playing":
            raise RoundError(f"hole {self.hole} is still being played")
        result = HoleResult(
            hole=self.hole,
            code=self.code(self.hole),
            outcome="won" if status == "won" else "blocked",
            strokes=hole_strokes(game.position),
            moves=game.moves,
            actions=tuple(game.log),
        )
        self.results.append(result)
        self.game = (
            Game.new(self.numbers[self.hole - 1], self.rules) if self.hole <= self.holes else None
        )
        return result

    def scorecard(self, lang: str = "en", best_round: int | None = None) -> Scorecard:
        """Strokes, labels and running totals hole by hole; ``best_round`` from the statistics."""
        rows: list[ScorecardRow] = []
        total = 0
        for hole in range(1, self.holes + 1):
            if hole <= len(self.results):
                r = self.results[hole - 1]
                total += r.strokes
                rows.append(
                    ScorecardRow(
                        hole,
                        r.code,
                        PAR_PER_HOLE,
                        r.strokes,
                        r.label(lang),
                        total,
                        total - PAR_PER_HOLE * hole,
                    )
                )
            else:
                rows.append(
                    ScorecardRow(hole, self.code(hole), PAR_PER_HOLE, None, None, None, None)
                )
        return Scorecard(
            tuple(rows), len(self.results), total, self.par, self.to_par, best_round, lang
        )

    def _game(self) -> Game:
        if self.game is None:
            raise RoundError("the round is over")
        return self.game

    # --- saving and resuming -----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The round as plain data: seed, holes, rules key, finished holes, the hole in play."""
        return {
            "seed": self.seed,
            "holes": self.holes,
            "rules": self.rules_key,
            "played": [
                {
                    "code": r.code,
                    "outcome": r.outcome,
                    "strokes": r.strokes,
                    "actions": [str(a) for a in r.actions],
                }
                for r in self.results
            ],
            "current": None
            if self.game is None
            else {"code": self.code(self.hole), "actions": [str(a) for a in self.game.log]},
        }

    @classmethod
    def from_dict(cls, data: object) -> Round:
        """The round :meth:`to_dict` saved, every hole replayed; raises ``FormatError``.

        The replay must give back each finished hole's outcome and strokes, so a file edited
        by hand cannot change a scorecard.
        """
        d = expect_mapping(data, "round", ("seed", "holes", "rules", "played", "current"))
        seed = expect_int(d["seed"], "round.seed", 0, MAX_SEED)
        holes = expect_int(d["holes"], "round.holes", 9, 18)
        if holes not in HOLE_COUNTS:
            fail("round.holes", "expected 9 or 18")
        key = expect_str(d["rules"], "round.rules", 20)
        try:
            rules = rules_from_key(key)
        except ValueError as error:
            fail("round.rules", str(error))
        played = expect_list(d["played"], "round.played", holes)
        current = d["current"]
        if (current is None) != (len(played) == holes):
            fail("round.current", "expected the hole in play exactly when the round is not over")
        rnd = cls(seed, rules, holes)
        for i, item in enumerate(played):
            where = f"round.played[{i}]"
            h = expect_mapping(item, where, ("code", "outcome", "strokes", "actions"))
            rnd._replay_hole(h, where)
            if not rnd.hole_over:
                fail(f"{where}.actions", "the actions do not finish the hole")
            result = rnd.finish_hole()
            if h["outcome"] != result.outcome or h["strokes"] != result.strokes:
                fail(where, f"the actions give {result.outcome} in {result.strokes} strokes")
        if current is not None:
            where = "round.current"
            rnd._replay_hole(expect_mapping(current, where, ("code", "actions")), where)
        return rnd

    def _replay_hole(self, h: dict[str, Any], where: str) -> None:
        code = expect_str(h["code"], f"{where}.code", 40)
        if code != self.code(self.hole):
            fail(f"{where}.code", f"expected {self.code(self.hole)} for hole {self.hole}")
        tokens = expect_list(h["actions"], f"{where}.actions", MAX_HOLE_ACTIONS)
        game = self._game()
        for i, token in enumerate(tokens):
            text = expect_str(token, f"{where}.actions[{i}]", 20)
            try:
                action = Action.parse(text)
            except ValueError as error:
                fail(f"{where}.actions[{i}]", str(error))
            refused = game.apply(action)
            if refused is not None:
                fail(f"{where}.actions[{i}]", f"{action} is refused: {refused.text()}")


# --- the saved round -----------------------------------------------------------------------------


def _read_saved(body: Data) -> Round | None:
    d = expect_mapping(body, "", ("round",))
    return None if d["round"] is None else Round.from_dict(d["round"])


def _write_saved(rnd: Round | None) -> Data:
    return {"round": None if rnd is None or rnd.over else rnd.to_dict()}


ROUND_DOCUMENT: Final[Document[Round | None]] = Document(
    name="round.json",
    version=1,
    label="store.label.saved_round",
    default=lambda: None,
    read=_read_saved,
    write=_write_saved,
)
"""``round.json``: the round in play, to resume it (None when there is none; a finished round
is not kept — its total goes to the statistics with :func:`golf.solitaire.stats.record_round`)."""

"""What is said aloud after each action on the solitaire table, in English and French.

A player who cannot see the table hears, after every action, a short sentence: what moved, the
waste, what became available and what plays now — or why the action was refused. The whole board
is the board description of SPEC §4 (:func:`golf.solitaire.describe.describe`), read on request.
The sentences are built here, from positions alone (their words are the catalogues'
``announce.solitaire.…`` entries), so they are tested without a window; the window (``scenes.solitaire.listeners.Announcing``) only hands them to a voice.
"""

from __future__ import annotations

from golf.core.cards import card_name
from golf.core.translations import text
from golf.solitaire import engine
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import Rules

__all__ = ["action_said", "hint_move_said", "plays_said", "start_said"]


def _say(key: str, lang: str, **values: object) -> str:
    return text(lang, f"announce.solitaire.{key}", **values)


def _cards(n: int, lang: str) -> str:
    return text(lang, "describe.cards", count=n)


def _waste(position: Position, lang: str) -> str:
    top = position.waste_top
    shown = card_name(top, lang) if top is not None else text(lang, "describe.empty")
    return _say("waste", lang, card=shown)


def plays_said(position: Position, rules: Rules, lang: str = "en") -> str:
    """What plays now: each column whose free card goes on the waste, "draw" when none does,
    the win or the blocked game when it is over."""
    status = engine.status(position, rules)
    if status != "playing":
        return _say(status, lang)
    playable = [a for a in engine.legal_actions(position, rules) if a.kind == engine.PLAY]
    if not playable:
        return _say("draw_now", lang)
    joiner = text(lang, "describe.separator")
    columns = joiner.join(
        _say("play_one", lang, n=a.column, card=card_name(position.columns[a.column - 1][-1], lang))
        for a in playable
    )
    return _say("plays", lang, columns=columns)


def _column_left(position: Position, n: int, lang: str) -> str:
    column = position.columns[n - 1]
    if not column:
        return _say("emptied", lang, n=n)
    return _say("shows", lang, n=n, card=card_name(column[-1], lang))


def _moved(before: Position, after: Position, action: Action, lang: str) -> list[str]:
    """What moved: the card played and what its column now shows, the card drawn, the card an
    undo put back; a redo is said as the draw or play it took again."""
    if action.kind == engine.REDO:
        move = engine.move_between(before, after)
        if move is not None:
            return [_say("redone", lang), *_moved(before, after, move, lang)]
        return [_say("redone", lang), _waste(after, lang)]
    if action.kind == engine.PLAY:
        top = after.waste_top
        assert top is not None  # a play always leaves its card on the waste
        return [
            _say("played", lang, card=card_name(top, lang), n=action.column),
            _column_left(after, action.column, lang),
        ]
    if action.kind == engine.DRAW:
        top = after.waste_top
        assert top is not None
        left = len(after.stock)
        stock = (
            _say("stock_left", lang, stock=_cards(left, lang)) if left else _say("stock_out", lang)
        )
        return [_say("drawn", lang, card=card_name(top, lang)), stock]
    # undo: the card that left the waste went back to a column or to the stock
    card = before.waste_top
    if card is None:
        return [_waste(after, lang)]
    name = card_name(card, lang)
    for n, (was, now) in enumerate(zip(before.columns, after.columns, strict=True), start=1):
        if len(now) > len(was):
            return [_say("back_to_column", lang, card=name, n=n), _waste(after, lang)]
    return [_say("back_to_stock", lang, card=name), _waste(after, lang)]


def action_said(
    before: Position,
    after: Position,
    action: Action,
    rules: Rules,
    lang: str = "en",
    refused: str | None = None,
) -> str:
    """The sentence said after ``action`` took ``before`` to ``after``; with ``refused`` (the
    refusal's text, SPEC §4) the action was not taken and that is what is said."""
    if refused is not None:
        return _say("refused", lang, why=refused)
    return " ".join([*_moved(before, after, action, lang), plays_said(after, rules, lang)])


def start_said(
    code: str | None, rules_name: str, position: Position, rules: Rules, lang: str = "en"
) -> str:
    """Said when a game comes onto the table: its code (when it has one) and rules, the waste,
    what plays."""
    return " ".join(
        [
            _say("start", lang, code=f" {code}" if code else "", rules=rules_name),
            _waste(position, lang),
            plays_said(position, rules, lang),
            _say("tip", lang),
        ]
    )


def hint_move_said(position: Position, action: Action, lang: str = "en") -> str:
    """The hint's move in words: the column and its card, or the draw."""
    if action.kind == engine.PLAY:
        card = card_name(position.columns[action.column - 1][-1], lang)
        return _say("hint_play", lang, n=action.column, card=card)
    return _say("hint_draw", lang)

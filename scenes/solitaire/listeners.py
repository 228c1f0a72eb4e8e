"""What reacts to an action on the solitaire table: the listeners of its play session.

The table hands every action to its :class:`~golf.core.play.PlaySession`; the session applies it
and tells these, in order: the cards fly (:class:`CardMotion`), a refusal is said
(:class:`Refusals`), the recording notes it (:class:`Recording`), the sounds play
(:class:`TableSounds`), the result is prepared (:class:`Ending`), the game is saved
(:class:`Journaling`) and, with the "speak" option on, the action is said (:class:`Announcing`,
its words from ``golf.solitaire.announce``). A table gets the listeners its screen needs: a replay being watched is not
recorded, saved or counted.
"""

from __future__ import annotations

import pygame

from golf.core.play import Step
from golf.solitaire import engine
from golf.solitaire.announce import action_said
from golf.solitaire.engine import Action, Position
from golf.solitaire.session import Refusal
from scenes.core.board_text import speak
from scenes.core.look import CARD_W, PALETTE, SCREEN_SIZE
from scenes.core.sprites import CardSprite
from scenes.solitaire import kept
from scenes.solitaire.layout import STOCK_POS, layout
from scenes.solitaire.table_state import TableState

__all__ = [
    "CELEBRATION",
    "FLIGHT",
    "Announcing",
    "CardMotion",
    "Ending",
    "Journaling",
    "Recording",
    "Refusals",
    "TableSounds",
    "TableStep",
    "played",
]

TableStep = Step[Action, Position, Refusal]
"""One action on the solitaire table as its session tells it."""

FLIGHT = 0.30  # seconds for a card to fly to the waste
SHIFT = 0.18  # seconds for the waste fan to shift
DEAL_STEP = 0.035
DEAL_FLIGHT = 0.28
CELEBRATION = 0.6  # seconds between the last card of the fountain and the result
BLOCKED_PAUSE = 0.45  # seconds between a blocking action and the blocked dialog


def played(step: TableStep) -> Action:
    """The step's action, a redo as the draw or play it took again (the cards fly and sound as
    they did the first time)."""
    if step.action.kind == engine.REDO:
        return engine.move_between(step.before, step.after) or step.action
    return step.action


class CardMotion:
    """The card sprites: dealt in, flown to where each new position puts them, the fountain."""

    def __init__(self, table: TableState) -> None:
        self.table = table

    def heard(self, step: TableStep) -> None:
        if step.applied:
            self.fly(step.before, step.after, played(step))

    def fly(self, before: Position, after: Position, action: Action) -> None:
        """Send the cards that changed place between two positions to their new places."""
        scale = self.table.app.animation_scale
        sprites = self.table.sprites
        old, new = layout(before), layout(after)
        for card, place in new.items():
            sprite = sprites[card]
            was = old.get(card)
            if was == place:
                continue
            sprite.z = place.z
            travelled = was is not None and (abs(was.x - place.x) + abs(was.y - place.y)) > 60
            if not travelled:
                sprite.move_to(place.x, place.y, SHIFT * scale, face_up=place.face_up)
                continue
            lift = 60 if action.kind != engine.DRAW else 24
            sprite.z = 500  # over everything while it flies
            sprite.move_to(place.x, place.y, FLIGHT * scale, lift=lift, face_up=place.face_up)

    def lay(self, deal_in: bool, dealt: tuple[int, ...]) -> None:
        """Put every card on the table: at its place, or dealt in from the stock as a person
        deals (row by row, left to right, then the waste card turned) when ``deal_in``."""
        table = self.table
        position = table.game.position
        places = layout(position)
        scale = table.app.animation_scale
        dealing = deal_in and scale > 0
        sprites: dict[int, CardSprite] = {}
        for card, place in places.items():
            if dealing and place.y < STOCK_POS[1]:
                sprites[card] = CardSprite.at(card, STOCK_POS[0], STOCK_POS[1], False, 100)
            else:
                sprites[card] = CardSprite.at(card, place.x, place.y, place.face_up, place.z)
        table.sprites = sprites
        if not dealing:
            return
        order = dealt[: len(dealt) - len(position.waste)]
        for k, card in enumerate(order):
            place = places[card]
            sprite = sprites[card]
            sprite.z = place.z
            sprite.move_to(
                place.x,
                place.y,
                DEAL_FLIGHT * scale,
                delay=k * DEAL_STEP * scale,
                lift=30,
                face_up=True,
                flip_start=0.6,
            )
        for card in position.waste:
            place = places[card]
            sprite = sprites[card]
            sprite.face_up = False
            sprite.pos = pygame.Vector2(STOCK_POS)
            sprite.move_to(
                place.x,
                place.y,
                DEAL_FLIGHT * scale,
                delay=(len(order) + 2) * DEAL_STEP * scale,
                lift=20,
                face_up=True,
            )

    def fly_home(self) -> None:
        """Send every card that is not where the position puts it back there (a jump in a
        replay)."""
        table = self.table
        scale = table.app.animation_scale
        for card, place in layout(table.game.position).items():
            sprite = table.sprites[card]
            home = pygame.Vector2(place.x, place.y)
            if sprite.target == home and sprite.face_up == place.face_up:
                continue
            far = abs(sprite.pos.x - place.x) + abs(sprite.pos.y - place.y) > 60
            sprite.z = 500 if far else place.z
            sprite.move_to(
                place.x, place.y, FLIGHT * scale, lift=40 if far else 0, face_up=place.face_up
            )

    def land(self, dt: float) -> None:
        """Move the cards by ``dt``; a card that lands from a flight goes back to its place's
        drawing order."""
        table = self.table
        places = None  # worked out once for all the cards landing
        for sprite in table.sprites.values():
            if sprite.update(dt) and sprite.z >= 500:
                if places is None:
                    places = layout(table.game.position)
                place = places.get(sprite.card)
                sprite.z = place.z if place else 0

    def fountain(self) -> None:
        """The celebration: the whole waste bursts up and rains off the table."""
        table = self.table
        rng = table.app.rng
        scale = table.app.animation_scale
        for i, card in enumerate(reversed(table.game.position.waste)):
            sprite = table.sprites[card]
            sprite.z = 600 + i
            x = rng.uniform(-CARD_W, SCREEN_SIZE[0])
            sprite.move_to(
                x,
                SCREEN_SIZE[1] + 40,
                rng.uniform(0.7, 1.0) * scale,
                delay=i * 0.03 * scale,
                lift=rng.uniform(260, 420),
            )


class Refusals:
    """A refused action, when the rules are interactive: a sound, the reason, the card shakes."""

    def __init__(self, table: TableState) -> None:
        self.table = table

    def heard(self, step: TableStep) -> None:
        table, refusal, action = self.table, step.refusal, step.action
        if refusal is None or not table.app.settings.interactive_rules:
            return
        table.app.sound.play("refusal")
        table.toast(refusal.text(table.app.texts.lang), PALETTE.white)
        if action.kind == engine.PLAY:
            column = step.after.columns[action.column - 1]
            if column:
                row = action.row or len(column)
                table.shake = (column[row - 1], 0.3)


class Recording:
    """The game's recording: each action noted with its time, the replay written at the end."""

    def __init__(self, table: TableState) -> None:
        self.table = table

    def heard(self, step: TableStep) -> None:
        recorder = self.table.recorder
        if not step.applied or recorder is None:
            return
        recorder.note()
        if self.table.game.status != "playing":
            recorder.save()
        else:
            recorder.save_extra()  # play --record: the file follows the game as it is played


class TableSounds:
    """A card played (its pitch rising along a run of plays), drawn or taken back; the win and
    the blocked game."""

    def __init__(self, table: TableState) -> None:
        self.table = table
        self.run_length = 0  # plays since the last draw, for the rising pitch

    def heard(self, step: TableStep) -> None:
        if not step.applied:
            return
        sound = self.table.app.sound
        kind = played(step).kind
        if kind == engine.PLAY:
            self.run_length += 1
            sound.play("play", self.run_length - 1)
        elif kind == engine.DRAW:
            self.run_length = 0
            sound.play("draw")
        else:
            self.run_length = max(0, self.run_length - 1)
            sound.play("draw")
        status = self.table.game.status
        if status == "won":
            sound.play("win")
        elif status == "blocked":
            sound.play("block")


class Ending:
    """After an action: the hint is out of date; a won or blocked game's result shows after a
    moment (a won one after its fountain)."""

    def __init__(self, table: TableState) -> None:
        self.table = table

    def heard(self, step: TableStep) -> None:
        if not step.applied:
            return
        table = self.table
        table.hint = None
        scale = table.app.animation_scale
        status = table.game.status
        if status == "won":
            table.ending = CELEBRATION * scale
            table.fountain = scale > 0
        elif status == "blocked":
            table.ending = BLOCKED_PAUSE * scale


class Journaling:
    """Every action written to the journal before the next frame (a crash or kill -9 then
    loses nothing)."""

    def __init__(self, table: TableState) -> None:
        self.table = table

    def heard(self, step: TableStep) -> None:
        if step.applied:
            kept.after_action(self.table)


class Announcing:
    """With the "speak" option on, each action said aloud: what moved, the waste, what became
    available and what plays now; a refusal's reason when the rules are interactive."""

    def __init__(self, table: TableState) -> None:
        self.table = table

    def heard(self, step: TableStep) -> None:
        table = self.table
        app = table.app
        if not app.settings.speak:
            return
        lang = app.texts.lang
        refused = None
        if step.refusal is not None:
            if not app.settings.interactive_rules:
                return  # SPEC §4: with the interactive rules off, a refusal does nothing
            refused = step.refusal.text(lang)
        said = action_said(step.before, step.after, step.action, table.game.rules, lang, refused)
        speak(app, said, table.toast)

"""Over the six-card table: the scoreboard after each hole, the final standings, the curtain
that passes the screen from one person to the next, and the pause menu.

They see the table as a :class:`~scenes.sixcard.parts.ScoredTable` and reach the other screens
(a new table, the setup window, the title) through ``app.flow``: the table imports them, never
the other way round."""

from __future__ import annotations

import pygame

from golf.sixcard.game import leaders, totals, winners
from golf.sixcard.pace import standings as seat_standings
from scenes.core.dialog import draw_frame
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, chunky_panel, veil
from scenes.core.manager import App, Scene
from scenes.core.textfit import fit_text
from scenes.core.widgets import Button, ButtonSpec, Menu, button_column, button_row
from scenes.sixcard.parts import ScoredTable

__all__ = ["CurtainScene", "ScoreboardScene", "SixPauseMenu", "standings"]

BUTTON_W, BUTTON_H, BUTTON_GAP = 300, 52, 20
GUARD = 0.6  # seconds a new screen ignores Enter and clicks: keys pressed to hurry the
# computers along must not skip the scoreboard or lift the curtain on someone else's cards
_PRESSES = (Kind.CONFIRM, Kind.DRAW, Kind.CLICK)


def _veil(surface: pygame.Surface, alpha: int = 160) -> None:
    veil(surface, alpha)


def _row(specs: list[ButtonSpec], y: int, width: int = BUTTON_W) -> list[Button]:
    """Buttons side by side, centred, their tops at ``y``."""
    return button_row(specs, y, width, gap=BUTTON_GAP, height=BUTTON_H)


def _checked(specs: list[tuple[str, object, str]]) -> list[ButtonSpec]:
    """``specs`` whose actions are checked to be callable (a menu's choices are typed loosely,
    so that a subclass may give its own)."""
    checked: list[ButtonSpec] = []
    for key, action, style in specs:
        assert callable(action)
        checked.append((key, action, style))
    return checked


def new_deal(app: App, table: ScoredTable) -> None:
    """The table's players and rules on a new deal (with the seed's cut: a game continued from
    before the cut starts its next deal as a new game does)."""
    setup = table.setup
    if not setup.rules.cut:
        setup = setup.with_(rules=setup.rules.with_(cut=True))
    app.flow.play_six_card(setup.with_(number=app.deals.randrange(26**7)))


def setup_again(app: App, table: ScoredTable) -> None:
    """The setup window with the table's players and rules, to change them."""
    app.flow.open_six_card(table.setup.with_(number=None))


class _Guarded(Scene):
    """A screen over the table whose buttons wait :data:`GUARD` seconds before Enter or a
    click presses them; Esc and the menu key go to :meth:`cancel`."""

    opened: float  # seconds since it opened
    menu: Menu

    def cancel(self) -> None:
        """Esc or the menu key."""
        raise NotImplementedError

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU):
            self.cancel()
            return
        if intent.kind in _PRESSES and self.opened < GUARD:
            return
        self.menu.handle(intent)

    def update(self, dt: float) -> None:
        self.opened += dt
        self.menu.update(dt)


def standings(table: ScoredTable) -> list[tuple[int, int, int]]:
    """(place, seat, total) from first to last; tied totals share a place, play-off winners
    first among them."""
    return seat_standings(table.state)


def leader_line(table: ScoredTable) -> str:
    """Who leads and with how many points ("Birdie leads with 12", "You lead with 9")."""
    state = table.state
    lead = leaders(state)
    names = ", ".join(table.name(s) for s in lead)
    key = "six.score.leader" if len(lead) == 1 else "six.score.leaders"
    if len(lead) == 1 and table.is_you(lead[0]):
        key = "six.score.leader_you"
    return table.app.texts(key, names=names, points=totals(state)[lead[0]])


class ScoreboardScene(_Guarded):
    """The points of every hole so far; after the last hole, the final standings."""

    overlay = True

    def __init__(self, app: App, table: ScoredTable, final: bool) -> None:
        super().__init__(app)
        self.table = table
        self.final = final
        self.opened = 0.0
        if final:
            specs: list[ButtonSpec] = [
                ("six.again", self.again, "green"),
                ("six.setup_again", self.setup, "orange"),
                ("over.title", lambda: app.flow.to_title(), "pink"),
            ]
        else:
            specs = [
                ("six.next_hole", self.next_hole, "green"),
                ("button.menu", table.open_menu, "pink"),
            ]
        # as tall as what it shows: title, the leader or the places, the table, the buttons
        players = table.state.players
        if final:
            body = 68 + players * 32 + 18 + (players + 1) * 30
        else:
            body = 58 + (28 if len(table.state.scores) >= table.state.rules.holes else 0)
            body += (players + 1) * 36
        height = min(SCREEN_SIZE[1] - 40, 70 + body + 24 + BUTTON_H + 28)
        self.panel = pygame.Rect(40, 0, SCREEN_SIZE[0] - 80, height)
        self.panel.centery = SCREEN_SIZE[1] // 2
        self.menu = Menu(_row(specs, self.panel.bottom - BUTTON_H - 28))

    def next_hole(self) -> None:
        """Close the scoreboard and deal the next hole."""
        self.app.scenes.pop(fade=False)
        self.table.next_hole()

    def again(self) -> None:
        """The same players and rules on a new deal."""
        new_deal(self.app, self.table)

    def setup(self) -> None:
        """The setup window, to change players or rules."""
        setup_again(self.app, self.table)

    def cancel(self) -> None:
        """Esc: the title after the last hole, else the pause menu."""
        if self.final:
            self.app.flow.to_title()
        else:
            self.table.open_menu()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        state = self.table.state
        _veil(surface)
        slide = max(0.0, 1.0 - self.opened / 0.15) if self.app.animation_scale else 0.0
        panel = self.panel.move(0, -round(slide * 40) // PIXEL * PIXEL)
        chunky_panel(surface, panel)
        if self.final:
            title = texts("six.standings")
        elif state.playoff:
            title = texts("six.score.playoff", n=state.hole - state.rules.holes)
        else:
            title = texts("six.score.hole", n=state.hole, of=state.rules.holes)
        look.type.blit(
            surface,
            title,
            16,
            p.gold,
            (panel.centerx, panel.top + 16),
            anchor="midtop",
            shadow=p.ink,
        )
        y = panel.top + 70
        if self.final:
            y = self._draw_result(surface, panel, y) + 18
        else:
            y = self._draw_note(surface, panel, y) + 14
        self._draw_table(surface, panel, y)
        self.menu.draw(surface, look, texts)

    def _draw_note(self, surface: pygame.Surface, panel: pygame.Rect, y: int) -> int:
        """Between holes: who leads, and a word when a play-off is coming."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        state = self.table.state
        r = look.type.blit(
            surface,
            leader_line(self.table),
            10,
            p.white,
            (panel.centerx, y),
            anchor="midtop",
            shadow=p.ink,
        )
        if len(state.scores) >= state.rules.holes:
            r = look.type.blit(
                surface,
                texts("six.score.tie"),
                9,
                p.orange,
                (panel.centerx, r.bottom + 8),
                anchor="midtop",
                shadow=p.ink,
            )
        return r.bottom

    def _draw_result(self, surface: pygame.Surface, panel: pygame.Rect, y: int) -> int:
        """The winner and every seat's place."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        state = self.table.state
        won = winners(state)
        names = ", ".join(self.table.name(s) for s in won)
        if len(won) > 1:
            line = texts("six.shared_win", names=names)
        elif won and won[0] in self.table.humans and len(self.table.humans) == 1:
            line = texts("six.you_win")
        else:
            line = texts("six.wins", name=names)
        colour = p.gold if int(self.opened * 4) % 2 == 0 else p.orange
        # a win shared by many takes a smaller size to stay in the panel (cut as a last resort)
        size, room = 14, panel.width - 80
        while size > 10 and look.type.width(line, size) > room:
            size -= 2
        line = fit_text(look, line, size, room)
        r = look.type.blit(
            surface, line, size, colour, (panel.centerx, y), anchor="midtop", shadow=p.ink
        )
        y = r.bottom + 18
        rows = standings(self.table)
        width = 520
        left = panel.centerx - width // 2
        for place, seat, total in rows:
            colour = p.gold if place == 1 else p.white
            look.type.blit(
                surface, texts("six.place", n=place), 10, colour, (left, y), shadow=p.ink
            )
            r = look.type.blit(
                surface, self.table.name(seat), 10, colour, (left + 60, y), shadow=p.ink
            )
            level = self.table.level(seat)
            if level:
                look.type.blit(surface, level, 7, p.hud_label, (r.right + 12, y + 8), shadow=p.ink)
            look.type.blit(
                surface, str(total), 10, colour, (left + width, y), anchor="topright", shadow=p.ink
            )
            y += 32
        return y

    def _draw_table(self, surface: pygame.Surface, panel: pygame.Rect, top: int) -> None:
        """Holes across, seats down, totals on the right; this hole's column stands out."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        state = self.table.state
        regular = state.rules.holes
        playoffs = max(0, len(state.scores) - regular)
        columns = regular + playoffs
        name_w, total_w = 230, 110
        inner = panel.inflate(-60, 0)
        cell = min(64, (inner.width - name_w - total_w) // columns)
        x0 = inner.left + (inner.width - (name_w + cell * columns + total_w)) // 2
        row_h = 30 if self.final else 36
        size = 8 if cell < 50 else 9
        current = len(state.scores) - 1
        highlight = pygame.Rect(
            x0 + name_w + current * cell, top - 4, cell, row_h * (state.players + 1) + 4
        )
        pygame.draw.rect(surface, (58, 50, 96), highlight, border_radius=6)
        for c in range(columns):
            label = str(c + 1) if c < regular else texts("six.playoff_short", n=c - regular + 1)
            look.type.blit(
                surface,
                label,
                size,
                p.hud_label,
                (x0 + name_w + c * cell + cell // 2, top),
                anchor="midtop",
                shadow=p.ink,
            )
        look.type.blit(
            surface,
            texts("six.total"),
            size,
            p.hud_label,
            (x0 + name_w + columns * cell + total_w - 8, top),
            anchor="topright",
            shadow=p.ink,
        )
        all_totals = totals(state)
        lead = set(leaders(state))
        for seat in range(state.players):
            y = top + (seat + 1) * row_h
            colour = p.gold if seat in lead else p.white
            look.type.blit(surface, self.table.name(seat), size + 1, colour, (x0, y), shadow=p.ink)
            for c, row in enumerate(state.scores):
                points = row[seat]
                text = "—" if points is None else str(points)
                look.type.blit(
                    surface,
                    text,
                    size,
                    p.white if c == current else p.label,
                    (x0 + name_w + c * cell + cell // 2, y),
                    anchor="midtop",
                    shadow=p.ink,
                )
            look.type.blit(
                surface,
                str(all_totals[seat]),
                size + 1,
                colour,
                (x0 + name_w + columns * cell + total_w - 8, y),
                anchor="topright",
                shadow=p.ink,
            )


class CurtainScene(_Guarded):
    """Between two people's turns at one screen: the table hidden until the next is ready."""

    def __init__(self, app: App, table: ScoredTable, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.opened = 0.0
        self.menu = Menu(_row([("six.curtain.ready", self.ready, "green")], 430, 460))

    def ready(self) -> None:
        """The next person has the screen: lift the curtain on their cards."""
        self.app.scenes.pop(fade=False)
        self.table.reveal(self.seat)

    def cancel(self) -> None:
        """Esc: the pause menu."""
        self.table.open_menu()

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        surface.blit(look.felt(), (0, 0))
        panel = pygame.Rect(0, 0, 820, 340)
        panel.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
        chunky_panel(surface, panel)
        name = self.table.name(self.seat)
        look.type.blit(
            surface,
            texts("six.curtain.title", name=name),
            16,
            p.gold,
            (panel.centerx, panel.top + 36),
            anchor="midtop",
            shadow=p.ink,
        )
        look.type.blit(
            surface,
            texts("six.curtain.body", name=name),
            9,
            p.white,
            (panel.centerx, panel.top + 110),
            anchor="midtop",
            shadow=p.ink,
        )
        self.menu.draw(surface, look, texts)


class SixPauseMenu(Scene):
    """Esc at the table: resume, a new deal, the setup window, options, or the title."""

    overlay = True

    def __init__(self, app: App, table: ScoredTable) -> None:
        super().__init__(app)
        self.table = table
        specs = self.choices()
        top = 190
        buttons = button_column(_checked(specs), top, 360, gap=16, height=BUTTON_H)
        self.menu = Menu(buttons)
        self.panel = pygame.Rect(0, 0, 480, 110 + len(specs) * (BUTTON_H + 16))
        self.panel.midtop = (SCREEN_SIZE[0] // 2, top - 96)

    def choices(self) -> list[tuple[str, object, str]]:
        """The menu's buttons: a text key, what it does, its colour."""
        return [
            ("pause.resume", self.close, "green"),
            ("six.new_deal", self.new_deal, "orange"),
            ("six.setup_again", self.setup, "orange"),
            ("title.options", lambda: self.app.flow.open_options(), "cyan"),
            ("over.title", self.to_title, "pink"),
        ]

    def close(self) -> None:
        """Back to the table."""
        self.app.scenes.pop(fade=False)

    def new_deal(self) -> None:
        """The same players and rules on a new deal."""
        new_deal(self.app, self.table)

    def setup(self) -> None:
        """The setup window, to change players or rules."""
        setup_again(self.app, self.table)

    def to_title(self) -> None:
        """Leave the game for the title: the player chose to, so it is not kept to continue
        (the table forgets it as it leaves)."""
        self.app.flow.to_title()

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU):
            self.close()
            return
        self.menu.handle(intent)

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        look = self.app.look
        draw_frame(surface, look, self.panel, self.app.texts("pause.title"), alpha=160, top=24)
        self.menu.draw(surface, look, self.app.texts)

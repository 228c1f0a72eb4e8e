"""Drawing the six-card table: the felt, the grids and their name plates, the piles, the cards
(resting, then flying), the marks of a scored hole, the cursor and hint frames, the cut for the
first deal, the final-turn banner, and over them the HUD, the viewer's panel and the side panel (:class:`TablePanels`).

The view only reads the table (as a :class:`~scenes.sixcard.parts.TableLike`): the state, what
its viewer may see, where the cards are in flight. A card's face is drawn only when the view
shows it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from golf.sixcard.actions import KNOCK_ACTION
from golf.sixcard.game import legal_actions, totals
from golf.sixcard.rules import cancelled_slots
from golf.sixcard.view import SeatView
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, chunky_panel
from scenes.core.manager import App
from scenes.core.textfit import wrap_items, wrap_words
from scenes.sixcard.art import draw_sprite
from scenes.sixcard.board import HUD_H, SeatSpot
from scenes.sixcard.cut import draw_cut, shows_cut
from scenes.sixcard.listeners import BANNER_SECONDS
from scenes.sixcard.parts import KNOCK, TableLike
from scenes.sixcard.views import shown_points, visible_cards

__all__ = ["TOAST_AT", "TablePanels", "TableView", "wrap"]

TOAST_AT = (SCREEN_SIZE[0] // 2, 366)
LEGENDS = {  # a plate's tag, and the line in the person's panel that says what it means
    "six.chosen_tag": "six.legend.chosen",
    "six.ended": "six.legend.ended",
    "six.knocked": "six.legend.knocked",
    "six.last_turn_tag": "six.legend.last_turn",
}
LEGEND_STEP = 16


class TableView:
    """Draws one table, as its viewer sees it."""

    def __init__(self, table: TableLike) -> None:
        self.table = table
        self.app: App = table.app
        self.panels = TablePanels(table)

    def draw(self, surface: pygame.Surface) -> None:
        look = self.app.look
        self.table.cards.images.use(look.cards)
        surface.blit(look.felt(), (0, 0))
        state = self.table.state
        view = self.table.view
        visible = visible_cards(view)
        for seat, spot in self.table.board.spots.items():
            self.seat_base(surface, seat, spot)
        self.piles(surface)
        resting = [s for s in self.table.cards.sprites.values() if not s.moving]
        moving = [s for s in self.table.cards.sprites.values() if s.moving]
        shown_from = len(state.discard) - 2  # deeper discards lie hidden under the top two
        for sprite in sorted(resting, key=lambda s: s.z):
            if 200 <= sprite.z < 200 + shown_from:
                continue
            draw_sprite(surface, sprite, self.table.cards.images, sprite.card in visible)
        for sprite in self.table.cards.leaving:
            draw_sprite(surface, sprite, self.table.cards.images, False)
        for sprite in sorted(moving, key=lambda s: s.z):
            draw_sprite(surface, sprite, self.table.cards.images, sprite.card in visible)
        self.marks(surface, view)
        self.panels.hud(surface)
        self.panels.panel(surface, view)
        self.panels.side(surface)
        self.frames(surface)
        if shows_cut(state):
            draw_cut(surface, self.table)
        if self.table.banner > 0:
            self.banner(surface)
        for toast in self.table.toasts:
            toast.draw(surface, look, TOAST_AT)

    def seat_base(self, surface: pygame.Surface, seat: int, spot: SeatSpot) -> None:
        """Empty places under a grid, the name plate, and the frame of the player to move."""
        look, p = self.app.look, PALETTE
        state = self.table.state
        size = spot.card
        grid = state.grids[seat]
        for slot, card in enumerate(grid):
            sprite = self.table.cards.sprites.get(card)
            if sprite is None or sprite.moving:  # the empty place shows under a card in flight
                surface.blit(self.table.cards.images.outline(size), spot.slot_rect(slot))
        to_move = state.to_move == seat and state.phase in ("opening", "turn")
        if to_move:
            colour = p.gold if self.table.blink < 0.6 else p.orange
            rect = spot.grid_rect.inflate(6 * PIXEL, 6 * PIXEL)
            pygame.draw.rect(
                surface, p.ink, rect.inflate(2 * PIXEL, 2 * PIXEL), PIXEL, border_radius=10
            )
            pygame.draw.rect(surface, colour, rect, 2 * PIXEL, border_radius=8)
        if spot.where == "bottom":
            return
        plate = spot.plate
        chunky_panel(
            surface, plate.inflate(2 * PIXEL, 2 * PIXEL), edge=p.gold if to_move else p.panel_edge
        )
        r = look.type.blit(
            surface,
            self.table.name(seat),
            7,
            p.white,
            (plate.left + 8, plate.centery),
            anchor="midleft",
            shadow=p.ink,
        )
        total = look.type.blit(
            surface,
            str(totals(state)[seat]),
            7,
            p.gold,
            (plate.right - 8, plate.centery),
            anchor="midright",
            shadow=p.ink,
        )
        word, colour = self.panels.plate_word(seat)
        if word:
            image = look.type.render(word, 6, colour, shadow=p.ink)
            if r.right + 8 + image.get_width() <= total.left - 6:
                look.type.blit(
                    surface,
                    word,
                    6,
                    colour,
                    ((r.right + total.left) // 2, plate.centery + 1),
                    anchor="center",
                    shadow=p.ink,
                )
        if not grid:
            look.type.blit(
                surface,
                self.app.texts("six.out"),
                7,
                p.hud_label,
                spot.grid_rect.center,
                anchor="center",
                shadow=p.ink,
            )

    def piles(self, surface: pygame.Surface) -> None:
        look, p, texts = self.app.look, PALETTE, self.app.texts
        board = self.table.board
        state = self.table.state
        size = (board.stock.width, board.stock.height)
        surface.blit(self.table.cards.images.outline(size), board.stock)
        surface.blit(self.table.cards.images.outline(size), board.discard)
        count = len(state.stock)
        layers = min(5, (count + 9) // 10)
        back = self.table.cards.images.back(size)
        for i in range(layers):
            surface.blit(
                back,
                (
                    board.stock.x - (layers - 1 - i) * PIXEL,
                    board.stock.y - (layers - 1 - i) * PIXEL,
                ),
            )
        badge = pygame.Rect(0, 0, 44, 24)
        badge.midbottom = (board.stock.centerx, board.stock.bottom - 6)
        pygame.draw.rect(surface, p.ink, badge.inflate(PIXEL * 2, PIXEL * 2), border_radius=6)
        pygame.draw.rect(surface, p.panel, badge, border_radius=5)
        look.type.blit(surface, str(count), 8, p.white, badge.center, anchor="center")
        label_y = board.stock.centery
        mine = state.to_move == self.table.viewer and not self.table.watching  # "Your card"
        if state.drawn is not None and mine and not self.table.discarding:
            look.type.blit(
                surface,
                texts("six.hand"),
                7,
                p.gold,
                (board.hand.centerx, board.hand.bottom + 4),
                anchor="midtop",
                shadow=p.ink,
            )
        if board.tall:
            look.type.blit(
                surface,
                texts("six.stock"),
                7,
                p.label,
                (board.stock.centerx, board.stock.bottom + 6),
                anchor="midtop",
                shadow=p.ink,
            )
            look.type.blit(
                surface,
                texts("six.discard"),
                7,
                p.label,
                (board.discard.centerx, board.discard.bottom + 6),
                anchor="midtop",
                shadow=p.ink,
            )
        else:
            look.type.blit(
                surface,
                texts("six.stock"),
                8,
                p.label,
                (board.stock.left - 14, label_y),
                anchor="midright",
                shadow=p.ink,
            )
            look.type.blit(
                surface,
                texts("six.discard"),
                8,
                p.label,
                (board.discard.right + 14, label_y),
                anchor="midleft",
                shadow=p.ink,
            )

    def marks(self, surface: pygame.Surface, view: SeatView) -> None:
        """Peeked cards (an eye), and the lines that cancel once a hole is scored."""
        p = PALETTE
        state = self.table.state
        bottom = self.table.board.bottom
        for slot in range(len(state.grids[self.table.viewer])):
            if view.peeked >> slot & 1 and not view.up[self.table.viewer] >> slot & 1:
                sprite = self.table.cards.sprites.get(state.grids[self.table.viewer][slot])
                if sprite is None or sprite.moving:
                    continue
                rect = bottom.slot_rect(slot)
                eye = pygame.Rect(0, 0, 34, 20)
                eye.midtop = (rect.centerx, rect.top - 12)
                pygame.draw.rect(surface, p.ink, eye.inflate(4, 4), border_radius=10)
                pygame.draw.ellipse(surface, p.cyan, eye)
                pygame.draw.circle(surface, p.ink, eye.center, 5)
        if state.phase not in ("hole_over", "game_over") or self.table.animating:
            return
        rules = state.rules
        for seat, spot in self.table.board.spots.items():
            grid = state.grids[seat]
            if not grid:
                continue
            zero = cancelled_slots(grid, rules)
            for line in rules.lines:
                if not set(line) <= zero:
                    continue
                a = spot.slot_rect(line[0]).center
                b = spot.slot_rect(line[-1]).center
                width = max(4, round(10 * spot.scale))
                pygame.draw.line(surface, p.ink, a, b, width + 4)
                pygame.draw.line(surface, p.gold, a, b, width)

    def frames(self, surface: pygame.Surface) -> None:
        p = PALETTE
        if self.table.hint is not None and int(self.table.hint[1] * 6) % 2 == 0:
            rect = self.table.target_rect(self.table.hint[0]).inflate(6 * PIXEL, 6 * PIXEL)
            pygame.draw.rect(surface, p.cyan, rect, 3 * PIXEL, border_radius=10)
        if not (self.table.cursor_visible and self.table.person_to_act is not None):
            return
        if self.table.cursor not in self.table.targets():
            return
        rect = self.table.target_rect(self.table.cursor).inflate(4 * PIXEL, 4 * PIXEL)
        colour = p.gold if self.table.blink < 0.6 else p.orange
        pygame.draw.rect(
            surface, p.ink, rect.inflate(2 * PIXEL, 2 * PIXEL), PIXEL, border_radius=10
        )
        pygame.draw.rect(surface, colour, rect, 2 * PIXEL, border_radius=8)
        if self.table.cursor[0] == "slot":  # over a pile the arrow would reach into a grid above
            cx, top = rect.centerx, rect.top - 4 * PIXEL
            pygame.draw.polygon(
                surface, colour, [(cx - 8, top - 10), (cx + 8, top - 10), (cx, top)]
            )

    def banner(self, surface: pygame.Surface) -> None:
        """The final-turn warning: who ended the hole, and one last turn for everyone else."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        state = self.table.state
        finisher = state.finisher
        if finisher is None:
            return
        pop = min(1.0, (BANNER_SECONDS - self.table.banner) / 0.12)
        rect = pygame.Rect(0, 0, round(760 * pop) // 2 * 2, 112)
        rect.center = (SCREEN_SIZE[0] // 2, 300)
        chunky_panel(surface, rect, edge=p.orange)
        if pop < 1.0:
            return
        colour = p.orange if int(self.table.banner * 5) % 2 == 0 else p.gold
        look.type.blit(
            surface,
            texts("six.final_turn"),
            18,
            colour,
            (rect.centerx, rect.top + 14),
            anchor="midtop",
            shadow=p.ink,
        )
        key = "six.banner.knocked" if state.knocked else "six.banner.ended"
        if self.table.is_you(finisher):
            key += "_you"
        look.type.blit(
            surface,
            texts(key, name=self.table.name(finisher)),
            8,
            p.white,
            (rect.centerx, rect.bottom - 16),
            anchor="midbottom",
            shadow=p.ink,
        )


class TablePanels:
    """The words around the table: the HUD across the top, the viewer's panel (name, points,
    what to do now) and the side panel (every seat's total, the knock button, the keys).

    ``side`` draws the side panel; a replay being watched puts its playback panel there.
    """

    def __init__(self, table: TableLike) -> None:
        self.table = table
        self.app: App = table.app
        self.side: Callable[[pygame.Surface], None] = self.draw_side
        self.legend_shown: list[str] = []  # the legend's lines the panel had room for

    def plate_word(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        """The word between a seat's name and total: this hole's points once it is scored,
        else who ended the hole or still has a last turn, else the computer's level."""
        state = self.table.state
        if state.phase in ("hole_over", "game_over") and state.scores:
            points = state.scores[-1][seat]
            if points is not None:
                return self.app.texts("six.plate.hole", points=f"{points:+d}"), PALETTE.cyan
        tag = self.tag(seat)
        if tag is not None:
            return tag
        return self.table.level(seat), PALETTE.hud_label

    def tag(self, seat: int) -> tuple[str, tuple[int, int, int]] | None:
        """The small word under a grid: who ended the hole, who still has a last turn."""
        found = self.tag_key(seat)
        if found is None:
            return None
        return self.app.texts(found[0]), found[1]

    def tag_key(self, seat: int) -> tuple[str, tuple[int, int, int]] | None:
        """The catalogue key of :meth:`tag`'s word, and its colour."""
        state = self.table.state
        if state.finisher == seat and state.phase in ("turn", "hole_over", "game_over"):
            return ("six.knocked" if state.knocked else "six.ended"), PALETTE.cyan
        if seat in self.table.last_turn_seats():
            return "six.last_turn_tag", PALETTE.orange
        if state.phase == "opening" and seat != state.to_move:
            chosen = (state.up[seat] | state.peeked[seat]).bit_count()
            if chosen >= state.rules.opening_cards:  # chosen, still face down to the others
                return "six.chosen_tag", PALETTE.cyan
        return None

    def legend(self) -> list[str]:
        """One line for each tag on show on a plate: what it means (the plates show the word
        alone, the person's panel says what it means)."""
        state = self.table.state
        if state.phase in ("hole_over", "game_over"):
            return []  # the plates show the hole's points then, not the tags
        keys = {found[0] for seat in range(state.players) if (found := self.tag_key(seat))}
        return [self.app.texts(LEGENDS[key]) for key in LEGENDS if key in keys]

    def status(self) -> str:
        """One line on what is happening, for the HUD."""
        texts = self.app.texts
        state = self.table.state
        if state.phase == "hole_over":
            return texts("six.status.hole_over")
        if state.phase == "game_over":
            return texts("six.status.game_over")
        seat = state.to_move
        assert seat is not None
        if seat == self.table.person_to_act or self.table.is_you(seat):
            return texts("six.status.your_turn")
        name = self.table.name(seat)
        if state.phase == "opening":
            key = "six.status.peeking" if state.rules.peek else "six.status.opening"
            one = "_one" if state.rules.opening_cards == 1 else ""
            return texts(key + one, name=name)
        return texts("six.status.playing", name=name)

    def prompt(self) -> str:
        """What the person to move should do now."""
        texts = self.app.texts
        state = self.table.state
        if state.phase == "opening":
            seat = state.to_move
            assert seat is not None
            known = (state.up[seat] | state.peeked[seat]).bit_count()
            key = "six.prompt.peek" if state.rules.peek else "six.prompt.opening"
            if state.rules.opening_cards == 1:
                return texts(f"{key}_one")
            return texts(f"{key}{max(1, 2 - known)}")
        if state.drawn is None:
            if KNOCK_ACTION in legal_actions(state):
                return texts("six.prompt.take_or_knock")
            return texts("six.prompt.take")
        if self.table.discarding:
            return texts("six.prompt.turn_up")
        if state.drawn_from == "discard":
            return texts("six.prompt.place_discard")
        return texts("six.prompt.place_stock")

    def hud(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        state = self.table.state
        bar = pygame.Rect(0, 0, SCREEN_SIZE[0], HUD_H)
        pygame.draw.rect(surface, p.panel, bar)
        pygame.draw.line(
            surface, p.panel_edge, (0, HUD_H - PIXEL), (SCREEN_SIZE[0], HUD_H - PIXEL), PIXEL
        )
        if state.playoff:
            hole = texts("six.hud.playoff", n=state.hole - state.rules.holes)
        else:
            hole = texts("six.hud.hole", n=state.hole, of=state.rules.holes)
        r = look.type.blit(
            surface, hole, 9, p.gold, (16, HUD_H // 2), anchor="midleft", shadow=p.ink
        )
        r = look.type.blit(
            surface,
            texts("six.hud.dealer", name=self.table.name(state.dealer)),
            7,
            p.hud_label,
            (r.right + 24, HUD_H // 2),
            anchor="midleft",
            shadow=p.ink,
        )
        x = r.right + 28
        if state.ending:
            colour = p.orange if self.table.blink < 0.6 else p.gold
            r = look.type.blit(
                surface,
                texts("six.final_turn"),
                9,
                colour,
                (x, HUD_H // 2),
                anchor="midleft",
                shadow=p.ink,
            )
            x = r.right + 20
        look.type.blit(
            surface, self.status(), 7, p.white, (x, HUD_H // 2), anchor="midleft", shadow=p.ink
        )
        look.type.blit(
            surface,
            self.table.code,
            7,
            p.hud_label,
            (self.table.board.menu.left - 16, HUD_H // 2),
            anchor="midright",
            shadow=p.ink,
        )
        self.table.menu_button.draw(surface, look, texts)

    def panel(self, surface: pygame.Surface, view: SeatView) -> None:
        """The viewer's name, total and known points, and what to do now (a compact form
        when the panel is low, as beside a 9-card grid)."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        panel = self.table.board.panel
        chunky_panel(surface, panel)
        state = self.table.state
        seat = self.table.viewer
        compact = panel.height < 170
        size = 7 if compact else 8
        x, y = panel.left + 16, panel.top + (10 if compact else 14)
        r = look.type.blit(
            surface, self.table.name(seat), 9 if compact else 10, p.gold, (x, y), shadow=p.ink
        )
        total = texts("six.panel.total", points=totals(state)[seat])
        shown = ""
        if state.grids[seat]:
            if state.phase in ("hole_over", "game_over") and state.scores:
                shown = texts("six.panel.hole", points=state.scores[-1][seat])
            else:
                points = shown_points(view.grids[seat], state.rules)
                shown = texts("six.panel.showing", points=points)
        word, colour = self.plate_word(seat)
        if word and state.phase not in ("hole_over", "game_over"):
            # the compact form has the figures on the name's line: the word only if all fit
            after = 0
            if compact:
                after = 16 + look.type.width(total, size)
                after += 20 + look.type.width(shown, size) if shown else 0
            width = look.type.width(word, 7)
            if r.right + 10 + width + after <= panel.right - 16:
                r = look.type.blit(surface, word, 7, colour, (r.right + 10, y + 4), shadow=p.ink)
        if not compact:
            x, y = panel.left + 16, r.bottom + 8
        else:
            x, y = r.right + 16, y + 3
        r = look.type.blit(surface, total, size, p.white, (x, y), shadow=p.ink)
        if shown:
            r = look.type.blit(surface, shown, size, p.cyan, (r.right + 20, y), shadow=p.ink)
        x, y = panel.left + 16, r.bottom + (8 if compact else 12)
        if seat == self.table.person_to_act:
            prompt_colour = p.white
            if state.ending:
                r = look.type.blit(
                    surface, texts("six.prompt.last_turn"), size + 1, p.orange, (x, y), shadow=p.ink
                )
                y = r.bottom + 4
            lines = wrap(self.app, self.prompt(), size, panel.width - 32)
        else:
            prompt_colour = p.hud_label
            lines = wrap(self.app, self.status(), size, panel.width - 32)
        step = 18 if compact else 22
        for line in lines:
            if y > panel.bottom - step:
                break
            look.type.blit(surface, line, size, prompt_colour, (x, y), shadow=p.ink)
            y += step
        # the tags' legend under it, each line whole, as many as the instruction leaves room for
        room = (panel.bottom - 14 - y) // LEGEND_STEP
        legend: list[str] = []
        self.legend_shown = []
        for entry in self.legend():
            parts = wrap(self.app, entry, 7, panel.width - 32)
            if len(legend) + len(parts) <= room:
                legend += parts
                self.legend_shown.append(entry)
        bottom = panel.bottom - 14 - LEGEND_STEP * len(legend)
        for k, line in enumerate(legend):
            at = (x, bottom + 2 + k * LEGEND_STEP)
            look.type.blit(surface, line, 7, p.hud_label, at, shadow=p.ink)

    def draw_side(self, surface: pygame.Surface) -> None:
        """The totals of every seat, the knock button and the keys."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        side = self.table.board.side
        state = self.table.state
        knock = self.table.knock_open()
        room = side.height - (70 if knock else 0) - 40
        rows = self.table.setup.players
        if room >= 30 + rows * 22:
            chunky_panel(surface, side)
            y = side.top + 12
            look.type.blit(
                surface, texts("six.panel.totals"), 8, p.gold, (side.left + 16, y), shadow=p.ink
            )
            y += 26
            all_totals = totals(state)
            for seat in range(rows):
                colour = p.gold if seat == state.to_move else p.white
                look.type.blit(
                    surface, self.table.name(seat), 7, colour, (side.left + 16, y), shadow=p.ink
                )
                look.type.blit(
                    surface,
                    str(all_totals[seat]),
                    7,
                    colour,
                    (side.right - 16, y),
                    anchor="topright",
                    shadow=p.ink,
                )
                y += 22
            for line in wrap_items(look, self.table.keys_line(), 6, side.width - 32):
                look.type.blit(surface, line, 6, p.hud_label, (side.left + 16, y + 6), shadow=p.ink)
                y += 16
        if knock:
            self.table.knock_button.draw(
                surface,
                look,
                texts,
                focused=self.table.cursor_visible and self.table.cursor == KNOCK,
            )


def wrap(app: App, text: str, size: int, width: int) -> list[str]:
    """Split ``text`` into lines that fit ``width`` screen pixels."""
    return wrap_words(app.look, text, size, width)

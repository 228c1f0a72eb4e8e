"""The seeds' worked example deal (rules-solitaire-en/fr.txt) as an explicit layout, and its texts.

The seeds' app shuffled with an unpublished algorithm, so its GO1-E-AAAAAAB is rebuilt here
card by card. The columns, the waste and the first stock card (8♠) are the seeds'; the rest of
the stock is this project's choice, made so that the seeds' winning Easy game exists: it passes
through the seeds' position at move 34 (by moves that Classic allows too) and wins at move 47 with 4 cards left in the stock.
"""

from __future__ import annotations

COLUMNS = (
    "6♣ 5♠ Q♠ 10♠ 6♥",
    "2♠ K♣ 4♠ 2♣ 8♣",
    "10♣ A♥ 2♦ 5♦ J♠",
    "3♦ Q♥ A♠ K♦ 4♣",
    "J♥ 3♣ 7♦ 8♥ 9♣",
    "10♥ 4♥ 7♥ 7♣ 8♦",
    "3♠ 7♠ 3♥ 9♠ 5♣",
)
WASTE = "A♣"
STOCK = "8♠ 9♥ K♥ J♣ Q♣ 6♠ 10♦ 4♦ 6♦ K♠ 9♦ 2♥ A♦ J♦ Q♦ 5♥"
LAYOUT_YAML = (
    "layout:\n  columns:\n"
    + "".join(f"  - [{', '.join(column.split())}]\n" for column in COLUMNS)
    + f"  waste: [{WASTE}]\n  stock: [{', '.join(STOCK.split())}]\n"
)
"""The deal as the ``layout`` block of a replay file or a tutorial script."""

FIRST_MOVES = "draw, play 5, play 2"
WIN_TO_MOVE_34 = (
    "draw, play 5, play 2, draw, play 5, play 5, play 1, play 7, play 4, play 5, play 2, draw, "
    "draw, play 1, play 3, play 1, play 4, draw, draw, play 3, play 2, draw, play 7, play 6, "
    "play 6, draw, play 7, play 3, play 4, draw, play 6, draw, play 4, play 2"
)
WIN_FROM_MOVE_35 = "play 3, play 2, play 4, play 6, play 1, play 1, play 7, draw, play 3, play 5, play 6, draw, play 7"

INITIAL_EN = "Stock: 16 cards; waste: ace of clubs. Column 1: 6 of clubs, 5 of spades, queen of spades, 10 of spades, 6 of hearts (available: 6 of hearts); column 2: 2 of spades, king of clubs, 4 of spades, 2 of clubs, 8 of clubs (available: 8 of clubs); column 3: 10 of clubs, ace of hearts, 2 of diamonds, 5 of diamonds, jack of spades (available: jack of spades); column 4: 3 of diamonds, queen of hearts, ace of spades, king of diamonds, 4 of clubs (available: 4 of clubs); column 5: jack of hearts, 3 of clubs, 7 of diamonds, 8 of hearts, 9 of clubs (available: 9 of clubs); column 6: 10 of hearts, 4 of hearts, 7 of hearts, 7 of clubs, 8 of diamonds (available: 8 of diamonds); column 7: 3 of spades, 7 of spades, 3 of hearts, 9 of spades, 5 of clubs (available: 5 of clubs)."
INITIAL_FR = "Pioche : 16 cartes ; défausse : as de trèfle. colonne 1 : 6 de trèfle, 5 de pique, dame de pique, 10 de pique, 6 de cœur (libre : 6 de cœur) ; colonne 2 : 2 de pique, roi de trèfle, 4 de pique, 2 de trèfle, 8 de trèfle (libre : 8 de trèfle) ; colonne 3 : 10 de trèfle, as de cœur, 2 de carreau, 5 de carreau, valet de pique (libre : valet de pique) ; colonne 4 : 3 de carreau, dame de cœur, as de pique, roi de carreau, 4 de trèfle (libre : 4 de trèfle) ; colonne 5 : valet de cœur, 3 de trèfle, 7 de carreau, 8 de cœur, 9 de trèfle (libre : 9 de trèfle) ; colonne 6 : 10 de cœur, 4 de cœur, 7 de cœur, 7 de trèfle, 8 de carreau (libre : 8 de carreau) ; colonne 7 : 3 de pique, 7 de pique, 3 de cœur, 9 de pique, 5 de trèfle (libre : 5 de trèfle)."
AFTER_FIRST_MOVES_EN = "Stock: 15 cards; waste: 8 of clubs. Column 1: 6 of clubs, 5 of spades, queen of spades, 10 of spades, 6 of hearts (available: 6 of hearts); column 2: 2 of spades, king of clubs, 4 of spades, 2 of clubs (available: 2 of clubs); column 3: 10 of clubs, ace of hearts, 2 of diamonds, 5 of diamonds, jack of spades (available: jack of spades); column 4: 3 of diamonds, queen of hearts, ace of spades, king of diamonds, 4 of clubs (available: 4 of clubs); column 5: jack of hearts, 3 of clubs, 7 of diamonds, 8 of hearts (available: 8 of hearts); column 6: 10 of hearts, 4 of hearts, 7 of hearts, 7 of clubs, 8 of diamonds (available: 8 of diamonds); column 7: 3 of spades, 7 of spades, 3 of hearts, 9 of spades, 5 of clubs (available: 5 of clubs)."
AFTER_FIRST_MOVES_FR = "Pioche : 15 cartes ; défausse : 8 de trèfle. colonne 1 : 6 de trèfle, 5 de pique, dame de pique, 10 de pique, 6 de cœur (libre : 6 de cœur) ; colonne 2 : 2 de pique, roi de trèfle, 4 de pique, 2 de trèfle (libre : 2 de trèfle) ; colonne 3 : 10 de trèfle, as de cœur, 2 de carreau, 5 de carreau, valet de pique (libre : valet de pique) ; colonne 4 : 3 de carreau, dame de cœur, as de pique, roi de carreau, 4 de trèfle (libre : 4 de trèfle) ; colonne 5 : valet de cœur, 3 de trèfle, 7 de carreau, 8 de cœur (libre : 8 de cœur) ; colonne 6 : 10 de cœur, 4 de cœur, 7 de cœur, 7 de trèfle, 8 de carreau (libre : 8 de carreau) ; colonne 7 : 3 de pique, 7 de pique, 3 de cœur, 9 de pique, 5 de trèfle (libre : 5 de trèfle)."
MOVE_34_EN = "Stock: 6 cards; waste: king of clubs. Column 1: 6 of clubs, 5 of spades (available: 5 of spades); column 2: 2 of spades (available: 2 of spades); column 3: 10 of clubs, ace of hearts (available: ace of hearts); column 4: 3 of diamonds (available: 3 of diamonds); column 5: jack of hearts (available: jack of hearts); column 6: 10 of hearts, 4 of hearts (available: 4 of hearts); column 7: 3 of spades, 7 of spades (available: 7 of spades)."
MOVE_34_FR = "Pioche : 6 cartes ; défausse : roi de trèfle. colonne 1 : 6 de trèfle, 5 de pique (libre : 5 de pique) ; colonne 2 : 2 de pique (libre : 2 de pique) ; colonne 3 : 10 de trèfle, as de cœur (libre : as de cœur) ; colonne 4 : 3 de carreau (libre : 3 de carreau) ; colonne 5 : valet de cœur (libre : valet de cœur) ; colonne 6 : 10 de cœur, 4 de cœur (libre : 4 de cœur) ; colonne 7 : 3 de pique, 7 de pique (libre : 7 de pique)."

"""The window's own texts in English and French, and the choice of the first language.

Rule refusals and card names come from the engine (``golf.texts``); this catalogue holds only what
the screens say. Both languages have the same keys; ``tests/test_ui_i18n.py`` checks it.
"""

from __future__ import annotations

import locale
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["CATALOGUE", "LANGUAGES", "Notice", "Texts", "system_language"]

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("en", "fr")

_EN: dict[str, str] = {
    "app.title": "Golf",
    "app.subtitle": "solitaire",
    "title.play_easy": "Play Easy",
    "title.play_classic": "Play Classic",
    "title.new_game": "New game…",
    "title.replays": "Replays",
    "title.options": "Options",
    "title.quit": "Quit",
    "title.help": "Arrows and Enter, or the mouse",
    "title.replays_soon": "Replays are not available yet",
    "rules.easy": "Easy",
    "rules.classic": "Classic",
    "rules.strict": "Strict",
    "rules.custom": "Custom",
    "rule.king_ace": "King–Ace linked",
    "rule.queen_on_king": "Queen on a King",
    "rule.draw_any_time": "Draw at any time",
    "rule.jokers": "Jokers",
    "rule.empty_waste": "Empty waste",
    "rule.scoring": "Scoring",
    "scoring.points": "Points",
    "scoring.strokes": "Strokes",
    "common.on": "On",
    "common.off": "Off",
    "common.yes": "Yes",
    "common.no": "No",
    "common.back": "Back",
    "new.title": "New game",
    "new.rules": "Rules",
    "new.code": "Game code",
    "new.code_hint": "Type a code or paste it (Ctrl+V)",
    "new.paste": "Paste",
    "new.random": "Random deal",
    "new.start": "Start",
    "new.code_for_deal": "Deal {code}",
    "game.stock": "Stock",
    "game.waste": "Waste",
    "game.stock_count": "{count} left",
    "hud.score": "Score",
    "hud.strokes": "Strokes",
    "hud.moves": "Moves",
    "hud.time": "Time",
    "hud.code": "Code",
    "hud.rules": "Rules",
    "button.undo": "Undo",
    "button.new": "New",
    "button.restart": "Restart",
    "button.menu": "Menu",
    "button.hint": "Hint",
    "pause.title": "Paused",
    "pause.resume": "Resume",
    "blocked.title": "No more moves possible",
    "blocked.body": "The stock is empty and no free card follows the waste.",
    "blocked.undo": "Undo",
    "blocked.new": "New game",
    "blocked.see": "See result",
    "over.won": "Table cleared!",
    "over.blocked": "Blocked",
    "over.score": "Score",
    "over.strokes": "Strokes",
    "over.moves": "Moves",
    "over.time": "Time",
    "over.code": "Code",
    "over.cards_left": "Cards left",
    "over.stock_left": "Stock left",
    "over.new": "New game",
    "over.again": "Same deal again",
    "over.title": "Back to title",
    "options.title": "Options",
    "options.language": "Language",
    "options.interactive": "Interactive rules",
    "options.sound": "Sound",
    "options.volume": "Volume",
    "options.animation": "Animation",
    "options.default_rules": "Default rules",
    "options.four_colour": "Four-colour deck",
    "options.fullscreen": "Fullscreen",
    "options.saved": "Options saved",
    "options.save_failed": "Could not save the options: {error}",
    "anim.off": "Off",
    "anim.slow": "Slow",
    "anim.normal": "Normal",
    "anim.fast": "Fast",
    "language.en": "English",
    "language.fr": "Français",
    "settings.corrupt": "Your options file could not be read; defaults are used. "
    "The old file was kept as {name}.",
    "toast.code_refused": "Expected a code like GO1-C-ABCDEFG",
}

_FR: dict[str, str] = {
    "app.title": "Golf",
    "app.subtitle": "réussite",
    "title.play_easy": "Jouer en Facile",
    "title.play_classic": "Jouer en Classique",
    "title.new_game": "Nouvelle partie…",
    "title.replays": "Rediffusions",
    "title.options": "Options",
    "title.quit": "Quitter",
    "title.help": "Flèches et Entrée, ou la souris",
    "title.replays_soon": "Les rediffusions ne sont pas encore disponibles",
    "rules.easy": "Facile",
    "rules.classic": "Classique",
    "rules.strict": "Stricte",
    "rules.custom": "Personnalisée",
    "rule.king_ace": "Roi et As liés",
    "rule.queen_on_king": "Dame sur un Roi",
    "rule.draw_any_time": "Piocher à tout moment",
    "rule.jokers": "Jokers",
    "rule.empty_waste": "Défausse vide",
    "rule.scoring": "Décompte",
    "scoring.points": "Points",
    "scoring.strokes": "Coups",
    "common.on": "Oui",
    "common.off": "Non",
    "common.yes": "Oui",
    "common.no": "Non",
    "common.back": "Retour",
    "new.title": "Nouvelle partie",
    "new.rules": "Règles",
    "new.code": "Code de partie",
    "new.code_hint": "Tapez un code ou collez-le (Ctrl+V)",
    "new.paste": "Coller",
    "new.random": "Donne au hasard",
    "new.start": "Commencer",
    "new.code_for_deal": "Donne {code}",
    "game.stock": "Pioche",
    "game.waste": "Défausse",
    "game.stock_count": "reste {count}",
    "hud.score": "Score",
    "hud.strokes": "Coups",
    "hud.moves": "Actions",
    "hud.time": "Temps",
    "hud.code": "Code",
    "hud.rules": "Règles",
    "button.undo": "Annuler",
    "button.new": "Nouvelle",
    "button.restart": "Rejouer",
    "button.menu": "Menu",
    "button.hint": "Indice",
    "pause.title": "Pause",
    "pause.resume": "Reprendre",
    "blocked.title": "Plus aucun coup possible",
    "blocked.body": "La pioche est vide et aucune carte libre ne suit la défausse.",
    "blocked.undo": "Annuler",
    "blocked.new": "Nouvelle partie",
    "blocked.see": "Voir le résultat",
    "over.won": "Table dégagée !",
    "over.blocked": "Bloquée",
    "over.score": "Score",
    "over.strokes": "Coups",
    "over.moves": "Actions",
    "over.time": "Temps",
    "over.code": "Code",
    "over.cards_left": "Cartes restantes",
    "over.stock_left": "Reste de la pioche",
    "over.new": "Nouvelle partie",
    "over.again": "Rejouer cette donne",
    "over.title": "Retour au titre",
    "options.title": "Options",
    "options.language": "Langue",
    "options.interactive": "Règles interactives",
    "options.sound": "Son",
    "options.volume": "Volume",
    "options.animation": "Animations",
    "options.default_rules": "Règles par défaut",
    "options.four_colour": "Jeu à quatre couleurs",
    "options.fullscreen": "Plein écran",
    "options.saved": "Options enregistrées",
    "options.save_failed": "Impossible d'enregistrer les options : {error}",
    "anim.off": "Aucune",
    "anim.slow": "Lentes",
    "anim.normal": "Normales",
    "anim.fast": "Rapides",
    "language.en": "English",
    "language.fr": "Français",
    "settings.corrupt": "Le fichier d'options était illisible ; les réglages par défaut sont "
    "utilisés. L'ancien fichier a été gardé sous le nom {name}.",
    "toast.code_refused": "Code attendu de la forme GO1-C-ABCDEFG",
}

CATALOGUE: Mapping[str, Mapping[str, str]] = {"en": _EN, "fr": _FR}


def _language_of(tag: str | None) -> str | None:
    """The catalogue language for a locale tag such as ``fr_CA.UTF-8`` or ``French_France``."""
    if not tag:
        return None
    head = tag.strip().lower()
    if head in ("c", "posix") or head.startswith(("c.", "posix.")):
        return None
    if head.startswith(("fr", "french")):
        return "fr"
    return "en"


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The first language to offer: French when the system locale is French, else English."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        for part in value.split(":"):
            found = _language_of(part)
            if found is not None:
                return found
    if environ is None:
        try:
            found = _language_of(locale.getlocale()[0])
        except ValueError:
            found = None
        if found is not None:
            return found
    return "en"


@dataclass(frozen=True)
class Notice:
    """A message for the player, kept as a key so that it shows in the current language."""

    key: str
    fields: Mapping[str, str] = field(default_factory=dict)


class Texts:
    """The screen texts of one language; ``texts("hud.score")`` or with ``{name}`` fields."""

    def __init__(self, lang: str) -> None:
        if lang not in CATALOGUE:
            log.warning("unknown language %r, using English", lang)
            lang = "en"
        self.lang = lang

    def __call__(self, key: str, **fields: object) -> str:
        table = CATALOGUE[self.lang]
        text = table.get(key)
        if text is None:
            log.warning("missing text %r in %s", key, self.lang)
            text = CATALOGUE["en"].get(key, key)
        return text.format(**fields) if fields else text

    def notice(self, notice: Notice) -> str:
        """The text of a notice in this language."""
        return self(notice.key, **notice.fields)

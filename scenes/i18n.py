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

from scenes.sixcard.texts import SIX_EN, SIX_FR

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
    "title.how_to_play": "How to play",
    "over.save_replay": "Save replay as…",
    "over.watch_replay": "Watch replay",
    "save.title": "Save replay as…",
    "save.name": "Name",
    "save.where": "Saved in {folder}",
    "save.hint": "Any name of at most {limit} characters, without / \\ : * ? \" < > |",
    "save.save": "Save",
    "save.ok": "OK",
    "save.done": "Replay saved:",
    "save.name_empty": "Type a name for the replay",
    "save.name_long": "That name is too long: at most {limit} characters",
    "save.name_bad": "“{name}” cannot be a file name: leave out / \\ : * ? \" < > |, and a dot at either end",
    "save.exists": "A replay named “{name}” already exists: choose another name",
    "save.failed": "The replay could not be saved: {error}",
    "replays.title": "Replays",
    "replays.name": "Replay",
    "replays.code": "Code",
    "replays.rules": "Rules",
    "replays.result": "Result",
    "replays.date": "Date",
    "replays.sample": "sample",
    "replays.saved": "your game",
    "replays.layout": "set layout",
    "replays.outcome.won": "Won",
    "replays.outcome.blocked": "Blocked",
    "replays.outcome.playing": "Unfinished",
    "replays.unreadable": "Cannot be read: {error}",
    "replays.empty": "No replays yet: every game you play is saved here.",
    "replays.count": "{count} replays — ↑ ↓ to choose, Enter to watch",
    "replays.folder": "Your games are saved in {folder}",
    "replays.page_up": "Page up",
    "replays.page_down": "Page down",
    "replays.watch": "Watch",
    "watch.to_start": "|◀◀",
    "watch.step_back": "|◀",
    "watch.play": "▶",
    "watch.pause": "❚❚",
    "watch.step": "▶|",
    "watch.to_end": "▶▶|",
    "watch.slower": "−",
    "watch.faster": "+",
    "watch.close": "Back",
    "watch.speed_label": "Speed",
    "watch.speed": "{speed}×",
    "watch.as_recorded": "as recorded",
    "watch.count": "{index} / {total}",
    "watch.playing": "playing",
    "watch.paused": "paused",
    "watch.finished": "end",
    "watch.at_start": "The deal",
    "watch.action_draw": "Draw",
    "watch.action_undo": "Undo",
    "watch.action_play": "Play column {column}",
    "watch.undo_toast": "Undo",
    "watch.badge": "REPLAY",
    "watch.keys": "Space play / pause · ← → one action · Home End start / end · ↑ ↓ speed · click the bar to jump · Esc back",
    "tutorial.title": "How to play",
    "tutorial.step": "Step {index} of {total}",
    "tutorial.next": "Next",
    "tutorial.rules": "Read the rules",
    "tutorial.continue_hint": "Enter or click Next to go on",
    "tutorial.do_hint": "Make the move shown",
    "tutorial.not_this": "Not this one: try the highlighted card",
    "tutorial.not_undo": "Not now: follow the steps",
    "tutorial.broken": "The tutorial could not be loaded: {error}",
    "rulespage.title": "Rules",
    "rulespage.variant": "Variant",
    "rulespage.play": "Play these rules",
    "rulespage.scroll": "↑ ↓ to scroll, ← → to change the rules",
    "rulespage.goal": "Goal",
    "rulespage.goal_text": "Clear all 35 cards of the seven columns onto the waste. The game is won as soon as the columns are empty, even with cards left in the stock.",
    "rulespage.deal": "The deal",
    "rulespage.deal_text": "Seven columns of five face-up cards. Only the bottom card of each column is free. One card is turned onto the waste; the others are the stock.",
    "rulespage.deal_empty_waste": "Seven columns of five face-up cards. Only the bottom card of each column is free. The waste starts empty: the first card played may be any free card. The others are the stock.",
    "rulespage.play_title": "Playing a card",
    "rulespage.play_text": "A free card goes onto the waste if its rank is one higher or one lower than the waste card, whatever the suits. It becomes the new waste card and frees the card above it.",
    "rulespage.king_ace_on": "Kings and Aces are linked: an Ace goes on a King and a King on an Ace.",
    "rulespage.king_ace_off": "Kings and Aces are not linked: no Ace on a King, no King on an Ace.",
    "rulespage.queen_on": "A Queen goes on a King.",
    "rulespage.queen_off": "Nothing goes on a King.",
    "rulespage.queen_off_ace": "Nothing goes on a King but an Ace.",
    "rulespage.jokers_one": "One joker is in the deck. A joker is wild: it goes on any card, and any card goes on it.",
    "rulespage.jokers_two": "Two jokers are in the deck. A joker is wild: it goes on any card, and any card goes on it.",
    "rulespage.draw": "Drawing",
    "rulespage.draw_any": "You may draw at any time: the next stock card is turned onto the waste and becomes the card to follow. The stock is never turned over again.",
    "rulespage.draw_stuck": "You may draw only when no free card can be played. The stock is never turned over again.",
    "rulespage.end": "The end",
    "rulespage.end_text": "The game is blocked when the stock is empty and no free card can be played.",
    "rulespage.score": "Score",
    "rulespage.score_points": "Points: 10 for each card removed, nothing for a draw. When the game blocks, 10 points are taken off for each card left in the columns; the score never goes below 0. A cleared table is worth 350.",
    "rulespage.score_strokes": "Strokes, as in golf: a blocked deal costs one stroke for each card left in the columns; a cleared deal scores minus one for each card left in the stock. The lowest total wins: a round is nine deals (holes), par 45.",
    "rulespage.undo": "Undo",
    "rulespage.undo_text": "Undo takes back the last actions, up to 100: the card goes back, and so do the points. The move counter counts every action and never goes down.",
    "rulespage.controls": "Controls",
    "rulespage.controls_text": "Click a free card or press its column number 1 to 7. Click the stock or press Space to draw. U, Backspace or Ctrl+Z undo; H shows a hint; Esc opens the menu. Arrows and Enter move a cursor and play.",
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
    "title.how_to_play": "Comment jouer",
    "over.save_replay": "Enregistrer sous…",
    "over.watch_replay": "Revoir la partie",
    "save.title": "Enregistrer la partie sous…",
    "save.name": "Nom",
    "save.where": "Enregistrée dans {folder}",
    "save.hint": "Un nom d'au plus {limit} caractères, sans / \\ : * ? \" < > |",
    "save.save": "Enregistrer",
    "save.ok": "OK",
    "save.done": "Partie enregistrée :",
    "save.name_empty": "Tapez un nom pour la partie",
    "save.name_long": "Ce nom est trop long : au plus {limit} caractères",
    "save.name_bad": "« {name} » ne peut pas être un nom de fichier : sans / \\ : * ? \" < > |, ni point au début ou à la fin",
    "save.exists": "Une partie nommée « {name} » existe déjà : choisissez un autre nom",
    "save.failed": "Impossible d'enregistrer la partie : {error}",
    "replays.title": "Rediffusions",
    "replays.name": "Partie",
    "replays.code": "Code",
    "replays.rules": "Règles",
    "replays.result": "Résultat",
    "replays.date": "Date",
    "replays.sample": "exemple",
    "replays.saved": "votre partie",
    "replays.layout": "donne imposée",
    "replays.outcome.won": "Gagnée",
    "replays.outcome.blocked": "Bloquée",
    "replays.outcome.playing": "Inachevée",
    "replays.unreadable": "Illisible : {error}",
    "replays.empty": "Pas encore de rediffusion : chaque partie jouée est enregistrée ici.",
    "replays.count": "{count} rediffusions — ↑ ↓ pour choisir, Entrée pour regarder",
    "replays.folder": "Vos parties sont enregistrées dans {folder}",
    "replays.page_up": "Page précédente",
    "replays.page_down": "Page suivante",
    "replays.watch": "Regarder",
    "watch.to_start": "|◀◀",
    "watch.step_back": "|◀",
    "watch.play": "▶",
    "watch.pause": "❚❚",
    "watch.step": "▶|",
    "watch.to_end": "▶▶|",
    "watch.slower": "−",
    "watch.faster": "+",
    "watch.close": "Retour",
    "watch.speed_label": "Vitesse",
    "watch.speed": "{speed}×",
    "watch.as_recorded": "comme jouée",
    "watch.count": "{index} / {total}",
    "watch.playing": "lecture",
    "watch.paused": "pause",
    "watch.finished": "fin",
    "watch.at_start": "La donne",
    "watch.action_draw": "Pioche",
    "watch.action_undo": "Annulation",
    "watch.action_play": "Joue la colonne {column}",
    "watch.undo_toast": "Annulation",
    "watch.badge": "REDIFFUSION",
    "watch.keys": "Espace lecture / pause · ← → une action · Début Fin · ↑ ↓ vitesse · cliquez la barre pour y aller · Échap retour",
    "tutorial.title": "Comment jouer",
    "tutorial.step": "Étape {index} sur {total}",
    "tutorial.next": "Suivant",
    "tutorial.rules": "Lire les règles",
    "tutorial.continue_hint": "Entrée ou Suivant pour continuer",
    "tutorial.do_hint": "Jouez le coup indiqué",
    "tutorial.not_this": "Pas celle-ci : essayez la carte en surbrillance",
    "tutorial.not_undo": "Pas maintenant : suivez les étapes",
    "tutorial.broken": "Impossible de charger le tutoriel : {error}",
    "rulespage.title": "Règles",
    "rulespage.variant": "Variante",
    "rulespage.play": "Jouer avec ces règles",
    "rulespage.scroll": "↑ ↓ pour faire défiler, ← → pour changer de règles",
    "rulespage.goal": "But du jeu",
    "rulespage.goal_text": "Envoyer sur la défausse les 35 cartes des sept colonnes. La partie est gagnée dès que les colonnes sont vides, même s'il reste des cartes dans la pioche.",
    "rulespage.deal": "La donne",
    "rulespage.deal_text": "Sept colonnes de cinq cartes visibles. Seule la carte du bas de chaque colonne est libre. Une carte est retournée sur la défausse ; les autres forment la pioche.",
    "rulespage.deal_empty_waste": "Sept colonnes de cinq cartes visibles. Seule la carte du bas de chaque colonne est libre. La défausse commence vide : la première carte jouée peut être n'importe quelle carte libre. Les autres forment la pioche.",
    "rulespage.play_title": "Jouer une carte",
    "rulespage.play_text": "Une carte libre va sur la défausse si son rang est d'un cran supérieur ou inférieur à celui de la carte de la défausse, quelle que soit la couleur. Elle devient la nouvelle carte de la défausse et libère la carte du dessus.",
    "rulespage.king_ace_on": "Le Roi et l'As sont liés : un As va sur un Roi et un Roi sur un As.",
    "rulespage.king_ace_off": "Le Roi et l'As ne sont pas liés : pas d'As sur un Roi, pas de Roi sur un As.",
    "rulespage.queen_on": "Une Dame va sur un Roi.",
    "rulespage.queen_off": "Rien ne va sur un Roi.",
    "rulespage.queen_off_ace": "Rien ne va sur un Roi, sauf un As.",
    "rulespage.jokers_one": "Le jeu compte un joker. Le joker est libre : il va sur n'importe quelle carte, et n'importe quelle carte va sur lui.",
    "rulespage.jokers_two": "Le jeu compte deux jokers. Un joker est libre : il va sur n'importe quelle carte, et n'importe quelle carte va sur lui.",
    "rulespage.draw": "Piocher",
    "rulespage.draw_any": "Vous pouvez piocher à tout moment : la carte suivante de la pioche est retournée sur la défausse et devient la carte à suivre. La pioche n'est jamais reprise.",
    "rulespage.draw_stuck": "Vous ne pouvez piocher que si aucune carte libre ne peut être jouée. La pioche n'est jamais reprise.",
    "rulespage.end": "La fin",
    "rulespage.end_text": "La partie est bloquée quand la pioche est vide et qu'aucune carte libre ne peut être jouée.",
    "rulespage.score": "Score",
    "rulespage.score_points": "Points : 10 par carte enlevée, rien pour une pioche. Quand la partie se bloque, 10 points sont retirés par carte restée dans les colonnes ; le score ne descend jamais sous 0. Une table dégagée vaut 350.",
    "rulespage.score_strokes": "Coups, comme au golf : une donne bloquée coûte un coup par carte restée dans les colonnes ; une donne dégagée compte moins un par carte restée dans la pioche. Le plus petit total gagne : une manche fait neuf donnes (trous), par 45.",
    "rulespage.undo": "Annuler",
    "rulespage.undo_text": "Annuler reprend les dernières actions, jusqu'à 100 : la carte revient, les points aussi. Le compteur d'actions compte chaque action et ne descend jamais.",
    "rulespage.controls": "Commandes",
    "rulespage.controls_text": "Cliquez une carte libre ou tapez le numéro de sa colonne, de 1 à 7. Cliquez la pioche ou appuyez sur Espace pour piocher. U, Retour arrière ou Ctrl+Z annulent ; H montre un indice ; Échap ouvre le menu. Les flèches et Entrée déplacent un curseur et jouent.",
}

# the six-card screens keep their texts beside them (keys "six.…", "title.six_card")
CATALOGUE: Mapping[str, Mapping[str, str]] = {"en": {**_EN, **SIX_EN}, "fr": {**_FR, **SIX_FR}}


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

"""Read the game's own text off a screenshot of its window (scripts/exe_walk.sh uses it).

    screen_text.py shows SHOT TEXT [TEXT...]   exit 0 when every TEXT is on the screen
    screen_text.py which SHOT TEXT [TEXT...]   print the first TEXT that is on the screen
    screen_text.py where SHOT TEXT             print "X Y", the middle of TEXT on the screen
    screen_text.py room SHOT                   print "ADDRESS CODE" of the room the lobby hosts

A TEXT is a key of the English catalogue (``title.stats``), with its fields when it has some
(``net.lobby.code{code=K7P2QX}``, commas between them), or ``=words`` taken as they are. A
catalogue text too long for its line is wrapped by the game: it counts as shown when its first
:data:`FIRST_WORDS` words are.

The screenshot must be the window at 1280×720, the logical screen pixel for pixel. Nothing is
guessed from the picture: the text is drawn again with the game's own type (``scenes.core.look``,
the bundled fonts) and its pixels looked for, in every colour of the palette, at every size and
in each face. A text counts as shown when every pixel of its letters has the colour exactly and
few others of that colour lie among them (so a plain patch of that colour is no match).

``room`` finds the lobby's line ``Hosting on ADDRESS — room code CODE`` and reads it a letter
at a time: each candidate drawn after what is read so far, the one whose pixels fit best kept;
the whole line drawn again must then fit exactly, or nothing is printed (exit status 1).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from golfnet.protocol import CODE_LENGTH, CODE_LETTERS, show_code  # noqa: E402
from scenes.core.i18n import Texts  # noqa: E402
from scenes.core.look import PALETTE, SCREEN_SIZE, Type  # noqa: E402

SIZES = (10, 7, 8, 6, 12, 16, *range(9, 31))
"""The sizes of type to try, in art pixels (the most common first; some repeat, tried once)."""
FACES = ("bold", "mono", "regular")
FIRST_WORDS = 4
"""The first words of a wrapped text that count as its showing."""
MIN_PIXELS = 12
"""Fewer pixels than this are too few to tell one text from another."""
STRAY = 0.04
"""At most this share of extra pixels of the text's colour among its letters."""
ADDRESS_LETTERS = "0123456789.:"

Colour = tuple[int, int, int]


class Screen:
    """A screenshot, and for each colour of the palette the pixels of exactly that colour."""

    def __init__(self, path: Path) -> None:
        loaded = pygame.image.load(str(path))
        if loaded.get_size() != SCREEN_SIZE:
            raise SystemExit(f"{path}: {loaded.get_size()}, not the window at {SCREEN_SIZE}")
        # a picture of few colours comes as a palette PNG: its masks need the colours themselves
        self.image = pygame.Surface(SCREEN_SIZE, depth=32)
        self.image.blit(loaded, (0, 0))
        self.masks: dict[Colour, pygame.mask.Mask] = {}
        self.parts: dict[Colour, dict[tuple[int, int], list[pygame.Rect]]] = {}
        """The bounding boxes of each colour's connected pieces, by their size."""
        for colour in dict.fromkeys(tuple(c) for c in dataclasses.astuple(PALETTE)):
            mask = pygame.mask.from_threshold(self.image, colour, (1, 1, 1, 255))
            if not mask.count():
                continue
            self.masks[colour] = mask
            by_size: dict[tuple[int, int], list[pygame.Rect]] = {}
            for rect in mask.get_bounding_rects():
                by_size.setdefault(rect.size, []).append(rect)
            self.parts[colour] = by_size
        self.sizes = {size for by_size in self.parts.values() for size in by_size}


def letters(type_: Type, text: str, size: int, face: str = "bold") -> pygame.mask.Mask:
    """The pixels of ``text``'s letters as the game draws them (opaque ones only: smooth small
    type has soft edges, whose colour depends on what lies under them)."""
    surface = type_.render(text, size, PALETTE.white, face=face)
    return pygame.mask.from_surface(surface, 254)


def fits(screen: Screen, colour: Colour, shape: pygame.mask.Mask, at: tuple[int, int]) -> bool:
    """Whether ``shape`` at ``at`` is all ``colour`` on the screen, with few strays among it."""
    mask = screen.masks[colour]
    want = shape.count()
    if mask.overlap_area(shape, at) != want:
        return False
    box = pygame.mask.Mask(shape.get_size(), fill=True)
    return mask.overlap_area(box, at) - want <= STRAY * want


def find(screen: Screen, shape: pygame.mask.Mask) -> tuple[Colour, tuple[int, int]] | None:
    """Where ``shape`` is on the screen, and in which colour: its largest connected piece is
    matched to each piece of the same size on the screen, then the whole shape there."""
    if shape.count() < MIN_PIXELS:
        return None
    anchor = max(shape.get_bounding_rects(), key=lambda r: (r.width * r.height, -r.x))
    if anchor.size not in screen.sizes:
        return None
    for colour, by_size in screen.parts.items():
        for rect in by_size.get(anchor.size, ()):
            at = (rect.x - anchor.x, rect.y - anchor.y)
            if fits(screen, colour, shape, at):
                return colour, at
    return None


@dataclasses.dataclass(frozen=True)
class Found:
    """Where a text is on the screen and how it is drawn."""

    size: int
    face: str
    colour: Colour
    at: tuple[int, int]
    """The top left corner of the text's surface."""
    middle: tuple[int, int]
    """The middle of its letters."""


def shown(screen: Screen, type_: Type, text: str) -> Found | None:
    """Where ``text`` is on the screen, or None."""
    for face in FACES:
        for size in dict.fromkeys(SIZES):
            shape = letters(type_, text, size, face)
            found = find(screen, shape)
            if found is not None:
                colour, at = found
                box = shape.get_bounding_rects()
                union = box[0].unionall(box[1:])
                middle = (at[0] + union.centerx, at[1] + union.centery)
                return Found(size, face, colour, at, middle)
    return None


def mismatch(screen: Screen, colour: Colour, shape: pygame.mask.Mask, at: tuple[int, int]) -> int:
    """How many pixels of the box of ``shape`` at ``at`` disagree with the screen's ``colour``."""
    mask = screen.masks[colour]
    box = pygame.mask.Mask(shape.get_size(), fill=True)
    on_screen = mask.overlap_area(box, at)
    both = mask.overlap_area(shape, at)
    return (shape.count() - both) + (on_screen - both)


def read_on(screen: Screen, type_: Type, found: Found, read: str, choices: list[str]) -> str:
    """The choice that, drawn after ``read`` as ``found`` is drawn, fits the screen best (on a
    tie, the one with more pixels: a narrow letter can fit the left part of a wide one)."""

    def score(choice: str) -> tuple[int, int]:
        shape = letters(type_, read + choice, found.size, found.face)
        return mismatch(screen, found.colour, shape, found.at), -shape.count()

    return min(choices, key=score)


def read_room(screen: Screen, type_: Type, texts: Texts) -> tuple[str, str] | None:
    """The address and code of the lobby's ``net.lobby.hosting`` line, or None."""
    template = texts("net.lobby.hosting", address="\0", code="\1")
    head, rest = template.split("\0")
    middle = rest.split("\1")[0]
    found = shown(screen, type_, head.rstrip())
    if found is None:
        return None
    read = head
    while len(read) < len(head) + 30:  # an address is at most host:port
        choice = read_on(screen, type_, found, read, [*ADDRESS_LETTERS, middle])
        read += choice
        if choice == middle:
            break
    else:
        return None
    address = read[len(head) : -len(middle)]
    shown_length = len(show_code("A" * CODE_LENGTH))  # ABC-DEF-GHJ
    for _ in range(shown_length):
        read += read_on(screen, type_, found, read, [*CODE_LETTERS, "-"])
    code = read[-shown_length:]
    line = texts("net.lobby.hosting", address=address, code=code)
    if mismatch(screen, found.colour, letters(type_, line, found.size, found.face), found.at):
        return None  # the line drawn again does not fit: read wrong, or not all on screen
    return address, code


def on_screen(screen: Screen, type_: Type, texts: Texts, text: str) -> Found | None:
    """Where a TEXT argument is on the screen (a long catalogue text: its first words)."""
    words = words_of(texts, text)
    found = shown(screen, type_, words)
    first = words.split(" ")[:FIRST_WORDS]
    if found is None and not text.startswith("=") and len(first) < len(words.split(" ")):
        found = shown(screen, type_, " ".join(first))
    return found


def words_of(texts: Texts, text: str) -> str:
    """A TEXT argument's words: ``=words`` as they are, else the key's English text."""
    if text.startswith("="):
        return text[1:]
    key, brace, fields = text.partition("{")
    if not brace:
        return texts(key)
    pairs = (field.split("=", 1) for field in fields.removesuffix("}").split(","))
    return texts(key, **dict(pairs))


class Reader:
    """The answers of the commands, with the type and the catalogue made once."""

    def __init__(self) -> None:
        pygame.font.init()
        self.type = Type()
        self.texts = Texts("en")

    def answer(self, command: str, shot: Path, args: list[str]) -> tuple[bool, str]:
        """Whether the command found what it looked for, and its line of output."""
        if command == "keep":  # a copy of the screenshot as PNG at args[0]
            pygame.image.save(pygame.image.load(str(shot)), args[0])
            return True, args[0]
        screen = Screen(shot)
        if command == "room":
            room = read_room(screen, self.type, self.texts)
            return (
                (False, f"no room code readable on {shot.name}")
                if room is None
                else (
                    True,
                    " ".join(room),
                )
            )
        if command == "which":
            first = next((t for t in args if self.find(screen, t)), None)
            return first is not None, first or ""
        if command == "where":
            spot = self.find(screen, args[0])
            if spot is None:
                return False, f"not on {shot.name}: {args[0]}"
            return True, f"{spot.middle[0]} {spot.middle[1]}"
        missing = [
            f"{text} ({words_of(self.texts, text)!r})"
            for text in args
            if self.find(screen, text) is None
        ]
        return not missing, f"not on {shot.name}: {', '.join(missing)}" if missing else ""

    def find(self, screen: Screen, text: str) -> Found | None:
        return on_screen(screen, self.type, self.texts, text)


def serve(reader: Reader) -> int:
    """Answer commands read from stdin, one a line (``COMMAND<tab>SHOT[<tab>TEXT...]``), with
    one line each: ``ok OUTPUT`` or ``no WHY`` (a walk asks hundreds: the program starts once)."""
    for line in sys.stdin:
        command, shot, *args = line.rstrip("\n").split("\t")
        try:
            found, output = reader.answer(command, Path(shot), args)
        except (OSError, pygame.error, SystemExit) as error:
            found, output = False, str(error)
        print("ok" if found else "no", output.replace("\n", " "), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for command, help_, texts in (
        ("shows", "exit 0 when every text is on the screenshot", "+"),
        ("which", "the first of the texts on the screenshot", "+"),
        ("where", "the middle of a text on the screenshot", 1),
        ("room", "the address and code of the room the lobby hosts", 0),
    ):
        parser_ = sub.add_parser(command, help=help_)
        parser_.add_argument("shot", type=Path)
        if texts:
            parser_.add_argument("texts", nargs=texts, metavar="TEXT")
    sub.add_parser("serve", help="answer commands from stdin, one a line")
    args = parser.parse_args(argv)
    reader = Reader()
    if args.command == "serve":
        return serve(reader)
    found, output = reader.answer(args.command, args.shot, getattr(args, "texts", []))
    if output:
        print(output, file=sys.stdout if found else sys.stderr)
    return 0 if found else 1


if __name__ == "__main__":
    sys.exit(main())

"""The game's voice: sentences said aloud through the platform's speech, when the option is on.

The announcements themselves are built below the window (``golf.solitaire.announce``,
``golf.sixcard.announce``); here they reach a :class:`Voice`, the first that works of:

- on Linux and the BSDs, ``spd-say`` (speech-dispatcher: the voice and speed the player chose for
  the Orca screen reader), else the ``espeak-ng`` or ``espeak`` command;
- on macOS, the system's own ``say`` command;
- on Windows, SAPI 5 through pyttsx3 (a dependency on Windows only), run from the frame loop
  (pyttsx3's external loop), never from a thread: SAPI and the macOS synthesiser misbehave off the
  main thread.

Speech is optional at run time: without any engine the game says so once (the caller shows the
message) and goes on silently. Each new sentence interrupts the one being said, so a quick player
is never told about moves long past. Tests use :class:`RecordingVoice`.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, Protocol, runtime_checkable

from scenes.core.i18n import Texts
from scenes.core.widgets import Button, Choice, Form, Menu

__all__ = [
    "CommandVoice",
    "EngineVoice",
    "RecordingVoice",
    "SaysItsFocus",
    "Speech",
    "Voice",
    "find_voice",
    "focused_label",
]

log = logging.getLogger(__name__)


class Voice(Protocol):
    """A speech engine: says a text (cutting off what it was saying), or writes it to a file."""

    name: str

    @property
    def busy(self) -> bool:
        """Whether it is still saying something."""
        ...

    def say(self, text: str, lang: str) -> None:
        """Say ``text`` in ``lang`` (``en`` or ``fr``) now, interrupting any earlier text."""
        ...

    def save(self, text: str, lang: str, path: Path) -> bool:
        """Write ``text`` spoken as a WAV file; False where the engine cannot."""
        ...

    def pump(self) -> None:
        """Let the engine work a little (called once a frame)."""
        ...

    def close(self) -> None:
        """Stop speaking and let the engine go."""
        ...


class RecordingVoice:
    """A voice that only notes what it is asked to say (tests, and a window without sound)."""

    name = "recording"

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []

    @property
    def busy(self) -> bool:
        return False

    def say(self, text: str, lang: str) -> None:
        self.said.append((text, lang))

    def save(self, text: str, lang: str, path: Path) -> bool:
        return False

    def pump(self) -> None:
        """Nothing to do."""

    def close(self) -> None:
        """Nothing to do."""

    @property
    def texts(self) -> list[str]:
        """What was said, in order, without the languages."""
        return [text for text, _ in self.said]


_Argv = Callable[[str, str], list[str]]  # (language, text) -> the command line
_ToFile = Callable[[str, str, str], list[str]]  # (language, text, file) -> the command line

# How each command is given a language and a text, and how it writes a file (None: it cannot).
_COMMANDS: Final[Mapping[str, tuple[_Argv, _ToFile | None]]] = MappingProxyType(
    {
        # -w: the command lasts as long as the speech (so the game knows when the voice is free);
        # -C: what speech-dispatcher was still saying is cut off, as a new sentence should
        "spd-say": (lambda lang, text: ["spd-say", "-w", "-C", "-l", lang, "--", text], None),
        "espeak-ng": (
            lambda lang, text: ["espeak-ng", "-v", lang, "--", text],
            lambda lang, text, path: ["espeak-ng", "-v", lang, "-w", path, "--", text],
        ),
        "espeak": (
            lambda lang, text: ["espeak", "-v", lang, "--", text],
            lambda lang, text, path: ["espeak", "-v", lang, "-w", path, "--", text],
        ),
        "say": (  # macOS: the system voice of the language
            lambda lang, text: ["say", *(["-v", "Thomas"] if lang == "fr" else []), "--", text],
            None,
        ),
    }
)


class CommandVoice:
    """A speech command (``spd-say``, ``espeak-ng``, ``espeak``, macOS ``say``) run for each
    sentence; a new sentence stops the one still being said."""

    def __init__(self, command: str, path: str) -> None:
        self.name = command
        self._path = path
        self._speaking: subprocess.Popen[bytes] | None = None

    @property
    def busy(self) -> bool:
        return self._speaking is not None and self._speaking.poll() is None

    def _argv(self, argv: list[str]) -> list[str]:
        return [self._path, *argv[1:]]

    def say(self, text: str, lang: str) -> None:
        self._stop()
        speak, _ = _COMMANDS[self.name]
        try:
            self._speaking = subprocess.Popen(
                self._argv(speak(lang, text)),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError as error:
            log.warning("speech command %s failed: %s", self.name, error)

    def save(self, text: str, lang: str, path: Path) -> bool:
        _, to_file = _COMMANDS[self.name]
        if to_file is None:
            return False
        done = subprocess.run(
            self._argv(to_file(lang, text, str(path))), capture_output=True, check=False, timeout=60
        )
        return done.returncode == 0 and path.exists()

    def _stop(self) -> None:
        speaking, self._speaking = self._speaking, None
        if speaking is not None and speaking.poll() is None:
            speaking.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                speaking.wait(timeout=0.5)

    def pump(self) -> None:
        """Reap the command once it has finished speaking."""
        if self._speaking is not None and self._speaking.poll() is not None:
            self._speaking = None

    def close(self) -> None:
        self._stop()


class EngineVoice:
    """pyttsx3 (SAPI 5 on Windows) in its external-loop mode: the frame loop pumps it."""

    name = "pyttsx3"

    def __init__(self, engine: Any) -> None:
        self._engine = engine
        self._voices: dict[str, str] = {}
        for voice in engine.getProperty("voices") or []:
            for language in getattr(voice, "languages", None) or []:
                code = str(language).lower().replace("_", "-")[:2]
                self._voices.setdefault(code, voice.id)
            name = str(getattr(voice, "name", "")).lower()
            if "french" in name or "français" in name:
                self._voices.setdefault("fr", voice.id)
            if "english" in name:
                self._voices.setdefault("en", voice.id)
        engine.startLoop(False)

    @property
    def busy(self) -> bool:
        return bool(self._engine.isBusy())

    def say(self, text: str, lang: str) -> None:
        engine = self._engine
        engine.stop()
        voice = self._voices.get(lang)
        if voice is not None:
            engine.setProperty("voice", voice)
        engine.say(text)

    def save(self, text: str, lang: str, path: Path) -> bool:
        return False  # pyttsx3 writes files only from its own loop, which the game's replaces

    def pump(self) -> None:
        self._engine.iterate()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._engine.stop()
            self._engine.endLoop()


def _engine_voice() -> Voice | None:
    try:
        import pyttsx3  # type: ignore[import-not-found, unused-ignore]

        return EngineVoice(pyttsx3.init())
    except Exception as error:  # ImportError, RuntimeError, OSError: whatever the driver raises
        log.info("no pyttsx3 speech: %s", error)
        return None


def _commands_for(platform: str) -> Sequence[str]:
    if platform == "win32":
        return ()
    if platform == "darwin":
        return ("say",)
    return ("spd-say", "espeak-ng", "espeak")


def find_voice(platform: str = sys.platform) -> Voice | None:
    """The first speech engine this machine has (see the module's docstring), or None."""
    for command in _commands_for(platform):
        path = shutil.which(command)
        if path is not None:
            log.info("speech through %s", path)
            return CommandVoice(command, path)
    return _engine_voice() if platform == "win32" else None


@runtime_checkable
class SaysItsFocus(Protocol):
    """A screen whose keyboard focus is neither a menu nor a form (the initials' places)."""

    def focus_words(self) -> str | None:
        """What has the focus, in words (None: nothing)."""
        ...


def focused_label(scene: object, texts: Texts) -> str | None:
    """The words of the button or option that has the keyboard focus on ``scene`` (its ``menu``
    or its ``form``, or its own words), an option with its value; None when it shows no focus."""
    if isinstance(scene, SaysItsFocus):
        return scene.focus_words()
    menu = getattr(scene, "menu", None)
    item: Button | Choice | None = None
    if isinstance(menu, Menu) and menu.show_focus and menu.buttons:
        item = menu.buttons[menu.focus]
    form = getattr(scene, "form", None)
    if item is None and isinstance(form, Form):
        item = form.focused
    if isinstance(item, Choice):
        return f"{texts(item.key)}: {item.show(item.value)}"
    if isinstance(item, Button):
        typed = getattr(item, "text", "")  # a text field (a game code, a replay's name)
        return (
            f"{item.label(texts)}: {typed}"
            if isinstance(typed, str) and typed
            else (item.label(texts))
        )
    return None


class Speech:
    """The app's speech: on or off (the "speak" option), its voice found on first use."""

    def __init__(self, find: Callable[[], Voice | None] = find_voice) -> None:
        self._find = find
        self._voice: Voice | None = None
        self._looked = False
        self._told = False  # the player was told there is no speech engine
        self._waiting: list[tuple[str, str]] = []  # said once the voice is free
        self._focus: tuple[int, str] | None = None  # the screen and the focused words last said
        self._focus_waiting: tuple[str, str] | None = None  # focus words queued, not yet said
        self.on = False

    def configure(self, on: bool) -> None:
        """Follow the option; off stops what is being said."""
        if self.on and not on and self._voice is not None:
            self._voice.close()
            self._waiting.clear()
        self.on = on

    @property
    def voice(self) -> Voice | None:
        """The engine in use (looked for once, when first needed)."""
        if not self._looked:
            self._looked = True
            self._voice = self._find()
            if self._voice is None:
                log.warning("no speech engine found: the game goes on without speech")
        return self._voice

    def say(self, text: str, lang: str, interrupt: bool = True) -> bool:
        """Say ``text`` when speech is on: at once, cutting off anything being said, or
        (``interrupt`` False: the computers' moves, which a player should hear in full) after
        what is being said. True only the first time it cannot, for want of an engine: the
        caller then tells the player, once."""
        if not self.on:
            return False
        voice = self.voice
        if voice is None:
            told, self._told = self._told, True
            return not told
        if not text:
            return False
        if interrupt:
            self._waiting.clear()
        if not interrupt and (voice.busy or self._waiting):
            self._waiting.append((text, lang))
        else:
            voice.say(text, lang)
        return False

    def follow_focus(self, scene: object, texts: Texts) -> None:
        """Once a frame: say the focused button or option of the screen on top when it changes
        (a menu is then used without seeing it)."""
        if not self.on or self.voice is None:
            return  # without an engine, the first table or the options say so
        label = focused_label(scene, texts)
        here = (id(scene), label or "")
        if label and here != self._focus:
            # a new screen waits for what is being said (a game's last move); a move of the
            # focus on the same screen cuts in — unless moves of the computers wait to be
            # heard: then it waits too, in place of any focus words still waiting
            same = self._focus is not None and self._focus[0] == here[0]
            if self._focus_waiting is not None and self._focus_waiting in self._waiting:
                self._waiting.remove(self._focus_waiting)
            waits = not same or bool(self._waiting)
            self.say(label, texts.lang, interrupt=not waits)
            self._focus_waiting = (label, texts.lang) if waits else None
        self._focus = here

    def pump(self) -> None:
        """Once a frame: let the engine speak, and start what waits once it is free."""
        voice = self._voice
        if voice is None:
            return
        voice.pump()
        if self._waiting and not voice.busy:
            voice.say(*self._waiting.pop(0))

    def close(self) -> None:
        """The window closes."""
        if self._voice is not None:
            self._voice.close()

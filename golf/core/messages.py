"""Messages on one line: what every error the game prints or shows is.

A message made from another library's text may hold line breaks (libyaml's reader says where a
bad character is on a second line); the command line prints each error as one line, and the
window's lists show it in one row. :func:`one_line` is the one place they are joined.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["one_line"]

_LINE_BREAKS: Final = re.compile(r"[ \t]*[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]+[ \t]*")


def one_line(message: str) -> str:
    """``message`` on one line: a line break and the spaces around it become one space."""
    return _LINE_BREAKS.sub(" ", message.strip())

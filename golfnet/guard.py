"""What keeps a server standing against its clients: a message rate per connection, a count of
each connection's offences (malformed, oversized, too frequent, refused tokens) with the number
that ends the connection, and a rate of room-code and token guesses per address.

Pure bookkeeping with the time passed in, so that tests drive it without a clock.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Final

RATE: Final = 20.0
"""Messages a second a connection may send, on average…"""
BURST: Final = 40.0
"""…and at most this many at once."""
OFFENCES: Final = 10
"""A connection that offends this many times is closed."""
GUESSES: Final = 5
"""Wrong room codes or tokens an address may try…"""
GUESS_WINDOW: Final = 10.0
"""…in this many seconds; past it, every try is refused until the window has passed."""


@dataclass
class Bucket:
    """A token bucket: ``allow`` takes one token if there is one."""

    rate: float = RATE
    burst: float = BURST
    tokens: float = BURST
    last: float = 0.0

    def allow(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


@dataclass
class Offences:
    """One connection's offences by kind; ``too_many`` once their sum reaches the limit."""

    limit: int = OFFENCES
    kinds: Counter[str] = field(default_factory=Counter)

    def add(self, kind: str) -> bool:
        """Count one; True when the connection must now be closed."""
        self.kinds[kind] += 1
        return self.too_many

    @property
    def too_many(self) -> bool:
        return sum(self.kinds.values()) >= self.limit


@dataclass
class Guesses:
    """Wrong guesses per address, in a sliding window."""

    limit: int = GUESSES
    window: float = GUESS_WINDOW
    wrong: dict[str, list[float]] = field(default_factory=dict)

    def _recent(self, address: str, now: float) -> list[float]:
        times = [t for t in self.wrong.get(address, ()) if now - t < self.window]
        if times:
            self.wrong[address] = times
        else:
            self.wrong.pop(address, None)
        return times

    def blocked(self, address: str, now: float) -> bool:
        """This address has used its tries: refuse any guess without looking."""
        return len(self._recent(address, now)) >= self.limit

    def missed(self, address: str, now: float) -> None:
        self._recent(address, now)
        self.wrong.setdefault(address, []).append(now)

    def forget_old(self, now: float) -> None:
        """Drop the addresses whose window has passed (the server calls it now and then)."""
        for address in list(self.wrong):
            self._recent(address, now)

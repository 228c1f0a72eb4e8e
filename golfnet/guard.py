"""What keeps a server standing against its clients: a message rate per connection, a count of
each connection's offences (malformed, oversized, too frequent, refused tokens) that decays with
time, with the number that ends the connection, and a rate of room-code and token guesses per
address and for the whole server.

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
"""A connection whose count of offences reaches this is closed…"""
FORGET: Final = 30.0
"""…the count going down by one every this many seconds (an offence now and then is forgotten;
a burst of them is not)."""
GUESSES: Final = 5
"""Wrong room codes or tokens an address may try…"""
GUESS_WINDOW: Final = 10.0
"""…in this many seconds; past it, every try is refused until the window has passed."""
SERVER_GUESSES: Final = 300.0
"""Wrong room codes or tokens the whole server takes in a minute (at most this many at once):
past it, every try from anyone is refused unread until the bucket refills. With N rooms open a
guess finds one with the chance N / 23**9, so one room takes 23**9 / N guesses on average:
9.0 x 10**8 with 2000 rooms, about 5.7 years at this rate."""


@dataclass(slots=True)
class Bucket:
    """A token bucket: ``allow`` takes one token if there is one."""

    rate: float = RATE
    burst: float = BURST
    tokens: float = BURST
    last: float = 0.0

    def level(self, now: float) -> float:
        """The tokens there are now (none taken)."""
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.last) * self.rate)
        self.last = max(self.last, now)
        return self.tokens

    def allow(self, now: float) -> bool:
        if self.level(now) < 1.0:
            return False
        self.tokens -= 1.0
        return True


@dataclass(slots=True)
class Offences:
    """One connection's offences: by kind (what it did), and a count that loses one for every
    ``forget`` seconds that pass; ``too_many`` once that count has reached the limit."""

    limit: int = OFFENCES
    forget: float = FORGET
    kinds: Counter[str] = field(default_factory=Counter)
    count: int = 0
    since: float = 0.0
    """When the count last lost one (or its first offence, when it was at none)."""
    too_many: bool = False

    def add(self, kind: str, now: float) -> bool:
        """Count one at time ``now``; True when the connection must now be closed."""
        self.kinds[kind] += 1
        if self.level(now) == 0:
            self.since = now
        self.count += 1
        if self.count >= self.limit:
            self.too_many = True
        return self.too_many

    def level(self, now: float) -> int:
        """The count at time ``now``: one less for each ``forget`` seconds since ``since``."""
        passed = int(max(0.0, now - self.since) // self.forget)
        if passed and self.count:
            self.count = max(0, self.count - passed)
            self.since += passed * self.forget
        return self.count


def _server_bucket() -> Bucket:
    return Bucket(SERVER_GUESSES / 60.0, SERVER_GUESSES, SERVER_GUESSES)


@dataclass
class Guesses:
    """Wrong guesses per address, in a sliding window, and for the whole server, a bucket."""

    limit: int = GUESSES
    window: float = GUESS_WINDOW
    wrong: dict[str, list[float]] = field(default_factory=dict)
    everyone: Bucket = field(default_factory=_server_bucket)

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

    def spent(self, now: float) -> bool:
        """The whole server has used its wrong guesses: refuse any guess without looking."""
        return self.everyone.level(now) < 1.0

    def missed(self, address: str, now: float) -> None:
        self._recent(address, now)
        self.wrong.setdefault(address, []).append(now)
        self.everyone.allow(now)

    def forget_old(self, now: float) -> None:
        """Drop the addresses whose window has passed (the server calls it now and then)."""
        for address in list(self.wrong):
            self._recent(address, now)

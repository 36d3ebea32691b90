"""Seat tokens of the browser games: which device plays which seat, and the invite.

A device's token is ``"<seats>.<signature>"``, the seats (``"A"``, ``"B"`` or ``"AB"``
on a shared device) signed with the game's number and its match's PIN; the invite key
of an online game, signed the same way, gives seat B's token to the second device.
"""

from __future__ import annotations

import dataclasses
import hmac

from rotation61.rules import IllegalActionError, Seat
from rotation61.web.core.errors import AuthenticationError
from rotation61.web.core.model import GameMode, StoredMatch
from rotation61.web.core.security import Signer

__all__ = ["SeatGrant", "grant_invited", "grant_new_game", "invite_key", "seat_token", "seats_of"]

_SEATS = ("A", "B", "AB")


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SeatGrant:
    """The seats a device is given in a game.

    Attributes:
        token: the device's seat token (sent as ``X-Play-Token``).
        seats: the seats it holds: ``"A"``, ``"B"`` or ``"AB"``.
        invite: the invite key of an online game just created, ``None`` otherwise.
    """

    token: str
    seats: str
    invite: str | None = None


def seat_token(signer: Signer, match_id: int, seats: str, pin: str) -> str:
    """The token of a game's seats (``"A"``, ``"B"`` or ``"AB"`` on one device)."""
    return f"{seats}.{signer.mac('play', f'{match_id}:{seats}:{pin}')}"


def invite_key(signer: Signer, match_id: int, pin: str) -> str:
    """The key of an online game's invite link (it gives seat B's token)."""
    return signer.mac("play-invite", f"{match_id}:{pin}")


def grant_new_game(signer: Signer, stored: StoredMatch, mode: GameMode) -> SeatGrant:
    """The creating device's seats: both on a shared device, else A (and the invite)."""
    seats = "AB" if mode is GameMode.HOTSEAT else "A"
    return SeatGrant(
        token=seat_token(signer, stored.id, seats, stored.pin),
        seats=seats,
        invite=invite_key(signer, stored.id, stored.pin) if mode is GameMode.ONLINE else None,
    )


def grant_invited(signer: Signer, stored: StoredMatch, mode: GameMode, key: str) -> SeatGrant:
    """Seat B of an online game, for the key of its invite link.

    Raises:
        IllegalActionError: the game is not an online game.
        AuthenticationError: the key is not the game's invite key.
    """
    if mode is not GameMode.ONLINE:
        raise IllegalActionError(f"game {stored.id} is not an online game")
    if not hmac.compare_digest(key.encode(), invite_key(signer, stored.id, stored.pin).encode()):
        raise AuthenticationError(f"wrong invite key for game {stored.id}")
    return SeatGrant(token=seat_token(signer, stored.id, "B", stored.pin), seats="B")


def seats_of(signer: Signer, stored: StoredMatch, token: str) -> frozenset[Seat]:
    """The seats of a game that a device's token holds.

    Raises:
        AuthenticationError: no token, or not a token of this game.
    """
    seats, _, _mac = token.partition(".")
    if seats in _SEATS and hmac.compare_digest(
        token.encode(), seat_token(signer, stored.id, seats, stored.pin).encode()
    ):
        return frozenset(Seat[s] for s in seats)
    raise AuthenticationError(f"this device does not play in game {stored.id} (no seat token)")

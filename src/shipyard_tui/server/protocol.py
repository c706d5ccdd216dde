"""The table host's wire format: one JSON object per line, each with an ``op``.

From a player's interface to the host:

| op | fields | does |
|---|---|---|
| ``hello`` | ``player`` or ``fingerprint`` | says who is at this connection (once) |
| ``claim`` | ``name`` | picks a name for an unnamed key (``--open``) |
| ``create`` | ``seats``, ``stand_in``, ``stand_in_level``, ``bot_delay`` | opens a table |
| | (a seat: ``me``, ``open``, ``for:NAME`` kept for a player, ``bot:LEVEL``) | |
| ``join`` | ``table``, ``seat`` (optional) | sits at an open seat, or back at one's own |
| ``watch`` | ``table`` | follows a table's public view |
| ``leave`` | | back to the lobby (a seat stays taken) |
| ``play`` | ``table``, ``move`` | plays a move for the sender's seat |
| ``undo`` | ``table`` | takes back the sender's last move of the turn |
| ``remove`` | ``table`` | takes a finished table out of the sender's lobby |
| ``stand_in`` | ``table``, ``seconds`` | a bot plays for the away after so long (``null``: never) |

From the host: ``welcome`` (``player``, or ``need_name``; ``table``: the table the
lobby's cursor starts on, when the player is not sat straight back down), ``lobby``
(``tables``),
``game`` (one seat's view: see :meth:`.host.TableHost.game_message`), ``taken_over``
(``table``, ``message``: another connection of this player sat down at the seat this
one held, which is now in the lobby) and ``error`` (``message``).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

MAX_LINE = 4 * 1024 * 1024
"""The longest message either side accepts (a whole view with its events is far less)."""


class ProtocolError(Exception):
    """A message that is not one line of JSON object with an ``op``."""


def encode(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode("utf-8") + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    try:
        message = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(f"not JSON: {exc}") from None
    if not isinstance(message, dict) or not isinstance(message.get("op"), str):
        raise ProtocolError("a message is a JSON object with an 'op'")
    return message


async def read_message(reader: asyncio.StreamReader) -> dict[str, Any] | None:
    """The next message, or ``None`` at the end of the stream."""
    try:
        line = await reader.readline()
    except (asyncio.LimitOverrunError, ValueError):
        raise ProtocolError("message too long") from None
    if not line:
        return None
    return decode(line)

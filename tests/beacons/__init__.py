"""Beacons: a tiny third game that exists only for the tests.

It proves the game seam is real: it plugs into the program through
:class:`~shipyard_tui.core.game.GameKind` alone (:mod:`.kind`), and the tests play it
through the shared layers — the seat driver, saves, ``simulate``, the table host and
the table screen — without any of them naming it.

The rules, in full: each seat holds three cards (hidden from the others) drawn from a
shuffled deck of 1–9 twice. On a turn a seat either *lights* the beacon with a card
higher than the beacon's value (scoring the card and setting the beacon to it), or
*douses* it (the beacon goes back to 0 and the seat draws a card, if any are left).
After six turns each the highest score wins; ties share the win.
"""

"""Shipyard in the terminal: Vladimír Suchý's board game, 2nd edition."""

__version__ = "0.2.0"

"""Shipyard's board widgets, one per file."""

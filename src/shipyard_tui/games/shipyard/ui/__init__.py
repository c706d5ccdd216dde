"""Shipyard's parts of the interface: its board widgets, choice labels and help."""

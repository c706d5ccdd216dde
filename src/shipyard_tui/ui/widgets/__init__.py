"""Widgets of the game screen, one per file; each subscribes to the game model."""

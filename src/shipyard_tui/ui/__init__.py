"""The Textual interface."""

"""Nauticus's rules: standard library only."""

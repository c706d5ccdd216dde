"""Shipyard (2nd edition, the classic rules and the solo game): rules, bots, words,
review and table widgets."""

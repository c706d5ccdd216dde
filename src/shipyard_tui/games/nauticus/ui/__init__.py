"""A minimal table for Nauticus (issue 16): one game against bots, by keyboard."""

"""Rule books other than Shipyard's that share the project's seats, saves and bots."""

"""German card text."""

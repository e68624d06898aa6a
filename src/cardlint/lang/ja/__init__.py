"""Japanese card text."""

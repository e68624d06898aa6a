"""cardlint — rules knowledge base and linter for trading-card rules text."""

__version__ = "0.1.0"

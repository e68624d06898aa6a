"""Localized summaries (``cardlint summary``) and board explanations (``cardlint explain``),
rendered with Jinja2 templates through the Babel catalogs of the ``explain`` domain."""

from cardlint.summary.render import environment, render  # noqa: F401

"""Translation consistency checking (project issue 7): align the clauses of an English text and
its translation, compare their classifications and rules values, report findings with codes.

- :mod:`.signature` — clause IR → comparable signature (with template-drift normalisation)
- :mod:`.align` — clause alignment (line order, merged/split lines, keyword lists, reminders)
- :mod:`.compare` — per-clause and per-card comparison → findings
- :mod:`.resplit` — candidate line breaks a translated text lost (kept only when the comparison improves)
- :mod:`.codes` — finding codes and base confidences
- :mod:`.readers` — corpus JSONL, Forge ``cardnames-<lang>.txt`` + Oracle JSONL, MTGJSON
- :mod:`.report` — batch summary table
"""

from cardlint.translate.compare import CardResult, Finding, check_card  # noqa: F401

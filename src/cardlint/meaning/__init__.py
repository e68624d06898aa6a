"""The meaning layer: what a sentence predicates, language-neutral, and the rules decisions that turn
it into IR effects — each written once, for every language.

A language's builder reads only its surface and fills records (:mod:`cardlint.meaning.record`):

- :class:`Predicate` — one predicate: ``kind`` (an ``ir`` effect kind, or ``STATE`` for "no effect of
  its own"), ``mods`` (``ir.Modification``; build them with the decision modules below), ``verb`` (an
  English lemma), ``objects``, ``tags`` (flags: ``INSTEAD``, ``ENTERS_TAPPED``, ``COPY_ENTER``,
  ``CAUSATIVE``, ``OWN_SUBJECT``, ``CONTROL_STATE``, ``MODAL_MAY``, ``RECURRING`` …), ``duration``,
  ``subject`` (a subject the predicate carries itself), ``also`` (folded predicates);
- :class:`Context` — the statement's ``subject``, whether it is ``imperative``, ``granted``;
- :class:`Statement` — the statement's modifiers (:class:`Mod`: duration, condition, for_each,
  instead, as_enters, activation_limit, alternative_cost) and suffix facts (``if_able``, ``as_though``,
  ``without_paying``, ``alternative_cost``).

Then ``effects(preds, Context(subject=…))`` gives the statement's ``ir.Effect`` list and
``finish(effects, Statement(…))`` applies what the whole statement says.  A builder may pass
``refine=`` to :func:`effects` for a reading that needs the affected object (see ``effects.Refine``).

Where each decision lives (one guess each):

=====================  ========================================================================
``copy``               layer 1a: "becomes / enters as a copy of" (copy vs type change)
``face_down``          layer 1b: turning face down, manifesting (CR 708.2)
``control``            layer 2: gain/exchange control, "you control X" (CR 613.1b)
``text``               layer 3: text change (CR 612)
``types``              layer 4: set/add/remove types, "artifact creature" (205.1b), all creature
                       types, "in addition to its other types", land-type setters (305.7)
``abilities``          layer 6: add, remove, remove all, "can't have" (CR 613.1f)
``colors``             layer 5: set/add colors, "is all colors" (105.2)
``pt``                 layer 7: define/set (7a/7b), modify and doubling (7c, 701.10), switch (7d)
``rules_effects``      a player having an ability (613.10), hand size, cost minimum
``replacement``        "instead" (614.15, 614.1a), entering (614.1c), "as ~ enters" (614.12)
``requirements``       "if able" (508.1d, 509.1c), activation limits (602.5b)
``permissions``        lasting permissions to cast/play (601.3, 305.2), alternative costs (118.9)
``locking``            locked-in affected sets of resolved effects (611.2c)
``stack``              spell abilities that work on the stack (113.6, 604.5), token definitions (111.4)
``die_rolls``          a results table's rows belong to the ability that rolls (706.2)
``affected``           which object or player an effect applies to
``cda``                which continuous effects are characteristic-defining abilities (604.3a), read by
                       the classifier, the layer engine and the translation check
=====================  ========================================================================
"""

from cardlint.meaning import (abilities, affected, cda, colors, control, copy, face_down, locking, permissions, pt,  # noqa: F401
                              replacement, requirements, rules_effects, stack, text, types)
from cardlint.meaning.effects import NO_EFFECT, effects, finish, predicate_effects
from cardlint.meaning.record import STATE, Context, Mod, Predicate, Statement

__all__ = ["NO_EFFECT", "STATE", "Context", "Mod", "Predicate", "Statement", "effects", "finish",
           "predicate_effects"]

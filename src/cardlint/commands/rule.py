"""``cardlint rule CODE``: a rule's documentation (what it does, why, bad and good examples);
``cardlint rule --all`` lists the rules; ``--check`` runs the rule's own examples."""

from __future__ import annotations

import json

import yaml

from cardlint.commands.common import add_format
from cardlint.errors import EXIT_FINDINGS, EXIT_OK, InputError
from cardlint.i18n import _


def register(sub) -> None:
    p = sub.add_parser("rule", help=_("show the documentation of a lint rule or a check-translation code"),
                       description=_("Show a lint rule's documentation with its bad and good examples."))
    p.add_argument("code", nargs="?", help=_("rule code (CL301, TR201) or name (dependency.depends-on)"))
    p.add_argument("--all", action="store_true", help=_("list every rule"))
    p.add_argument("--check", action="store_true", help=_("run the rule's bad/good examples"))
    add_format(p, ["text", "json"], default="text")
    p.set_defaults(func=run)


def render(rule) -> str:
    from cardlint import names

    out = [f"# {rule.code} {rule.name} ({names.severity(rule.severity)})", "", rule.summary, "",
           "## " + _("What it does"), rule.what, "", "## " + _("Why is this bad?"), rule.why, ""]
    if rule.known_problems:
        out += ["## " + _("Known problems"), rule.known_problems.strip(), ""]
    for title, examples in ((_("Anti-pattern"), rule.bad), (_("Best practice"), rule.good)):
        out.append("## " + title)
        for ex in examples:
            if ex.get("note"):
                out.append(ex["note"].strip())
            body = {k: v for k, v in ex.items() if k not in ("note", "expect")}
            out += [f"```yaml lang={ex.get('lang', 'en')}", yaml.safe_dump(body, allow_unicode=True, sort_keys=False).rstrip(), "```"]
        out.append("")
    if rule.fix:
        out += ["## " + _("Fix"), rule.fix.strip(), ""]
    if rule.references:
        out += ["## " + _("References")] + [f"- {r}" for r in rule.references]
    return "\n".join(out).rstrip()


def check(rule) -> list[str]:
    """Problems with a code's examples, by its family's runner (empty when every bad example reports
    the code and no good one does)."""
    if rule.code.startswith("TR"):
        from cardlint.translate.rules import check_rule
    else:
        from cardlint.lint import check_rule
    return check_rule(rule)


def run(args) -> int:
    from cardlint.codes import lookup, rules as all_rules

    if args.all or not args.code:
        rules = list(all_rules().values())
        if args.format == "json":
            print(json.dumps([{"code": r.code, "name": r.name, "severity": r.severity, "summary": r.summary}
                              for r in rules], ensure_ascii=False, indent=2))
        else:
            from cardlint import names
            from cardlint.console import pad

            for r in rules:
                print(f"{r.code}  {r.name:36s} {pad(names.severity(r.severity), 8)} {r.summary}")
        if args.check:
            problems = [p for r in rules for p in check(r)]
            for p in problems:
                print(p)
            return EXIT_FINDINGS if problems else EXIT_OK
        return EXIT_OK
    rule = lookup(args.code)
    if rule is None:
        raise InputError(_("unknown rule {code!r}; see cardlint rule --all").format(code=args.code))
    if args.format == "json":
        print(json.dumps({"code": rule.code, "name": rule.name, "severity": rule.severity, "summary": rule.summary,
                          "what": rule.what, "why": rule.why, "bad": rule.bad, "good": rule.good, "fix": rule.fix,
                          "references": rule.references}, ensure_ascii=False, indent=2))
    else:
        print(render(rule))
    if args.check:
        problems = check(rule)
        for p in problems:
            print(p)
        return EXIT_FINDINGS if problems else EXIT_OK
    return EXIT_OK

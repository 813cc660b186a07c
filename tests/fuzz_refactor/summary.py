"""The totals of a run, and their breakdown by operation kind, by the number of
operations stacked in a refactor, and by tfw's reason for each miss."""

import re

COUNTED = ["objects", "true_moves", "confirmed", "found", "missed", "ties", "ties_found", "value_ties",
           "value_ties_found", "oracle_changed",
           "wrong", "not_pure", "write_mismatch", "non_idempotent", "unplannable", "write_moves_destroyed",
           "implied_against"]


def pct(part, whole):
    return 100.0 * part / whole if whole else 100.0


def summarize(results):
    totals = {k: sum(r.get(k, 0) for r in results) for k in COUNTED}
    totals["cases"] = len(results)
    totals["failed_cases"] = sum(1 for r in results if r["failures"])
    totals["errors"] = sum(1 for r in results if "confirmed" not in r and not r.get("unplannable"))
    totals["completeness"] = pct(totals["found"], totals["confirmed"])
    totals["completeness_without_ties"] = pct(totals["found"] - totals["ties_found"], totals["confirmed"] - totals["ties"])
    # Issue 32's narrower figure: a twin by value and holders counted as a true tie even
    # where the module instance it sits in tells it apart (judge.Judge.value_tied).
    totals["completeness_without_value_ties"] = pct(totals["found"] - totals["value_ties_found"],
                                                    totals["confirmed"] - totals["value_ties"])
    # Without true ties, and without the moves whose no change nothing a plan shows can
    # vouch for (judge.Judge.unprovable: "hidden" under ignore_changes, or "leans" on a true
    # move Terraform plans with a change).
    provable = {"confirmed": 0, "found": 0, "hidden": 0, "leans": 0}
    for r in results:
        found_moves = {(f["from"], f["to"]) for f in r.get("found_list", [])}
        for entry in r.get("confirmed_list", []):
            if entry["tie"]:
                continue
            why = entry.get("unprovable", "")
            if why:
                provable[why] += 1
                continue
            provable["confirmed"] += 1
            provable["found"] += (entry["from"], entry["to"]) in found_moves
    totals["provable"] = provable
    totals["completeness_provable"] = pct(provable["found"], provable["confirmed"])
    by_kind, by_ops, by_touch = {}, {}, {}
    for r in results:
        n_ops = len(r.get("ops", []))
        found_moves = {(f["from"], f["to"]) for f in r.get("found_list", [])}
        for entry in r.get("confirmed_list", []):
            found = (entry["from"], entry["to"]) in found_moves
            rows = [by_kind.setdefault(k, [0, 0, 0, 0]) for k in entry["tags"] or ["(none)"]]
            rows.append(by_ops.setdefault(n_ops, [0, 0, 0, 0]))
            rows.append(by_touch.setdefault(len(entry["tags"]), [0, 0, 0, 0]))
            for row in rows:
                row[0] += 1
                row[1] += found
                if not entry["tie"]:
                    row[2] += 1
                    row[3] += found
    reasons = {}
    for r in results:
        for entry in r.get("missed_list", []):
            why = reason_class(entry.get("why", "")) + (" [true tie]" if entry["tie"] else "") + \
                (f" [{entry['unprovable']}]" if entry.get("unprovable") else "") + \
                (" [Terraform's implied move kept]" if entry.get("implied") else "")
            reasons[why] = reasons.get(why, 0) + 1
    totals["miss_reasons"] = reasons
    totals["by_kind"] = by_kind
    totals["by_ops"] = by_ops
    totals["by_touch"] = by_touch
    lines = [
        "",
        f"cases {totals['cases']} (failed {totals['failed_cases']}, of which errors {totals['errors']}), "
        f"objects {totals['objects']}, true moves {totals['true_moves']}",
        f"oracle-confirmed moves {totals['confirmed']} (true moves Terraform plans with a change: {totals['oracle_changed']})",
        f"cases Terraform cannot plan (a cycle among the destroys; not judged): {totals['unplannable']}",
        f"found {totals['found']}, wrong {totals['wrong']}, not pure or unreported {totals['not_pure']}, "
        f"--write planned otherwise {totals['write_mismatch']}, non-idempotent --write {totals['non_idempotent']}",
        f"cases where plain terraform, after --write, also moves objects it then destroys (not failures): "
        f"{totals['write_moves_destroyed']}",
        f"Terraform's implied moves (x to x[0], x[0] to x) kept against the truth (not tfw's claim, "
        f"not failures; the true moves they displace are misses): {totals['implied_against']}",
        f"completeness {totals['completeness']:.1f} % ({totals['found']}/{totals['confirmed']}); "
        f"without true ties {totals['completeness_without_ties']:.1f} % "
        f"({totals['found'] - totals['ties_found']}/{totals['confirmed'] - totals['ties']}; "
        f"ties {totals['ties']}, of which found {totals['ties_found']})",
        f"without twins by value and holders, told apart by their module instance or not (issue 32's "
        f"definition): {totals['completeness_without_value_ties']:.1f} % "
        f"({totals['found'] - totals['value_ties_found']}/{totals['confirmed'] - totals['value_ties']}; "
        f"twins {totals['value_ties']}, of which found {totals['value_ties_found']})",
        f"completeness of what a plan can show (without true ties, moves hidden by ignore_changes "
        f"and moves resting on a true move Terraform plans with a change): {totals['completeness_provable']:.1f} % "
        f"({provable['found']}/{provable['confirmed']}; hidden {provable['hidden']}, resting {provable['leans']})",
        "",
        "completeness (found/confirmed), then without true ties,",
        "by operation kind (a move counts under every operation that touched its object):",
    ]

    def row(label, r):
        return f"  {label:28} {r[1]:6}/{r[0]:<6} {pct(r[1], r[0]):5.1f} %   {r[3]:6}/{r[2]:<6} {pct(r[3], r[2]):5.1f} %"

    for kind, r in sorted(by_kind.items(), key=lambda kv: pct(kv[1][3], kv[1][2])):
        lines.append(row(kind, r))
    lines.append("by number of operations in the refactor:")
    for n, r in sorted(by_ops.items()):
        lines.append(row(str(n), r))
    lines.append("by number of operations that touched the moved object:")
    for n, r in sorted(by_touch.items()):
        lines.append(row(str(n), r))
    lines.append("missed moves by tfw's reason (--explain; addresses as X):")
    for why, n in sorted(reasons.items(), key=lambda kv: -kv[1]):
        lines.append(f"  {n:6}  {why}")
    return totals, "\n".join(lines)


def reason_class(why):
    """tfw's explanation with its addresses and counts taken out, so that misses group."""
    if not why:
        return "(tfw gave no reason: not left a destroy, or moved elsewhere)"
    why = re.sub(r'(module|terraform_data)\.[^ ,:;()]*', "X", why)
    why = re.sub(r"\d+", "N", why)
    return re.sub(r"X(, X)+", "X, X", why)[:160]

#!/usr/bin/env python3
"""A deliberately broken tfw, to show that the fuzzer's checks can fail.

    FUZZ_MUTANT=pair-any   fuzz_refactor.py --tfw tests/fuzz_refactor/mutant_tfw.py ...
    FUZZ_MUTANT=write-more FUZZ_MUTANT_TFW=build/tfw fuzz_refactor.py --tfw tests/fuzz_refactor/mutant_tfw.py ...
    FUZZ_MUTANT=write-nothing FUZZ_MUTANT_TFW=build/tfw fuzz_refactor.py --tfw tests/fuzz_refactor/mutant_tfw.py ...
    FUZZ_MUTANT=find-nothing fuzz_refactor.py --tfw tests/fuzz_refactor/mutant_tfw.py ...
    FUZZ_MUTANT=lose-kind [FUZZ_MUTANT_KIND=rekey|module] FUZZ_MUTANT_TFW=build/tfw fuzz_refactor.py --tfw tests/fuzz_refactor/mutant_tfw.py ...

pair-any: pairs each deletion with the first creation left, whatever their values, plans
with those moved blocks and reports them: wrong moves, and moves that are not pure.
write-more: runs the real tfw, then adds a comment to moved.tf on every --write: a second
--write changes a file.
write-nothing: runs the real tfw, then removes what --write wrote to moved.tf in the root:
plain terraform plans other moves than tfw showed.

The two that find less are sound in every other way (no wrong move, every reported move
pure, --write planned as shown, a second --write changes nothing): only the completeness
gates (--min-completeness, --min-case-completeness) can fail them.
find-nothing: plain terraform plan, an empty report, nothing written: a tfw that infers no
move at all.
lose-kind: runs the real tfw (without --write), drops every move it reports of one kind
(FUZZ_MUTANT_KIND: "rekey", the default, a move whose two addresses differ only in instance
keys, as count to for_each, a re-key, for_each added to a resource or a call; "module", a
move between module paths), keeps of the rest what Terraform plans as a pure move, and
writes those as moved blocks in the root (zz_mutant_moved.tf), plans and reports them.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

MUTANT_FILE = "zz_mutant_moved.tf"


def split_args(args):
    """(terraform's flags without -out, the -out file, the --report file)."""
    flags = [a for a in args if not a.startswith("--")]
    out = next((a.split("=", 1)[1] for a in flags if a.startswith("-out=")), None)
    report = next((a.split("=", 1)[1] for a in args if a.startswith("--report=")), None)
    return [a for a in flags if not a.startswith("-out=")], out, report


def plan_json(flags, out=None, quiet=True):
    """terraform plan's saved plan as JSON, or None where the plan fails."""
    with tempfile.TemporaryDirectory() as tmp:
        path = out or os.path.join(tmp, "p.plan")
        done = subprocess.run(["terraform", "plan", "-refresh=false", "-out=" + path, *flags],
                              stdout=subprocess.DEVNULL if quiet else None)
        if done.returncode != 0:
            return None
        return json.loads(subprocess.run(["terraform", "show", "-json", path], check=True,
                                         capture_output=True, text=True).stdout)


def moved_text(moves):
    return "".join(f"moved {{\n  from = {a}\n  to   = {b}\n}}\n" for a, b in moves)


def write_report(report, moves):
    if report:
        with open(report, "w") as f:
            json.dump({"version": 1, "moves": [{"from": a, "to": b} for a, b in moves]}, f)


def pair_any(args):
    flags, out, report = split_args(args)
    plan = plan_json(flags)
    if plan is None:
        return 1
    changes = plan.get("resource_changes", [])
    deleted = [c["address"] for c in changes if c["change"]["actions"] == ["delete"]]
    created = [c["address"] for c in changes if c["change"]["actions"] == ["create"]]
    moves = list(zip(deleted, created))
    moved_file = "zz_mutant_moved.tf"
    with open(moved_file, "w") as f:
        f.write(moved_text(moves))
    try:
        done = subprocess.run(["terraform", "plan", *(["-out=" + out] if out else []), *flags])
    finally:
        if "--write" not in args:
            os.remove(moved_file)
    write_report(report, moves)
    return done.returncode


def find_nothing(args):
    flags, out, report = split_args(args)
    done = subprocess.run(["terraform", "plan", *(["-out=" + out] if out else []), *flags])
    write_report(report, [])
    return done.returncode


def strip_keys(address):
    return re.sub(r'\[[^\]]*\]', "", address)


def module_path(address):
    return strip_keys(address).rsplit("terraform_data.", 1)[0] if "terraform_data." in address else strip_keys(address)


def lost(kind, a, b):
    if kind == "module":
        return module_path(a) != module_path(b)
    return strip_keys(a) == strip_keys(b)


def read_blocks(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return re.findall(r"from = (\S+)\n  to   = (\S+)", f.read())


def lose_kind(args):
    kind = os.environ.get("FUZZ_MUTANT_KIND", "rekey")
    flags, out, report = split_args(args)
    existing = read_blocks(MUTANT_FILE)
    with tempfile.TemporaryDirectory() as tmp:
        real_report = os.path.join(tmp, "report.json")
        extra = ["--explain"] if "--explain" in args else []
        done = subprocess.run([os.environ["FUZZ_MUTANT_TFW"], "plan", *extra, "--report=" + real_report,
                               "-out=" + os.path.join(tmp, "real.plan"), *flags])
        if done.returncode != 0:
            return done.returncode
        with open(real_report) as f:
            inferred = [(m["from"], m["to"]) for m in json.load(f).get("moves", [])]
    kept = sorted(set(m for m in inferred if not lost(kind, *m)) | set(existing))
    # Keep only what Terraform carries out as a pure move, so that the mutant fails no
    # soundness check: only the completeness gates can tell it finds less.
    for _ in range(6):
        with open(MUTANT_FILE, "w") as f:
            f.write(moved_text(kept))
        plan = plan_json(flags)
        if plan is None:
            kept = []
            continue
        pure = {(c["previous_address"], c["address"]) for c in plan.get("resource_changes", [])
                if c.get("previous_address") and c["change"]["actions"] == ["no-op"]}
        moved = [(c["previous_address"], c["address"]) for c in plan.get("resource_changes", [])
                 if c.get("previous_address")]

        def is_pure(a, b):
            hits = [m for m in moved if m[0] == a or m[0].startswith(a + ".") or m[0].startswith(a + "[")]
            return bool(hits) and all(m in pure for m in hits)

        now = [m for m in kept if is_pure(*m)]
        if now == kept:
            break
        kept = now
    with open(MUTANT_FILE, "w") as f:
        f.write(moved_text(kept))
    done = subprocess.run(["terraform", "plan", *(["-out=" + out] if out else []), *flags])
    write_report(report, kept)
    if "--write" not in args or not kept:
        os.remove(MUTANT_FILE)
    return done.returncode


def real_tfw_then(args, after_write):
    done = subprocess.run([os.environ["FUZZ_MUTANT_TFW"], "plan", *args])
    if "--write" in args:
        after_write()
    return done.returncode


def comment_moved_file():
    with open("moved.tf", "a") as f:
        f.write("# written again\n")


def remove_moved_file():
    if os.path.exists("moved.tf"):
        os.remove("moved.tf")


if __name__ == "__main__":
    mode = os.environ.get("FUZZ_MUTANT", "pair-any")
    args = sys.argv[2:]  # after "plan"
    if mode == "pair-any":
        sys.exit(pair_any(args))
    if mode == "find-nothing":
        sys.exit(find_nothing(args))
    if mode == "lose-kind":
        sys.exit(lose_kind(args))
    sys.exit(real_tfw_then(args, comment_moved_file if mode == "write-more" else remove_moved_file))

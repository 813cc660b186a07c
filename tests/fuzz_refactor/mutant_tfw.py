#!/usr/bin/env python3
"""A deliberately broken tfw, to show that the fuzzer's checks can fail.

    FUZZ_MUTANT=pair-any   fuzz_refactor.py --tfw tests/fuzz_refactor/mutant_tfw.py ...
    FUZZ_MUTANT=write-more FUZZ_MUTANT_TFW=build/tfw fuzz_refactor.py --tfw tests/fuzz_refactor/mutant_tfw.py ...
    FUZZ_MUTANT=write-nothing FUZZ_MUTANT_TFW=build/tfw fuzz_refactor.py --tfw tests/fuzz_refactor/mutant_tfw.py ...

pair-any: pairs each deletion with the first creation left, whatever their values, plans
with those moved blocks and reports them: wrong moves, and moves that are not pure.
write-more: runs the real tfw, then adds a comment to moved.tf on every --write: a second
--write changes a file.
write-nothing: runs the real tfw, then removes what --write wrote to moved.tf in the root:
plain terraform plans other moves than tfw showed.
"""

import json
import os
import subprocess
import sys
import tempfile


def pair_any(args):
    flags = [a for a in args if not a.startswith("--")]
    out = next((a.split("=", 1)[1] for a in flags if a.startswith("-out=")), None)
    report = next((a.split("=", 1)[1] for a in args if a.startswith("--report=")), None)
    flags = [a for a in flags if not a.startswith("-out=")]
    with tempfile.TemporaryDirectory() as tmp:
        first = os.path.join(tmp, "first.plan")
        subprocess.run(["terraform", "plan", "-refresh=false", "-out=" + first, *flags], check=True,
                       stdout=subprocess.DEVNULL)
        plan = json.loads(subprocess.run(["terraform", "show", "-json", first], check=True,
                                         capture_output=True, text=True).stdout)
    changes = plan.get("resource_changes", [])
    deleted = [c["address"] for c in changes if c["change"]["actions"] == ["delete"]]
    created = [c["address"] for c in changes if c["change"]["actions"] == ["create"]]
    moves = list(zip(deleted, created))
    moved_file = "zz_mutant_moved.tf"
    with open(moved_file, "w") as f:
        f.write("".join(f"moved {{\n  from = {a}\n  to   = {b}\n}}\n" for a, b in moves))
    try:
        done = subprocess.run(["terraform", "plan", *(["-out=" + out] if out else []), *flags])
    finally:
        if "--write" not in args:
            os.remove(moved_file)
    if report:
        with open(report, "w") as f:
            json.dump({"version": 1, "moves": [{"from": a, "to": b} for a, b in moves]}, f)
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
    sys.exit(real_tfw_then(args, comment_moved_file if mode == "write-more" else remove_moved_file))

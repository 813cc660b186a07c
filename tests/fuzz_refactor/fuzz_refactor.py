#!/usr/bin/env python3
"""The refactor fuzzer: random terraform_data configurations, applied for real, then
random refactors whose true identity mapping is known; Terraform with the true moved
blocks is the oracle, and tfw's final plan, its --write and a second --write are judged.

    tests/fuzz_refactor/fuzz_refactor.py [--tfw build/tfw] [--cases N] [--seed S] [-j 2]
    tests/fuzz_refactor/fuzz_refactor.py --case SEED     # one case again, kept

Exit status 1 on any wrong move, reported move that is not a pure move in tfw's final
plan, move tfw's plan holds but tfw did not report, --write that plain terraform plans
differently (or not at all), second --write that changes a file, tfw or fuzzer error;
with --min-completeness, on completeness without true ties below it; with
--min-case-completeness, on a large case (--large-case) where tfw finds less. README.md
says more.
Standard library only.
"""

import argparse
import concurrent.futures
import json
import os
import random
import shlex
import shutil
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree

from case import run_case  # noqa: E402
from generate import Params  # noqa: E402
from summary import summarize  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))


def case_seeds(seed, cases):
    rng = random.Random(seed)
    return [rng.randrange(1, 2**31) for _ in range(cases)]


def terraform_env(work_dir):
    cli_config = os.path.join(work_dir, "cli.tfrc")
    with open(cli_config, "w") as f:
        f.write("# the fuzzer's own CLI configuration: terraform_data needs no provider\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "TFW_"))}
    env.update(TF_CLI_CONFIG_FILE=cli_config, TF_IN_AUTOMATION="1", CHECKPOINT_DISABLE="1")
    return env


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tfw", default=os.path.join(ROOT, "build", "tfw"), help="the tfw binary (default: build/tfw)")
    p.add_argument("--terraform", default="terraform", help="the terraform binary (default: terraform on PATH)")
    p.add_argument("--cases", type=int, default=20, help="number of cases (default 20)")
    p.add_argument("--seed", type=int, default=1, help="the run's seed, from which each case's seed comes (default 1)")
    p.add_argument("--case", type=int, action="append", default=[], metavar="SEED",
                   help="run the case of this seed (repeatable) instead of --cases; its directory is kept")
    p.add_argument("-j", "--jobs", type=int, default=2, help="cases run at once (default 2)")
    p.add_argument("--work-dir", help="where cases run (default: a new directory in $TMPDIR); failing cases stay there")
    p.add_argument("--keep-all", action="store_true", help="keep every case's directory")
    p.add_argument("--keep-misses", action="store_true", help="keep the directories of cases where tfw missed a move")
    p.add_argument("--min-ops", type=int, default=1, help="fewest operations in a refactor (default 1)")
    p.add_argument("--max-ops", type=int, default=5, help="most operations in a refactor (default 5)")
    p.add_argument("--max-depth", type=int, default=3, help="deepest module nesting (default 3)")
    p.add_argument("--max-objects", type=int, default=60, help="objects a configuration grows to at most, about (default 60)")
    p.add_argument("--min-completeness", type=float, default=None, metavar="PCT",
                   help="fail when tfw finds less than PCT %% of the moves the oracle confirms, true ties left out "
                        "(completeness without true ties; default: report only)")
    p.add_argument("--min-case-completeness", type=float, default=None, metavar="PCT",
                   help="fail when, in a case with at least --large-case confirmed moves (true ties left out), "
                        "tfw finds less than PCT %% of them (default: report only)")
    p.add_argument("--large-case", type=int, default=20, metavar="MOVES",
                   help="what --min-case-completeness calls a large case (default 20 confirmed moves without true ties)")
    p.add_argument("--nice", type=int, default=10, help="niceness of the run and every process it starts (default 10)")
    p.add_argument("--json", help="write every case's result and the totals to this file")
    p.add_argument("--quiet", action="store_true", help="print failing cases and the totals only")
    return p.parse_args(argv)


def repro_command(opts, seed):
    argv = [os.path.relpath(os.path.join(HERE, "fuzz_refactor.py"), os.getcwd()), "--case", str(seed)]
    if os.path.abspath(opts.tfw) != os.path.join(ROOT, "build", "tfw"):
        argv += ["--tfw", opts.tfw]
    for flag, default in (("min_ops", 1), ("max_ops", 5), ("max_depth", 3), ("max_objects", 60)):
        if getattr(opts, flag) != default:
            argv += ["--" + flag.replace("_", "-"), str(getattr(opts, flag))]
    return shlex.join(argv)


def case_without_ties(res):
    """(confirmed moves, found moves) of a case, true ties left out."""
    if "confirmed" not in res:
        return 0, 0
    return res["confirmed"] - res["ties"], res["found"] - res["ties_found"]


def case_line(res):
    ops = ",".join(res.get("ops", [])) or "-"
    parts = [f"seed={res['seed']}", f"objects={res.get('objects', '?')}", f"ops={ops}",
             f"confirmed={res.get('confirmed', '?')}", f"ties={res.get('ties', '?')}", f"found={res.get('found', '?')}",
             f"wrong={res.get('wrong', '?')}", f"{res['seconds']}s"]
    return " ".join(parts)


def main(argv):
    opts = parse_args(argv)
    if opts.nice:
        os.nice(opts.nice)
    opts.tfw = os.path.abspath(opts.tfw)
    if not os.access(opts.tfw, os.X_OK):
        sys.exit(f"fuzz_refactor: no tfw at {opts.tfw} (build it, or pass --tfw)")
    if shutil.which(opts.terraform) is None:
        sys.exit(f"fuzz_refactor: {opts.terraform} is not on PATH")
    opts.params = Params(max_depth=opts.max_depth, max_objects=opts.max_objects)
    own_work_dir = not opts.work_dir
    if opts.work_dir:
        os.makedirs(opts.work_dir, exist_ok=True)
        opts.work_dir = os.path.abspath(opts.work_dir)
    else:
        opts.work_dir = tempfile.mkdtemp(prefix="fuzz_refactor-")
    opts.env = terraform_env(opts.work_dir)
    seeds = opts.case or case_seeds(opts.seed, opts.cases)
    if opts.case:
        opts.keep_all = True
    print(f"fuzz_refactor: {len(seeds)} cases" + ("" if opts.case else f" from seed {opts.seed}")
          + f", {opts.jobs} at a time, in {opts.work_dir}; tfw {opts.tfw}", flush=True)
    lock = threading.Lock()
    results = []
    start = time.monotonic()

    def one(seed):
        res = run_case(seed, opts)
        with lock:
            results.append(res)
            if res["failures"]:
                print(f"FAIL {case_line(res)}", flush=True)
                for failure in res["failures"]:
                    print(f"  {failure}", flush=True)
                print(f"  kept in {res['dir']}", flush=True)
                print(f"  reproduce: {repro_command(opts, seed)}", flush=True)
            elif not opts.quiet:
                print(f"ok   {case_line(res)}" + (f"  (kept in {res['dir']})" if res["dir"] else ""), flush=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        for f in [pool.submit(one, s) for s in seeds]:
            f.result()
    totals, text = summarize(results)
    totals["seconds"] = round(time.monotonic() - start, 1)
    print(text, flush=True)
    print(f"fuzz_refactor: {len(results)} cases in {totals['seconds']} s", flush=True)
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump({"seed": opts.seed, "cases": sorted(results, key=lambda r: r["seed"]), "totals": totals},
                      f, indent=1, default=list)
    failed = totals["failed_cases"] > 0
    figure = totals["completeness_without_ties"]
    if opts.min_completeness is not None:
        verdict = "below" if figure < opts.min_completeness else "at or above"
        print(f"fuzz_refactor: completeness without true ties {figure:.1f} % is {verdict} the floor "
              f"{opts.min_completeness} %", flush=True)
        failed = failed or figure < opts.min_completeness
    if opts.min_case_completeness is not None:
        for res in sorted(results, key=lambda r: r["seed"]):
            whole, found = case_without_ties(res)
            if whole >= opts.large_case and 100.0 * found < opts.min_case_completeness * whole:
                print(f"fuzz_refactor: case {res['seed']} found {found} of its {whole} confirmed moves without "
                      f"true ties ({100.0 * found / whole:.1f} %), below the floor of {opts.min_case_completeness} % "
                      f"for a case of {opts.large_case} or more", flush=True)
                print(f"  reproduce: {repro_command(opts, res['seed'])}", flush=True)
                failed = True
    if own_work_dir and not any(r["dir"] for r in results):
        shutil.rmtree(opts.work_dir, ignore_errors=True)
    else:
        os.remove(os.path.join(opts.work_dir, "cli.tfrc"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

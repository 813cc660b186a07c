"""One fuzz case, end to end: generate, apply the before-configuration for real, refactor,
plan the after-configuration with the true moved blocks (the oracle) and with tfw, then
judge tfw's final plan, its --write and a second --write."""

import json
import os
import random
import shutil
import subprocess
import time

from emit import emit, moved_blocks, settle_lifecycle
from generate import generate
from judge import Judge, write_problems
from refactor import refactor

COMMAND_TIMEOUT = 600
ORACLE_FILE = "zz_fuzz_oracle_moved.tf"


class Failure(Exception):
    pass


def make_case(seed, params, min_ops, max_ops):
    """The before world, the after world and the operations, all from the seed alone."""
    rng = random.Random(seed)
    before = generate(rng, params)
    settle_lifecycle(before)
    n_ops = rng.randint(min_ops, max_ops)
    for _ in range(5):
        after, applied = refactor(rng, before, n_ops)
        if any(before.addresses()[oid] != a for oid, a in after.addresses().items() if oid in before.objs):
            break
    return before, after, applied


def write_config(directory, files):
    for rel, text in files.items():
        path = os.path.join(directory, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


def snapshot(directory):
    """Every file of the configuration and what tfw writes, by content."""
    out = {}
    for root, dirs, files in os.walk(directory):
        dirs[:] = [d for d in dirs if d != ".terraform"]
        for name in files:
            if name.startswith("terraform.tfstate") or name == ".terraform.lock.hcl":
                continue
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, directory)] = f.read()
    return out


class Runner:
    def __init__(self, case_dir, env):
        self.case_dir = case_dir
        self.env = env
        self.log = []

    def run(self, argv, cwd, name, check=True):
        start = time.monotonic()
        try:
            done = subprocess.run(argv, cwd=cwd, env=self.env, capture_output=True, text=True,
                                  timeout=COMMAND_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise Failure(f"{name}: timed out after {COMMAND_TIMEOUT} s")
        self.log.append({"name": name, "argv": argv, "cwd": os.path.relpath(cwd, self.case_dir),
                         "exit": done.returncode, "seconds": round(time.monotonic() - start, 2)})
        with open(os.path.join(self.case_dir, f"{name}.out"), "w") as f:
            f.write(done.stdout)
        with open(os.path.join(self.case_dir, f"{name}.err"), "w") as f:
            f.write(done.stderr)
        if check and done.returncode != 0:
            raise Failure(f"{name} exited {done.returncode}: {first_error(done.stderr or done.stdout)}")
        return done

    def show(self, cwd, plan, name):
        done = self.run(["terraform", "show", "-json", plan], cwd, name)
        with open(os.path.join(self.case_dir, f"{name}.json"), "w") as f:
            f.write(done.stdout)
        return json.loads(done.stdout)


def first_error(text):
    for line in text.splitlines():
        line = line.strip(" │╷╵")
        if line.startswith("Error:") or line.startswith("tfw:"):
            return line
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[0] if lines else "(no output)"


def run_case(seed, opts):
    """Runs one case; returns its result (a dict). The case directory is kept when it
    fails, and with opts.keep_misses when tfw missed a confirmed move."""
    start = time.monotonic()
    case_dir = os.path.join(opts.work_dir, f"case-{seed}")
    shutil.rmtree(case_dir, ignore_errors=True)
    os.makedirs(case_dir)
    result = {"seed": seed, "failures": [], "dir": case_dir}
    try:
        before, after, applied = make_case(seed, opts.params, opts.min_ops, opts.max_ops)
        result["objects"] = len(before.objs)
        result["ops"] = [kind for kind, _ in applied]
        judge = Judge(before, after, applied)
        true_moves = judge.true_moves()
        result["true_moves"] = len(true_moves)
        run_terraform(case_dir, before, after, true_moves, judge, result, opts)
    except Failure as e:
        result["failures"].append(str(e))
    except Exception as e:  # a bug of the fuzzer itself must not pass for a clean case
        result["failures"].append(f"fuzzer error: {type(e).__name__}: {e}")
    result["seconds"] = round(time.monotonic() - start, 1)
    with open(os.path.join(case_dir, "result.json"), "w") as f:
        json.dump(result, f, indent=1, default=list)
    keep = result["failures"] or opts.keep_all or (opts.keep_misses and result.get("missed"))
    if not keep:
        shutil.rmtree(case_dir, ignore_errors=True)
        result["dir"] = None
    return result


def run_terraform(case_dir, before, after, true_moves, judge, result, opts):
    r = Runner(case_dir, opts.env)
    tf = opts.terraform
    dirs = {name: os.path.join(case_dir, name) for name in ("before", "after", "oracle", "tfw")}
    files0, _ = emit(before)
    write_config(dirs["before"], files0)
    with open(os.path.join(case_dir, "truth.txt"), "w") as f:
        f.write(describe_truth(before, after, result["ops"], true_moves))
    r.run([tf, "init", "-input=false", "-no-color"], dirs["before"], "before-init")
    r.run([tf, "apply", "-auto-approve", "-input=false", "-no-color"], dirs["before"], "before-apply")
    # The after-configuration's postconditions that pin ids need the ids the apply made.
    files1, notes = emit(after, ids=state_ids(os.path.join(dirs["before"], "terraform.tfstate"), before))
    result["notes"] = notes
    write_config(dirs["after"], files1)
    for name in ("oracle", "tfw"):
        write_config(dirs[name], files1)
        shutil.copy(os.path.join(dirs["before"], "terraform.tfstate"), dirs[name])
    r.run([tf, "init", "-input=false", "-no-color"], dirs["oracle"], "after-init")
    if os.path.isdir(os.path.join(dirs["oracle"], ".terraform")):  # only with modules
        shutil.copytree(os.path.join(dirs["oracle"], ".terraform"), os.path.join(dirs["tfw"], ".terraform"))

    with open(os.path.join(dirs["oracle"], ORACLE_FILE), "w") as f:
        f.write(moved_blocks(true_moves))
    oracle_plan = os.path.join(case_dir, "oracle.plan")
    done = r.run([tf, "plan", "-refresh=false", "-input=false", "-no-color", "-out=" + oracle_plan],
                 dirs["oracle"], "oracle-plan", check=False)
    if done.returncode != 0:
        error = first_error(done.stderr or done.stdout)
        if not error.startswith("Error: Cycle"):
            raise Failure(f"oracle-plan exited {done.returncode}: {error}")
        # Terraform cannot order the destroys this refactor needs even with the true
        # blocks: nothing to judge tfw by.
        result["unplannable"] = 1
        result["unplannable_error"] = "with the true moved blocks: " + error
        return
    oracle = r.show(dirs["oracle"], oracle_plan, "oracle-show")

    tfw_plan = os.path.join(case_dir, "tfw.plan")
    report_path = os.path.join(case_dir, "tfw-report.json")
    done = r.run([opts.tfw, "plan", "--write", "--explain", "--report=" + report_path, "-out=" + tfw_plan,
                  "-input=false", "-no-color"], dirs["tfw"], "tfw", check=False)
    if done.returncode != 0:
        error = first_error(done.stderr or done.stdout)
        plain = r.run([tf, "plan", "-refresh=false", "-input=false", "-no-color"], dirs["tfw"], "plain-plan", check=False)
        if plain.returncode != 0:
            # Terraform cannot plan the refactor without moved blocks either: a finding
            # about what tfw could do, not a failure of what it did.
            result["unplannable"] = 1
            result["unplannable_error"] = first_error(plain.stderr or plain.stdout)
            return
        raise Failure(f"tfw plan --write exited {done.returncode}: {error}")
    tfw_json = r.show(dirs["tfw"], tfw_plan, "tfw-show")
    with open(report_path) as f:
        report = json.load(f)

    verdict = judge.judge(oracle, tfw_json, report)
    why = explanations(done.stdout + done.stderr)
    for entry in verdict["missed"]:
        entry["why"] = why.get(entry["from"], "")
    result["confirmed"] = len(verdict["confirmed"])
    result["found"] = len(verdict["found"])
    result["ties"] = sum(1 for e in verdict["confirmed"] if e["tie"])
    result["ties_found"] = sum(1 for e in verdict["found"] if e["tie"])
    result["value_ties"] = sum(1 for e in verdict["confirmed"] if e["value_tie"])
    result["value_ties_found"] = sum(1 for e in verdict["found"] if e["value_tie"])
    result["oracle_changed"] = len(verdict["oracle_changed"])
    result["implied_against"] = len(verdict["implied_against"])
    for key in ("confirmed", "found", "missed", "wrong", "twin_swaps", "not_pure", "unreported",
                "implied_changed", "implied_against", "oracle_unexpected", "tfw_unknown"):
        result[key + "_list"] = verdict[key]
    result["missed"] = len(verdict["missed"])
    result["wrong"] = len(verdict["wrong"])
    result["not_pure"] = len(verdict["not_pure"]) + len(verdict["unreported"])
    for prev, addr, truly in verdict["wrong"]:
        result["failures"].append(f"wrong move {prev} -> {addr} (the truth: {truly})")
    for item in verdict["not_pure"]:
        result["failures"].append(f"reported move not pure: {item[0]} -> {item[1]} ({item[2]})")
    for item in verdict["unreported"]:
        result["failures"].append(f"move in tfw's plan it did not report: {item[0]} -> {item[1]} ({item[2]})")
    for prev in verdict["tfw_unknown"]:
        result["failures"].append(f"tfw's plan moves {prev}, which the state did not hold")
    for prev, addr in verdict["oracle_unexpected"]:
        result["failures"].append(f"fuzzer error: the oracle moved {prev} -> {addr}, not a true move")

    # --write, then plain terraform plans the same moves; a second --write writes nothing.
    written_plan = os.path.join(case_dir, "written.plan")
    done = r.run([tf, "plan", "-refresh=false", "-input=false", "-no-color", "-out=" + written_plan],
                 dirs["tfw"], "written-plan", check=False)
    result["write_mismatch"] = 0
    if done.returncode != 0:
        result["write_mismatch"] = 1
        result["failures"].append(f"terraform plan after tfw's --write failed: {first_error(done.stderr or done.stdout)}")
    else:
        written = r.show(dirs["tfw"], written_plan, "written-show")
        only_tfw, only_written, destroyed = write_problems(tfw_json, written)
        result["write_moves_destroyed"] = 1 if destroyed else 0
        result["write_moves_destroyed_list"] = destroyed
        if only_tfw or only_written:
            result["write_mismatch"] = 1
            for p, a, act in only_tfw:
                result["failures"].append(f"after --write, terraform plans no {p} -> {a} ({'+'.join(act)})")
            for p, a, act in only_written:
                result["failures"].append(f"after --write, terraform plans {p} -> {a} ({'+'.join(act)}), which tfw did not")
    first = snapshot(dirs["tfw"])
    done = r.run([opts.tfw, "plan", "--write", "-input=false", "-no-color"], dirs["tfw"], "tfw-again", check=False)
    if done.returncode != 0:
        result["failures"].append(f"second tfw plan --write exited {done.returncode}: {first_error(done.stderr or done.stdout)}")
    second = snapshot(dirs["tfw"])
    changed = sorted(p for p in set(first) | set(second) if first.get(p) != second.get(p))
    result["non_idempotent"] = 1 if changed else 0
    if changed:
        result["failures"].append("a second tfw plan --write changed " + ", ".join(changed))
    result["runs"] = r.log


def state_ids(path, world):
    """{oid: id} of every object of world in the state at path."""
    with open(path) as f:
        state = json.load(f)
    by_address = {}
    for res in state.get("resources", []):
        if res.get("mode") != "managed":
            continue
        prefix = (res["module"] + ".") if res.get("module") else ""
        for inst in res.get("instances", []):
            key = inst.get("index_key")
            suffix = "" if key is None else f"[{key}]" if isinstance(key, int) else f'["{key}"]'
            by_address[f"{prefix}{res['type']}.{res['name']}{suffix}"] = inst["attributes"]["id"]
    return {oid: by_address.get(a) for oid, a in world.addresses().items()}


def explanations(output):
    """{address: why tfw left it a destroy} from tfw's --explain lines."""
    out = {}
    last = None
    pending = None  # a move of the "refused or withdrawn" list, waiting for its reason
    for line in output.splitlines():
        if pending and line.startswith("      "):
            out.setdefault(pending, line.strip())
            pending = None
            continue
        pending = None
        if line.startswith("  ") and " -> " in line and not line.startswith("   "):
            pending = line.strip().split(" -> ", 1)[0]
            continue
        if line.startswith("tfw: ") and " stays a destroy: " in line:
            last, why = line[len("tfw: "):].split(" stays a destroy: ", 1)
            out[last] = why
        elif last and line.startswith("      candidate ") and ": " in line and " (" not in out[last]:
            out[last] += " (first candidate: " + line.split(": ", 1)[1] + ")"
        elif not line.startswith("      "):
            last = None
    return out


def describe_truth(before, after, ops, true_moves):
    a0, a1 = before.addresses(), after.addresses()
    lines = [f"operations: {', '.join(ops)}", "", "true moves:"]
    lines += [f"  {a} -> {b}" for a, b in sorted(true_moves)]
    lines += ["", "deleted:"] + [f"  {a0[o]}" for o in sorted(a0) if o not in a1]
    lines += ["", "created:"] + [f"  {a1[o]}" for o in sorted(a1) if o not in a0]
    lines += ["", "objects (oid: before value -> after value):"]
    for oid in sorted(set(before.objs) | set(after.objs)):
        b = before.objs.get(oid)
        a = after.objs.get(oid)
        lines.append(f"  {oid}: {a0.get(oid, '-')} {value_text(before, b)} -> {a1.get(oid, '-')} {value_text(after, a)}")
    return "\n".join(lines) + "\n"


def value_text(world, o):
    if o is None:
        return "(none)"
    d = ""
    if o.d is not None:
        d = f" d={o.d[1]}" if o.d[0] == "lit" else f" d=id({o.d[1]})"
        if o.f:
            d = f" d={o.f}({d[3:]})"
    t = f" t={o.t}" if o.t is not None else ""
    rtb = f" rtb={o.rtb}" if o.rtb is not None else ""
    return f"n={o.n}{d}{t}{rtb}"

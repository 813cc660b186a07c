#!/usr/bin/env bash
# findings/show.sh NAME [TFW]: shows one finding of the refactor fuzzer on the real terraform.
# Applies NAME/before/ for real, switches to NAME/after/, plans it with the true moved blocks
# (NAME/moved.tf; none when the truth is that nothing moves), then runs `tfw plan --write
# --explain` and `tfw plan --write` again. Prints tfw's explanation, the moves of tfw's final
# plan beside the true ones, plain terraform's plan after the write, and what the second write
# changed. TFW defaults to build/tfw. Leaves nothing behind.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
case_dir=$here/$1
tfw=$(realpath "${2:-$here/../../../build/tfw}")
work=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-finding.XXXXXX")
trap 'rm -rf "$work"' EXIT
: >"$work/cli.tfrc"
export TF_CLI_CONFIG_FILE=$work/cli.tfrc TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
unset TF_CLI_ARGS TF_CLI_ARGS_plan TF_DATA_DIR TFW_TERRAFORM_BIN

moves() {  # the moves of a saved plan, one per line
  terraform show -json "$1" | python3 -c '
import json, sys
for c in json.load(sys.stdin).get("resource_changes", []):
    if c.get("previous_address"):
        print("  " + c["previous_address"] + " -> " + c["address"] + "  (" + "+".join(c["change"]["actions"]) + ")")'
}
summary() { grep -E '^(Plan:|No changes|Error)' || true; }

mkdir "$work/root"
cp -r "$case_dir/before/." "$work/root/"
cd "$work/root"
terraform init -input=false -no-color >/dev/null
terraform apply -auto-approve -input=false -no-color >/dev/null
find . -name '*.tf' -not -path './.terraform/*' -delete
cp -r "$case_dir/after/." .
# after/ may name an id of the applied state as @ID:<address>@ (a postcondition pinning it)
python3 - <<'PY'
import glob, json, re
ids = {}
for r in json.load(open("terraform.tfstate"))["resources"]:
    for i in r["instances"]:
        k = i.get("index_key")
        key = "" if k is None else f"[{k}]" if isinstance(k, int) else f'["{k}"]'
        ids[(r["module"] + "." if r.get("module") else "") + f"{r['type']}.{r['name']}{key}"] = i["attributes"]["id"]
for path in glob.glob("**/*.tf", recursive=True):
    text = open(path).read()
    if "@ID:" in text:
        open(path, "w").write(re.sub(r"@ID:([^@]+)@", lambda m: ids[m.group(1)], text))
PY
terraform init -input=false -no-color >/dev/null

echo "== plain terraform plan"
terraform plan -refresh=false -no-color -input=false | summary
if [ -f "$case_dir/moved.tf" ]; then
  cp "$case_dir/moved.tf" zz_true_moved.tf
  echo "== terraform plan with the true moved blocks (moved.tf)"
  terraform plan -refresh=false -no-color -input=false -out="$work/true.plan" | summary
  moves "$work/true.plan"
  rm zz_true_moved.tf
else
  echo "== the truth: nothing moves"
fi
snapshot() { find . -name '*.tf' -not -path './.terraform/*' -print0 | sort -z | xargs -0 sha256sum; }
before_write=$(snapshot)
echo "== tfw plan --write --explain"
status=0
"$tfw" plan --write --explain -no-color -input=false -out="$work/tfw.plan" >"$work/tfw.txt" 2>&1 || status=$?
grep -E '^tfw: |^  (module|terraform_data|data)[^ ]* -> |^      (candidate|[a-z0-9%])|^Error' "$work/tfw.txt" || true
if [ "$status" -ne 0 ]; then
  echo "== tfw plan --write exited $status"
  exit 0
fi
echo "== the moves of tfw's final plan"
moves "$work/tfw.plan"
echo "== plain terraform plan after tfw's --write, and its moves"
terraform plan -refresh=false -no-color -input=false -out="$work/written.plan" | summary
[ -f "$work/written.plan" ] && moves "$work/written.plan"
first_write=$(snapshot)
"$tfw" plan --write -no-color -input=false >"$work/again.txt" 2>&1 || { echo "== the second tfw plan --write failed:"; cat "$work/again.txt"; }
if [ "$(snapshot)" != "$first_write" ]; then
  echo "== a second tfw plan --write changed files:"
  grep -E '^tfw' "$work/again.txt" || true
else
  echo "== a second tfw plan --write changed nothing"
fi
[ "$before_write" = "$first_write" ] && echo "(the first --write wrote nothing)"
exit 0

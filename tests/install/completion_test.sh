# Completion for bash, zsh and fish, each in the real shell: bash through the function
# config/completion/tfw.bash registers (with COMP_LINE and COMP_POINT as bash sets them),
# zsh typing a TAB on a pseudo-terminal (complete.zsh), fish with `complete -C`.
# Terraform's own answers come from the real terraform on PATH.
source "$(dirname "$0")/common.sh"
completion_dir="$source_dir/config/completion"

# Files for the path cases, in the directory every shell completes in.
work="$scratch/work"
mkdir -p "$work/configs"
touch "$work/policy.yaml" "$work/saved.tfplan"

# `complete_in SHELL LINE`: the candidates SHELL offers with the cursor at the end of LINE,
# sorted, one a line, as the word they replace (fish's "--policy=x" counts as "x").
complete_in() {
  local shell=$1 line=$2
  case $shell in
    bash)
      (cd "$work" && bash --norc --noprofile -c '
        source "$1"
        function=$(complete -p tfw | sed -n "s/.*-F \([^ ]*\) tfw$/\1/p")
        COMP_LINE=$2 COMP_POINT=${#2}
        "$function" tfw "" ""
        printf "%s\n" "${COMPREPLY[@]}"' bash "$completion_dir/tfw.bash" "$line")
      ;;
    zsh) (cd "$work" && zsh -f "$source_dir/tests/install/complete.zsh" "$completion_dir" "$line") ;;
    fish)
      (cd "$work" && fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$completion_dir/tfw.fish" "$line") |
        cut -f1 | sed 's/^-[-a-z]*=//'
      ;;
  esac | sed '/^$/d' | sort -u
}

# Command line -> exactly the candidates every shell must offer (sorted, space-separated).
cases=(
  "tfw pl|plan"
  "tfw plan --wr|--write"
  "tfw apply --ex|--explain"
  "tfw moves --format=j|json"
  "tfw moves --format |commands hcl json"
  "tfw ti|tidy"
  "tfw tidy --inc|--include-shared"
  "tfw plan --root=../b --format |commands json text"
  # Terraform's answers: subcommands and the options of a subcommand tfw does not handle.
  "tfw ini|init"
  "tfw init -upg|-upgrade"
  "tfw --policy=p.yaml init -upg|-upgrade"
  "tfw state l|list"
  # Paths: the policy and report files, apply's and moves' plan file, plan's -out=.
  "tfw plan --policy=pol|policy.yaml"
  "tfw plan --policy pol|policy.yaml"
  "tfw plan --report=sav|saved.tfplan"
  "tfw apply sav|saved.tfplan"
  "tfw moves sav|saved.tfplan"
  "tfw plan -out=sav|saved.tfplan"
)

for shell in bash zsh fish; do
  if ! command -v "$shell" >/dev/null; then
    fail "$shell is not installed (scripts/install-deps --tests installs it)"
    continue
  fi
  for case in "${cases[@]}"; do
    line=${case%%|*} expected=${case#*|}
    expect_equal "$shell: [$line<TAB>]" "$(complete_in "$shell" "$line" | paste -sd' ')" "$expected"
  done
  # Every option `tfw plan --help` lists, and no other: the completions follow the parser.
  options=$("$tfw_binary" plan --help | sed -n 's/^  \(--[a-z-]*\).*/\1/p' | sort -u | paste -sd' ')
  expect_equal "$shell: [tfw plan --<TAB>] against tfw plan --help" \
    "$(complete_in "$shell" "tfw plan --" | sed 's/=$//' | sort -u | paste -sd' ')" "$options"
done

finish

# README.md against the tfw under test (issue 49): what the README shows is what tfw does.
#
#  - The quick start: the bundled example, run as scripts/example runs it (a scratch copy of
#    examples/refactor, `terraform init`, `tfw plan -input=false`), must print exactly the
#    moves the README's quoted output lists (between the `readme_test: quick start output`
#    markers), no more and no fewer, and every other line quoted there, in that order
#    (Terraform's colours left out; a line `[...]` marks a cut and is skipped).
#  - Names: every `tfw SUBCOMMAND` the README writes in code is one of tfw's (`tfw --help`)
#    or a terraform subcommand tfw passes on (`terraform -help`). Every `--option` written
#    after `tfw plan`, `tfw apply`, `tfw moves` or `tfw tidy` is in that subcommand's
#    `--help`; any other `--option` of tfw's (in prose, or a code span of its own) is in the
#    `--help` of one of them. Single-dash options are terraform's: tfw passes them on, so
#    they are checked against `terraform plan -help` and `terraform apply -help` instead.
#    Options written after another program (`cmake --install`) are that program's and are
#    not checked. Every TFW_ variable is named by tfw's help.
#    Exempt: `-json`, the machine-readable mode of terraform plan and apply, which their
#    -help does not list (Terraform 1.11); `-chdir`, terraform's global option.
#  - Paths: every repository path the README names (config/, docs/, examples/, man/,
#    scripts/, src/, include/, tests/) and every relative link target exists.
source "$(dirname "$0")/common.sh"
readme="$source_dir/README.md"

# --- The quick start ----------------------------------------------------------------------

begin='<!-- readme_test: quick start output -->'
end='<!-- /readme_test: quick start output -->'
# The fenced block between the markers, without its fences.
awk -v begin="$begin" -v end="$end" '
  $0 == begin { inside = 1; next }
  $0 == end { inside = 0 }
  inside && /^```/ { next }
  inside { print }' "$readme" >"$scratch/quoted"
[ -s "$scratch/quoted" ] || fail "README.md has no quick start output between '$begin' and '$end'"

cp -r "$source_dir/examples/refactor" "$scratch/refactor"
(cd "$scratch/refactor" && terraform init -input=false >/dev/null)
status=0
(cd "$scratch/refactor" && "$tfw_binary" plan -input=false) >"$scratch/printed" 2>"$scratch/stderr" || status=$?
[ "$status" -eq 0 ] || fail "tfw plan on examples/refactor exited $status: $(cat "$scratch/stderr")"
# Terraform colours its output on a pipe too; the README quotes it without.
sed 's/\x1b\[[0-9;]*m//g' "$scratch/printed" >"$scratch/output"

# `moves_of FILE`: the move lines of tfw's summary ("  FROM -> TO"), which ends at the first
# blank line or cut.
moves_of() {
  awk '/^$/ || $0 == "[...]" { exit } /^  [^ #].* -> .*[^ ]$/ { print }' "$1"
}
expect_equal "the moves the README's quick start lists (got) against the moves tfw prints (expected)" "$(moves_of "$scratch/quoted")" \
  "$(moves_of "$scratch/output")"
[ -n "$(moves_of "$scratch/output")" ] || fail "tfw printed no move for examples/refactor"

# Every quoted line, in order, is a line tfw printed.
if [ -s "$scratch/quoted" ]; then
  missing=$(awk 'NR == FNR { if ($0 != "" && $0 != "[...]") wanted[++n] = $0; next }
                 i < n && $0 == wanted[i + 1] { i++ }
                 END { if (i < n) print wanted[i + 1] }' "$scratch/quoted" "$scratch/output")
  [ -z "$missing" ] || fail "the README's quick start quotes a line tfw does not print (in that order): [$missing]"
fi
if [ "$failures" -gt 0 ]; then
  echo "--- what tfw printed for examples/refactor:" >&2
  cat "$scratch/output" >&2
fi

# --- Subcommands, options and variables ---------------------------------------------------

# tfw's subcommands: the indented words of `tfw --help`.
tfw_commands=$("$tfw_binary" --help | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p')
terraform_commands=$(terraform -help 2>/dev/null | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p' || true)
[ -n "$tfw_commands" ] || fail "tfw --help lists no subcommand"
declare -A help
for command in plan apply moves tidy; do
  help[$command]=$("$tfw_binary" "$command" --help 2>&1) || fail "tfw $command --help failed"
done
all_help="$("$tfw_binary" --help) ${help[plan]} ${help[apply]} ${help[moves]} ${help[tidy]}"
terraform_help="$(terraform plan -help 2>/dev/null || true) $(terraform apply -help 2>/dev/null || true)"

# `has_option TEXT --name`: TEXT lists the option (`--name`, then a space, `=` or its end).
has_option() {
  grep -qE -- "(^|[^a-z-])$2([ =]|$)" <<<"$1"
}

# The README's code, one segment a line: the lines of fenced blocks, and each inline code
# span. Prose outside code contributes its own `--options` as segments without a program.
segments=$(awk '
  /^```/ { fenced = !fenced; next }
  fenced { print; next }
  {
    line = $0
    while (match(line, /`[^`]+`/)) {
      print substr(line, RSTART + 1, RLENGTH - 2)
      line = substr(line, 1, RSTART - 1) " " substr(line, RSTART + RLENGTH)
    }
    while (match(line, /(^|[ (])--[a-z][a-z-]*/)) {
      option = substr(line, RSTART, RLENGTH); sub(/^[ (]/, "", option); print option
      line = substr(line, RSTART + RLENGTH)
    }
  }' "$readme")

checked=0
while IFS= read -r segment; do
  read -ra words <<<"$segment"
  program="" command="" at_start=true
  for ((w = 0; w < ${#words[@]}; w++)); do
    word=${words[w]}
    case $word in
      '&&' | '||' | '|' | ';' | '$(' | '(')
        program="" command="" at_start=true
        continue
        ;;
      '#') continue ;;  # a comment speaks of the line's own program
    esac
    if $at_start && [ "$word" != sudo ]; then
      at_start=false
      case $word in -*) ;; *) program=$word ;; esac
    fi
    if [ "$program" = tfw ] && [ -z "$command" ] && [[ $word =~ ^[a-z][a-z-]*$ ]] && [ "$word" != tfw ]; then
      command=$word
      if grep -qx -- "$command" <<<"$tfw_commands"; then :
      elif grep -qx -- "$command" <<<"$terraform_commands"; then :
      else fail "README.md names \`tfw $command\`, which is neither tfw's subcommand nor terraform's"
      fi
      checked=$((checked + 1))
      continue
    fi
    [ -z "$program" ] || [ "$program" = tfw ] || continue
    case $word in
      --[a-z]*)
        option=${word%%=*}
        option=${option%%[^a-z-]*}
        checked=$((checked + 1))
        case $command in
          plan | apply | moves | tidy)
            has_option "${help[$command]}" "$option" ||
              fail "README.md writes \`tfw $command ... $option\`, which tfw $command --help does not list" ;;
          *)
            has_option "$all_help" "$option" ||
              fail "README.md names $option, which no tfw --help lists" ;;
        esac
        ;;
      -[a-z]*)
        option=${word%%=*}
        option=${option%%[^a-z-]*}
        case $option in -chdir | -json) continue ;; esac  # exempt: above
        checked=$((checked + 1))
        has_option "$terraform_help" "$option" ||
          fail "README.md names $option, which terraform plan -help and apply -help do not list"
        ;;
    esac
  done
done <<<"$segments"
[ "$checked" -gt 10 ] || fail "only $checked subcommands and options found in README.md: is the parsing broken?"

for variable in $(grep -oE '\bTFW_[A-Z_]+' "$readme" | sort -u); do
  grep -q -- "$variable" <<<"$all_help" || fail "README.md names \$$variable, which no tfw --help names"
done

# --- Paths and links ------------------------------------------------------------------------

for path in $(grep -oE '(^|[^A-Za-z0-9_./-])(config|docs|examples|man|scripts|src|include|tests)/[A-Za-z0-9_./-]*' "$readme" |
              sed -E 's|^[^a-z]||; s|[.]$||' | sort -u); do
  [ -e "$source_dir/$path" ] || fail "README.md names $path, which the repository does not hold"
done
for target in $(grep -oE '\]\([^)#]+' "$readme" | sed 's/^](//' | grep -v '^[a-z]*://' | sort -u); do
  [ -e "$source_dir/$target" ] || fail "README.md links to $target, which the repository does not hold"
done
# GitHub's anchors: each heading in lower case, without punctuation but `-`, spaces as `-`.
anchors=$(grep -E '^#+ ' "$readme" | sed -E 's/^#+ //' | tr 'A-Z' 'a-z' | sed -E 's/[^a-z0-9 -]//g; s/ /-/g')
for anchor in $(grep -oE '\]\(#[^)]+' "$readme" | sed 's/^](#//' | sort -u); do
  grep -qx -- "$anchor" <<<"$anchors" || fail "README.md links to #$anchor, which no heading makes"
done

finish

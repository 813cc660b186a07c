# bash completion for tfw.
#
# tfw's own subcommands and --options come from here; the policy, report and plan files
# they name complete as paths; everything else is terraform's own answer, asked the way
# terraform's completion works (`complete -C terraform terraform`): terraform run with
# COMP_LINE and COMP_POINT set prints the candidates, one a line.
#
# Installed as share/bash-completion/completions/tfw, which bash-completion loads on
# first use; without it, `source` this file from ~/.bashrc.

# tfw's options (src/cli/args.cpp); the ones that take a value end with "=".
_tfw_options=(--help --max-iterations= --terraform-bin= --policy= --write --moved-file= --explain --include-shared --report= --report-format= --format= --root= --backend-config=)

# Terraform's completion of the words given, the last being the one under the cursor.
_tfw_terraform_candidates() {
  local terraform=$1
  shift
  local line="terraform $*"
  COMP_LINE=$line COMP_POINT=${#line} "$terraform" 2>/dev/null
}

_tfw() {
  local line=${COMP_LINE:0:COMP_POINT}
  local -a words
  read -ra words <<<"$line"
  [[ -z $line || $line == *[[:space:]] ]] && words+=("")
  local cur=${words[-1]} prev=""
  ((${#words[@]} > 2)) && prev=${words[-2]}

  # The subcommand, the terraform binary tfw would run, and the words terraform would see.
  local subcommand="" terraform=${TFW_TERRAFORM_BIN:-terraform} word i value_next=""
  local -a for_terraform=()
  for ((i = 1; i < ${#words[@]} - 1; i++)); do
    word=${words[i]}
    if [[ -n $value_next ]]; then
      [[ $value_next == --terraform-bin ]] && terraform=$word
      value_next=""
      continue
    fi
    if [[ $word == --* && (-z $subcommand || $subcommand == plan || $subcommand == apply || $subcommand == moves || $subcommand == tidy) ]]; then
      case $word in
        --terraform-bin=*) terraform=${word#*=} ;;
        --max-iterations | --terraform-bin | --policy | --moved-file | --report | --report-format | --format | --root) value_next=$word ;;
      esac
      continue
    fi
    for_terraform+=("$word")
    [[ -z $subcommand && $word != -* ]] && subcommand=$word
  done

  local own=""  # tfw reads the --options here
  [[ -z $subcommand || $subcommand == plan || $subcommand == apply || $subcommand == moves || $subcommand == tidy ]] && own=1

  # The value of one of tfw's options (`--policy FILE`, `--policy=FILE`) or of -out=FILE.
  local option="" value=$cur inline=""
  if [[ -n $own && $prev == --* && " ${_tfw_options[*]} " == *" $prev= "* ]]; then
    option=$prev
  elif [[ -n $own && $cur == --*=* ]]; then
    option=${cur%%=*} value=${cur#*=} inline=1
  elif [[ ($subcommand == plan || $subcommand == apply) && $cur == -out=* ]]; then
    option=-out value=${cur#*=} inline=1
  fi

  local -a candidates=()
  if [[ $option == --format && $subcommand == plan ]]; then
    mapfile -t candidates < <(compgen -W "text json commands" -- "$value")  # with --root
  elif [[ $option == --format ]]; then
    mapfile -t candidates < <(compgen -W "hcl json commands" -- "$value")
  elif [[ $option == --root ]]; then
    compopt -o filenames 2>/dev/null
    mapfile -t candidates < <(compgen -d -- "$value")
  elif [[ $option == --report-format ]]; then
    mapfile -t candidates < <(compgen -W "json markdown" -- "$value")
  elif [[ $option == --max-iterations ]]; then
    :
  elif [[ -n $option || (($subcommand == apply || $subcommand == moves) && $cur != -*) ]]; then
    # A file: the policy, the report, the plan (apply's and moves' argument), ...
    compopt -o filenames 2>/dev/null
    mapfile -t candidates < <(compgen -f -- "$value")
  elif [[ -n $own && $cur == --* ]]; then
    local -a offered=("${_tfw_options[@]}")
    [[ -z $subcommand ]] && offered+=(--version)
    mapfile -t candidates < <(compgen -W "${offered[*]}" -- "$cur")
    [[ ${candidates[*]} == *=* ]] && compopt -o nospace 2>/dev/null
  elif [[ -z $subcommand && $cur != -* ]]; then
    mapfile -t candidates < <(
      compgen -W "plan apply moves tidy version" -- "$cur"
      _tfw_terraform_candidates "$terraform" "${for_terraform[@]}" "$cur"
    )
  else
    mapfile -t candidates < <(_tfw_terraform_candidates "$terraform" "${for_terraform[@]}" "$cur")
  fi

  # Readline replaces only what follows the last COMP_WORDBREAKS character, "=" by default.
  local keep=""
  [[ -n $inline && $COMP_WORDBREAKS != *=* ]] && keep=${cur%%=*}=
  COMPREPLY=()
  local candidate
  declare -A seen=()
  for candidate in "${candidates[@]}"; do
    [[ -z $candidate || -n ${seen[$candidate]:-} ]] && continue
    seen[$candidate]=1
    COMPREPLY+=("$keep$candidate")
  done
}

complete -F _tfw tfw

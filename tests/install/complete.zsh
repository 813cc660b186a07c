#!/usr/bin/env zsh
# complete.zsh COMPLETION_DIR LINE: types LINE and a TAB in an interactive zsh on a
# pseudo-terminal (zsh/zpty), with COMPLETION_DIR first on $fpath and compinit run, and
# prints the matches the completion offered, one a line.
emulate -L zsh
local dir=$1 line=$2 log=$(mktemp)
zmodload zsh/zpty
zpty tfw_shell zsh -f -i
zpty -w tfw_shell "PS1='' PROMPT2=''; fpath=(${(q)dir} \$fpath); autoload -Uz compinit; compinit -u -D"
# Every match added is also logged: compadd -O computes the matches without adding them.
zpty -w tfw_shell "compadd() { local -a __matches; builtin compadd -O __matches \"\$@\"; (( \$#__matches )) && print -rl -- \$__matches >>${(q)log}; builtin compadd \"\$@\"; }"
zpty -w -n tfw_shell "$line"$'\t'
local i
for i in {1..100}; do
  [[ -s $log ]] && break
  sleep 0.1
done
sleep 0.5  # later compadd calls of the same completion
zpty -d tfw_shell
sort -u $log
rm -f $log

// `tfw plan --root DIR --format=commands`: the shell commands that carry out the moves
// between root modules by hand, for any backend, as people do today:
//
//   set -eu
//   work=$(mktemp -d)
//   terraform -chdir='a' state pull > "$work/0.tfstate"        # every root with a move
//   cp "$work/0.tfstate" "$work/0.backup.tfstate"              # kept, to restore
//   terraform state mv -state="$work/0.tfstate" -state-out="$work/1.tfstate" 'FROM' 'TO'
//   terraform -chdir='b' state push "$work/1.tfstate"          # roots that gain first
//   terraform -chdir='a' state push "$work/0.tfstate"          # then roots that lose
//
// `state mv` on the local copies raises each copy's serial and keeps its lineage, so
// each push is accepted. Pushing the roots that gain objects before the roots that lose
// them means that, if the script stops between pushes, every object is still in at least
// one state (possibly in two, never in none). Addresses and directories are POSIX
// single-quoted. Nothing is printed when there is no move.
#pragma once

#include <string>
#include <vector>

#include "tfw/core/cross_root.hpp"

namespace tfw::core {

// `root_dirs[i]` is root i's directory as the script's `-chdir` should name it.
std::string render_cross_root_commands(const CrossRootResult& result, const std::vector<RootCandidate>& candidates,
                                       const std::vector<std::string>& root_dirs);

}  // namespace tfw::core

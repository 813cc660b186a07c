// `tfw plan --root DIR --format=commands`: the shell commands that carry out the moves
// between root modules by hand, for any backend, with two pushes as `tfw apply --root`
// makes them:
//
//   set -eu
//   work=$(mktemp -d)
//   terraform -chdir='a' state pull > "$work/0.tfstate"        # every root with a move
//   cp "$work/0.tfstate" "$work/0.backup.tfstate"              # kept, to restore
//   cp "$work/1.tfstate" "$work/1.gained.tfstate"              # each root that gains
//   cp "$work/0.tfstate" "$work/0.source.tfstate"              # each root that loses
//   terraform state mv -state="$work/0.source.tfstate" -state-out="$work/1.gained.tfstate" 'FROM' 'TO'
//   terraform -chdir='b' state push "$work/1.gained.tfstate"   # first: objects added
//   terraform -chdir='a' state pull > "$work/0.final.tfstate"  # then each root that loses:
//   terraform state rm -state="$work/0.final.tfstate" 'FROM'   #   objects taken away
//   terraform -chdir='a' state push "$work/0.final.tfstate"
//
// The first pushes only add objects and the second only take away, so however the
// script stops (`set -e` at a failed push, say), every object is in at least one state,
// possibly two, never none: also for a swap, where each root gains and loses. Each copy
// keeps its lineage and raises its serial past the state it replaces (the second is
// pulled after the first push, which may raise the serial), so each push is accepted. Throws std::invalid_argument when a root would lose and gain the same
// address, which no order of pushes makes safe. Addresses and directories are POSIX
// single-quoted. Nothing is printed when there is no move.
#pragma once

#include <string>
#include <vector>

#include "tfw/core/roots/cross_root.hpp"

namespace tfw::core::inline render {

// `root_dirs[i]` is root i's directory as the script's `-chdir` should name it.
std::string render_cross_root_commands(const CrossRootResult& result, const std::vector<RootCandidate>& candidates,
                                       const std::vector<std::string>& root_dirs);

}  // namespace tfw::core::render

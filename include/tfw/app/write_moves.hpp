// `--write`: the moves a run converged on, as the fewest equivalent moved blocks, each
// placed in the module where it belongs and appended to that module's moved file.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "tfw/core/write/placement.hpp"
#include "tfw/shell/converge.hpp"
#include "tfw/shell/moved_writer.hpp"

namespace tfw::app {

// The fewest blocks equivalent to the converged moves, each placed in the module where it
// belongs (core/write/collapse, core/write/placement, the root's module manifest).
std::vector<core::Placement> placements_of(const std::filesystem::path& root_dir, const shell::ConvergeResult& result);

// What --write did: the placements that come with a note (why a block is where it is),
// and the files written (none when every move was already declared).
struct WrittenMoves {
    std::vector<core::Placement> noted;
    std::vector<shell::WrittenFile> files;
};

// Appends the placed blocks to `moved_file` in each module directory (shell/moved_writer).
WrittenMoves write_moves(const std::filesystem::path& root_dir, const std::vector<core::Placement>& placements,
                         const std::string& moved_file);

}  // namespace tfw::app

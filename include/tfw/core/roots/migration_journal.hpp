// What a migration between root modules writes down before its first push, so that a run
// cut short (Ctrl-C, a kill, a crash) can be finished by the next one: the roots and the
// objects moved. The states of every step are files beside it (state_file_name); where
// each root is now is read from the root's state itself (core/state_migration.hpp), so the
// journal never changes once written.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "tfw/core/roots/migration_plan.hpp"

namespace tfw::core::inline roots {

struct MigrationJournal {
    std::string id;                  // names the migration's directory
    std::vector<std::string> roots;  // absolute root module directories, in the run's order
    // The workspace of each root, in the same order; empty in a journal written before tfw
    // recorded them (every workspace of those roots then counts as taking part).
    std::vector<std::string> workspaces;
    std::vector<StateTransfer> transfers;
};

std::string render_journal(const MigrationJournal& journal);

// Throws std::runtime_error naming `file` when the text is not a journal of this version.
MigrationJournal parse_journal(std::string_view text, const std::string& file);

// "0.original.tfstate", "1.gained.tfstate", "1.final.tfstate".
std::string state_file_name(std::size_t root, StateStep step);

}  // namespace tfw::core::roots

// `tfw plan` and `tfw apply`: the converge loop, tfw's summary and Terraform's plan.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "tfw/cli/args.hpp"
#include "tfw/core/write/placement.hpp"
#include "tfw/shell/converge.hpp"
#include "tfw/shell/root_lock.hpp"

namespace tfw::cli {

// Returns the exit code; throws for errors that main turns into one-line messages.
int run_plan_command(const Invocation& invocation, bool apply);

// The fewest blocks equivalent to the converged moves, each placed in the module where it
// belongs (--write).
std::vector<core::Placement> placements_of(const Invocation& invocation, const shell::ConvergeResult& result);
// --write: appends the placed blocks to each directory's moved file; what was written.
std::string persist_moves(const Invocation& invocation, const std::vector<core::Placement>& placements);

// How long to wait for tfw's lock on `root_dir`: -lock-timeout's duration, announced on
// stderr in one line when the run starts to wait.
shell::LockWait root_lock_wait(const PlanArgs& args, const std::filesystem::path& root_dir);

}  // namespace tfw::cli

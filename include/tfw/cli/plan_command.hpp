// `tfw plan` and `tfw apply`: the converge loop, tfw's summary and Terraform's plan.
#pragma once

#include <filesystem>

#include "tfw/cli/args.hpp"
#include "tfw/shell/root_lock.hpp"

namespace tfw::cli {

// Returns the exit code; throws for errors that main turns into one-line messages.
int run_plan_command(const Invocation& invocation, bool apply);

// How long to wait for tfw's lock on `root_dir`: -lock-timeout's duration, announced on
// stderr in one line when the run starts to wait.
shell::LockWait root_lock_wait(const PlanArgs& args, const std::filesystem::path& root_dir);

}  // namespace tfw::cli

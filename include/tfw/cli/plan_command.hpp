// `tfw plan` and `tfw apply`: the converge loop, tfw's summary and Terraform's plan.
#pragma once

#include "tfw/cli/args.hpp"

namespace tfw::cli {

// Returns the exit code; throws for errors that main turns into one-line messages.
int run_plan_command(const Invocation& invocation, bool apply);

}  // namespace tfw::cli

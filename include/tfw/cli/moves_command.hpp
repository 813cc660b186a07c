// `tfw moves PLAN [--format=hcl|json|commands] [--policy=FILE]`: the moves a saved plan
// calls for, inferred and judged exactly as `tfw plan` does, without planning.
#pragma once

#include <string>

#include "tfw/cli/args.hpp"

namespace tfw::cli {

// What `tfw moves --help` prints.
std::string moves_usage_text();

// Returns the exit code: 0 when the plan was read (whether or not it calls for moves),
// 1 on a usage error or when the plan cannot be read. Throws for errors that main turns
// into one-line messages.
int run_moves_command(const Invocation& invocation);

}  // namespace tfw::cli

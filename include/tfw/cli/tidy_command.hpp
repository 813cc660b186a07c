// `tfw tidy [--write] [--include-shared] [terraform plan options]`: the moved blocks no
// state needs any more, each listed with its file, line and reason; removed with --write.
#pragma once

#include <string>

#include "tfw/cli/args.hpp"

namespace tfw::cli {

// What `tfw tidy --help` prints.
std::string tidy_usage_text();

// Returns the exit code: 0 when every state was read and the list printed (and, with
// --write, the blocks removed). Throws for errors that main turns into one-line messages.
int run_tidy_command(const Invocation& invocation);

}  // namespace tfw::cli

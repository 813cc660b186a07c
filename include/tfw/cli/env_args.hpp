// TF_CLI_ARGS and TF_CLI_ARGS_<subcommand>, read as Terraform reads them, so that a
// `-out`, `-json` or `-var` from the environment means what it means on the command line.
// tfw folds them into the user's arguments, and shell::Terraform gives its runs those words
// back in their environment, never in argv, where any local user could read them.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfw::cli {

// The process environment's value of `name`, or nothing: the `lookup` the commands give
// the functions below.
std::optional<std::string> environment_variable(const std::string& name);

// The words of TF_CLI_ARGS_<subcommand>, then of TF_CLI_ARGS (core::split_shell_words):
// what with_env_args puts before the command line, and what reports must not show
// (core/render/redacted_args). Throws UsageError naming a variable it cannot split.
std::vector<std::string> env_arg_words(const std::string& subcommand,
                                       const std::function<std::optional<std::string>(const std::string&)>& lookup);

// The arguments terraform would see after `subcommand`: TF_CLI_ARGS_<subcommand>'s words,
// then TF_CLI_ARGS's, then `args` (later flags win). `lookup` reads the environment.
std::vector<std::string> with_env_args(const std::string& subcommand, const std::vector<std::string>& args,
                                       const std::function<std::optional<std::string>(const std::string&)>& lookup);

}  // namespace tfw::cli

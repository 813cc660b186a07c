// TF_CLI_ARGS and TF_CLI_ARGS_<subcommand>, read as Terraform reads them, so that a
// `-out`, `-json` or `-var` from the environment means what it means on the command line.
// tfw folds them into the user's arguments; its own terraform calls run without them
// (shell::Terraform).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfw::cli {

// Terraform's splitting of the variables (mattn/go-shellwords, without environment or
// backtick expansion): words split at blanks; '…' keeps everything, "…" and a backslash
// escape one character; an unquoted ; & | < or > ends the text (what follows is ignored,
// as by terraform); an empty quoted word is dropped. Throws UsageError naming
// `variable` for an unterminated quote or a trailing backslash.
std::vector<std::string> split_shell_words(std::string_view text, std::string_view variable);

// The words of TF_CLI_ARGS_<subcommand>, then of TF_CLI_ARGS: what with_env_args puts
// before the command line, and what reports must not show (core/render/redacted_args).
std::vector<std::string> env_arg_words(const std::string& subcommand,
                                       const std::function<std::optional<std::string>(const std::string&)>& lookup);

// The arguments terraform would see after `subcommand`: TF_CLI_ARGS_<subcommand>'s words,
// then TF_CLI_ARGS's, then `args` (later flags win). `lookup` reads the environment.
std::vector<std::string> with_env_args(const std::string& subcommand, const std::vector<std::string>& args,
                                       const std::function<std::optional<std::string>(const std::string&)>& lookup);

}  // namespace tfw::cli

// TF_CLI_ARGS and TF_CLI_ARGS_<subcommand> as Terraform splits them into words, and words
// quoted back so that Terraform splits them the same.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tfw::core::inline parse {

// Terraform's splitting of the variables (mattn/go-shellwords, without environment or
// backtick expansion): words split at blanks; '…' keeps everything, "…" and a backslash
// escape one character; an unquoted ; & | < or > ends the text (what follows is ignored,
// as by terraform); an empty quoted word is dropped. Throws std::invalid_argument, a
// one-line message naming `variable`, for an unterminated quote or a trailing backslash.
std::vector<std::string> split_shell_words(std::string_view text, std::string_view variable);

// The words as one text that split_shell_words (and terraform) split back into exactly
// them: each in single quotes, a quote inside as '\''. An empty word is left out, as the
// split would drop it.
std::string quote_shell_words(const std::vector<std::string>& words);

}  // namespace tfw::core::parse

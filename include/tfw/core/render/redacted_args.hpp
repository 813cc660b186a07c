// Terraform's command lines as tfw's reports show them, with no secret in them: CI jobs
// keep reports as artifacts, and users pass secrets as -var values or in TF_CLI_ARGS*.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tfw::core::inline render {

// What a hidden value reads as.
inline constexpr std::string_view redacted_value = "(redacted)";

// `args` with every flag kept and these values hidden: a -var's value (its name stays:
// `-var=token=(redacted)`), a -backend-config's (a `key=` stays), and the value of every
// argument that is one of `from_environment`, the words of TF_CLI_ARGS and TF_CLI_ARGS_*
// (`-lock-timeout=(redacted)`; a word that is not a flag is hidden whole). One dash or two;
// a value as the next argument is hidden as well.
std::vector<std::string> redacted_args(const std::vector<std::string>& args,
                                       const std::vector<std::string>& from_environment);

}  // namespace tfw::core::render

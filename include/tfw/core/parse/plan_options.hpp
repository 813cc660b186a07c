// What the user's plan options mean for the plans tfw makes besides the one it shows.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfw::core::inline parse {

// A terraform option as Go's flag package reads it: one dash or two, its name, and what
// follows its `=`, if anything; nullopt for a word that is not an option (`-` included).
struct CliOption {
    std::string_view name;
    std::optional<std::string_view> value;
};
std::optional<CliOption> cli_option(std::string_view arg);

// True when plans made with these options refresh, so that tfw's intermediate plans may
// skip it: no `-refresh=false` (in any of Go's boolean spellings, the last occurrence
// winning, one dash or two) and no `-refresh-only` (whose plans are all refreshing).
bool plans_refresh(const std::vector<std::string>& args);

// The options for a plan tfw makes only for itself and whose refresh would read nothing
// that a refreshing plan of this run has not just read: `args` with -refresh=false added
// when they refresh, else unchanged, so that a user's own -refresh=false stays the only
// one and -refresh-only (which refuses -refresh=false) plans as asked.
std::vector<std::string> without_refresh(std::vector<std::string> args);

// The plan's options that `terraform apply PLANFILE` takes too, in their order, for the
// apply of the plan tfw showed: the state lock (-lock, -lock-timeout), the local
// backend's files (-state, -state-out, -backup), -parallelism, the output (-no-color,
// -compact-warnings) and the variables (-var, -var-file: Terraform wants an ephemeral
// variable set at plan set again, and checks that any other is given unchanged). One
// dash or two, `=value` or the value as the next argument. What shaped the plan
// (-target, -replace, -refresh, -destroy, ...) is in the plan file already.
std::vector<std::string> saved_plan_apply_options(const std::vector<std::string>& args);

}  // namespace tfw::core::parse

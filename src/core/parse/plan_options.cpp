#include "tfw/core/parse/plan_options.hpp"

#include <initializer_list>
#include <optional>
#include <string_view>

namespace tfw::core::inline parse {
namespace {

// Go's strconv.ParseBool, which the flag package uses.
std::optional<bool> go_bool(std::string_view text) {
    for (std::string_view yes : {"1", "t", "T", "TRUE", "true", "True"})
        if (text == yes) return true;
    for (std::string_view no : {"0", "f", "F", "FALSE", "false", "False"})
        if (text == no) return false;
    return std::nullopt;
}

// The value of boolean flag `name` in `arg` (`-name`, `-name=v`, `--name…`), if it is one.
std::optional<bool> boolean_flag(std::string_view arg, std::string_view name) {
    const std::optional<CliOption> option = cli_option(arg);
    if (!option || option->name != name) return std::nullopt;
    return option->value ? go_bool(*option->value) : true;
}

bool one_of(std::string_view name, std::initializer_list<std::string_view> names) {
    for (std::string_view n : names)
        if (name == n) return true;
    return false;
}

}  // namespace

std::optional<CliOption> cli_option(std::string_view arg) {
    const std::size_t dashes = arg.starts_with("--") ? 2 : arg.starts_with("-") ? 1 : 0;
    if (dashes == 0 || arg.size() == dashes) return std::nullopt;
    arg.remove_prefix(dashes);
    const std::size_t equals = arg.find('=');
    if (equals == std::string_view::npos) return CliOption{arg, std::nullopt};
    return CliOption{arg.substr(0, equals), arg.substr(equals + 1)};
}

std::vector<std::string> saved_plan_apply_options(const std::vector<std::string>& args) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::optional<CliOption> flag = cli_option(args[i]);
        if (!flag) continue;
        const bool applies = one_of(flag->name, {"lock", "lock-timeout", "state", "state-out", "backup", "parallelism",
                                                 "no-color", "compact-warnings", "var", "var-file"});
        const bool takes_value = one_of(flag->name, {"lock-timeout", "state", "state-out", "backup", "parallelism", "var",
                                                     "var-file", "target", "replace", "out", "generate-config-out"});
        if (applies) out.push_back(args[i]);
        if (takes_value && !flag->value && i + 1 < args.size()) {
            ++i;
            if (applies) out.push_back(args[i]);
        }
    }
    return out;
}

bool plans_refresh(const std::vector<std::string>& args) {
    bool refresh = true, refresh_only = false;
    for (const auto& arg : args) {
        if (auto value = boolean_flag(arg, "refresh")) refresh = *value;
        if (auto value = boolean_flag(arg, "refresh-only")) refresh_only = *value;
    }
    return refresh && !refresh_only;
}

std::vector<std::string> without_refresh(std::vector<std::string> args) {
    if (plans_refresh(args)) args.push_back("-refresh=false");
    return args;
}

}  // namespace tfw::core::parse

#include "tfw/core/parse/plan_options.hpp"

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
    if (arg.starts_with("--")) arg.remove_prefix(2);
    else if (arg.starts_with("-")) arg.remove_prefix(1);
    else return std::nullopt;
    if (!arg.starts_with(name)) return std::nullopt;
    arg.remove_prefix(name.size());
    if (arg.empty()) return true;
    if (arg.front() != '=') return std::nullopt;
    return go_bool(arg.substr(1));
}

}  // namespace

bool plans_refresh(const std::vector<std::string>& args) {
    bool refresh = true, refresh_only = false;
    for (const auto& arg : args) {
        if (auto value = boolean_flag(arg, "refresh")) refresh = *value;
        if (auto value = boolean_flag(arg, "refresh-only")) refresh_only = *value;
    }
    return refresh && !refresh_only;
}

}  // namespace tfw::core::parse

#include "tfw/core/render/redacted_args.hpp"

#include "tfw/core/parse/plan_options.hpp"

#include <algorithm>
#include <optional>

namespace tfw::core::inline render {
namespace {

bool holds_secret_value(std::string_view name) { return name == "var" || name == "backend-config"; }

// A -var or -backend-config value: `name=value` keeps its name.
std::string hidden(std::string_view value) {
    const std::size_t equals = value.find('=');
    return (equals == std::string_view::npos ? std::string() : std::string(value.substr(0, equals + 1))) +
           std::string(redacted_value);
}

}  // namespace

std::vector<std::string> redacted_args(const std::vector<std::string>& args,
                                       const std::vector<std::string>& from_environment) {
    auto from_env = [&](const std::string& arg) {
        return std::find(from_environment.begin(), from_environment.end(), arg) != from_environment.end();
    };
    std::vector<std::string> out;
    bool value_of_secret_flag = false;
    for (const auto& arg : args) {
        const std::optional<CliOption> flag = cli_option(arg);
        // The argument up to and with its `=`: `-var=`.
        const std::string named = flag && flag->value ? arg.substr(0, arg.size() - flag->value->size()) : std::string();
        if (value_of_secret_flag) {
            out.push_back(hidden(arg));
            value_of_secret_flag = false;
        } else if (flag && holds_secret_value(flag->name)) {
            out.push_back(flag->value ? named + hidden(*flag->value) : arg);
            value_of_secret_flag = !flag->value;
        } else if (from_env(arg)) {
            if (!flag) out.emplace_back(redacted_value);
            else out.push_back(flag->value ? named + std::string(redacted_value) : arg);
        } else {
            out.push_back(arg);
        }
    }
    return out;
}

}  // namespace tfw::core::render

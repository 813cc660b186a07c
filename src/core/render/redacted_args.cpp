#include "tfw/core/render/redacted_args.hpp"

#include <algorithm>
#include <optional>

namespace tfw::core::inline render {
namespace {

struct Flag {
    std::string_view name;  // without its dashes
    std::optional<std::size_t> equals;  // where its `=value` starts in the argument
};

std::optional<Flag> flag_of(std::string_view arg) {
    std::size_t dashes = arg.starts_with("--") ? 2 : arg.starts_with("-") ? 1 : 0;
    if (dashes == 0 || arg.size() == dashes) return std::nullopt;
    const std::size_t equals = arg.find('=');
    if (equals == std::string_view::npos) return Flag{arg.substr(dashes), std::nullopt};
    return Flag{arg.substr(dashes, equals - dashes), equals};
}

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
        const std::optional<Flag> flag = flag_of(arg);
        if (value_of_secret_flag) {
            out.push_back(hidden(arg));
            value_of_secret_flag = false;
        } else if (flag && holds_secret_value(flag->name)) {
            if (flag->equals) out.push_back(arg.substr(0, *flag->equals + 1) + hidden(std::string_view(arg).substr(*flag->equals + 1)));
            else out.push_back(arg);
            value_of_secret_flag = !flag->equals;
        } else if (from_env(arg)) {
            if (!flag) out.emplace_back(redacted_value);
            else if (flag->equals) out.push_back(arg.substr(0, *flag->equals + 1) + std::string(redacted_value));
            else out.push_back(arg);
        } else {
            out.push_back(arg);
        }
    }
    return out;
}

}  // namespace tfw::core::render

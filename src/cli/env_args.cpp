#include "tfw/cli/env_args.hpp"

#include <cstdlib>

#include "tfw/cli/args.hpp"
#include "tfw/core/parse/shell_words.hpp"

namespace tfw::cli {
namespace {

const std::string cli_args = "TF_CLI_ARGS";

}  // namespace

std::optional<std::string> environment_variable(const std::string& name) {
    const char* value = std::getenv(name.c_str());
    return value ? std::optional<std::string>(value) : std::nullopt;
}

std::vector<std::string> env_arg_words(const std::string& subcommand,
                                       const std::function<std::optional<std::string>(const std::string&)>& lookup) {
    std::vector<std::string> out;
    // Terraform inserts TF_CLI_ARGS right after the subcommand, then TF_CLI_ARGS_<sub>
    // at the same place, ahead of it; a subcommand's dashes become underscores.
    std::string specific = cli_args + "_" + subcommand;
    for (char& c : specific)
        if (c == '-' || c == ' ') c = '_';
    for (const std::string& name : {specific, cli_args}) {
        auto value = lookup(name);
        if (!value || value->empty()) continue;
        std::vector<std::string> words;
        try {
            words = core::split_shell_words(*value, name);
        } catch (const std::invalid_argument& error) {
            throw UsageError(error.what());
        }
        out.insert(out.end(), words.begin(), words.end());
    }
    return out;
}

std::vector<std::string> with_env_args(const std::string& subcommand, const std::vector<std::string>& args,
                                       const std::function<std::optional<std::string>(const std::string&)>& lookup) {
    std::vector<std::string> out = env_arg_words(subcommand, lookup);
    out.insert(out.end(), args.begin(), args.end());
    return out;
}

}  // namespace tfw::cli

#include "tfw/cli/env_args.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tfw/cli/args.hpp"

using namespace tfw::cli;

namespace {

using Words = std::vector<std::string>;

std::string joined(const Words& words) {
    std::string out;
    for (const auto& word : words) out += "[" + word + "]";
    return out;
}

struct FoldCase {
    std::string subcommand;
    std::map<std::string, std::string> environment;
    Words args;
    Words expected;
};

const FoldCase fold_cases[] = {
    {"plan", {}, {"-out=a"}, {"-out=a"}},
    {"plan", {{"TF_CLI_ARGS_plan", "-out=x"}}, {}, {"-out=x"}},
    // The command line comes last, so its -out wins, as in terraform.
    {"plan", {{"TF_CLI_ARGS_plan", "-out=x"}}, {"-out=y"}, {"-out=x", "-out=y"}},
    {"plan", {{"TF_CLI_ARGS", "-no-color"}, {"TF_CLI_ARGS_plan", "-json"}}, {"-lock=false"},
     {"-json", "-no-color", "-lock=false"}},
    {"apply", {{"TF_CLI_ARGS_plan", "-out=x"}, {"TF_CLI_ARGS_apply", "-auto-approve"}}, {}, {"-auto-approve"}},
    {"plan", {{"TF_CLI_ARGS_plan", ""}}, {"-json"}, {"-json"}},
    {"force-unlock", {{"TF_CLI_ARGS_force_unlock", "-force"}}, {"ID"}, {"-force", "ID"}},
    {"plan", {{"TF_CLI_ARGS_plan", "-var 'a=b c'"}}, {}, {"-var", "a=b c"}},
};

}  // namespace

BOOST_AUTO_TEST_CASE(environment_words_go_before_the_command_line) {
    for (const auto& c : fold_cases) {
        auto lookup = [&c](const std::string& name) -> std::optional<std::string> {
            auto it = c.environment.find(name);
            if (it == c.environment.end()) return std::nullopt;
            return it->second;
        };
        BOOST_TEST(joined(with_env_args(c.subcommand, c.args, lookup)) == joined(c.expected),
                   "subcommand " << c.subcommand << ", args " << joined(c.args));
        // The environment's words alone, which reports hide: the same without the command line.
        const Words from_environment(c.expected.begin(), c.expected.end() - static_cast<std::ptrdiff_t>(c.args.size()));
        BOOST_TEST(joined(env_arg_words(c.subcommand, lookup)) == joined(from_environment),
                   "subcommand " << c.subcommand << ", args " << joined(c.args));
    }
}

BOOST_AUTO_TEST_CASE(a_variable_that_cannot_be_split_is_a_one_line_usage_error_naming_it) {
    for (const std::string text : {"'open", "\"open", "trailing\\", "-var 'a=b"}) {
        try {
            env_arg_words("plan", [&](const std::string& name) -> std::optional<std::string> {
                if (name == "TF_CLI_ARGS_plan") return text;
                return std::nullopt;
            });
            BOOST_ERROR("no error for " << text);
        } catch (const UsageError& error) {
            std::string message = error.what();
            BOOST_TEST(message.find("TF_CLI_ARGS_plan") != std::string::npos, message);
            BOOST_TEST(message.find('\n') == std::string::npos, message);
        }
    }
}

// The commands' lookup reads the process environment: set, set to nothing, unset.
BOOST_AUTO_TEST_CASE(environment_variable_reads_the_process_environment) {
    const std::string name = "TFW_ENV_ARGS_TEST_VARIABLE";
    ::setenv(name.c_str(), "-var=a=b", 1);
    BOOST_TEST(environment_variable(name).value_or("(none)") == "-var=a=b");
    ::setenv(name.c_str(), "", 1);
    BOOST_TEST(environment_variable(name).value_or("(none)") == "");
    ::unsetenv(name.c_str());
    BOOST_TEST(!environment_variable(name).has_value());
}

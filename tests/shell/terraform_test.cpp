#include "tfw/shell/terraform.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <string>
#include <utility>

using namespace tfw::shell;

BOOST_AUTO_TEST_CASE(only_terraform_cli_args_variables_are_recognised) {
    const std::pair<std::string, bool> names[] = {
        {"TF_CLI_ARGS", true},   {"TF_CLI_ARGS_plan", true}, {"TF_CLI_ARGS_force_unlock", true},
        {"TF_CLI_ARGS_", false}, {"TF_CLI_ARGSX", false},    {"TF_CLI_CONFIG_FILE", false},
        {"XTF_CLI_ARGS", false}, {"", false},
    };
    for (const auto& [name, expected] : names) BOOST_TEST(is_cli_args_variable(name) == expected, name);
}

// `env` as the "terraform" binary prints the environment each call gets.
BOOST_AUTO_TEST_CASE(calls_run_without_the_cli_args_variables) {
    ::setenv("TF_CLI_ARGS", "-no-color", 1);
    ::setenv("TF_CLI_ARGS_plan", "-json -out=x", 1);
    ::setenv("TFW_TEST_KEPT", "kept", 1);
    auto env = find_executable("env");
    BOOST_TEST_REQUIRE(env.has_value());
    Terraform terraform(*env, {});
    ProcessOptions options;
    options.env_overrides = {{"TFW_TEST_ADDED", "added"}};
    ProcessResult shown = terraform.run({}, options);
    BOOST_TEST(shown.exit_code == 0);
    BOOST_TEST(shown.stdout_text.find("TF_CLI_ARGS") == std::string::npos, shown.stdout_text);
    BOOST_TEST(shown.stdout_text.find("TFW_TEST_KEPT=kept\n") != std::string::npos, shown.stdout_text);
    BOOST_TEST(shown.stdout_text.find("TFW_TEST_ADDED=added\n") != std::string::npos, shown.stdout_text);
    ::unsetenv("TF_CLI_ARGS");
    ::unsetenv("TF_CLI_ARGS_plan");
}

#include "tfw/shell/terraform.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

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

BOOST_AUTO_TEST_CASE(split_environment_words_table) {
    using Words = std::vector<std::string>;
    struct Case {
        std::string name;
        Words args;
        Words environment_words;
        Words argv;
        Words environment;
    };
    const std::vector<Case> cases = {
        {"none", {"plan", "-out=p", "-var=a=1"}, {}, {"plan", "-out=p", "-var=a=1"}, {}},
        {"a secret moves", {"plan", "-out=p", "-var=pw=s3cret", "-lock=false"}, {"-var=pw=s3cret"},
         {"plan", "-out=p", "-lock=false"}, {"-var=pw=s3cret"}},
        {"a separate value moves with its flag", {"plan", "-var", "pw=s3cret", "-var", "b=2"}, {"-var", "pw=s3cret"},
         {"plan", "-var", "b=2"}, {"-var", "pw=s3cret"}},
        {"given twice, once stays", {"plan", "-no-color", "-no-color"}, {"-no-color"}, {"plan", "-no-color"}, {"-no-color"}},
        {"never the subcommand", {"plan", "-x"}, {"plan"}, {"plan", "-x"}, {}},
        {"words a run does not carry", {"show", "-json", "p"}, {"-var=pw=s3cret"}, {"show", "-json", "p"}, {}},
        {"an empty run", {}, {"-x"}, {}, {}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            const ArgvAndEnvironment split = split_environment_words(c.args, c.environment_words);
            BOOST_TEST(split.argv == c.argv, boost::test_tools::per_element());
            BOOST_TEST(split.environment == c.environment, boost::test_tools::per_element());
        }
    }
}

// Issue 48: a -var from TF_CLI_ARGS_plan reaches terraform in its environment, never in
// its argv, which every local user can read in /proc/PID/cmdline.
BOOST_AUTO_TEST_CASE(words_from_the_cli_args_variables_reach_terraform_in_its_environment) {
    ::setenv("TF_CLI_ARGS_plan", "-var='pw=s3 cret' -lock=false", 1);
    ::setenv("TF_CLI_ARGS", "-no-color", 1);
    auto sh = find_executable("sh");
    BOOST_TEST_REQUIRE(sh.has_value());
    // `sh -c SCRIPT plan …`: $0 is the subcommand, "$@" the rest of argv.
    Terraform terraform(*sh, {"-c", "echo \"argv: $0 $*\"; echo \"plan: $TF_CLI_ARGS_plan\"; echo \"all: ${TF_CLI_ARGS-unset}\""});
    ProcessResult shown = terraform.run({"plan", "-out=p", "-var=pw=s3 cret", "-lock=false", "-input=false"});
    ::unsetenv("TF_CLI_ARGS_plan");
    ::unsetenv("TF_CLI_ARGS");
    BOOST_TEST(shown.exit_code == 0);
    BOOST_TEST(shown.stdout_text == "argv: plan -out=p -input=false\nplan: '-var=pw=s3 cret' '-lock=false'\nall: unset\n");
}

// `echo` as the "terraform" binary prints the argv each call gets: run_in puts its
// directory in place of every -chdir of the global arguments, keeps the others, and
// records the call as run does.
BOOST_AUTO_TEST_CASE(run_in_replaces_the_roots_chdir) {
    auto echo = find_executable("echo");
    BOOST_TEST_REQUIRE(echo.has_value());
    Terraform terraform(*echo, {"-chdir=/root/a", "-x", "-chdir=/root/b"});
    BOOST_TEST(terraform.run({"plan"}).stdout_text == "-chdir=/root/a -x -chdir=/root/b plan\n");
    BOOST_TEST(terraform.run_in("/scratch/view", {"plan", "-no-color"}).stdout_text == "-x -chdir=/scratch/view plan -no-color\n");
    BOOST_TEST(Terraform(*echo, {}).run_in("/v", {"init"}).stdout_text == "-chdir=/v init\n");
    BOOST_TEST_REQUIRE(terraform.calls().size() == 2u);
    BOOST_TEST(terraform.calls()[1].args == (std::vector<std::string>{"plan", "-no-color"}));
}

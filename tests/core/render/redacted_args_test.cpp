#include "tfw/core/render/redacted_args.hpp"

#include <boost/test/unit_test.hpp>

using namespace tfw::core;

BOOST_AUTO_TEST_CASE(no_secret_in_a_command_line_a_report_shows) {
    struct Case {
        std::string name;
        std::vector<std::string> args;
        std::vector<std::string> from_environment;
        std::vector<std::string> shown;
    };
    const std::vector<Case> cases = {
        {"nothing to hide", {"plan", "-input=false", "-out=/tmp/p"}, {}, {"plan", "-input=false", "-out=/tmp/p"}},
        {"a -var keeps its name", {"plan", "-var=token=s3cret"}, {}, {"plan", "-var=token=(redacted)"}},
        {"a -var without a name", {"-var=s3cret"}, {}, {"-var=(redacted)"}},
        {"a -var's value as the next argument", {"-var", "token=s3cret", "-no-color"}, {}, {"-var", "token=(redacted)", "-no-color"}},
        {"two dashes", {"--var=token=s3cret", "--var", "x=y"}, {}, {"--var=token=(redacted)", "--var", "x=(redacted)"}},
        {"a value that holds = keeps the first name only", {"-var=map={a=\"b\"}"}, {}, {"-var=map=(redacted)"}},
        {"a -backend-config key stays", {"init", "-backend-config=password=s3cret"}, {}, {"init", "-backend-config=password=(redacted)"}},
        {"a -backend-config file is a value too", {"-backend-config", "envs/prod.hcl"}, {}, {"-backend-config", "(redacted)"}},
        {"-var-file is a path, shown", {"-var-file=prod.tfvars"}, {}, {"-var-file=prod.tfvars"}},
        {"a flag from TF_CLI_ARGS keeps its name",
         {"plan", "-lock-timeout=5m", "-no-color", "-parallelism=3"},
         {"-lock-timeout=5m", "-no-color"},
         {"plan", "-lock-timeout=(redacted)", "-no-color", "-parallelism=3"}},
        {"a word from TF_CLI_ARGS is hidden whole", {"-target", "module.secret"}, {"-target", "module.secret"}, {"-target", "(redacted)"}},
        {"a -var from TF_CLI_ARGS as any -var", {"-var=token=s3cret"}, {"-var=token=s3cret"}, {"-var=token=(redacted)"}},
        {"a -var at the end, without its value", {"plan", "-var"}, {}, {"plan", "-var"}},
        {"a lone dash is a word", {"-"}, {"-"}, {"(redacted)"}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(redacted_args(c.args, c.from_environment) == c.shown, boost::test_tools::per_element());
        }
    }
}

#include "tfw/core/parse/plan_options.hpp"

#include <boost/test/unit_test.hpp>

using namespace tfw::core;

BOOST_AUTO_TEST_CASE(which_options_refresh) {
    struct Case {
        std::string name;
        std::vector<std::string> args;
        bool refresh;
    };
    const std::vector<Case> cases = {
        {"no options", {}, true},
        {"other options", {"-lock-timeout=10s", "-var=x=1", "-parallelism=4"}, true},
        {"-refresh=false", {"-refresh=false"}, false},
        {"two dashes", {"--refresh=false"}, false},
        {"Go's other spellings of false", {"-refresh=0"}, false},
        {"F", {"-refresh=F"}, false},
        {"the last one wins", {"-refresh=false", "-refresh=true"}, true},
        {"the last one wins, the other way", {"-refresh=true", "-refresh=FALSE"}, false},
        {"a bare flag is true", {"-refresh=false", "-refresh"}, true},
        {"a value Go does not read changes nothing", {"-refresh=no"}, true},
        {"-refresh-only plans refresh every time", {"-refresh-only"}, false},
        {"-refresh-only=false", {"-refresh-only=false"}, true},
        {"another flag with the same start", {"-refreshing=false"}, true},
        // Read as a flag though -var takes it as its value: the safe side, every plan as asked.
        {"after -var", {"-var", "-refresh=false"}, false},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(plans_refresh(c.args) == c.refresh); }
    }
}

BOOST_AUTO_TEST_CASE(which_options_the_apply_of_a_saved_plan_takes) {
    struct Case {
        std::string name;
        std::vector<std::string> plan_args;
        std::vector<std::string> apply_args;
    };
    const std::vector<Case> cases = {
        {"none", {}, {}},
        {"every one that applies, in order",
         {"-lock=false", "-lock-timeout=5s", "-state=a.tfstate", "-state-out=b.tfstate", "-backup=c.tfstate",
          "-parallelism=2", "-no-color", "-compact-warnings", "-var=x=1", "-var-file=v.tfvars"},
         {"-lock=false", "-lock-timeout=5s", "-state=a.tfstate", "-state-out=b.tfstate", "-backup=c.tfstate",
          "-parallelism=2", "-no-color", "-compact-warnings", "-var=x=1", "-var-file=v.tfvars"}},
        {"values as the next argument",
         {"-lock-timeout", "5s", "-state-out", "b.tfstate", "-parallelism", "3", "-var", "x=1", "-var-file", "v.tfvars"},
         {"-lock-timeout", "5s", "-state-out", "b.tfstate", "-parallelism", "3", "-var", "x=1", "-var-file", "v.tfvars"}},
        {"two dashes", {"--lock-timeout=5s", "--no-color", "--var", "x=1"}, {"--lock-timeout=5s", "--no-color", "--var", "x=1"}},
        {"what shaped the plan stays out",
         {"-refresh=false", "-target=a.b", "-replace", "a.c", "-destroy", "-refresh-only", "-detailed-exitcode"},
         {}},
        // Not -lock-timeout, nor -state-out: a prefix is not the flag.
        {"-lock and -state are not their longer cousins", {"-lock", "-state", "s.tfstate"}, {"-lock", "-state", "s.tfstate"}},
        {"a value that looks like a flag stays a value", {"-target", "-no-color", "-var", "-lock=false"}, {"-var", "-lock=false"}},
        {"a flag without its value at the end", {"-var"}, {"-var"}},
        {"positional words are not options", {"plan.tfplan"}, {}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(saved_plan_apply_options(c.plan_args) == c.apply_args, boost::test_tools::per_element());
        }
    }
}

BOOST_AUTO_TEST_CASE(options_read_as_go_reads_them) {
    struct Case {
        std::string arg;
        bool option;
        std::string name;
        std::optional<std::string> value;
    };
    const std::vector<Case> cases = {
        {"-no-color", true, "no-color", std::nullopt},
        {"--no-color", true, "no-color", std::nullopt},
        {"-var=a=b", true, "var", "a=b"},
        {"-out=", true, "out", ""},
        {"plan.tfplan", false, "", std::nullopt},
        {"-", false, "", std::nullopt},
        {"--", false, "", std::nullopt},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.arg) {
            const auto option = cli_option(c.arg);
            BOOST_TEST_REQUIRE(option.has_value() == c.option);
            if (!option) continue;
            BOOST_TEST(option->name == c.name);
            BOOST_TEST(option->value.has_value() == c.value.has_value());
            if (c.value) BOOST_TEST(*option->value == *c.value);
        }
    }
}

BOOST_AUTO_TEST_CASE(options_without_the_refresh) {
    struct Case {
        std::string name;
        std::vector<std::string> args;
        std::vector<std::string> without;
    };
    const std::vector<Case> cases = {
        {"no options", {}, {"-refresh=false"}},
        {"added after the others", {"-var=x=1", "-lock-timeout=5s"}, {"-var=x=1", "-lock-timeout=5s", "-refresh=false"}},
        {"the user's own -refresh=false stays the only one", {"-refresh=false"}, {"-refresh=false"}},
        {"in another spelling too", {"--refresh=0"}, {"--refresh=0"}},
        {"-refresh-only refuses -refresh=false", {"-refresh-only"}, {"-refresh-only"}},
        {"a later -refresh=true turned it on", {"-refresh=false", "-refresh=true"}, {"-refresh=false", "-refresh=true", "-refresh=false"}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(without_refresh(c.args) == c.without, boost::test_tools::per_element()); }
    }
}

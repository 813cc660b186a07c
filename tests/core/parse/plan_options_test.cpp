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

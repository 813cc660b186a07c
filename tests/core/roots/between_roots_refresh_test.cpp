#include "tfw/core/roots/between_roots_refresh.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

using namespace tfw::core;

BOOST_AUTO_TEST_CASE(the_plans_between_roots_refresh_only_where_a_root_found_drift) {
    Plan still, drifted;
    drifted.drifted = {"terraform_data.network"};
    struct Case {
        std::string name;
        std::vector<std::string> args;
        std::vector<const Plan*> root_plans;
        bool engine_refresh;
        std::vector<std::string> plan_args;
    };
    const std::vector<Case> cases = {
        {"no drift: every plan skips the refresh", {"-var=x=1"}, {&still, &still}, false, {"-var=x=1", "-refresh=false"}},
        {"drift in one root: the trials skip it, the final plan refreshes", {"-var=x=1"}, {&still, &drifted}, true, {"-var=x=1"}},
        {"the user's -refresh=false: as asked, nothing added", {"-refresh=false"}, {&still, &drifted}, false, {"-refresh=false"}},
        {"the user's -refresh-only: as asked, nothing added", {"-refresh-only"}, {&still, &drifted}, false, {"-refresh-only"}},
        {"a root with no plan read finds no drift", {}, {nullptr, &still}, false, {"-refresh=false"}},
        {"the last -refresh wins", {"-refresh=false", "-refresh=true"}, {&drifted}, true, {"-refresh=false", "-refresh=true"}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            const BetweenRootsRefresh refresh = between_roots_refresh(c.args, c.root_plans);
            BOOST_TEST(refresh.engine_refresh == c.engine_refresh);
            BOOST_TEST(refresh.plan_args == c.plan_args, boost::test_tools::per_element());
        }
    }
}

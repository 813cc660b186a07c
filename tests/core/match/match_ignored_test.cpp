// Stage 3a on its own: pairs whose differences all lie where the new configuration ignores
// changes, told apart by their other known values, as an exact pair is.
#include <boost/test/unit_test.hpp>

#include "match_tables.hpp"
#include "tfw/core/match/match_state.hpp"

using namespace tfw::core;
using namespace tfw::core::testing;

namespace {

std::vector<std::string> beside_ignored(const Plan& plan) {
    const Policy policy = default_policy();
    MatchState state(plan, policy);
    find_equal_pairs(state);
    resolve_ties(state);
    find_pairs_beside_ignored_changes(state);
    std::vector<std::string> out = show_moves(state.result);
    for (std::size_t i = 0; i < out.size(); ++i)
        if (state.result.moves[i].identity_beside_ignored) out[i] += " beside ignored";
    return out;
}

const Leaves service_in_state = {{"input.name", "\"checkout\""}, {"input.image", "\"registry/checkout:1.4\""},
                                 {"input.count", "7"}, {"triggers_replace", "null"}};
const Leaves service_configured = {{"input.name", "\"checkout\""}, {"input.image", "\"registry/checkout:1.4\""},
                                   {"input.count", "2"}, {"triggers_replace", "null"}};

}  // namespace

BOOST_AUTO_TEST_CASE(pairs_that_differ_only_where_the_new_configuration_ignores_changes) {
    struct Case {
        std::string name;
        Plan plan;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"a service renamed whose count the autoscaler owns",
         PlanBuilder{}
             .deletion("terraform_data.service", service_in_state, builtin)
             .creation("terraform_data.checkout", service_configured, builtin)
             .ignores("terraform_data.checkout", {"input.count"})
             .plan,
         {"terraform_data.service -> terraform_data.checkout partial tentative differs in input.count beside ignored"}},
        {"an attribute that holds the difference, ignored whole",
         PlanBuilder{}
             .deletion("aws_s3_bucket.logs", {{"bucket", "\"acme-logs\""}, {"tags.team", "\"ops\""}})
             .creation("aws_s3_bucket.access_logs", {{"bucket", "\"acme-logs\""}, {"tags", "{}"}})
             .ignores("aws_s3_bucket.access_logs", {"tags"})
             .plan,
         {"aws_s3_bucket.logs -> aws_s3_bucket.access_logs partial tentative differs in tags, tags.team beside ignored"}},
        {"not where a difference lies outside what is ignored",
         PlanBuilder{}
             .deletion("terraform_data.service", service_in_state, builtin)
             .creation("terraform_data.checkout",
                       {{"input.name", "\"checkout\""}, {"input.image", "\"registry/checkout:1.5\""}, {"input.count", "2"},
                        {"triggers_replace", "null"}},
                       builtin)
             .ignores("terraform_data.checkout", {"input.count"})
             .plan,
         {}},
        {"not where the ignored attributes are all the evidence there is",
         PlanBuilder{}
             .deletion("terraform_data.old", {{"input", "\"a\""}, {"triggers_replace", "null"}}, builtin)
             .creation("terraform_data.new", {{"input", "\"b\""}, {"triggers_replace", "null"}}, builtin)
             .ignores("terraform_data.new", {"input"})
             .plan,
         {}},
        {"not under ignore_changes = all",
         PlanBuilder{}
             .deletion("terraform_data.service", service_in_state, builtin)
             .creation("terraform_data.checkout", service_configured, builtin)
             .ignores("terraform_data.checkout", {}, true)
             .plan,
         {}},
        {"not where two deletions match the creation beside what it ignores",
         PlanBuilder{}
             .deletion("terraform_data.service", service_in_state, builtin)
             .deletion("terraform_data.service_copy",
                       {{"input.name", "\"checkout\""}, {"input.image", "\"registry/checkout:1.4\""}, {"input.count", "3"},
                        {"triggers_replace", "null"}},
                       builtin)
             .creation("terraform_data.checkout", service_configured, builtin)
             .ignores("terraform_data.checkout", {"input.count"})
             .plan,
         {}},
        {"not without ignore_changes: the partial stage's, as before",
         PlanBuilder{}
             .deletion("terraform_data.service", service_in_state, builtin)
             .creation("terraform_data.checkout", service_configured, builtin)
             .plan,
         {}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            BOOST_TEST(beside_ignored(c.plan) == c.expected, boost::test_tools::per_element());
        }
    }
}

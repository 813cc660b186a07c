// Stage 1 on its own: which pairs are equal on known values, and which of those only
// because the creation's configured value is still unknown.
#include <boost/test/unit_test.hpp>

#include "match_tables.hpp"
#include "tfw/core/match/match_state.hpp"

using namespace tfw::core;
using namespace tfw::core::testing;

namespace {

// `from -> to` per candidate pair, with the unverified attributes in brackets.
std::vector<std::string> candidates(const Plan& plan, const Policy& policy = default_policy()) {
    MatchState state(plan, policy);
    find_equal_pairs(state);
    std::vector<std::string> out;
    for (std::size_t d = 0; d < state.deletions.size(); ++d)
        for (std::size_t c : state.creations_of[d]) {
            std::string line = to_string(state.deletions[d].address()) + " -> " + to_string(state.creations[c].address());
            if (auto it = state.unverified.find({d, c}); it != state.unverified.end()) line += " [" + joined(it->second) + "]";
            out.push_back(line);
        }
    return out;
}

const Leaves role = {{"arn", "\"arn:r\""}, {"name", "\"app-2024\""}, {"name_prefix", "\"app-\""}, {"path", "\"/\""}};
const Leaves role_new = {{"arn", "?"}, {"name", "?"}, {"name_prefix", "\"app-\""}, {"path", "\"/\""}};

}  // namespace

BOOST_AUTO_TEST_CASE(equal_and_unverified_candidates) {
    struct Case {
        std::string name;
        Plan plan;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"computed unknowns are skipped: a plain candidate",
         PlanBuilder{}.deletion("aws_iam_role.a", role).creation("aws_iam_role.b", role_new).configures("aws_iam_role.b", {"name_prefix"}).plan,
         {"aws_iam_role.a -> aws_iam_role.b"}},
        {"issue 9, class 1: a configured name unknown in the creation is a candidate only Terraform can confirm",
         PlanBuilder{}
             .deletion("aws_iam_role.a", role)
             .creation("aws_iam_role.b", role_new)
             .configures("aws_iam_role.b", {"name", "name_prefix"})
             .plan,
         {"aws_iam_role.a -> aws_iam_role.b [name]"}},
        {"a configured unknown where the deletion has null needs no confirmation",
         PlanBuilder{}
             .deletion("aws_iam_role.a", {{"name", "null"}, {"name_prefix", "\"app-\""}, {"path", "\"/\""}})
             .creation("aws_iam_role.b", role_new)
             .configures("aws_iam_role.b", {"name", "name_prefix"})
             .plan,
         {"aws_iam_role.a -> aws_iam_role.b"}},
        {"a known value that differs is no candidate",
         PlanBuilder{}
             .deletion("aws_iam_role.a", role)
             .creation("aws_iam_role.b", {{"arn", "?"}, {"name", "?"}, {"name_prefix", "\"other-\""}, {"path", "\"/\""}})
             .configures("aws_iam_role.b", {"name", "name_prefix"})
             .plan,
         {}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(candidates(c.plan) == c.expected, boost::test_tools::per_element()); }
    }
}
